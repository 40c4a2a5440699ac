/**
 * The render styles and the three variations of a generation (spec §7), without zod: the workflow's tasks, the
 * renderer and the web app import these words without a schema library.
 */
import { VARIATIONS_PER_GENERATION } from './constants';

export const RENDER_STYLES = ['isometric', 'photorealistic', 'artistic', 'night', 'interior'] as const;
export type RenderStyle = (typeof RENDER_STYLES)[number];

/** The three variations (spec §7): each prompt gets its suffix. */
export const VARIATION_SUFFIXES = [
  'enhanced lighting and detailed material textures',
  'alternative camera perspective and composition',
  'different time of day with atmospheric effects',
] as const;
export const VARIATION_NUMBERS = [1, 2, 3] as const;
export type VariationNumber = (typeof VARIATION_NUMBERS)[number];
if (VARIATION_SUFFIXES.length !== VARIATIONS_PER_GENERATION) throw new Error('three variations expected');

/** What each variation is, as the upload page, the Renders tab and download names call it. */
export const VARIATIONS: Record<VariationNumber, { name: string; description: string }> = {
  1: { name: 'Lighting & materials', description: 'Enhanced lighting and detailed material textures' },
  2: { name: 'Alternative camera', description: 'Another camera perspective and composition' },
  3: { name: 'Time of day', description: 'A different time of day with atmospheric effects' },
};

/** "Lighting & materials", "Alternative camera", "Time of day" ("Visualization" for an unknown number). */
export const variationName = (variation: number | null | undefined): string =>
  VARIATIONS[variation as VariationNumber]?.name ?? 'Visualization';
