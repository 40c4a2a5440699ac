/**
 * A raster drawing's scale from its dimensions: a length written over a dimension line ("3830", "3.45", "11'3"")
 * against the line's length in pixels between the extension lines or ticks that bound it. Each dimension read gives
 * a candidate; only a scale that several dimensions agree on is taken (a number that is a level, a room number or
 * an area agrees with nothing). Pure: texts and thin lines in the image's pixels (y down) in, metres per pixel out.
 */
import { feetInches } from './sheet-scale';
import type { Segment, TextLine } from './types';

/** Candidates within this factor of each other agree. */
const AGREE = 1.04;
/** Dimensions that must agree. */
const MIN_AGREEING = 2;
/** A dimension line is at most this many text heights from its text's middle, across the line. */
const LINE_REACH = 2.2;
/** Shorter bounded stretches (pixels) are arrowheads or lettering, not dimensions. */
const MIN_STRETCH_PX = 12;

/**
 * The length a dimension text states, in metres: millimetres (300–99 999, no decimals), metres with two or three
 * decimals ("3.45", "12,600"), or feet and inches ("11'3"", "10'-0""); null for other words.
 */
export function dimensionMetres(text: string): number | null {
  const t = text.trim();
  const imperial = feetInches(t);
  if (imperial !== null) return imperial;
  const millimetres = /^(\d{3,5})$/.exec(t);
  if (millimetres) {
    const mm = Number(millimetres[1]);
    return mm >= 300 && mm <= 99_999 ? mm / 1000 : null;
  }
  const metres = /^(\d{1,2})[.,](\d{2,3})\s*m?$/.exec(t);
  if (metres) return Number(`${metres[1]}.${metres[2]}`);
  return null;
}

/**
 * Metres per pixel from the dimensions on the drawing, with how many agree; null when fewer than two agree.
 * `lines` are the drawing's thin horizontal and vertical lines (OCR reads horizontal text, so horizontal
 * dimension lines are matched).
 */
export function dimensionScale(
  texts: readonly TextLine[],
  lines: readonly Segment[],
): { metresPerPixel: number; agreeing: number } | null {
  const horizontal = lines.filter((s) => s[1] === s[3]).map((s) => normalise(s));
  const vertical = lines.filter((s) => s[0] === s[2]).map((s) => normalise(s));
  const candidates: number[] = [];
  for (const text of texts) {
    const metres = dimensionMetres(text.text);
    if (metres === null) continue;
    const stretch = boundedStretch(text, horizontal, vertical);
    if (stretch !== null) candidates.push(metres / stretch);
  }
  candidates.sort((a, b) => a - b);
  let best: number[] = [];
  for (const c of candidates) {
    const near = candidates.filter((d) => d >= c / AGREE && d <= c * AGREE);
    if (near.length > best.length) best = near;
  }
  if (best.length < MIN_AGREEING) return null;
  return { metresPerPixel: best[Math.floor((best.length - 1) / 2)]!, agreeing: best.length };
}

/** A segment with its first point the smaller. */
function normalise(s: Segment): Segment {
  return s[0] < s[2] || (s[0] === s[2] && s[1] <= s[3]) ? s : [s[2], s[3], s[0], s[1]];
}

/**
 * The length, in pixels, of the dimension the text labels: the nearest horizontal line above or below it (not
 * through it) that runs under it, cut at the vertical lines that cross or end on it (extension lines, ticks) on either side
 * of the text; the line's own ends where none do.
 */
function boundedStretch(text: TextLine, horizontal: Segment[], vertical: Segment[]): number | null {
  const reach = Math.max(4, text.height * LINE_REACH);
  let line: Segment | null = null;
  for (const h of horizontal) {
    // Lines within the text's own box, or shorter than twice its height, are strokes of its letters.
    if (h[0] > text.x || h[2] < text.x || h[2] - h[0] < text.height * 2) continue;
    const d = Math.abs(h[1] - text.y);
    if (d > reach || d < text.height * 0.45) continue;
    if (!line || d < Math.abs(line[1] - text.y)) line = h;
  }
  if (!line) return null;
  const y = line[1];
  let left = line[0];
  let right = line[2];
  for (const v of vertical) {
    if (v[1] > y + 2 || v[3] < y - 2) continue;
    const x = v[0];
    if (x < text.x && x > left) left = x;
    if (x > text.x && x < right) right = x;
  }
  const length = right - left;
  return length >= MIN_STRETCH_PX ? length : null;
}
