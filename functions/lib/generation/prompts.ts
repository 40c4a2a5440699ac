import { VARIATIONS, type VariationNumber } from '../../../shared/domain';

/** Used when no active `visualization` template exists. */
export const BUILT_IN_TEMPLATE =
  'Architectural visualization of "{project_title}" from the supplied 2D drawing. {prompt}. ' +
  'Variation {variation}: {variation_suffix}. Style: {style}. Keep the walls, openings and proportions of the ' +
  'drawing exactly where they are. {project_description} Tags: {project_tags}.';

export interface PromptContext {
  prompt: string;
  variation: VariationNumber;
  style: string;
  project: { title: string; description: string | null; tags: string[] };
}

/** Fills `{variable}` placeholders; unknown ones are left as they are, and the result is tidied. */
export function fillTemplate(template: string, ctx: PromptContext): string {
  const values: Record<string, string> = {
    prompt: ctx.prompt.trim().replace(/[.\s]+$/, ''),
    variation: String(ctx.variation),
    variation_suffix: VARIATIONS[ctx.variation].promptSuffix,
    style: ctx.style,
    project_title: ctx.project.title,
    project_description: ctx.project.description ?? '',
    project_tags: ctx.project.tags.join(', ') || 'none',
  };
  return template
    .replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The spec's prompt for one variation: the user's prompt with its suffix (what job input_data records). */
export const variationPrompt = (prompt: string, variation: VariationNumber) =>
  `${prompt.trim().replace(/[.\s]+$/, '')}, ${VARIATIONS[variation].promptSuffix}`;
