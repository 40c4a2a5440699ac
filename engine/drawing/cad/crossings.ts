/**
 * Single lines that cut straight through walls are not walls: a wall meets another at its end (an L or a T),
 * while construction lines, scan artefacts and section marks cross walls in the middle of both. Since a crossing
 * does not say which of the two is the stray, only lines off the drawing's main axes are taken out. Pure; bounded by
 * a grid of the walls along each line.
 */
import { cellsAlongSegment, indexCellSize } from '../../../shared/plan/geometry';
import type { Segment } from '../types';

/** Share of a line's length kept clear at each end: a crossing nearer an end than this is a joint, not a cut. */
const END_SHARE = 0.08;
const MAX_PER_CELL = 48;
/** A line this far (degrees) from both of the drawing's main axes runs off them. */
const OFF_AXIS_DEG = 5;

const degreesMod90 = (s: Segment) => {
  const a = (Math.atan2(s[3] - s[1], s[2] - s[0]) * 180) / Math.PI;
  return ((a % 90) + 90) % 90;
};

/** The direction (degrees, modulo 90) that carries the most length: the drawing's main axes. */
export function mainAxisDegrees(segments: readonly Segment[]): number {
  const bins = new Float64Array(90);
  for (const s of segments) bins[Math.floor(degreesMod90(s)) % 90]! += Math.hypot(s[2] - s[0], s[3] - s[1]);
  let best = 0;
  let bestWeight = -1;
  for (let b = 0; b < 90; b++) {
    const weight = bins[(b + 89) % 90]! + bins[b]! + bins[(b + 1) % 90]!;
    if (weight > bestWeight) [best, bestWeight] = [b, weight];
  }
  return best + 0.5;
}

const offAxis = (s: Segment, axis: number) => {
  const d = Math.abs(degreesMod90(s) - axis);
  return Math.min(d, 90 - d) > OFF_AXIS_DEG;
};

/** Where segments p and q cross, as parameters along each (0–1), or null when they do not. */
export function crossing(p: Segment, q: Segment): [number, number] | null {
  const rx = p[2] - p[0];
  const ry = p[3] - p[1];
  const sx = q[2] - q[0];
  const sy = q[3] - q[1];
  const denom = rx * sy - ry * sx;
  if (Math.abs(denom) < 1e-12 * Math.hypot(rx, ry) * Math.hypot(sx, sy)) return null;
  const qpx = q[0] - p[0];
  const qpy = q[1] - p[1];
  const t = (qpx * sy - qpy * sx) / denom;
  const u = (qpx * ry - qpy * rx) / denom;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? [t, u] : null;
}

/**
 * Indices (into `lines`) of the lines off the main axes of `walls` that cut through the middle of at least `minCuts`
 * of `walls` (other than themselves), away from both ends of both. `lines` are usually the single-line walls of a
 * view; `walls` all of its walls.
 */
export function linesCuttingWalls(
  lines: readonly Segment[],
  walls: readonly Segment[],
  options: { cell: number; minCuts?: number },
): Set<number> {
  const minCuts = options.minCuts ?? 2;
  const cutting = new Set<number>();
  if (!lines.length || !walls.length) return cutting;
  // Cells of at least `options.cell`, coarser where the walls would need too many (`indexCellSize`).
  const cell = indexCellSize(walls, options.cell);
  const cells = new Map<number, number[]>();
  walls.forEach((w, index) => {
    for (const key of cellsAlongSegment(...w, 0, cell)) {
      const list = cells.get(key);
      if (!list) cells.set(key, [index]);
      else if (list.length < MAX_PER_CELL) list.push(index);
    }
  });
  const axis = mainAxisDegrees(walls);
  lines.forEach((line, index) => {
    if (!offAxis(line, axis)) return;
    const seen = new Set<number>();
    let cuts = 0;
    for (const key of cellsAlongSegment(...line, 0, cell)) {
      for (const w of cells.get(key) ?? []) {
        if (seen.has(w)) continue;
        seen.add(w);
        const wall = walls[w]!;
        if (wall === line) continue;
        const at = crossing(line, wall);
        if (!at) continue;
        const [t, u] = at;
        if (t > END_SHARE && t < 1 - END_SHARE && u > END_SHARE && u < 1 - END_SHARE) cuts++;
        if (cuts >= minCuts) {
          cutting.add(index);
          return;
        }
      }
    }
  });
  return cutting;
}
