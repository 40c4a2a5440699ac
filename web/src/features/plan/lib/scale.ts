/** Words and numbers for the plan's scale, and the arithmetic of a correction. Pure. */
import type { PlanModel, PlanPoint } from '@shared/plan/schema';

type Transform = [number, number, number, number, number, number];

/** Units a CAD drawing may be in, for the "Drawing units" choice. */
export const UNIT_CHOICES = [
  { label: 'Millimetres', metresPerUnit: 0.001 },
  { label: 'Centimetres', metresPerUnit: 0.01 },
  { label: 'Metres', metresPerUnit: 1 },
  { label: 'Inches', metresPerUnit: 0.0254 },
  { label: 'Feet', metresPerUnit: 0.3048 },
] as const;

const SOURCE_WORDS: Record<string, string> = {
  file: 'from the file',
  inferred: 'inferred from the doors and walls',
  guessed: 'guessed',
  user: 'set by you',
};

function length(metres: number): string {
  if (metres >= 1) return `${metres.toFixed(2)} m`;
  if (metres >= 0.01) return `${(metres * 100).toFixed(1)} cm`;
  return `${(metres * 1000).toFixed(metres >= 0.001 ? 1 : 3)} mm`;
}

/** "1 px = 2.1 cm (guessed)", "Drawing units: millimetres (from the file)". */
export function describeScale(space: PlanModel['space']): string {
  const source = SOURCE_WORDS[space.scaleSource ?? (space.scaleGuessed ? 'guessed' : 'file')] ?? 'guessed';
  const unit = UNIT_CHOICES.find((u) => Math.abs(u.metresPerUnit - space.metresPerUnit) < 1e-12);
  if (unit && space.units !== 'px' && space.units !== 'pt')
    return `Drawing units: ${unit.label.toLowerCase()} (${source})`;
  const name = space.units === 'px' ? 'px' : space.units === 'pt' ? 'pt' : 'unit';
  return `1 ${name} = ${length(space.metresPerUnit)} (${source})`;
}

/** Metres per unit that make the distance between `a` and `b` (in the drawing's units) equal `metres`. */
export function metresPerUnitFrom(a: PlanPoint, b: PlanPoint, metres: number): number | null {
  const units = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(units > 0) || !(metres > 0) || !Number.isFinite(metres)) return null;
  return metres / units;
}

/** Applies [a, b, c, d, e, f] (x' = a·x + b·y + c, y' = d·x + e·y + f). */
export const applyTransform = (t: Transform, [x, y]: PlanPoint): PlanPoint => [
  t[0] * x + t[1] * y + t[2],
  t[3] * x + t[4] * y + t[5],
];

/** The inverse of an affine transform, or null when it is singular. */
export function invertTransform(t: Transform): Transform | null {
  const [a, b, c, d, e, f] = t;
  const det = a * e - b * d;
  if (!det) return null;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

/** Area-weighted centre of a polygon (its vertex mean when degenerate), for room labels. */
export function centroid(polygon: readonly PlanPoint[]): PlanPoint {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    const cross = x1 * y2 - x2 * y1;
    area += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (Math.abs(area) < 1e-12) {
    const n = polygon.length || 1;
    return [polygon.reduce((s, p) => s + p[0], 0) / n, polygon.reduce((s, p) => s + p[1], 0) / n];
  }
  return [cx / (3 * area), cy / (3 * area)];
}
