/**
 * A raster plan's scale from the room labels on it: each labelled room's size ("16'9" x 11'3"") or area
 * ("182 sq ft") against the area the reader found for it. Rooms the reader merged are compared with the sum of
 * their labels; the rooms that agree most closely decide.
 */
import { roomLabel } from '../drawing/sheet-scale';
import { gridCellIndex } from '../render/grid-cell';
import type { Plan } from './build-plan';

/** Rooms whose labels must agree (at least two and a third of the labelled rooms), and how closely. */
const MIN_ROOMS = 2;
const AGREE = 1.08;

/**
 * The factor to multiply the plan's metres per unit by so that its rooms have the sizes their labels give; null
 * when too few labelled rooms agree.
 */
export function labelScaleFactor(
  plan: Plan,
  texts: readonly { text: string; x: number; y: number }[],
): number | null {
  const sizes = new Map<number, number>();
  const areas = new Map<number, number>();
  for (const t of texts) {
    const label = roomLabel(t.text);
    if (!label || label.m2 < 1 || label.m2 > 2000) continue;
    const cell = gridCellIndex(plan, ...plan.toWorld(t.x, t.y));
    const room = cell < 0 ? 0 : plan.grid.room[cell]!;
    if (!room) continue;
    const into = label.kind === 'area' ? areas : sizes;
    into.set(room, (into.get(room) ?? 0) + label.m2);
  }
  const factors: number[] = [];
  for (const room of new Set([...sizes.keys(), ...areas.keys()])) {
    const found = plan.rooms[room - 1]?.area;
    if (!found) continue;
    // An area label is exact; a size label is the room's box, close for the rooms labels are put in.
    const labelled = areas.get(room) ?? sizes.get(room)!;
    factors.push(Math.sqrt(labelled / found));
  }
  if (factors.length < MIN_ROOMS) return null;
  // The densest cluster: rooms the reader found smaller than labelled (furniture drawn as lines, thick walls) or
  // merged scatter either way; the rooms it read right agree closely.
  factors.sort((a, b) => a - b);
  let best: number[] = [];
  for (const f of factors) {
    const near = factors.filter((g) => g >= f / AGREE && g <= f * AGREE);
    if (near.length > best.length) best = near;
  }
  if (best.length < Math.max(MIN_ROOMS, Math.ceil(factors.length / 3))) return null;
  return best[Math.floor((best.length - 1) / 2)]!;
}
