/**
 * A random building in metres (y up): rooms from a rectangle split again and again (each split is one wall running
 * across the part it splits, so walls meet in T-junctions and corners), optionally one corner cut by an angled
 * wall, doors on interior walls, windows and an entrance on the outside. Everything the drawing conventions draw,
 * and the exact truth they are scored against, comes from this one model.
 */
import type { Random } from './random';

export type Point = [number, number];

export interface Wall {
  a: Point;
  b: Point;
  /** Metres. */
  thickness: number;
  exterior: boolean;
  /** Stands free inside a room, touching no other wall. */
  freeStanding?: true;
}

export type OpeningKind = 'door' | 'window' | 'opening';

export interface Opening {
  wall: number;
  kind: OpeningKind;
  /** Metres along the wall from its end `a`. */
  from: number;
  to: number;
  /** Which face the door swings to (+1: the left of a → b), and whether it hinges at `from`. */
  side: 1 | -1;
  hingeAtFrom: boolean;
}

export interface Room {
  /** Counter-clockwise outline along the wall centrelines. */
  outline: Point[];
  /** The room's clear rectangle inside its walls: [minX, minY, maxX, maxY]. */
  clear: [number, number, number, number];
}

export interface Building {
  width: number;
  height: number;
  walls: Wall[];
  openings: Opening[];
  rooms: Room[];
}

export interface BuildingOptions {
  rooms: number;
  /** Cut one corner with a wall at 45°. */
  angled: boolean;
  /** The range of outer wall thickness, metres (interior walls are thinner). */
  exteriorThickness: [number, number];
  /** Walls standing free inside rooms, touching no other wall (a screen, a kitchen's back wall, an L-shaped core). */
  freeStanding?: boolean;
}

/** No room is split narrower than this (a bathroom, a corridor). */
const MIN_ROOM_SIDE_M = 2.4;
const DOOR_WIDTH_M: [number, number] = [0.75, 1.0];
const WINDOW_WIDTH_M: [number, number] = [0.6, 2.4];
/** An opening keeps this far from a junction, beyond the meeting wall's half thickness. */
const JUNCTION_CLEARANCE_M = 0.2;
const AREA_PER_ROOM_M2: [number, number] = [9, 45];
const BUILDING_SIDE_M: [number, number] = [4, 80];

type Rect = [number, number, number, number];
const area = (r: Rect) => (r[2] - r[0]) * (r[3] - r[1]);

export function randomBuilding(random: Random, options: BuildingOptions): Building {
  const total = options.rooms * random.between(...AREA_PER_ROOM_M2);
  const aspect = random.between(1, 2.2);
  const clamp = (v: number) => Math.min(BUILDING_SIDE_M[1], Math.max(BUILDING_SIDE_M[0], v));
  const width = Math.round(clamp(Math.sqrt(total * aspect)) * 10) / 10;
  const height = Math.round(clamp(total / width) * 10) / 10;
  const exterior = round2(random.between(...options.exteriorThickness));
  const interior = round2(Math.min(exterior, random.between(0.08, 0.2)));

  const leaves: Rect[] = [[0, 0, width, height]];
  const splits: Wall[] = [];
  while (leaves.length < options.rooms) {
    const order = leaves.map((_, i) => i).sort((p, q) => area(leaves[q]!) - area(leaves[p]!));
    const index = order.find((i) => splittable(leaves[i]!));
    if (index === undefined) break;
    const [x0, y0, x1, y1] = leaves[index]!;
    const vertical = x1 - x0 >= y1 - y0;
    const span = vertical ? x1 - x0 : y1 - y0;
    const lo = MIN_ROOM_SIDE_M / span;
    const at = round1((vertical ? x0 : y0) + span * random.between(Math.max(0.3, lo), Math.min(0.7, 1 - lo)));
    if (vertical) {
      leaves.splice(index, 1, [x0, y0, at, y1], [at, y0, x1, y1]);
      splits.push({ a: [at, y0], b: [at, y1], thickness: interior, exterior: false });
    } else {
      leaves.splice(index, 1, [x0, y0, x1, at], [x0, at, x1, y1]);
      splits.push({ a: [x0, at], b: [x1, at], thickness: interior, exterior: false });
    }
  }
  const chamfer = options.angled ? cornerCut(random, leaves) : 0;
  const outer: Wall[] = [
    { a: [chamfer, 0], b: [width, 0], thickness: exterior, exterior: true },
    { a: [width, 0], b: [width, height], thickness: exterior, exterior: true },
    { a: [width, height], b: [0, height], thickness: exterior, exterior: true },
    { a: [0, height], b: [0, chamfer], thickness: exterior, exterior: true },
  ];
  if (chamfer > 0) outer.push({ a: [0, chamfer], b: [chamfer, 0], thickness: exterior, exterior: true });
  const walls = [...outer, ...splits];
  const rooms = leaves.map((r) => roomOf(r, chamfer, walls));
  const openings = placeOpenings(random, walls);
  if (options.freeStanding) walls.push(...freeStandingWalls(random, rooms, interior));
  return { width, height, walls, openings, rooms };
}

/** A free-standing wall keeps this clear of the room's walls on every side: room to walk round it. */
const FREE_WALL_CLEARANCE_M = 0.9;
const FREE_WALL_SHARE: [number, number] = [0.35, 0.6];
/** A screen or a core is at least as long as a bed; a shorter box standing free is furniture. */
const FREE_WALL_MIN_M = 1.8;
const MAX_FREE_WALL_ROOMS = 2;

/**
 * Free-standing walls in the largest rooms that have space for them: a straight screen along the room's longer side,
 * or an L of two walls meeting at a corner (a core, a shower's walls). They touch no other wall and hold no opening.
 */
function freeStandingWalls(random: Random, rooms: Room[], thickness: number): Wall[] {
  const walls: Wall[] = [];
  const roomy = rooms
    .map((r) => r.clear)
    .filter(
      ([x0, y0, x1, y1]) =>
        Math.max(x1 - x0, y1 - y0) >= 2 * FREE_WALL_CLEARANCE_M + FREE_WALL_MIN_M / FREE_WALL_SHARE[1] &&
        Math.min(x1 - x0, y1 - y0) >= 2 * FREE_WALL_CLEARANCE_M + 1.2,
    )
    .sort((p, q) => area(q) - area(p))
    .slice(0, MAX_FREE_WALL_ROOMS);
  for (const [x0, y0, x1, y1] of roomy) {
    const c = FREE_WALL_CLEARANCE_M + thickness / 2;
    const inner: Rect = [x0 + c, y0 + c, x1 - c, y1 - c];
    const along = inner[2] - inner[0] >= inner[3] - inner[1];
    const span = along ? inner[2] - inner[0] : inner[3] - inner[1];
    const length = round1(Math.max(FREE_WALL_MIN_M, span * random.between(...FREE_WALL_SHARE)));
    const start = round1((along ? inner[0] : inner[1]) + random.between(0, span - length));
    const across = round1(along ? random.between(inner[1], inner[3]) : random.between(inner[0], inner[2]));
    const a: Point = along ? [start, across] : [across, start];
    const b: Point = along ? [start + length, across] : [across, start + length];
    walls.push({ a, b, thickness, exterior: false, freeStanding: true });
    if (!random.chance(0.5)) continue;
    // The L's short leg runs from the screen's end to the side with more space, as far as the clearance allows.
    const [lo, hi] = along ? [inner[1], inner[3]] : [inner[0], inner[2]];
    const far = across - lo > hi - across ? lo : hi;
    const leg = round1(Math.min(Math.abs(far - across), length * 0.6) * Math.sign(far - across));
    if (Math.abs(leg) < 0.8) continue;
    walls.push({
      a: b,
      b: along ? [b[0], b[1] + leg] : [b[0] + leg, b[1]],
      thickness,
      exterior: false,
      freeStanding: true,
    });
  }
  return walls;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

const splittable = ([x0, y0, x1, y1]: Rect) => Math.max(x1 - x0, y1 - y0) >= 2 * MIN_ROOM_SIDE_M;

/** The size of a 45° cut across the corner at the origin: only where the corner room has room for it. */
function cornerCut(random: Random, leaves: Rect[]): number {
  const corner = leaves.find((r) => r[0] === 0 && r[1] === 0)!;
  const side = Math.min(corner[2], corner[3]);
  if (side < 3) return 0;
  return round1(side * random.between(0.3, 0.5));
}

function roomOf(r: Rect, chamfer: number, walls: Wall[]): Room {
  const [x0, y0, x1, y1] = r;
  const outline: Point[] =
    chamfer > 0 && x0 === 0 && y0 === 0
      ? [
          [chamfer, 0],
          [x1, 0],
          [x1, y1],
          [0, y1],
          [0, chamfer],
        ]
      : [
          [x0, y0],
          [x1, y0],
          [x1, y1],
          [x0, y1],
        ];
  const inset = Math.max(...walls.map((w) => w.thickness)) / 2;
  const cut = chamfer > 0 && x0 === 0 && y0 === 0 ? chamfer / 2 : 0;
  return { outline, clear: [x0 + inset + cut, y0 + inset + cut, x1 - inset, y1 - inset] };
}

/** Points along wall `w` (metres from `a`) where other walls meet it, with the meeting wall's half thickness. */
function junctionsOn(w: Wall, walls: Wall[]): { at: number; halfWidth: number }[] {
  const length = wallLength(w);
  const [ux, uy] = [(w.b[0] - w.a[0]) / length, (w.b[1] - w.a[1]) / length];
  const found = [
    { at: 0, halfWidth: 0 },
    { at: length, halfWidth: 0 },
  ];
  for (const other of walls) {
    if (other === w) continue;
    for (const p of [other.a, other.b]) {
      const dx = p[0] - w.a[0];
      const dy = p[1] - w.a[1];
      const along = dx * ux + dy * uy;
      const across = Math.abs(-dx * uy + dy * ux);
      if (across < 1e-6 && along >= -1e-6 && along <= length + 1e-6)
        found.push({ at: along, halfWidth: other.thickness / 2 });
    }
  }
  return found.sort((p, q) => p.at - q.at);
}

export const wallLength = (w: Pick<Wall, 'a' | 'b'>) => Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]);

/** Stretches of a wall between junctions where an opening of `width` fits, with its clearances. */
function freeStretches(w: Wall, walls: Wall[], width: number): [number, number][] {
  const points = junctionsOn(w, walls);
  const stretches: [number, number][] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i]!.at + Math.max(points[i]!.halfWidth, w.thickness / 2) + JUNCTION_CLEARANCE_M;
    const to = points[i + 1]!.at - Math.max(points[i + 1]!.halfWidth, w.thickness / 2) - JUNCTION_CLEARANCE_M;
    if (to - from >= width) stretches.push([from, to]);
  }
  return stretches;
}

function placeOne(
  random: Random,
  walls: Wall[],
  wall: number,
  kind: OpeningKind,
  width: number,
): Opening | null {
  const stretches = freeStretches(walls[wall]!, walls, width);
  if (!stretches.length) return null;
  const [lo, hi] = random.pick(stretches);
  const from = round2(random.between(lo, hi - width));
  return {
    wall,
    kind,
    from,
    to: round2(from + width),
    side: random.chance(0.5) ? 1 : -1,
    hingeAtFrom: random.chance(0.5),
  };
}

/** A door (or now and then a plain opening) in every interior wall, an entrance, and windows outside. */
function placeOpenings(random: Random, walls: Wall[]): Opening[] {
  const openings: Opening[] = [];
  const taken = new Map<number, [number, number][]>();
  const add = (o: Opening | null) => {
    if (!o) return;
    const busy = taken.get(o.wall) ?? [];
    if (busy.some(([a, b]) => o.from < b + 0.3 && o.to > a - 0.3)) return;
    busy.push([o.from, o.to]);
    taken.set(o.wall, busy);
    openings.push(o);
  };
  walls.forEach((w, i) => {
    if (w.exterior) return;
    const kind: OpeningKind = random.chance(0.85) ? 'door' : 'opening';
    add(placeOne(random, walls, i, kind, round2(random.between(...DOOR_WIDTH_M))));
  });
  const outside = walls.map((w, i) => ({ w, i })).filter(({ w }) => w.exterior && wallLength(w) > 2);
  add(placeOne(random, walls, random.pick(outside).i, 'door', round2(random.between(0.9, 1.0))));
  for (const { i } of outside) {
    const count = random.int(0, 3);
    for (let k = 0; k < count; k++)
      add(placeOne(random, walls, i, 'window', round2(random.between(...WINDOW_WIDTH_M))));
  }
  return openings;
}
