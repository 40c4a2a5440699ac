/**
 * Measured properties of a render per pixel class (0 sky, 1 ground, 2 floor, 3 wall, 4 glass, 5 roof): how many
 * pixels, their mean colour and lightness, and the spread of lightness (texture and light contrast). What the
 * prompt-adherence tests and benchmark prove a prompt's settings with.
 */
export interface ClassStats {
  pixels: number;
  /** Mean sRGB, 0–255. */
  rgb: [number, number, number];
  /** Mean relative luminance (Rec. 709 on sRGB values), 0–1. */
  lightness: number;
  /** Standard deviation of that luminance. */
  spread: number;
}

export const CLASS_NAMES = ['sky', 'ground', 'floor', 'wall', 'glass', 'roof'] as const;

/** Per-class statistics of raw RGB pixels (3 bytes each) given each pixel's class. */
export function classStats(rgb: Uint8Array, classes: Uint8Array): ClassStats[] {
  const n = CLASS_NAMES.length;
  const count = new Float64Array(n);
  const sum = new Float64Array(n * 3);
  const lum = new Float64Array(n);
  const lum2 = new Float64Array(n);
  for (let i = 0; i < classes.length; i++) {
    const c = classes[i]!;
    if (c >= n) continue;
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    count[c]! += 1;
    sum[c * 3]! += r;
    sum[c * 3 + 1]! += g;
    sum[c * 3 + 2]! += b;
    lum[c]! += y;
    lum2[c]! += y * y;
  }
  return Array.from({ length: n }, (_, c) => {
    const k = count[c]! || 1;
    const mean = lum[c]! / k;
    return {
      pixels: count[c]!,
      rgb: [sum[c * 3]! / k, sum[c * 3 + 1]! / k, sum[c * 3 + 2]! / k],
      lightness: mean,
      spread: Math.sqrt(Math.max(0, lum2[c]! / k - mean * mean)),
    };
  });
}
