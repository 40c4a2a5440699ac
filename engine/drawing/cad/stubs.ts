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
  unionFindRoot,
} from '../../../shared/plan/geometry';
import { OPENING_WIDTH_M, type Segment } from '../types';

interface Wall {
  seg: Segment;
  thickness: number;
}

/** A piece shorter than this (metres) must touch another wall to stay. */
const STUB_M = 0.6;
/** The largest loose furniture drawn as a box with the walls' pen (a bath, a bed, a sofa), metres across. */
const LOOSE_BOX_M = 2.5;
/** A piece of furniture is drawn in a few pieces; hundreds are a pattern (and bound the work). */
const MAX_BOX_PIECES = 100;
/** A ring of pieces around a box has a side each way: four at least (three meeting at a T are not a ring). */
const RING_MIN_PIECES = 4;
/** A box's piece read one way is at most this many times as long as the piece read the other way is thick. */
const BOX_SIDE_SLACK = 1.5;
/** Pieces within this (sine of the angle, 2°) of parallel or square are. */
const SQUARE_SLACK_SIN = Math.sin((2 * Math.PI) / 180);
/** Two pieces cross near their middles when each is crossed within this share of its length of its middle. */
const CROSS_MIDDLE_REACH = 0.2;
/** Walls this close (metres, beyond their half thicknesses) touch. */
const TOUCH_M = 0.05;

const segLength = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);

/**
 * The walls without what stands loose in a room: a short piece that touches no other wall, and a small box of
 * pieces that touch only each other, unless it is a pier in the line of a wall (indices kept in order).
 */
export function withoutIsolatedStubs<W extends Wall>(walls: W[], mpu: number): W[] {
  if (walls.length === 0) return walls;
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
  const dropped = new Set<number>();
  const { groups, touches } = touchingGroups(walls, mpu, nearby);
  for (const members of groups) {
    const pier = () => members.some((k) => isPier(walls[k]!, k, walls, mpu, nearby));
    const loose =
      members.length === 1
        ? segLength(walls[members[0]!]!.seg) * mpu < STUB_M && !pier()
        : isLooseBox(members, walls, touches, mpu) && !pier();
    if (loose) for (const k of members) dropped.add(k);
  }
  return dropped.size ? walls.filter((_, k) => !dropped.has(k)) : walls;
}

/**
 * The walls that may stand loose, grouped by touch: walls no longer than loose furniture, joined through walls that
 * touch, leaving out every group that touches a longer wall (it is joined to the building).
 */
function touchingGroups<W extends Wall>(
  walls: W[],
  mpu: number,
  nearby: (k: number, seg: Segment, within: number) => Set<number>,
): { groups: number[][]; touches: Int32Array } {
  const small = (w: W) => segLength(w.seg) * mpu <= LOOSE_BOX_M;
  const parent = Int32Array.from(walls, (_, k) => k);
  const touches = new Int32Array(walls.length);
  const attached = new Uint8Array(walls.length);
  walls.forEach((w, k) => {
    if (!small(w)) return;
    for (const j of nearby(k, w.seg, w.thickness / 2 + TOUCH_M / mpu)) {
      const other = walls[j]!;
      const isSmall = small(other);
      if (isSmall && j < k) continue;
      if (segmentDistance(w.seg, other.seg) > (w.thickness + other.thickness) / 2 + TOUCH_M / mpu) continue;
      if (!isSmall) {
        attached[k] = 1;
        continue;
      }
      touches[k]!++;
      touches[j]!++;
      parent[unionFindRoot(parent, j)] = unionFindRoot(parent, k);
    }
  });
  const groups = new Map<number, number[]>();
  walls.forEach((w, k) => {
    if (!small(w)) return;
    const root = unionFindRoot(parent, k);
    const group = groups.get(root);
    if (group) group.push(k);
    else groups.set(root, [k]);
  });
  const loose = [...groups.values()].filter((members) => !members.some((k) => attached[k]));
  return { groups: loose, touches };
}

/**
 * A group no bigger than a piece of furniture (a bath, a bed, a chair drawn as a box) whose pieces, all square to each
 * other, close a ring (each touches two others) or are one box read both ways. The pieces of wall left between openings
 * end in them (an L at a corner, a T), and a wall standing free in a room runs one way.
 */
function isLooseBox(members: number[], walls: Wall[], touches: Int32Array, mpu: number): boolean {
  if (members.length > MAX_BOX_PIECES) return false;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const k of members) {
    const { seg, thickness } = walls[k]!;
    minX = Math.min(minX, seg[0] - thickness / 2, seg[2] - thickness / 2);
    minY = Math.min(minY, seg[1] - thickness / 2, seg[3] - thickness / 2);
    maxX = Math.max(maxX, seg[0] + thickness / 2, seg[2] + thickness / 2);
    maxY = Math.max(maxY, seg[1] + thickness / 2, seg[3] + thickness / 2);
  }
  if (Math.max(maxX - minX, maxY - minY) * mpu > LOOSE_BOX_M) return false;
  // A box is square within itself; a hatched wall's pieces (a pier between windows) pair along its hatch lines too.
  if (!members.every((k) => squareTo(walls[k]!.seg, walls[members[0]!]!.seg))) return false;
  if (members.length >= RING_MIN_PIECES && members.every((k) => touches[k]! >= 2)) return true;
  return members.some((k, i) => members.slice(i + 1).some((j) => oneBoxBothWays(walls[k]!, walls[j]!)));
}

/** Whether two pieces are parallel or square to each other, as a box's sides are. */
function squareTo(a: Segment, b: Segment): boolean {
  const la = segLength(a);
  const lb = segLength(b);
  if (la === 0 || lb === 0) return false;
  const sin = Math.abs((a[2] - a[0]) * (b[3] - b[1]) - (a[3] - a[1]) * (b[2] - b[0])) / (la * lb);
  return sin <= SQUARE_SLACK_SIN || sin >= Math.cos(Math.asin(SQUARE_SLACK_SIN));
}

/**
 * Whether two pieces are one small box read both ways: its sides pair across it each way, so each piece is about as
 * long as the other is thick, and they cross near both their middles (a piece of wall meeting another at a T ends
 * in it instead, and a hatch line is far thinner than the wall it crosses is long).
 */
function oneBoxBothWays(a: Wall, b: Wall): boolean {
  if (segLength(a.seg) > b.thickness * BOX_SIDE_SLACK || segLength(b.seg) > a.thickness * BOX_SIDE_SLACK)
    return false;
  return crossNearTheirMiddles(a.seg, b.seg);
}

/** Whether two pieces cross each other near both their middles. */
function crossNearTheirMiddles(a: Segment, b: Segment): boolean {
  const rx = a[2] - a[0];
  const ry = a[3] - a[1];
  const sx = b[2] - b[0];
  const sy = b[3] - b[1];
  const denom = rx * sy - ry * sx;
  if (denom === 0) return false;
  const qx = b[0] - a[0];
  const qy = b[1] - a[1];
  const t = (qx * sy - qy * sx) / denom;
  const u = (qx * ry - qy * rx) / denom;
  const middle = (v: number) => Math.abs(v - 0.5) <= CROSS_MIDDLE_REACH;
  return middle(t) && middle(u);
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
