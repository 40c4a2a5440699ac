import { QUICK_PROMPTS } from '@shared/constants';
import { VARIATIONS, type VariationNumber, variationName } from '@shared/domain';
import type { Generation, GenerationRender } from '@shared/schemas/generations';

export { VARIATIONS, variationName };

/** A generated visualization on the upload page (spec §3, not persisted). */
export interface VisualizationItem {
  id: string;
  prompt: string;
  variation: VariationNumber;
  /** The variation's name, shown on the card and in the viewer. */
  style: string;
  status: 'generating' | 'completed' | 'failed';
  /** Pending (queued) or processing (rendering), while generating. */
  phase: 'pending' | 'processing' | null;
  /** The full-size PNG and the smaller WebP preview (presigned, valid for an hour). */
  imageUrl: string | null;
  previewUrl: string | null;
  description: string | null;
  error: string | null;
  /** What the local renderer read from the prompt, and the words that changed nothing. */
  promptReading: { understood: string[]; notUnderstood: string[] } | null;
  /** How much of the 3D model's geometry the image kept (0–1), when it was made from the model's camera. */
  geometryKept: number | null;
  /** Completed, but it kept too little of the model: shown as "did not keep the design", not a success. */
  designLost: boolean;
}

export const DEFAULT_ERROR = 'Generation failed';

function itemOf(prompt: string, render: GenerationRender): VisualizationItem {
  const completed = render.status === 'completed';
  const failed = render.status === 'failed';
  return {
    id: render.id,
    prompt,
    variation: render.variation,
    style: variationName(render.variation),
    status: completed ? 'completed' : failed ? 'failed' : 'generating',
    phase: render.status === 'pending' || render.status === 'processing' ? render.status : null,
    imageUrl: render.imageUrl ?? render.previewUrl ?? null,
    previewUrl: render.previewUrl ?? render.imageUrl ?? null,
    description: render.description ?? null,
    error: failed ? render.error || DEFAULT_ERROR : null,
    promptReading: render.promptReading ?? null,
    geometryKept: render.geometryKept ?? null,
    designLost: completed && render.designLost === true,
  };
}

/** Three placeholders, shown the moment Generate is clicked, before the server has answered. */
export function placeholderItems(key: string, prompt: string): VisualizationItem[] {
  return ([1, 2, 3] as const).map((variation) => ({
    id: `${key}-${variation}`,
    prompt,
    variation,
    style: variationName(variation),
    status: 'generating',
    phase: 'pending',
    imageUrl: null,
    previewUrl: null,
    description: null,
    error: null,
    promptReading: null,
    geometryKept: null,
    designLost: false,
  }));
}

/** The visualization items of a generation, by variation; `lostMessage` fails the ones still running. */
export function itemsOf(generation: Generation, lostMessage?: string): VisualizationItem[] {
  return [...generation.renders]
    .sort((a, b) => a.variation - b.variation)
    .map((render) => {
      const item = itemOf(generation.prompt, render);
      return lostMessage && item.status === 'generating'
        ? { ...item, status: 'failed', phase: null, error: lostMessage }
        : item;
    });
}

/** How many variations succeeded: the server's count, or the completed renders if that is higher. */
export function succeededCount(generation: Generation): number {
  const completed = generation.renders.filter((r) => r.status === 'completed').length;
  return Math.max(generation.succeeded ?? 0, completed);
}

/** The spec's toasts when a generation settles (§8). */
export const successMessage = (n: number) => `Generated ${n} visualizations successfully!`;
export const FAILURE_MESSAGE = 'Failed to generate visualizations';
export const DESIGN_LOST = 'Did not keep the design';
export const ALL_DESIGN_LOST_MESSAGE = 'The visualizations did not keep the design';
export const DESIGN_LOST_ADVICE = 'Check what Planform read, or raise the fidelity, and generate again.';
export const designLostNote = (n: number) => `${n} did not keep the design`;

/** The example styles of the side card, each filling the prompt with its quick prompt. */
export const EXAMPLE_STYLES = [
  {
    name: 'Photorealistic',
    description: 'Lifelike materials, daylight and soft shadows.',
    prompt: QUICK_PROMPTS[0],
  },
  {
    name: 'Isometric',
    description: 'A clean cut-away overview of the whole plan.',
    prompt: QUICK_PROMPTS[1],
  },
  {
    name: 'Artistic',
    description: 'A hand-painted watercolor presentation look.',
    prompt: QUICK_PROMPTS[4],
  },
] as const;
