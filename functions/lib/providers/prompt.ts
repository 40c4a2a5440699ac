/**
 * What every Bedrock image request is built from: the prompt for one variation (user prompt + variation suffix
 * + style words), the control strength for a fidelity, and a deterministic seed per (generation, variation).
 * Pure functions; the model-specific limits are passed in by the builders (stability.ts, nova-canvas.ts).
 */

import { createHash } from 'node:crypto';
import {
  RENDER_STYLE_DEFINITIONS,
  type RenderStyle,
  VARIATIONS,
  type VariationNumber,
} from '../../../shared/domain';
import { DEFAULT_FIDELITY } from '../../../shared/schemas/generations';

/** What no render should show; sent as the negative prompt (Nova asks for no negating words in the prompt). */
export const NEGATIVE_PROMPT =
  'blurry, distorted walls, warped geometry, low quality, deformed, text, labels, watermark, signature, frame';

export const variationSuffix = (variation: VariationNumber): string => VARIATIONS[variation].promptSuffix;

/**
 * Cuts `text` to at most `max` UTF-16 code units: at the last word boundary when one is reasonably close,
 * never inside a surrogate pair, with trailing punctuation and spaces removed.
 */
export function truncateText(text: string, max: number): string {
  if (max <= 0) return '';
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space >= max * 0.6) cut = cut.slice(0, space);
  return cut.replace(/[\s,;:.-]+$/u, '');
}

/**
 * The prompt for one variation: `<user prompt>, <variation suffix>, <style words>`, at most `maxLength`
 * characters. Only the user's part is shortened (variation and style words always survive); whitespace is
 * collapsed so newlines in the prompt do not count against the limit.
 */
export function buildVariationPrompt(
  input: { prompt: string; variation: VariationNumber; style: RenderStyle },
  maxLength: number,
): string {
  const tail = `, ${variationSuffix(input.variation)}, ${RENDER_STYLE_DEFINITIONS[input.style].promptWords}`;
  const user = input.prompt.replace(/\s+/g, ' ').trim();
  if (tail.length + 1 >= maxLength) {
    return truncateText(`${user}${tail}`.replace(/^, /, ''), maxLength);
  }
  const head = truncateText(user, maxLength - tail.length);
  return head ? `${head}${tail}` : tail.slice(2);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Fidelity (0 = Creative … 1 = Precise: how closely the image follows the drawing) → control strength.
 * Piecewise linear through (0, 0.3), (DEFAULT_FIDELITY, 0.7), (1, 0.95): the default fidelity gives the
 * models' documented default strength (0.7 for both); even "Creative" keeps some of the drawing's structure.
 */
export function controlStrengthFor(fidelity: number | undefined): number {
  const f = Math.min(1, Math.max(0, Number.isFinite(fidelity) ? (fidelity as number) : DEFAULT_FIDELITY));
  if (f <= DEFAULT_FIDELITY) return round2(0.3 + (f / DEFAULT_FIDELITY) * (0.7 - 0.3));
  return round2(0.7 + ((f - DEFAULT_FIDELITY) / (1 - DEFAULT_FIDELITY)) * (0.95 - 0.7));
}

/**
 * A deterministic seed in 1..max for (generation, variation): the same generation re-run (a retry) asks for the
 * same image; the three variations differ. (0 is avoided: Stability reads 0 as "random".)
 */
export function seedFor(generationId: string, variation: VariationNumber, max: number): number {
  const digest = createHash('sha256').update(`${generationId}:${variation}`).digest();
  return (digest.readUInt32BE(0) % max) + 1;
}

/** An explicit seed brought into 1..max (NaN and non-integers are rejected by rounding/falling back). */
export function clampSeed(seed: number, max: number): number {
  const n = Math.trunc(seed);
  if (!Number.isFinite(n)) return 1;
  return ((((n - 1) % max) + max) % max) + 1;
}

/** The seed for a request: explicit `seed`, else derived from `generationId`, else none (model default). */
export function resolveSeed(
  input: { seed?: number; generationId?: string; variation: VariationNumber },
  max: number,
): number | undefined {
  if (typeof input.seed === 'number') return clampSeed(input.seed, max);
  if (input.generationId) return seedFor(input.generationId, input.variation, max);
  return undefined;
}
