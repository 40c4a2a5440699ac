import * as z from 'zod';
import { VARIATIONS_PER_GENERATION } from '../constants';

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

export const PROMPT_MAX = 2000;
export const DEFAULT_FIDELITY = 0.7;

export const createGenerationSchema = z.strictObject({
  prompt: z
    .string({ error: 'Please ensure project is created and prompt is provided' })
    .trim()
    .min(1, 'Please ensure project is created and prompt is provided')
    .max(PROMPT_MAX, `The prompt must be at most ${PROMPT_MAX} characters`),
  fileId: z
    .string()
    .regex(/^[0-9a-z]{26}$/, 'Unknown file')
    .optional(),
  style: z.enum(RENDER_STYLES).optional(),
  /** 0 = creative (loose), 1 = precise (follows the drawing closely). */
  fidelity: z.number().min(0).max(1).optional(),
});
export type CreateGenerationInput = z.input<typeof createGenerationSchema>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 128 characters')
  .max(128, 'Idempotency-Key must be 8 to 128 characters')
  .regex(/^[\w.:-]+$/, 'Idempotency-Key may contain letters, digits and . _ : -');

export type GenerationStatus = 'running' | 'completed' | 'failed';

export interface GenerationRender {
  id: string;
  variation: VariationNumber;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  imageUrl?: string | null;
  previewUrl?: string | null;
  error?: string | null;
  description?: string | null;
}

export interface Generation {
  id: string;
  projectId: string;
  status: GenerationStatus;
  prompt: string;
  style: RenderStyle | null;
  fidelity: number;
  fileId: string;
  analysis: string | null;
  succeeded: number;
  failed: number;
  createdAt: string;
  finishedAt: string | null;
  renders: GenerationRender[];
}
