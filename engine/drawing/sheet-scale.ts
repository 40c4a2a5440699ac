/**
 * The scale a sheet states in its words: a drawing scale ("1:50", "M 1:100", "SCALE 1 : 200") and room labels that
 * give a room's size ("16'9" x 11'3"", "3.60 x 4.20") or area ("182 sq ft", "22.59 m²"). Pure text parsing.
 */

const FOOT = 0.3048;
const INCH = 0.0254;
/** Metres per PDF point on paper (72 points an inch). */
export const METRES_PER_POINT = INCH / 72;

/** Drawing scales an architect uses (1:N); others are read as something else (a slope, a ratio). */
const PLAN_SCALES = new Set([10, 20, 25, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500]);
/** Words next to a ratio that make it a slope or a fall, not the drawing's scale. */
const NOT_A_SCALE = /slope|fall|gradient|pitch|ramp|grade|ratio/i;

/**
 * The drawing scale the sheet states (N of 1:N), when its texts agree on one: the most frequent architectural
 * scale among them; null when none is stated.
 */
export function statedScale(texts: readonly string[]): number | null {
  const counts = new Map<number, number>();
  for (const text of texts) {
    if (NOT_A_SCALE.test(text)) continue;
    for (const m of text.matchAll(/(?:^|[^\d.,])1\s*:\s*(\d{2,3})(?![\d.,]*\s*(?:slope|fall))/gi)) {
      const n = Number(m[1]);
      if (PLAN_SCALES.has(n)) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [n, count] of counts)
    if (count > bestCount || (count === bestCount && best !== null && n < best)) {
      best = n;
      bestCount = count;
    }
  return best;
}

/** A length in feet and inches ("16'9"", "11'", "9' 3"", "11'-0"") → metres; null when it is not one. */
export function feetInches(text: string): number | null {
  const m = /^\s*(\d{1,3})\s*['’′]\s*-?\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:["”″]|''))?\s*$/.exec(text);
  if (!m) return null;
  const inches = m[2] ? Number(m[2]) : 0;
  if (inches >= 12) return null;
  return Number(m[1]) * FOOT + inches * INCH;
}

/** A length in metres ("3.60", "3,6", "360 cm" is left alone) → metres; null when it is not a room's side. */
function metres(text: string): number | null {
  const m = /^\s*(\d{1,2}[.,]\d{1,2})\s*(?:m)?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]!.replace(',', '.'));
}

/** A room's size label ("16'9" x 11'3"", "3.60 x 4.20 m") → its two sides in metres; null when it is not one. */
export function roomSize(text: string): [number, number] | null {
  const parts = text.split(/\s*[xX×]\s*/);
  if (parts.length !== 2) return null;
  const [a, b] = parts as [string, string];
  const [fa, fb] = [feetInches(a), feetInches(b)];
  if (fa !== null && fb !== null) return [fa, fb];
  const [ma, mb] = [metres(a), metres(b.replace(/\s*m$/, ''))];
  if (ma !== null && mb !== null) return [ma, mb];
  return null;
}

/** A room's area label ("182 sq ft", "22.59 m²", "12,5 m2") → square metres; null when it is not one. */
export function roomArea(text: string): number | null {
  const feet = /^\s*(\d{1,4}(?:\.\d+)?)\s*(?:sq\.?\s*ft|ft²|sf)\s*$/i.exec(text);
  if (feet) return Number(feet[1]) * FOOT * FOOT;
  const metric = /^\s*(\d{1,4}(?:[.,]\d+)?)\s*(?:m²|m2|sq\.?\s*m)\s*$/i.exec(text);
  if (metric) return Number(metric[1]!.replace(',', '.'));
  return null;
}

/**
 * What a room label says of its room's size: an area as written, or the product of its two sides; null for other
 * words.
 */
export function roomLabel(text: string): { kind: 'area' | 'size'; m2: number } | null {
  const area = roomArea(text);
  if (area !== null) return { kind: 'area', m2: area };
  const size = roomSize(text);
  return size ? { kind: 'size', m2: size[0] * size[1] } : null;
}

/** How large a room a label says it is, in square metres (a size's product or an area); null for other words. */
export function labelledArea(text: string): number | null {
  return roomLabel(text)?.m2 ?? null;
}
