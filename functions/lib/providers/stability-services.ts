/**
 * Stability AI Image Services on Amazon Bedrock beyond Control Structure: Search and Replace (a refinement that
 * changes a surface and keeps the rest of the render) and the upscalers (a render's high-resolution export).
 * Request builders and plans only; pure functions. Responses have the Control Structure shape
 * (`parseStabilityResponse`).
 *
 * Documented (Amazon Bedrock User Guide, "Stability AI Image Services", one section per service):
 *   https://docs.aws.amazon.com/bedrock/latest/userguide/stable-image-services.html
 * - Search and Replace `us.stability.stable-image-search-replace-v1:0`: required `prompt` (0–10,000 chars: what
 *   to see instead), `search_prompt` (what to replace), `image` (Base64; every side ≥ 64 px, total ≤ 9,437,184 px,
 *   aspect 1:2.5 … 2.5:1); optional `negative_prompt`, `seed`, `output_format`, `grow_mask` (0–20, default 5),
 *   `style_preset`.
 * - Fast Upscale `us.stability.stable-fast-upscale-v1:0`: 4× the input; required `image` (sides 32–1,536 px,
 *   1,024–1,048,576 px in total, aspect 1:2.5 … 2.5:1); optional `output_format`.
 * - Conservative Upscale `us.stability.stable-conservative-upscale-v1:0`: to about 4 megapixels with minimal
 *   changes; required `prompt`, `image` (every side ≥ 64 px, 4,096–9,437,184 px in total, aspect 1:2.5 … 2.5:1);
 *   optional `creativity` (0.2–0.5, default 0.35), `negative_prompt`, `seed`, `output_format`.
 */
import { RENDER_STYLE_DEFINITIONS, type RenderStyle, type VariationNumber } from '../../../shared/domain';
import type { PromptReading, SceneSettings } from '../../../shared/prompt/scene-settings';
import { buildVariationPrompt, NEGATIVE_PROMPT, resolveSeed } from './prompt';
import { STABILITY_LIMITS, STABILITY_PRESET_FOR_STYLE, type StabilityStylePreset } from './stability';

export const FAST_UPSCALE_LIMITS = {
  minSide: 32,
  maxSide: 1536,
  minPixels: 1024,
  maxPixels: 1_048_576,
  factor: 4,
};
export const CONSERVATIVE_UPSCALE_LIMITS = {
  minSide: 64,
  minPixels: 4096,
  maxPixels: 9_437_184,
  /** Lowest documented creativity: the export should add detail, not change the design. */
  creativity: 0.2,
} as const;

/** One surface to change in a render: what to look for, and what to put there. */
export interface SurfaceEdit {
  search: string;
  replacement: string;
}

const WALL_WORDS: Record<NonNullable<SceneSettings['wallMaterial']>, string> = {
  brick: 'brick',
  render: 'smooth rendered stucco',
  concrete: 'exposed concrete',
  timber: 'timber cladding',
  glass: 'glass curtain wall',
  stone: 'natural stone',
  metal: 'metal cladding',
};
const ROOF_WORDS: Record<NonNullable<SceneSettings['roofMaterial']>, string> = {
  tile: 'clay tile',
  slate: 'slate',
  metal: 'standing seam metal',
  concrete: 'concrete',
  timber: 'timber shingle',
  green: 'planted green',
};
const SURFACE_SETTINGS = new Set<keyof SceneSettings>([
  'wallMaterial',
  'wallColour',
  'roofMaterial',
  'roofColour',
  'roof',
]);

/**
 * The surface edits a follow-up asks for, when that is all it asks for ("white render walls", "slate roof"): the
 * render is then edited where those surfaces are and kept everywhere else. Null when the follow-up changes more
 * than surfaces (a roof's shape, the time of day, the weather, the site, words not understood): the view is then
 * rendered again from the 3D model's lines with the whole brief.
 */
export function surfaceEditsOf(reading: PromptReading, followUp: string): SurfaceEdit[] | null {
  const s = reading.settings;
  // "facade" reads as an exterior view: no change to a render of the building from outside.
  const keys = (Object.keys(s) as (keyof SceneSettings)[]).filter(
    (k) => s[k] !== undefined && !(k === 'view' && s.view === 'exterior'),
  );
  if (keys.length === 0 || reading.notUnderstood.length > 0) return null;
  if (!keys.every((k) => SURFACE_SETTINGS.has(k))) return null;
  // A roof shape is a surface edit only when it was inferred from the material ("slate roof"), not asked for.
  if (s.roof && (!s.roofMaterial || /\b(flat|pitched|gabled?|hipped|roofless)\b/i.test(followUp)))
    return null;
  const edits: SurfaceEdit[] = [];
  if (s.wallMaterial || s.wallColour) {
    const material = s.wallMaterial ? WALL_WORDS[s.wallMaterial] : '';
    edits.push({
      search: 'the building walls',
      replacement: [s.wallColour, material, 'walls'].filter(Boolean).join(' '),
    });
  }
  if (s.roofMaterial || s.roofColour) {
    const material = s.roofMaterial ? ROOF_WORDS[s.roofMaterial] : '';
    edits.push({
      search: 'the roof',
      replacement: [s.roofColour, material, 'roof'].filter(Boolean).join(' '),
    });
  }
  return edits;
}

export interface SearchReplaceBody {
  prompt: string;
  search_prompt: string;
  image: string;
  negative_prompt: string;
  output_format: 'png';
  seed?: number;
  style_preset?: StabilityStylePreset;
}

/** The InvokeModel body for Search and Replace: one surface of the render replaced, in the render's style. */
export function buildSearchReplaceRequest(input: {
  image: Buffer;
  edit: SurfaceEdit;
  style: RenderStyle;
  variation: VariationNumber;
  generationId?: string;
  seed?: number;
}): SearchReplaceBody {
  const body: SearchReplaceBody = {
    prompt: `${input.edit.replacement}, ${RENDER_STYLE_DEFINITIONS[input.style].promptWords}`.slice(
      0,
      STABILITY_LIMITS.promptMax,
    ),
    search_prompt: input.edit.search,
    image: input.image.toString('base64'),
    negative_prompt: NEGATIVE_PROMPT,
    output_format: 'png',
  };
  const seed = resolveSeed(input, STABILITY_LIMITS.seedMax);
  if (seed !== undefined) body.seed = seed;
  const preset = STABILITY_PRESET_FOR_STYLE[input.style];
  if (preset) body.style_preset = preset;
  return body;
}

export type UpscaleService = 'fast' | 'conservative' | 'none';

/**
 * The upscaler for an image of `width × height` exported at `target` px on its long side: none when it is already
 * that large; Fast Upscale (4×, no prompt, nothing invented) when the image is within its limits and 4× reaches
 * the target; else Conservative Upscale (about 4 megapixels). The result is fitted to the target afterwards.
 */
export function upscaleServiceFor(width: number, height: number, target: number): UpscaleService {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long >= target) return 'none';
  const f = FAST_UPSCALE_LIMITS;
  const fastFits =
    short >= f.minSide &&
    long <= f.maxSide &&
    width * height >= f.minPixels &&
    width * height <= f.maxPixels &&
    long * f.factor >= target;
  if (fastFits) return 'fast';
  const c = CONSERVATIVE_UPSCALE_LIMITS;
  const pixels = width * height;
  if (short >= c.minSide && pixels >= c.minPixels && pixels <= c.maxPixels) return 'conservative';
  return 'none';
}

export interface FastUpscaleBody {
  image: string;
  output_format: 'png';
}

export const buildFastUpscaleRequest = (image: Buffer): FastUpscaleBody => ({
  image: image.toString('base64'),
  output_format: 'png',
});

export interface ConservativeUpscaleBody {
  prompt: string;
  image: string;
  creativity: number;
  negative_prompt: string;
  output_format: 'png';
  seed?: number;
}

/** Conservative Upscale of a render, described by the prompt it was made from (the model asks for one). */
export function buildConservativeUpscaleRequest(input: {
  image: Buffer;
  prompt: string;
  variation: VariationNumber;
  style: RenderStyle;
  generationId?: string;
}): ConservativeUpscaleBody {
  const body: ConservativeUpscaleBody = {
    prompt: buildVariationPrompt(input, STABILITY_LIMITS.promptMax),
    image: input.image.toString('base64'),
    creativity: CONSERVATIVE_UPSCALE_LIMITS.creativity,
    negative_prompt: NEGATIVE_PROMPT,
    output_format: 'png',
  };
  const seed = resolveSeed(input, STABILITY_LIMITS.seedMax);
  if (seed !== undefined) body.seed = seed;
  return body;
}
