/**
 * Isolated stubs: a short wall piece that touches no other wall is a post, a mullion, a column, a table leg or a
 * symbol, not a wall (extruded, it stands in the room as a pillar). Pure geometry in drawing units.
 */
import { cellsAlongSegment, indexCellSize } from '../../../../shared/plan/geometry';
import type { Segment } from '../types';

interface Wall {
  seg: Segment;
  thickness: number;
}

/** A piece shorter than this (metres) must touch another wall to stay. */
const STUB_M = 0.6;
/** Walls this close (metres, beyond their half thicknesses) touch. */
const TOUCH_M = 0.05;

const segLength = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);

function segmentDistance(a: Segment, b: Segment): number {
  const pointTo = (px: number, py: number, s: Segment) => {
    const [x1, y1, x2, y2] = s;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len2)) : 0;
    return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
  };
  const cross = (p: Segment, q: Segment) => {
    const d = (p[2] - p[0]) * (q[3] - q[1]) - (p[3] - p[1]) * (q[2] - q[0]);
    if (d === 0) return false;
    const t = ((q[0] - p[0]) * (q[3] - q[1]) - (q[1] - p[1]) * (q[2] - q[0])) / d;
    const u = ((q[0] - p[0]) * (p[3] - p[1]) - (q[1] - p[1]) * (p[2] - p[0])) / d;
    return t >= 0 && t <= 1 && u >= 0 && u <= 1;
  };
  if (cross(a, b)) return 0;
  return Math.min(
    pointTo(a[0], a[1], b),
    pointTo(a[2], a[3], b),
    pointTo(b[0], b[1], a),
    pointTo(b[2], b[3], a),
  );
}

/** The walls without the short pieces that touch no other wall (indices kept in order). */
export function withoutIsolatedStubs<W extends Wall>(walls: W[], mpu: number): W[] {
  const stub = STUB_M / mpu;
  if (!walls.some((w) => segLength(w.seg) < stub)) return walls;
  const cell = indexCellSize(
    walls.map((w) => w.seg),
    1 / mpu,
  );
  const grid = new Map<number, number[]>();
  walls.forEach((w, k) => {
    for (const key of cellsAlongSegment(...w.seg, w.thickness / 2 + TOUCH_M / mpu, cell)) {
      const list = grid.get(key);
      if (list) {
        if (list.length < 64) list.push(k);
      } else grid.set(key, [k]);
    }
  });
  return walls.filter((w, k) => {
    if (segLength(w.seg) >= stub) return true;
    const near = new Set<number>();
    for (const key of cellsAlongSegment(...w.seg, w.thickness / 2 + TOUCH_M / mpu, cell))
      for (const j of grid.get(key) ?? []) if (j !== k) near.add(j);
    for (const j of near) {
      const other = walls[j]!;
      if (segmentDistance(w.seg, other.seg) <= (w.thickness + other.thickness) / 2 + TOUCH_M / mpu)
        return true;
    }
    return false;
  });
}
