/**
 * Stability AI Image Services on Amazon Bedrock — Control Structure (and Control Sketch, same body): request
 * builder and response parser. Pure functions.
 *
 * Documented (Amazon Bedrock User Guide, "Stability AI Image Services"):
 *   https://docs.aws.amazon.com/bedrock/latest/userguide/stable-image-services.html
 *   (sections "Request and response", "Control Sketch", "Control Structure")
 * - model ids: `us.stability.stable-image-control-structure-v1:0`, `us.stability.stable-image-control-sketch-v1:0`
 *   (in-Region ids without `us.`: https://docs.aws.amazon.com/bedrock/latest/userguide/models-supported.html)
 * - request (InvokeModel body, JSON), required: `prompt` (0–10,000 chars), `image` (Base64; every side ≥ 64 px,
 *   total ≤ 9,437,184 px, aspect ratio between 1:2.5 and 2.5:1; jpeg, png or webp)
 * - optional: `control_strength` (0–1, default 0.7), `negative_prompt` (≤ 10,000 chars), `seed` (0–4,294,967,294;
 *   0 or omitted = random), `output_format` (jpeg | png | webp, default png), `style_preset` (3d-model,
 *   analog-film, anime, cinematic, comic-book, digital-art, enhance, fantasy-art, isometric, line-art, low-poly,
 *   modeling-compound, neon-punk, origami, photographic, pixel-art, tile-texture)
 * - response: `{ seeds: number[], finish_reasons: (string | null)[], images: string[] (Base64) }`;
 *   finish_reasons: null = success, else "Filter reason: prompt" | "Filter reason: output image" |
 *   "Filter reason: input image" | "Inference error"; a filtered answer may carry no `images` at all.
 */
import type { RenderStyle, VariationNumber } from '../../../shared/domain';
import { ContentFilteredError, ProviderServiceError } from './errors';
import { buildVariationPrompt, controlStrengthFor, NEGATIVE_PROMPT, resolveSeed } from './prompt';

export const STABILITY_LIMITS = {
  promptMax: 10_000,
  negativePromptMax: 10_000,
  minSide: 64,
  maxPixels: 9_437_184,
  /** Longest side / shortest side. */
  maxAspect: 2.5,
  seedMax: 4_294_967_294,
} as const;

/**
 * The side of the square conditioning image for a requested output size. Control Structure takes no output
 * size parameter (the output follows the input image), so the drawing is padded to a `size × size` square,
 * kept within the documented 64 px … √9,437,184 = 3072 px. The real output size is read from the PNG.
 */
export function stabilityCanvasSide(size: number | undefined): number {
  const side = Math.round(Number.isFinite(size) ? (size as number) : 1024);
  return Math.min(
    Math.floor(Math.sqrt(STABILITY_LIMITS.maxPixels)),
    Math.max(STABILITY_LIMITS.minSide, side),
  );
}

export const STABILITY_STYLE_PRESETS = [
  '3d-model',
  'analog-film',
  'anime',
  'cinematic',
  'comic-book',
  'digital-art',
  'enhance',
  'fantasy-art',
  'isometric',
  'line-art',
  'low-poly',
  'modeling-compound',
  'neon-punk',
  'origami',
  'photographic',
  'pixel-art',
  'tile-texture',
] as const;
export type StabilityStylePreset = (typeof STABILITY_STYLE_PRESETS)[number];

/** Our styles → the closest documented preset (none for watercolour: the prompt words carry it). */
export const STABILITY_PRESET_FOR_STYLE: Record<RenderStyle, StabilityStylePreset | undefined> = {
  photorealistic: 'photographic',
  isometric: 'isometric',
  artistic: undefined,
  night: 'cinematic',
  interior: 'photographic',
};

export interface StabilityControlBody {
  prompt: string;
  image: string;
  control_strength: number;
  negative_prompt: string;
  output_format: 'png';
  seed?: number;
  style_preset?: StabilityStylePreset;
}

export interface StabilityBuildInput {
  /** The conditioning image (already within the documented size limits; see conditioning.ts). */
  image: Buffer;
  prompt: string;
  variation: VariationNumber;
  style: RenderStyle;
  fidelity?: number;
  seed?: number;
  generationId?: string;
}

/** The InvokeModel body for Control Structure / Control Sketch. */
export function buildStabilityControlRequest(input: StabilityBuildInput): StabilityControlBody {
  const body: StabilityControlBody = {
    prompt: buildVariationPrompt(input, STABILITY_LIMITS.promptMax),
    image: input.image.toString('base64'),
    control_strength: controlStrengthFor(input.fidelity),
    negative_prompt: NEGATIVE_PROMPT.slice(0, STABILITY_LIMITS.negativePromptMax),
    output_format: 'png',
  };
  const seed = resolveSeed(input, STABILITY_LIMITS.seedMax);
  if (seed !== undefined) body.seed = seed;
  const preset = STABILITY_PRESET_FOR_STYLE[input.style];
  if (preset) body.style_preset = preset;
  return body;
}

export interface StabilityResult {
  png: Buffer;
  seed?: number;
}

const FILTER_MESSAGES: Record<string, string> = {
  'Filter reason: prompt':
    "The prompt was blocked by the image service's content filter. Please rephrase it and try again.",
  'Filter reason: input image':
    "The drawing was blocked by the image service's content filter. Try a different drawing.",
  'Filter reason: output image':
    "The generated image was blocked by the image service's content filter. Try rephrasing the prompt.",
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first image of a Control Structure / Sketch answer, decoded. A non-null finish reason is a
 * ContentFilteredError ("Filter reason: …") or a retryable ProviderServiceError ("Inference error");
 * an answer without an image is a ProviderServiceError.
 */
export function parseStabilityResponse(body: unknown): StabilityResult {
  if (!isRecord(body))
    throw new ProviderServiceError(undefined, { detail: 'Stability: response is not an object' });
  const reasons = Array.isArray(body.finish_reasons) ? body.finish_reasons : [];
  const reason = reasons.find((r): r is string => typeof r === 'string' && r.length > 0);
  if (reason) {
    const known = FILTER_MESSAGES[reason];
    if (known) throw new ContentFilteredError(known, { detail: `Stability: ${reason}` });
    if (/filter/i.test(reason)) throw new ContentFilteredError(undefined, { detail: `Stability: ${reason}` });
    throw new ProviderServiceError(undefined, { detail: `Stability: ${reason}` });
  }
  const images = Array.isArray(body.images) ? body.images : [];
  const first = images.find((i): i is string => typeof i === 'string' && i.length > 0);
  if (!first) throw new ProviderServiceError(undefined, { detail: 'Stability: response has no image' });
  const png = Buffer.from(first, 'base64');
  if (png.length === 0)
    throw new ProviderServiceError(undefined, { detail: 'Stability: image is not Base64' });
  const seeds = Array.isArray(body.seeds) ? body.seeds : [];
  return typeof seeds[0] === 'number' ? { png, seed: seeds[0] } : { png };
}
