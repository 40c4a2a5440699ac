/**
 * Things set against a wall: a kitchen counter, a wardrobe or a shelf drawn with the walls' pen shares its back with
 * the wall's face, and its front pairs with that face as a wall's other face would (a sink drawn in it slices it
 * into a stack of thinner pairs). Two walls never lie face to face along their length (they would be drawn as one),
 * so pairs stacked face to face thicker than any wall are a wall and things against it: the wall runs on beyond
 * them. Pure geometry in drawing units.
 */
import {
  cellsAlongSegment,
  gridAlongSegments,
  indexCellSize,
  pointSegmentDistance,
  unionFindRoot,
} from '../../../shared/plan/geometry';
import type { Segment } from '../types';

interface Wall {
  seg: Segment;
  thickness: number;
}

/** Two pairs share a face when their bodies meet within this (metres). */
const FACE_SLACK_M = 0.02;
/** Pairs within this angle (sine) are parallel. */
const PARALLEL_SIN = Math.sin((1 * Math.PI) / 180);
/** A stack stands against a wall at least this long (metres): hatch lines pair into short stacks of their own. */
const WALL_MIN_M = 1;
/** A wall with things against it is a few pieces; hundreds stacked are a pattern (and bound the work). */
const MAX_STACK_PIECES = 200;
/** What stands against a wall stands out from it at least this many times the wall's thickness. */
const THING_OVER_WALL = 1.25;
/** The thing lies along the wall for at least this share of its length. */
const ALONG_SHARE = 0.8;

const segLength = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);

/**
 * The walls without the things against them. Pairs that share a face, each lying along the other, stand in a stack;
 * a stack thicker than `maxWall` (the thickest wall the pairing allowed, drawing units) is a wall with things against
 * it (a counter, and the sink drawn in it), and of it only the pieces that lie along no longer piece of it stay.
 */
export function withoutThingsAgainstWalls<W extends Wall>(walls: W[], maxWall: number, mpu: number): W[] {
  if (walls.length < 2) return walls;
  const slack = FACE_SLACK_M / mpu;
  const cell = indexCellSize(
    walls.map((w) => w.seg),
    1 / mpu,
  );
  const grid = gridAlongSegments(
    walls.map((_, k) => k),
    (k) => walls[k]!.seg,
    (k) => walls[k]!.thickness / 2 + slack,
    cell,
    64,
  );
  const parent = Int32Array.from(walls, (_, k) => k);
  const lengths = walls.map((w) => segLength(w.seg));
  let stacked = false;
  walls.forEach((w, k) => {
    const seen = new Set<number>();
    for (const key of cellsAlongSegment(...w.seg, w.thickness / 2 + slack, cell)) {
      for (const j of grid.get(key) ?? []) {
        if (j <= k || seen.has(j)) continue;
        seen.add(j);
        if (!parallel(w.seg, lengths[k]!, walls[j]!.seg, lengths[j]!)) continue;
        if (unionFindRoot(parent, j) === unionFindRoot(parent, k)) continue;
        const [shorter, longer] = lengths[k]! <= lengths[j]! ? [w, walls[j]!] : [walls[j]!, w];
        if (!faceToFace(shorter, longer, slack)) continue;
        parent[unionFindRoot(parent, j)] = unionFindRoot(parent, k);
        stacked = true;
      }
    }
  });
  if (!stacked) return walls;
  const stacks = new Map<number, number[]>();
  walls.forEach((_, k) => {
    const root = unionFindRoot(parent, k);
    const stack = stacks.get(root);
    if (stack) stack.push(k);
    else stacks.set(root, [k]);
  });
  const things = new Set<number>();
  for (const stack of stacks.values()) {
    if (stack.length < 2 || stack.length > MAX_STACK_PIECES) continue;
    const members = stack.map((k) => walls[k]!);
    const base = members.reduce((a, b) => (segLength(b.seg) > segLength(a.seg) ? b : a));
    if (segLength(base.seg) * mpu < WALL_MIN_M) continue;
    const across = stackThickness(members, base);
    // Things stand out from the wall further than it is thick (a counter's 0.6 m before a 0.25 m wall); two leaves of
    // one thick wall are about as thick as each other.
    if (across <= maxWall + slack || across - base.thickness < base.thickness * THING_OVER_WALL) continue;
    for (const k of stack) {
      const w = walls[k]!;
      if (stack.some((j) => segLength(walls[j]!.seg) > segLength(w.seg) && liesAlong(w, walls[j]!)))
        things.add(k);
    }
  }
  if (!things.size) return walls;
  // What lies inside a thing goes with it (a sink drawn in a counter): looked for near each thing only.
  const gone = new Set(things);
  for (const t of things) {
    const thing = walls[t]!;
    for (const key of cellsAlongSegment(...thing.seg, thing.thickness / 2, cell))
      for (const k of grid.get(key) ?? [])
        if (walls[k]!.thickness < thing.thickness && inBody(walls[k]!, thing)) gone.add(k);
  }
  return walls.filter((_, k) => !gone.has(k));
}

/** Whether two segments (of the lengths given) are parallel. */
function parallel(a: Segment, la: number, b: Segment, lb: number): boolean {
  if (la === 0 || lb === 0) return false;
  return Math.abs((a[2] - a[0]) * (b[3] - b[1]) - (a[3] - a[1]) * (b[2] - b[0])) / (la * lb) <= PARALLEL_SIN;
}

/** How far a stack of pairs parallel to `base` reaches across, from the outer face of one side to that of the other. */
function stackThickness(stack: Wall[], base: Wall): number {
  const [x1, y1, x2, y2] = base.seg;
  const length = segLength(base.seg);
  const nx = -(y2 - y1) / length;
  const ny = (x2 - x1) / length;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const { seg, thickness } of stack) {
    const offset = ((seg[0] + seg[2]) / 2 - x1) * nx + ((seg[1] + seg[3]) / 2 - y1) * ny;
    from = Math.min(from, offset - thickness / 2);
    to = Math.max(to, offset + thickness / 2);
  }
  return to - from;
}

/** Whether `a` lies along `b` (parallel, beside it or over it) for most of its length. */
function liesAlong(a: Wall, b: Wall): boolean {
  const [x1, y1, x2, y2] = b.seg;
  const length = segLength(b.seg);
  const own = segLength(a.seg);
  if (length === 0 || own === 0) return false;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  if (Math.abs(ux * (a.seg[3] - a.seg[1]) - uy * (a.seg[2] - a.seg[0])) / own > PARALLEL_SIN) return false;
  const s1 = (a.seg[0] - x1) * ux + (a.seg[1] - y1) * uy;
  const s2 = (a.seg[2] - x1) * ux + (a.seg[3] - y1) * uy;
  return Math.min(length, Math.max(s1, s2)) - Math.max(0, Math.min(s1, s2)) >= own * ALONG_SHARE;
}

/** Whether the thing lies along the wall, its body against the wall's body (sharing a face) for most of its length. */
function faceToFace(thing: Wall, wall: Wall, slack: number): boolean {
  if (!liesAlong(thing, wall)) return false;
  const [x1, y1, x2, y2] = wall.seg;
  const length = segLength(wall.seg);
  const mx = (thing.seg[0] + thing.seg[2]) / 2;
  const my = (thing.seg[1] + thing.seg[3]) / 2;
  const apart = Math.abs((-(mx - x1) * (y2 - y1) + (my - y1) * (x2 - x1)) / length);
  return Math.abs(apart - (thing.thickness + wall.thickness) / 2) <= slack;
}

/** Whether a pair's centreline lies wholly within the thing's body. */
function inBody(w: Wall, thing: Wall): boolean {
  const [x1, y1, x2, y2] = thing.seg;
  const length = segLength(thing.seg);
  if (length === 0) return false;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const inside = (x: number, y: number) => {
    const along = (x - x1) * ux + (y - y1) * uy;
    return along >= 0 && along <= length && pointSegmentDistance(x, y, ...thing.seg) <= thing.thickness / 2;
  };
  return inside(w.seg[0], w.seg[1]) && inside(w.seg[2], w.seg[3]);
}
