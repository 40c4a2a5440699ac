/**
 * Measuring on the scene: points a click lands on snap to the nearest wall end or wall corner within a reach, so
 * two clicks near the ends of a wall measure exactly its length. Pure; distances in metres.
 */
import { boxCorners } from './build';
import type { Scene, Vec3 } from './types';

/** The points a measurement snaps to, flat (x, y, z, x, y, z, …): each wall's centreline ends at floor and top, and
 * the corners of every solid wall piece. */
export function snapTargets(scene: Scene): Float64Array {
  const out: number[] = [];
  for (const wall of scene.walls) {
    for (const [x, z] of [wall.start, wall.end]) out.push(x, 0, z, x, wall.height, z);
    for (const box of wall.pieces) for (const c of boxCorners(box)) out.push(c[0], c[1], c[2]);
  }
  return Float64Array.from(out);
}

/** The nearest snap target within `reach` metres of `point`, or the point itself. */
export function snapPoint(
  point: Vec3,
  targets: Float64Array,
  reach: number,
): { point: Vec3; snapped: boolean } {
  let best = reach * reach;
  let at = -1;
  for (let i = 0; i < targets.length; i += 3) {
    const dx = targets[i]! - point[0];
    const dy = targets[i + 1]! - point[1];
    const dz = targets[i + 2]! - point[2];
    const d = dx * dx + dy * dy + dz * dz;
    if (d <= best) {
      best = d;
      at = i;
    }
  }
  if (at < 0) return { point, snapped: false };
  return { point: [targets[at]!, targets[at + 1]!, targets[at + 2]!], snapped: true };
}

export const distanceBetween = (a: Vec3, b: Vec3) => Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);

/** "12.00 m"; centimetres below a metre ("45 cm"). */
export function formatLength(metres: number): string {
  if (metres < 1) return `${Math.round(metres * 100)} cm`;
  return `${metres.toFixed(2)} m`;
}
