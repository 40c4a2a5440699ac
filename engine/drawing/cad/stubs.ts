/**
 * Isolated stubs: a short wall piece that touches no other wall is a post, a mullion, a column, a table leg or a
 * symbol, not a wall (extruded, it stands in the room as a pillar). Pure geometry in drawing units.
 */
import {
  cellsAlongSegment,
  gridAlongSegments,
  indexCellSize,
  segmentDistance,
} from '../../../shared/plan/geometry';
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

/** The walls without the short pieces that touch no other wall (indices kept in order). */
export function withoutIsolatedStubs<W extends Wall>(walls: W[], mpu: number): W[] {
  const stub = STUB_M / mpu;
  if (!walls.some((w) => segLength(w.seg) < stub)) return walls;
  const cell = indexCellSize(
    walls.map((w) => w.seg),
    1 / mpu,
  );
  const reach = (w: W) => w.thickness / 2 + TOUCH_M / mpu;
  const grid = gridAlongSegments(
    walls.map((_, k) => k),
    (k) => walls[k]!.seg,
    (k) => reach(walls[k]!),
    cell,
    64,
  );
  return walls.filter((w, k) => {
    if (segLength(w.seg) >= stub) return true;
    const near = new Set<number>();
    for (const key of cellsAlongSegment(...w.seg, reach(w), cell))
      for (const j of grid.get(key) ?? []) if (j !== k) near.add(j);
    for (const j of near) {
      const other = walls[j]!;
      if (segmentDistance(w.seg, other.seg) <= (w.thickness + other.thickness) / 2 + TOUCH_M / mpu)
        return true;
    }
    return false;
  });
}
