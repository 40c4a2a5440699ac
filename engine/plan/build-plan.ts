/**
 * From a normalised drawing to a plan in metres: wall pieces (from vector segments, or from a wall mask of the
 * raster), openings where the walls show gaps (doors and windows), a coarse grid with the floor area, the enclosed
 * rooms and the distance to the nearest wall. Everything is bounded: segments are capped upstream and the grid has
 * at most ~260 cells a side.
 */

import {
  boundsOfSegments,
  cellsAlongSegment,
  gridAlongSegments,
  gridCellKey,
  indexCellSize,
  median,
  pointSegmentDistance,
} from '../../shared/plan/geometry';
import { distanceTransform, inkDepth, LINE_WORK_DEPTH, labelPieces } from '../../shared/plan/grid-mask';
import {
  finishGrid,
  GRID_SIDE,
  gridOver,
  MIN_CELL_M,
  maskRects,
  type Opening,
  type OpeningKind,
  type PlanGrid,
  stampPiece,
  type WallPiece,
} from '../../shared/plan/plan-grid';
import { DEFAULT_SCENE_OPTIONS } from '../../shared/scene/types';
import { unprocessable } from '../drawing/errors';
import { decodePngLuminance } from '../drawing/png';
import { type NormalisedDrawing, OPENING_WIDTH_M, readFromVectors, type Segment } from '../drawing/types';
import { labelScaleFactor } from './label-scale';

export type { Opening, OpeningKind, PlanGrid, WallPiece } from '../../shared/plan/plan-grid';
export { maskRects } from '../../shared/plan/plan-grid';

export interface Plan {
  source: 'vector' | 'raster';
  walls: WallPiece[];
  openings: Opening[];
  grid: PlanGrid;
  rooms: { area: number }[];
  /** World bounds of the walls, metres. */
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  wallHeight: number;
  wallThickness: number;
  metresPerUnit: number;
  /** True when the scale was guessed (unitless CAD or a raster). */
  scaleGuessed: boolean;
  /** Not from the file's units but from what it shows: a stated scale or room labels on a sheet. */
  scaleInferred?: boolean;
  /** Drawing units → world metres. */
  toWorld: (x: number, y: number) => [number, number];
  /** World metres → drawing units (the inverse of `toWorld`). */
  fromWorld: (x: number, y: number) => [number, number];
  /** Number of distinct straight walls found. */
  wallCount: number;
}

/** The scene builder's default storey, so a render and the 3D model stand equally high. */
export const STOREY_HEIGHT = DEFAULT_SCENE_OPTIONS.storeyHeight;
const { min: MIN_GAP, max: MAX_GAP } = OPENING_WIDTH_M;
/** The widest door beside a corner. */
const MAX_DOOR = 1.2;

// ---------------------------------------------------------------------------------------------------------------
// Vector plans

function guessMetresPerUnit(extent: number): number {
  if (extent >= 3000) return 0.001; // millimetres
  if (extent >= 300) return 0.01; // centimetres
  return 1;
}

interface End {
  x: number;
  y: number;
  dx: number;
  dy: number;
  seg: number;
}

/** Wall pieces filed per grid cell at most when looking for the pieces that fill a gap. */
const MAX_PIECES_PER_CELL = 64;

/**
 * Whether another wall piece runs through the middle of the gap between two facing wall ends: the wall goes on
 * there (the piece between two T-junctions either side of it), so the gap is no opening.
 */
function gapFilled(pieces: PieceGrid, a: End, b: End): boolean {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const near = pieces.grid.get(gridCellKey(Math.floor(mx / pieces.cell), Math.floor(my / pieces.cell))) ?? [];
  return near.some((i) => {
    const w = pieces.walls[i]!;
    return i !== a.seg && i !== b.seg && pointSegmentDistance(mx, my, w.x1, w.y1, w.x2, w.y2) <= w.t / 2;
  });
}

interface PieceGrid {
  walls: WallPiece[];
  grid: Map<number, number[]>;
  cell: number;
}

function pieceGrid(walls: WallPiece[]): PieceGrid {
  const seg = (i: number) => [walls[i]!.x1, walls[i]!.y1, walls[i]!.x2, walls[i]!.y2] as const;
  const index = walls.map((_, i) => i);
  const cell = indexCellSize(index.map(seg), 1);
  return {
    walls,
    cell,
    grid: gridAlongSegments(index, seg, (i) => walls[i]!.t / 2, cell, MAX_PIECES_PER_CELL),
  };
}

/** A return beside a door too short to be read as a wall (a single line under 0.3 m is a symbol's stroke). */
const SHORT_RETURN_M = 0.3;
/** An end this near another wall's face (metres) meets it. */
const JUNCTION_SLACK_M = 0.05;
/** Openings found at most (bounds the work on a hostile drawing). */
const MAX_OPENINGS = 500;
/** Groups of gaps along the raster walls looked at, at most (a noisy scan shows thousands). */
const MAX_GAP_GROUPS = 2000;

/**
 * A wall that stops a door's width short of the wall it runs at (a door beside a junction, with no return between
 * it and the other wall's face): where the gap ends, on that wall's face. Null when the end runs into nothing
 * within the widest door and a return too short to read (a wider gap is a passage between two parts of one room),
 * or into a wall nearer than the narrowest door.
 */
function gapToWallAhead(pieces: PieceGrid, a: End): { x: number; y: number } | null {
  const ownThickness = pieces.walls[a.seg]!.t;
  const reach = MAX_DOOR + SHORT_RETURN_M + 1;
  const ray = [a.x, a.y, a.x + a.dx * reach, a.y + a.dy * reach] as const;
  let nearest: { along: number; face: number } | null = null;
  const seen = new Set<number>();
  for (const key of cellsAlongSegment(...ray, 0, pieces.cell)) {
    for (const i of pieces.grid.get(key) ?? []) {
      if (i === a.seg || seen.has(i)) continue;
      seen.add(i);
      const w = pieces.walls[i]!;
      // An end on another wall or at its corner (centrelines of paired faces stop a thickness short of a corner)
      // is a junction, not a gap.
      if (
        pointSegmentDistance(a.x, a.y, w.x1, w.y1, w.x2, w.y2) <=
        Math.max(w.t, ownThickness) + JUNCTION_SLACK_M
      )
        return null;
      const hit = rayHitsPiece(a, w);
      if (hit === null) continue;
      if (!nearest || hit < nearest.along) nearest = { along: hit, face: hit - w.t / 2 };
    }
  }
  if (!nearest || nearest.face < MIN_GAP || nearest.face > MAX_DOOR + SHORT_RETURN_M) return null;
  return { x: a.x + a.dx * nearest.face, y: a.y + a.dy * nearest.face };
}

/** How far along the ray from `a` (its direction) it crosses the centreline of `w`, at a steep angle; else null. */
function rayHitsPiece(a: End, w: WallPiece): number | null {
  const wx = w.x2 - w.x1;
  const wy = w.y2 - w.y1;
  const length = Math.hypot(wx, wy);
  const den = a.dx * wy - a.dy * wx;
  if (length === 0 || Math.abs(den) < length * 0.7) return null;
  const qx = w.x1 - a.x;
  const qy = w.y1 - a.y;
  const along = (qx * wy - qy * wx) / den;
  const on = (qx * a.dy - qy * a.dx) / den;
  // Within half a thickness past either end: pieces of one wall broken at a junction still stop the ray.
  const slack = w.t / 2 / length;
  return along > 0 && on >= -slack && on <= 1 + slack ? along : null;
}

/**
 * Gaps between collinear wall ends that face each other, 0.45–2.6 m apart, that no wall fills: doors and windows;
 * narrower gaps are joints that close rooms (the wall goes on).
 */
function findVectorOpenings(
  walls: WallPiece[],
  details: WallPiece[],
  arcs: { cx: number; cy: number; r: number }[],
) {
  const ends: End[] = [];
  walls.forEach((wp, seg) => {
    const len = Math.hypot(wp.x2 - wp.x1, wp.y2 - wp.y1);
    if (len === 0) return;
    const ux = (wp.x2 - wp.x1) / len;
    const uy = (wp.y2 - wp.y1) / len;
    ends.push({ x: wp.x2, y: wp.y2, dx: ux, dy: uy, seg }, { x: wp.x1, y: wp.y1, dx: -ux, dy: -uy, seg });
  });
  const pieces = pieceGrid(walls);
  const cellSize = MAX_GAP;
  const buckets = new Map<string, number[]>();
  ends.forEach((e, i) => {
    const k = `${Math.floor(e.x / cellSize)},${Math.floor(e.y / cellSize)}`;
    const list = buckets.get(k) ?? [];
    list.push(i);
    buckets.set(k, list);
  });
  const openings: Opening[] = [];
  const joints: WallPiece[] = [];
  const taken = new Set<number>();
  ends.forEach((a, ia) => {
    if (taken.has(ia) || openings.length >= MAX_OPENINGS) return;
    let best = -1;
    let bestDist = Number.POSITIVE_INFINITY;
    const gx = Math.floor(a.x / cellSize);
    const gy = Math.floor(a.y / cellSize);
    for (let ddx = -1; ddx <= 1; ddx++) {
      for (let ddy = -1; ddy <= 1; ddy++) {
        for (const ib of buckets.get(`${gx + ddx},${gy + ddy}`) ?? []) {
          const b = ends[ib]!;
          if (ib === ia || b.seg === a.seg || taken.has(ib)) continue;
          const vx = b.x - a.x;
          const vy = b.y - a.y;
          const dist = Math.hypot(vx, vy);
          if (dist > MAX_GAP) continue;
          const along = vx * a.dx + vy * a.dy;
          const perp = Math.abs(vx * a.dy - vy * a.dx);
          if (along < dist * 0.97 || perp > 0.12) continue;
          if (a.dx * b.dx + a.dy * b.dy > -0.97) continue;
          if (dist < MIN_GAP) {
            // Narrower than any door: the wall goes on (a break in its line work at a junction).
            if (ia < ib && dist > 0) joints.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, t: 0 });
            continue;
          }
          if (dist < bestDist && !gapFilled(pieces, a, b)) {
            bestDist = dist;
            best = ib;
          }
        }
      }
    }
    if (best < 0) return;
    const b = ends[best]!;
    taken.add(ia);
    taken.add(best);
    const t = Math.max(walls[a.seg]!.t, walls[b.seg]!.t);
    openings.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, t, kind: 'opening' });
  });
  ends.forEach((a, ia) => {
    if (taken.has(ia) || openings.length >= MAX_OPENINGS) return;
    const gap = gapToWallAhead(pieces, a);
    if (!gap) return;
    taken.add(ia);
    openings.push({ x1: a.x, y1: a.y, x2: gap.x, y2: gap.y, t: walls[a.seg]!.t, kind: 'opening' });
  });
  for (const o of openings) o.kind = classifyOpening(o, details, arcs);
  const freeEnds = ends.filter((e, i) => !taken.has(i) && !meetsAngledWall(pieces, e));
  return { openings, joints, freeEnds };
}

/** A wall meeting another this far from square or parallel (|cos| between these) meets it at an angle. */
const ANGLED_COS = { min: 0.1, max: 0.9 };

/**
 * Whether a wall's end meets another wall (on it, or at its corner: within the thicker one's thickness) running at an
 * angle to it: an angled wall cutting a corner off, which closes that corner itself.
 */
function meetsAngledWall(pieces: PieceGrid, e: End): boolean {
  const own = pieces.walls[e.seg]!.t;
  const cx = Math.floor(e.x / pieces.cell);
  const cy = Math.floor(e.y / pieces.cell);
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++)
      for (const i of pieces.grid.get(gridCellKey(cx + dx, cy + dy)) ?? []) {
        if (i === e.seg) continue;
        const w = pieces.walls[i]!;
        const length = Math.hypot(w.x2 - w.x1, w.y2 - w.y1);
        const cos = length > 0 ? Math.abs((e.dx * (w.x2 - w.x1) + e.dy * (w.y2 - w.y1)) / length) : 1;
        if (cos <= ANGLED_COS.min || cos >= ANGLED_COS.max) continue;
        if (pointSegmentDistance(e.x, e.y, w.x1, w.y1, w.x2, w.y2) <= Math.max(w.t, own) + JUNCTION_SLACK_M)
          return true;
      }
  return false;
}

/**
 * Corner gaps close rooms: two free wall ends on walls at right angles whose lines meet within an opening's width
 * of both (a corner window, a corner the drawing leaves open) are joined through that corner, for finding rooms.
 * Ends on an angled wall are not free (findVectorOpenings): it cuts the corner off and closes it itself.
 */
function cornerClosers(ends: End[], walls: WallPiece[]): WallPiece[] {
  const closers: WallPiece[] = [];
  const used = new Set<number>();
  const cellSize = MAX_GAP * 2;
  const buckets = new Map<string, number[]>();
  ends.forEach((e, i) => {
    const k = `${Math.floor(e.x / cellSize)},${Math.floor(e.y / cellSize)}`;
    buckets.set(k, [...(buckets.get(k) ?? []), i]);
  });
  ends.forEach((a, ia) => {
    if (used.has(ia) || closers.length >= 1000) return;
    let best: { ib: number; px: number; py: number; reach: number } | undefined;
    const gx = Math.floor(a.x / cellSize);
    const gy = Math.floor(a.y / cellSize);
    for (let ddx = -1; ddx <= 1; ddx++) {
      for (let ddy = -1; ddy <= 1; ddy++) {
        for (const ib of buckets.get(`${gx + ddx},${gy + ddy}`) ?? []) {
          const b = ends[ib]!;
          if (ib === ia || used.has(ib) || b.seg === a.seg || Math.abs(a.dx * b.dx + a.dy * b.dy) > 0.3)
            continue;
          // Where the two walls' lines meet: a + s·da = b + u·db, both ahead of their ends.
          const den = a.dx * b.dy - a.dy * b.dx;
          if (Math.abs(den) < 1e-9) continue;
          const s = ((b.x - a.x) * b.dy - (b.y - a.y) * b.dx) / den;
          const u = ((b.x - a.x) * a.dy - (b.y - a.y) * a.dx) / den;
          const slack = Math.max(walls[a.seg]!.t, walls[b.seg]!.t);
          if (s < -slack || u < -slack || s > MAX_GAP || u > MAX_GAP || s + u < MIN_GAP) continue;
          if (!best || s + u < best.reach)
            best = { ib, px: a.x + s * a.dx, py: a.y + s * a.dy, reach: s + u };
        }
      }
    }
    if (!best) return;
    const b = ends[best.ib]!;
    used.add(ia);
    used.add(best.ib);
    closers.push(
      { x1: a.x, y1: a.y, x2: best.px, y2: best.py, t: 0 },
      { x1: b.x, y1: b.y, x2: best.px, y2: best.py, t: 0 },
    );
  });
  return closers;
}

function classifyOpening(
  o: Opening,
  details: WallPiece[],
  arcs: { cx: number; cy: number; r: number }[],
): OpeningKind {
  const gap = Math.hypot(o.x2 - o.x1, o.y2 - o.y1);
  for (const a of arcs) {
    const near = Math.min(Math.hypot(a.cx - o.x1, a.cy - o.y1), Math.hypot(a.cx - o.x2, a.cy - o.y2));
    if (near <= Math.max(0.25, o.t) && a.r >= gap * 0.35 && a.r <= gap * 1.3) return 'door';
  }
  const ux = (o.x2 - o.x1) / gap;
  const uy = (o.y2 - o.y1) / gap;
  for (const d of details) {
    const mx = (d.x1 + d.x2) / 2 - o.x1;
    const my = (d.y1 + d.y2) / 2 - o.y1;
    const along = mx * ux + my * uy;
    const perp = Math.abs(mx * uy - my * ux);
    const dl = Math.hypot(d.x2 - d.x1, d.y2 - d.y1);
    const parallel = dl > 0 && Math.abs(((d.x2 - d.x1) * ux + (d.y2 - d.y1) * uy) / dl) > 0.95;
    if (parallel && along > 0 && along < gap && perp < Math.max(0.3, o.t * 1.5) && dl > gap * 0.3)
      return 'window';
  }
  return 'opening';
}

/**
 * A door swing closes its doorway for finding rooms: the leaf shut, from the hinge (the arc's centre) to whichever
 * end of the arc lies at the doorway's other jamb (a wall's end); the open leaf, into the room, closes nothing.
 * Only quarter arcs as wide as an opening can be count. World metres.
 */
function doorwayClosers(
  arcs: { cx: number; cy: number; r: number; start: number; end: number }[],
  toWorld: (x: number, y: number) => [number, number],
  mpu: number,
  walls: WallPiece[],
) {
  const wallEnds = walls.flatMap((w): [number, number][] => [
    [w.x1, w.y1],
    [w.x2, w.y2],
  ]);
  const closers: WallPiece[] = [];
  for (const a of arcs) {
    let sweep = a.end - a.start;
    while (sweep <= 0) sweep += Math.PI * 2;
    const radius = a.r * mpu;
    if (sweep < Math.PI / 3 || sweep > (2 * Math.PI) / 3 || radius < MIN_GAP || radius > MAX_GAP) continue;
    const tips = [a.start, a.end].map((angle) =>
      toWorld(a.cx + a.r * Math.cos(angle), a.cy + a.r * Math.sin(angle)),
    );
    const toJamb = tips.map(([x, y]) => Math.min(...wallEnds.map(([ex, ey]) => Math.hypot(ex - x, ey - y))));
    const shut = toJamb[0]! <= toJamb[1]! ? 0 : 1;
    if (toJamb[shut]! > radius * 0.35) continue;
    const [x, y] = tips[shut]!;
    const [hx, hy] = toWorld(a.cx, a.cy);
    closers.push({ x1: hx, y1: hy, x2: x, y2: y, t: 0 });
  }
  return closers;
}

function vectorPlan(drawing: NormalisedDrawing): Plan {
  const g = drawing.geometry;
  const frame = vectorFrame(drawing);
  const { toWorld, mpu, nominal: t } = frame;
  const toPiece = (s: Segment, thickness: number): WallPiece => {
    const [x1, y1] = toWorld(s[0], s[1]);
    const [x2, y2] = toWorld(s[2], s[3]);
    return { x1, y1, x2, y2, t: thickness };
  };
  const centre = (g.segments ?? []).map((s, i) => {
    const own = g.wallThickness?.[i];
    return toPiece(s, own !== undefined && own > 0 ? own * mpu : t);
  });
  const details = (g.details ?? []).map((s) => toPiece(s, 0));
  const arcs = (g.arcs ?? []).map((a) => {
    const [x, y] = toWorld(a.cx, a.cy);
    return { cx: x, cy: y, r: a.r * mpu };
  });
  const { openings, joints, freeEnds } = findVectorOpenings(centre, details, arcs);
  // Walls are extended by half their thickness so that corners close.
  const walls = centre.map((p) => {
    const len = Math.hypot(p.x2 - p.x1, p.y2 - p.y1) || 1;
    const ex = ((p.x2 - p.x1) / len) * (p.t / 2);
    const ey = ((p.y2 - p.y1) / len) * (p.t / 2);
    return { x1: p.x1 - ex, y1: p.y1 - ey, x2: p.x2 + ex, y2: p.y2 + ey, t: p.t };
  });
  const closers = [
    ...joints,
    ...(g.roomClosers ?? []).map((s) => toPiece(s, 0)),
    ...doorwayClosers(g.arcs ?? [], toWorld, mpu, centre),
  ];
  const { grid, rooms } = vectorGrid(
    frame.bounds,
    t,
    walls,
    openings,
    closers,
    cornerClosers(freeEnds, centre),
  );
  return {
    source: 'vector',
    walls,
    openings,
    grid,
    rooms,
    bounds: frame.bounds,
    wallHeight: STOREY_HEIGHT,
    wallThickness: t,
    metresPerUnit: mpu,
    scaleGuessed: frame.scaleGuessed,
    toWorld,
    fromWorld: frame.fromWorld,
    wallCount: countStraightWalls(centre),
  };
}

/**
 * A vector drawing's units in world metres, centred on its walls: the file's scale, or one guessed from the extent
 * (fitted to a 15 m plan when the units make no sense for a building); the nominal wall thickness; the bounds.
 */
function vectorFrame(drawing: NormalisedDrawing) {
  const g = drawing.geometry;
  const { minX, minY, maxX, maxY } = boundsOfSegments(g.segments ?? []) ?? {
    minX: 0,
    minY: 0,
    maxX: 0,
    maxY: 0,
  };
  const extentUnits = Math.max(maxX - minX, maxY - minY);
  let mpu = g.metresPerUnit ?? guessMetresPerUnit(extentUnits);
  let scaleGuessed = g.metresPerUnit == null || (g.scaleSource !== undefined && g.scaleSource !== 'file');
  const extentM = extentUnits * mpu;
  if (!(extentM >= 2 && extentM <= 2000)) {
    // Units that make no sense for a building (a 2 mm house, a 5 km flat): fit to a 15 m plan instead.
    mpu = 15 / Math.max(extentUnits, 1e-9);
    scaleGuessed = true;
  }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const flip = g.yDown ? -1 : 1;
  const t = Math.max(0.18, (extentUnits * mpu) / 250);
  return {
    mpu,
    scaleGuessed,
    nominal: t,
    toWorld: (x: number, y: number): [number, number] => [(x - cx) * mpu, flip * (y - cy) * mpu],
    fromWorld: (x: number, y: number): [number, number] => [x / mpu + cx, (flip * y) / mpu + cy],
    bounds: {
      minX: (minX - cx) * mpu - t,
      maxX: (maxX - cx) * mpu + t,
      minY: Math.min(flip * (minY - cy), flip * (maxY - cy)) * mpu - t,
      maxY: Math.max(flip * (minY - cy), flip * (maxY - cy)) * mpu + t,
    },
  };
}

/**
 * The plan grid over vector walls. Corner gaps through which the outside floods in are closed (a corner window, a
 * corner left open); corner gaps between rooms inside are left as they are.
 */
function vectorGrid(
  bounds: { minX: number; minY: number; maxX: number; maxY: number },
  nominal: number,
  walls: WallPiece[],
  openings: Opening[],
  closers: WallPiece[],
  corners: WallPiece[],
) {
  const side = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) + 4 * nominal;
  const base = gridOver(bounds, Math.max(side / GRID_SIDE, MIN_CELL_M));
  const cell = base.cell;
  const wall = new Uint8Array(base.w * base.h);
  for (const p of walls) stampPiece(wall, base, p);
  const read = finishGrid(base, wall, openings, closers);
  const outsideAt = (x: number, y: number) => {
    const gx = Math.floor((x - base.ox) / cell);
    const gy = Math.floor((y - base.oy) / cell);
    return gx >= 0 && gy >= 0 && gx < base.w && gy < base.h && read.grid.outside[gy * base.w + gx] === 1;
  };
  const sealing: WallPiece[] = [];
  for (let i = 0; i + 1 < corners.length; i += 2) {
    const [first, second] = [corners[i]!, corners[i + 1]!];
    if (outsideAt(first.x2, first.y2)) sealing.push(first, second);
  }
  return sealing.length > 0 ? finishGrid(base, wall, openings, [...closers, ...sealing]) : read;
}

/** Collinear, touching pieces count as one wall. */
function countStraightWalls(pieces: WallPiece[]): number {
  const key = (p: WallPiece) => {
    let ang = Math.atan2(p.y2 - p.y1, p.x2 - p.x1);
    if (ang < 0) ang += Math.PI;
    if (ang >= Math.PI - 0.01) ang -= Math.PI;
    const off = -Math.sin(ang) * p.x1 + Math.cos(ang) * p.y1;
    return `${Math.round(ang * 50)}:${Math.round(off * 10)}`;
  };
  const groups = new Map<string, [number, number][]>();
  for (const p of pieces) {
    let ang = Math.atan2(p.y2 - p.y1, p.x2 - p.x1);
    if (ang < 0) ang += Math.PI;
    const ux = Math.cos(ang);
    const uy = Math.sin(ang);
    const a = p.x1 * ux + p.y1 * uy;
    const b = p.x2 * ux + p.y2 * uy;
    const list = groups.get(key(p)) ?? [];
    list.push([Math.min(a, b), Math.max(a, b)]);
    groups.set(key(p), list);
  }
  let count = 0;
  for (const spans of groups.values()) {
    spans.sort((p, q) => p[0] - q[0]);
    let end = Number.NEGATIVE_INFINITY;
    for (const [a, b] of spans) {
      if (a > end + 0.05) count++;
      end = Math.max(end, b);
    }
  }
  return count;
}

// ---------------------------------------------------------------------------------------------------------------
// Raster plans

/** Ink mask → wall mask: a morphological opening removes thin strokes (text, dimensions, door swings). */
export function wallMaskFromInk(
  ink: Uint8Array,
  w: number,
  h: number,
): { walls: Uint8Array; radius: number } {
  const { depth, p90 } = inkDepth(ink, w, h);
  if (p90 < LINE_WORK_DEPTH) return { walls: ink.slice(), radius: 0 };
  const radius = Math.max(1.5, p90 * 0.4);
  const core = new Uint8Array(w * h);
  for (let i = 0; i < depth.length; i++) core[i] = depth[i]! > radius ? 1 : 0;
  const grow = distanceTransform(core, w, h);
  const walls = new Uint8Array(w * h);
  for (let i = 0; i < grow.length; i++) walls[i] = grow[i]! <= radius + 0.5 && ink[i] ? 1 : 0;
  return { walls, radius };
}

/**
 * Drops what lies apart from the building: the wall mask's pieces outside the largest piece's box (grown by a tenth)
 * that are small (a scale bar, a north arrow, a logo) or a thin rule (a title's underline, a sheet's frame line).
 * Large pieces apart from it (a garage, a second wing) stay.
 */
export function keepBuilding(mask: Uint8Array, w: number, h: number): Uint8Array {
  const { label, count } = labelPieces(mask, w, h);
  const pieces = Array.from({ length: count }, () => ({ size: 0, minX: w, minY: h, maxX: -1, maxY: -1 }));
  for (let i = 0; i < label.length; i++) {
    const piece = pieces[label[i]!];
    if (!piece) continue;
    const x = i % w;
    const y = (i - x) / w;
    piece.size++;
    if (x < piece.minX) piece.minX = x;
    if (x > piece.maxX) piece.maxX = x;
    if (y < piece.minY) piece.minY = y;
    if (y > piece.maxY) piece.maxY = y;
  }
  if (pieces.length < 2) return mask;
  const main = pieces.reduce((a, b) => (b.size > a.size ? b : a));
  const growX = (main.maxX - main.minX + 1) * 0.1;
  const growY = (main.maxY - main.minY + 1) * 0.1;
  const drop = pieces.map((p) => {
    if (p === main) return false;
    if (sheetRule(p, main, growX, growY)) return true;
    const apart =
      p.maxX < main.minX - growX ||
      p.minX > main.maxX + growX ||
      p.maxY < main.minY - growY ||
      p.minY > main.maxY + growY;
    if (!apart) return false;
    const long = Math.max(p.maxX - p.minX, p.maxY - p.minY) + 1;
    const short = Math.min(p.maxX - p.minX, p.maxY - p.minY) + 1;
    return p.size < main.size * 0.05 || long >= short * THIN_RULE_RATIO;
  });
  const out = mask.slice();
  for (let i = 0; i < out.length; i++) if (out[i] && drop[label[i]!]) out[i] = 0;
  return out;
}

/**
 * A thin rule (a header's or footer's line, a frame's side) beside the building, not touching it and running past
 * its box by a tenth of its size at both ends: a sheet's line however close it is drawn. No wall of the building
 * stands apart from it and overhangs it both ways.
 */
function sheetRule(p: PieceBox, main: PieceBox, growX: number, growY: number): boolean {
  const width = p.maxX - p.minX + 1;
  const height = p.maxY - p.minY + 1;
  if (Math.max(width, height) < Math.min(width, height) * THIN_RULE_RATIO) return false;
  if (width >= height)
    return (
      (p.maxY < main.minY || p.minY > main.maxY) && p.minX < main.minX - growX && p.maxX > main.maxX + growX
    );
  return (
    (p.maxX < main.minX || p.minX > main.maxX) && p.minY < main.minY - growY && p.maxY > main.maxY + growY
  );
}

/** A piece this many times longer than it is thick is a drawn line (a rule, a frame's side), not a building. */
const THIN_RULE_RATIO = 15;

interface PieceBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function runOpenings(
  wall: Uint8Array,
  thin: Uint8Array,
  w: number,
  h: number,
  cell: number,
  toWorld: (cx: number, cy: number) => [number, number],
): Opening[] {
  const openings: Opening[] = [];
  for (const group of groupedGaps(gapsAlongRuns(wall, w, h, cell))) {
    if (openings.length >= MAX_OPENINGS) break;
    const opening = openingOfGaps(group, thin, w, h, cell, toWorld);
    if (opening) openings.push(opening);
  }
  return openings;
}

interface RunGap {
  horizontal: boolean;
  /** The row (horizontal runs) or column the gap lies on. */
  line: number;
  /** The last wall cell before the gap and the first after it. */
  a: number;
  b: number;
}

/** The wall mask's extent across a run at (x, y), in cells (up to 40 each way). */
function crossSection(
  wall: Uint8Array,
  w: number,
  h: number,
  x: number,
  y: number,
  horizontal: boolean,
): number {
  let n = 1;
  for (
    let k = 1;
    k < 40 && (horizontal ? y - k >= 0 && wall[(y - k) * w + x] : x - k >= 0 && wall[y * w + x - k]);
    k++
  )
    n++;
  for (
    let k = 1;
    k < 40 && (horizontal ? y + k < h && wall[(y + k) * w + x] : x + k < w && wall[y * w + x + k]);
    k++
  )
    n++;
  return n;
}

/**
 * Gaps of a door's or window's width along each row and column of the wall mask where a wall ends on either side
 * (a gap within one wall), or one wall's end points at a wall across its way a door's width off (a door beside a
 * corner).
 */
function gapsAlongRuns(wall: Uint8Array, w: number, h: number, cell: number): RunGap[] {
  const found: RunGap[] = [];
  const at = (x: number, y: number, horizontal: boolean) => (horizontal ? wall[y * w + x] : wall[x * w + y]);
  /** Thinnest cross-section over the last few cells of a run (a T-junction at the very end is ignored). */
  const thickness = (end: number, line: number, dir: number, runLen: number, horizontal: boolean) => {
    let best = 1e9;
    for (let k = 0; k < Math.min(runLen, 10); k++) {
      const pos = end + dir * k;
      best = Math.min(
        best,
        horizontal ? crossSection(wall, w, h, pos, line, true) : crossSection(wall, w, h, line, pos, false),
      );
    }
    return best;
  };
  for (const horizontal of [true, false]) {
    const lines = horizontal ? h : w;
    const len = horizontal ? w : h;
    for (let line = 0; line < lines; line++) {
      let prevEnd = -1;
      let prevLen = 0;
      let i = 0;
      while (i < len) {
        if (!at(i, line, horizontal)) {
          i++;
          continue;
        }
        const start = i;
        while (i < len && at(i, line, horizontal)) i++;
        const runLen = i - start;
        const gap = (start - prevEnd - 1) * cell;
        if (prevEnd >= 0 && gap >= MIN_GAP && gap <= MAX_GAP) {
          const ta = thickness(prevEnd, line, -1, prevLen, horizontal);
          const tb = thickness(start, line, 1, runLen, horizontal);
          const endA = prevLen > ta * 1.5 && ta * cell < 0.8;
          const endB = runLen > tb * 1.5 && tb * cell < 0.8;
          const acrossA = prevLen * cell < 0.8 && ta > prevLen * 1.5;
          const acrossB = runLen * cell < 0.8 && tb > runLen * 1.5;
          if ((endA && endB) || (gap <= MAX_DOOR && ((endA && acrossB) || (acrossA && endB))))
            found.push({ line, a: prevEnd, b: start, horizontal });
        }
        prevEnd = i - 1;
        prevLen = runLen;
      }
    }
  }
  return found;
}

/** The same gap shows on every line across the wall's thickness: neighbouring lines with similar ends are one. */
function groupedGaps(found: RunGap[]) {
  found.sort((p, q) => Number(p.horizontal) - Number(q.horizontal) || p.line - q.line || p.a - q.a);
  const groups: { horizontal: boolean; first: number; last: number; a: number; b: number }[] = [];
  for (const f of found) {
    const g = groups.find(
      (c) =>
        c.horizontal === f.horizontal &&
        f.line - c.last <= 1 &&
        Math.abs(f.a - c.a) <= 2 &&
        Math.abs(f.b - c.b) <= 2,
    );
    if (g) {
      g.last = f.line;
      g.a = Math.max(g.a, f.a);
      g.b = Math.min(g.b, f.b);
    } else if (groups.length < MAX_GAP_GROUPS) {
      groups.push({ horizontal: f.horizontal, first: f.line, last: f.line, a: f.a, b: f.b });
    }
  }
  return groups;
}

/** One group of gaps as an opening: a window where thin lines (glass) run across most of it, else a door. */
function openingOfGaps(
  grp: ReturnType<typeof groupedGaps>[number],
  thin: Uint8Array,
  w: number,
  h: number,
  cell: number,
  toWorld: (cx: number, cy: number) => [number, number],
): Opening | null {
  const mid = (grp.first + grp.last + 1) / 2;
  const rows = grp.last - grp.first + 1;
  const [x1, y1] = grp.horizontal ? toWorld(grp.a + 1, mid) : toWorld(mid, grp.a + 1);
  const [x2, y2] = grp.horizontal ? toWorld(grp.b, mid) : toWorld(mid, grp.b);
  let thinCount = 0;
  const midLine = Math.floor(mid);
  for (let c = grp.a + 1; c < grp.b; c++) {
    for (let dl = -1; dl <= 1; dl++) {
      const l = midLine + dl;
      const idx = grp.horizontal ? l * w + c : c * w + l;
      if (l >= 0 && l < (grp.horizontal ? h : w) && thin[idx]) {
        thinCount++;
        break;
      }
    }
  }
  const span = grp.b - grp.a - 1;
  if (span * cell < MIN_GAP) return null;
  return { x1, y1, x2, y2, t: rows * cell, kind: thinCount >= span * 0.5 ? 'window' : 'door' };
}

/** A raster plan; at `metresPerPixel` when known (a stated scale, room labels), else the walls span 14 m. */
function rasterPlan(drawing: NormalisedDrawing, metresPerPixel?: number): Plan {
  const masks = rasterWallGrid(drawing);
  const { wall, thin, gw, gh, cellPx } = masks;
  const extent = maskExtent(wall, gw, gh);
  // Scale: a plotted PDF may state one, room labels may give one; otherwise the walls' extent is taken as 14 m.
  const known = metresPerPixel ?? drawing.geometry.metresPerUnit;
  const cell = known ? known * cellPx : 14 / Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY);
  const gcx = (extent.minX + extent.maxX) / 2;
  const gcy = (extent.minY + extent.maxY) / 2;
  // Grid cell (x, y) (y down) → world (y up); the grid's row 0 is the top of the image.
  const cellToWorld = (x: number, y: number): [number, number] => [(x - gcx) * cell, -(y - gcy) * cell];
  const openings = runOpenings(wall, thin, gw, gh, cell, cellToWorld);
  const rects = maskRects(wall, gw, gh);
  const walls = rects.map((rect) => rectWall(rect, cellToWorld));
  const [ox, oy] = cellToWorld(0, gh);
  const { grid, rooms } = finishGrid({ w: gw, h: gh, cell, ox, oy }, rowsFlipped(wall, gw, gh), openings);
  const [bx0, by0] = cellToWorld(extent.minX, extent.maxY);
  const [bx1, by1] = cellToWorld(extent.maxX, extent.minY);
  const thicknessGuess = rects.length
    ? (median(rects.map(([x0, y0, x1, y1]) => Math.min(x1 - x0, y1 - y0) * cell)) ?? 0.2)
    : 0.2;
  return {
    source: 'raster',
    walls,
    openings,
    grid,
    rooms,
    bounds: { minX: bx0, minY: by0, maxX: bx1, maxY: by1 },
    wallHeight: STOREY_HEIGHT,
    wallThickness: thicknessGuess,
    metresPerUnit: cell / cellPx,
    scaleGuessed: true,
    ...(known ? { scaleInferred: true } : {}),
    // Drawing units are the normalised PNG's pixels.
    toWorld: (x, y) => cellToWorld(x / cellPx + RASTER_MARGIN_CELLS, y / cellPx + RASTER_MARGIN_CELLS),
    fromWorld: (x, y) => [
      (x / cell + gcx - RASTER_MARGIN_CELLS) * cellPx,
      (-y / cell + gcy - RASTER_MARGIN_CELLS) * cellPx,
    ],
    wallCount: walls.filter((p) => Math.hypot(p.x2 - p.x1, p.y2 - p.y1) >= 0.5).length,
  };
}

/** Cells of margin around a raster plan's grid, so the outside can flood around the walls. */
const RASTER_MARGIN_CELLS = 3;

/**
 * The line drawing's walls on a coarse grid (≤ GRID_SIDE cells a side, y down): cells mostly wall (the ink left
 * after thin strokes are removed, or all the ink when that leaves nothing), and cells crossed by thin strokes.
 */
function rasterWallGrid(drawing: NormalisedDrawing) {
  let decoded: ReturnType<typeof decodePngLuminance>;
  try {
    decoded = decodePngLuminance(drawing.png);
  } catch {
    throw unprocessable('The line drawing could not be read back for rendering.');
  }
  const { width: w, height: h, data } = decoded;
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) ink[i] = (data[i] ?? 255) < 128 ? 1 : 0;
  let wallPx = keepBuilding(wallMaskFromInk(ink, w, h).walls, w, h);
  const cellPx = Math.max(1, Math.ceil(Math.max(w, h) / GRID_SIDE));
  const gw = Math.ceil(w / cellPx) + 2 * RASTER_MARGIN_CELLS;
  const gh = Math.ceil(h / cellPx) + 2 * RASTER_MARGIN_CELLS;
  const toGrid = (src: Uint8Array, share: number) => {
    const count = new Uint16Array(gw * gh);
    for (let y = 0; y < h; y++) {
      const gy = Math.floor(y / cellPx) + RASTER_MARGIN_CELLS;
      for (let x = 0; x < w; x++)
        if (src[y * w + x]) count[gy * gw + Math.floor(x / cellPx) + RASTER_MARGIN_CELLS]!++;
    }
    const out = new Uint8Array(gw * gh);
    const need = Math.max(1, Math.ceil(cellPx * cellPx * share));
    for (let i = 0; i < out.length; i++) out[i] = count[i]! >= need ? 1 : 0;
    return out;
  };
  let wall = toGrid(wallPx, 0.3);
  let cells = wall.reduce((s, v) => s + v, 0);
  if (cells < 4) {
    wallPx = ink;
    wall = toGrid(ink, 0.15);
    cells = wall.reduce((s, v) => s + v, 0);
  }
  if (cells < 4) throw unprocessable('No walls could be found in this drawing.');
  const thinPx = new Uint8Array(w * h);
  for (let i = 0; i < thinPx.length; i++) thinPx[i] = ink[i] && !wallPx[i] ? 1 : 0;
  return { wall, thin: toGrid(thinPx, 0.01), gw, gh, cellPx };
}

/** The extent of a mask's set cells, in cells [min, max). */
function maskExtent(mask: Uint8Array, w: number, h: number) {
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x + 1);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y + 1);
    }
  }
  return { minX, minY, maxX, maxY };
}

/** A mask with its rows in the other order (the world grid is stored bottom-up: (ox, oy) is its lower-left). */
function rowsFlipped(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) out.set(mask.subarray(y * w, (y + 1) * w), (h - 1 - y) * w);
  return out;
}

/** A rectangle of wall cells as a wall piece along its longer side. */
function rectWall(
  [x0, y0, x1, y1]: [number, number, number, number],
  cellToWorld: (x: number, y: number) => [number, number],
): WallPiece {
  const [ax, ay] = cellToWorld(x0, y0);
  const [bx, by] = cellToWorld(x1, y1);
  const wx = Math.abs(bx - ax);
  const wy = Math.abs(by - ay);
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  return wx >= wy
    ? { x1: Math.min(ax, bx), y1: my, x2: Math.max(ax, bx), y2: my, t: wy }
    : { x1: mx, y1: Math.min(ay, by), x2: mx, y2: Math.max(ay, by), t: wx };
}

const cache = new WeakMap<NormalisedDrawing, Plan>();

/** The plan of a normalised drawing (memoised per drawing object). Synchronous and bounded. */
export function buildPlan(drawing: NormalisedDrawing): Plan {
  let plan = cache.get(drawing);
  if (!plan) {
    const g = drawing.geometry;
    if (g.noPlanReason) throw unprocessable(g.noPlanReason);
    const vector = readFromVectors(drawing);
    if (vector && !g.segments?.length) throw unprocessable('No walls could be found in this drawing.');
    plan = vector ? vectorPlan(drawing) : rasterPlan(drawing);
    if (!vector && g.metresPerUnit == null && g.texts?.length) {
      // Read again at the scale the room labels give, so that openings and rooms are judged in true metres.
      const factor = labelScaleFactor(plan, g.texts);
      if (factor) plan = { ...rasterPlan(drawing, plan.metresPerUnit * factor), scaleInferred: true };
    }
    cache.set(drawing, plan);
  }
  return plan;
}
