/**
 * Isolated stubs: a short wall piece that touches no other wall is a post, a mullion, a column, a table leg or a
 * symbol, not a wall (extruded, it stands in the room as a pillar), unless it stands in the line of a wall between
 * two openings (a pier between two windows). Pure geometry in drawing units.
 */
import {
  cellsAlongSegment,
  gridAlongSegments,
  indexCellSize,
  segmentDistance,
} from '../../../shared/plan/geometry';
import { OPENING_WIDTH_M, type Segment } from '../types';

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
  const nearby = (k: number, seg: Segment, within: number) => {
    const found = new Set<number>();
    for (const key of cellsAlongSegment(...seg, within, cell))
      for (const j of grid.get(key) ?? []) if (j !== k) found.add(j);
    return found;
  };
  return walls.filter((w, k) => {
    if (segLength(w.seg) >= stub) return true;
    for (const j of nearby(k, w.seg, reach(w))) {
      const other = walls[j]!;
      if (segmentDistance(w.seg, other.seg) <= (w.thickness + other.thickness) / 2 + TOUCH_M / mpu)
        return true;
    }
    return isPier(w, k, walls, mpu, nearby);
  });
}

/** Lines within this angle are one wall's line. */
const IN_LINE_SIN = Math.sin((2 * Math.PI) / 180);

/** The stub lies in the line of walls on both sides, each an opening's width away at most: a pier. */
function isPier<W extends Wall>(
  w: W,
  k: number,
  walls: W[],
  mpu: number,
  nearby: (k: number, seg: Segment, within: number) => Set<number>,
): boolean {
  const [x1, y1, x2, y2] = w.seg;
  const length = segLength(w.seg);
  if (length === 0) return false;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const reachAlong = OPENING_WIDTH_M.max / mpu;
  const extended: Segment = [
    x1 - ux * reachAlong,
    y1 - uy * reachAlong,
    x2 + ux * reachAlong,
    y2 + uy * reachAlong,
  ];
  let before = false;
  let after = false;
  for (const j of nearby(k, extended, w.thickness)) {
    const [a1, b1, a2, b2] = walls[j]!.seg;
    const otherLength = Math.hypot(a2 - a1, b2 - b1);
    if (otherLength === 0 || Math.abs(ux * (b2 - b1) - uy * (a2 - a1)) / otherLength > IN_LINE_SIN) continue;
    const offset = (x: number, y: number) => Math.abs(-(x - x1) * uy + (y - y1) * ux);
    if (Math.max(offset(a1, b1), offset(a2, b2)) > Math.max(w.thickness, walls[j]!.thickness) / 2) continue;
    const s1 = (a1 - x1) * ux + (b1 - y1) * uy;
    const s2 = (a2 - x1) * ux + (b2 - y1) * uy;
    if (Math.max(s1, s2) <= 0 && Math.max(s1, s2) >= -reachAlong) before = true;
    if (Math.min(s1, s2) >= length && Math.min(s1, s2) <= length + reachAlong) after = true;
  }
  return before && after;
}
