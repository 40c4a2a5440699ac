/**
 * Amazon Nova Canvas on Amazon Bedrock — text-to-image with image conditioning: request builder and response
 * parser. Pure functions.
 *
 * Documented (Amazon Nova User Guide):
 *   https://docs.aws.amazon.com/nova/latest/userguide/image-gen-req-resp-structure.html
 *     ("Text-to-image request with image conditioning", "Response body", imageGenerationConfig)
 *   https://docs.aws.amazon.com/nova/latest/userguide/image-gen-access.html#image-gen-resolutions
 *   https://docs.aws.amazon.com/bedrock/latest/userguide/model-card-amazon-nova-canvas.html (lifecycle: Legacy,
 *     EOL 2026-09-30 — see lifecycle.ts)
 * - model id `amazon.nova-canvas-v1:0`
 * - `taskType: "TEXT_IMAGE"`, `textToImageParams`: `text` (required, 1–1024 chars), `negativeText` (1–1024
 *   chars), `conditionImage` (Base64 JPEG or PNG), `controlMode` ("CANNY_EDGE" default | "SEGMENTATION"),
 *   `controlStrength` (0–1.0, default 0.7). The guide asks for no negating words ("no", "without") in `text`.
 * - `imageGenerationConfig`: `width`/`height` (default 1024; each side 320–4096 and divisible by 16, aspect
 *   ratio between 1:4 and 4:1, total pixels < 4,194,304), `quality` ("standard" default | "premium"),
 *   `cfgScale` (1.1–10, default 6.5), `seed` (default 12; documented maximum 858,993,459 in the code
 *   examples, 2,147,483,646 in the current guide — we stay within the smaller), `numberOfImages` (1–5, default 1)
 * - response: `{ images: string[] (Base64 PNG), error?: string }` — `error` is set when an image does not align
 *   with the Responsible AI policy; blocked images are left out of `images`.
 */
import type { RenderStyle, VariationNumber } from '../../../shared/domain';
import { ContentFilteredError, ProviderServiceError } from './errors';
import {
  buildVariationPrompt,
  controlStrengthFor,
  NEGATIVE_PROMPT,
  resolveSeed,
  truncateText,
} from './prompt';

export const NOVA_CANVAS_LIMITS = {
  textMax: 1024,
  negativeTextMax: 1024,
  minSide: 320,
  maxSide: 4096,
  sideMultiple: 16,
  /** Exclusive: width × height must be less than this. */
  maxPixelsExclusive: 4_194_304,
  maxAspect: 4,
  cfgScaleMin: 1.1,
  cfgScaleMax: 10,
  seedMax: 858_993_459,
} as const;

export const NOVA_CANVAS_DEFAULT_CFG_SCALE = 6.5;

/**
 * The side of the square output (and conditioning image) for a requested size: a multiple of 16 within
 * 320 px and the largest square under 4,194,304 pixels (2032 px).
 */
export function novaCanvasSide(size: number | undefined): number {
  const m = NOVA_CANVAS_LIMITS.sideMultiple;
  const wanted = Math.round((Number.isFinite(size) ? (size as number) : 1024) / m) * m;
  const maxSquare = Math.floor(Math.sqrt(NOVA_CANVAS_LIMITS.maxPixelsExclusive - 1) / m) * m;
  return Math.min(maxSquare, Math.max(NOVA_CANVAS_LIMITS.minSide, wanted));
}

/** True when width × height is a size Nova Canvas documents as supported. */
export function isNovaCanvasSize(width: number, height: number): boolean {
  const L = NOVA_CANVAS_LIMITS;
  const sideOk = (s: number) =>
    Number.isInteger(s) && s >= L.minSide && s <= L.maxSide && s % L.sideMultiple === 0;
  return (
    sideOk(width) &&
    sideOk(height) &&
    width * height < L.maxPixelsExclusive &&
    Math.max(width, height) / Math.min(width, height) <= L.maxAspect
  );
}

export interface NovaCanvasBody {
  taskType: 'TEXT_IMAGE';
  textToImageParams: {
    text: string;
    negativeText: string;
    conditionImage: string;
    controlMode: 'CANNY_EDGE' | 'SEGMENTATION';
    controlStrength: number;
  };
  imageGenerationConfig: {
    numberOfImages: 1;
    width: number;
    height: number;
    quality: 'standard' | 'premium';
    cfgScale: number;
    seed?: number;
  };
}

export interface NovaCanvasBuildInput {
  /** The conditioning image, `width × height` (see conditioning.ts). */
  image: Buffer;
  width: number;
  height: number;
  prompt: string;
  variation: VariationNumber;
  style: RenderStyle;
  fidelity?: number;
  seed?: number;
  generationId?: string;
  quality?: 'standard' | 'premium';
  /** Line drawings follow edges best: CANNY_EDGE by default. */
  controlMode?: 'CANNY_EDGE' | 'SEGMENTATION';
  cfgScale?: number;
}

/** The InvokeModel body for TEXT_IMAGE with a condition image. Throws on a size Nova Canvas does not accept. */
export function buildNovaCanvasRequest(input: NovaCanvasBuildInput): NovaCanvasBody {
  if (!isNovaCanvasSize(input.width, input.height)) {
    throw new RangeError(`Nova Canvas does not accept ${input.width}×${input.height}`);
  }
  const L = NOVA_CANVAS_LIMITS;
  const cfg = Math.min(
    L.cfgScaleMax,
    Math.max(L.cfgScaleMin, input.cfgScale ?? NOVA_CANVAS_DEFAULT_CFG_SCALE),
  );
  const body: NovaCanvasBody = {
    taskType: 'TEXT_IMAGE',
    textToImageParams: {
      text: buildVariationPrompt(input, L.textMax),
      negativeText: truncateText(NEGATIVE_PROMPT, L.negativeTextMax),
      conditionImage: input.image.toString('base64'),
      controlMode: input.controlMode ?? 'CANNY_EDGE',
      controlStrength: controlStrengthFor(input.fidelity),
    },
    imageGenerationConfig: {
      numberOfImages: 1,
      width: input.width,
      height: input.height,
      quality: input.quality ?? 'standard',
      cfgScale: cfg,
    },
  };
  const seed = resolveSeed(input, L.seedMax);
  if (seed !== undefined) body.imageGenerationConfig.seed = seed;
  return body;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first image of a Nova Canvas answer, decoded. `error` set (Responsible AI moderation) or no image at all
 * (every image blocked) is a ContentFilteredError.
 */
export function parseNovaCanvasResponse(body: unknown): { png: Buffer } {
  if (!isRecord(body))
    throw new ProviderServiceError(undefined, { detail: 'Nova Canvas: response is not an object' });
  const images = (Array.isArray(body.images) ? body.images : []).filter(
    (i): i is string => typeof i === 'string' && i.length > 0,
  );
  const error = typeof body.error === 'string' && body.error.trim() ? body.error.trim() : undefined;
  if (error || images.length === 0) {
    throw new ContentFilteredError(
      "The generated image was blocked by the image service's content moderation. Try rephrasing the prompt.",
      { detail: `Nova Canvas: ${error ?? 'no image returned'}` },
    );
  }
  const png = Buffer.from(images[0]!, 'base64');
  if (png.length === 0)
    throw new ProviderServiceError(undefined, { detail: 'Nova Canvas: image is not Base64' });
  return { png };
}
