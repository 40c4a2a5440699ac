import { cellsAlongSegment, gridCellKey, signedArea } from '../plan/geometry';
import type { PlanModel, PlanOpening, PlanPoint } from '../plan/schema';
import { footprintOutline } from './footprint';
import { holdsStair } from './stairwell';
import {
  DEFAULT_SCENE_OPTIONS,
  type Scene,
  type SceneBox,
  type SceneOpening,
  type SceneOptions,
  type SceneRoom,
  type SceneStair,
  type SceneWall,
  type Vec3,
} from './types';

type Plan = Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'> &
  Partial<Pick<PlanModel, 'storeyHeight' | 'stairs'>>;
type Floor = [number, number];

/** Openings narrower than this (metres) are noise; a door leaf or a pane is this thick. */
const MIN_OPENING_M = 0.2;
const PANEL_M = 0.04;

/**
 * Plan → scene: walls raised to the storey height (the options', else the plan's, else 2.70 m) with their thickness, doors and windows cut through the walls
 * they lie on, a floor slab per room and an optional flat roof over them. Pure and deterministic.
 */
export function buildScene(plan: Plan, options: Partial<SceneOptions> = {}): Scene {
  const o = {
    ...DEFAULT_SCENE_OPTIONS,
    ...(plan.storeyHeight ? { storeyHeight: plan.storeyHeight } : {}),
    ...options,
  };
  const mpu = plan.space.metresPerUnit;
  const origin = planOrigin(plan);
  const toFloor = (p: PlanPoint): Floor => [
    (p[0] - origin[0]) * mpu,
    (plan.space.yDown ? p[1] - origin[1] : -(p[1] - origin[1])) * mpu,
  ];
  const warnings: string[] = [];

  const walls: SceneWall[] = [];
  const wallOfPlan = new Map<number, number>();
  plan.walls.forEach((w, planIndex) => {
    const start = toFloor(w.a);
    const end = toFloor(w.b);
    const length = Math.hypot(end[0] - start[0], end[1] - start[1]);
    if (length < 1e-6) return;
    wallOfPlan.set(planIndex, walls.length);
    walls.push({
      name: `Wall ${walls.length + 1}`,
      planIndex,
      start,
      end,
      length,
      thickness: Math.max(w.thickness * mpu, 0.01),
      height: o.storeyHeight,
      pieces: [],
    });
  });

  // Each opening on the wall it lies along, as an interval of that wall's length.
  const cuts = walls.map(() => [] as { from: number; to: number; opening: PlanOpening }[]);
  let unplaced = 0;
  const nearby = wallIndex(walls);
  for (const opening of plan.openings) {
    let placed = placeOpening(opening, walls, nearby, toFloor);
    if (!placed) {
      // Readers draw most doors and windows as a gap between two walls: a wall is built across the gap (the
      // lintel over a door, the sill and lintel of a window) and the opening is cut through all of it.
      const bridge = bridgeOpening(opening, walls, nearby, toFloor, o.storeyHeight);
      if (bridge) {
        bridge.name = `Wall ${walls.length + 1}`;
        walls.push(bridge);
        cuts.push([]);
        placed = { wall: walls.length - 1, from: 0, to: bridge.length };
      }
    }
    if (placed) cuts[placed.wall]!.push({ from: placed.from, to: placed.to, opening });
    else unplaced++;
  }
  if (unplaced) warnings.push(`${unplaced} opening(s) are not on a wall and were left out of the model.`);

  const openings: SceneOpening[] = [];
  const counts = { door: 0, window: 0, opening: 0 };
  const runOn = cornerRunOn(walls, nearby);
  walls.forEach((wall, index) => {
    const intervals = mergeIntervals(cuts[index]!);
    let at = -runOn[index]![0];
    for (const cut of intervals) {
      if (cut.from > at) wall.pieces.push(piece(wall, at, cut.from, 0, wall.height));
      const kind = cut.opening.kind;
      const sill = kind === 'window' ? Math.min(cut.opening.sillM ?? o.windowSill, wall.height) : 0;
      const defaultHead = kind === 'window' ? o.windowHead : o.doorHead;
      const head = Math.min(Math.max(cut.opening.headM ?? defaultHead, sill + 0.1), wall.height);
      if (sill > 0) wall.pieces.push(piece(wall, cut.from, cut.to, 0, sill));
      if (head < wall.height) wall.pieces.push(piece(wall, cut.from, cut.to, head, wall.height));
      counts[kind]++;
      const label = kind === 'door' ? 'Door' : kind === 'window' ? 'Window' : 'Opening';
      const voidBox = piece(wall, cut.from, cut.to, sill, head);
      openings.push({
        name: `${label} ${counts[kind]}`,
        kind,
        wallIndex: index,
        void: voidBox,
        sill,
        head,
        panel:
          kind === 'opening'
            ? null
            : { ...voidBox, size: [voidBox.size[0], voidBox.size[1], Math.min(PANEL_M, wall.thickness)] },
      });
      at = cut.to;
    }
    const last = wall.length + runOn[index]![1];
    if (at < last) wall.pieces.push(piece(wall, at, last, 0, wall.height));
  });

  const rooms: SceneRoom[] = plan.rooms.map((room, i) => {
    const outline = counterClockwise(room.polygon.map(toFloor));
    const name = room.label?.trim() || `Room ${i + 1}`;
    return {
      name,
      outline,
      areaM2: room.areaM2,
      slabThickness: o.slabThickness,
      ...(holdsStair(name, room.polygon, plan.stairs) ? { stair: true } : {}),
    };
  });

  const stairs = (plan.stairs ?? []).map((stair, i) =>
    flightOf(`Stair ${i + 1}`, stair.outline.map(toFloor), stair.treads, o.storeyHeight),
  );

  const outline = footprint(rooms, walls);
  const roof = o.roof && outline ? { outline, level: o.storeyHeight, thickness: o.slabThickness } : null;
  const floor = !rooms.length && outline ? { outline, thickness: o.slabThickness } : null;

  return {
    units: 'm',
    storeyHeight: o.storeyHeight,
    planOrigin: origin,
    metresPerUnit: mpu,
    planYDown: plan.space.yDown,
    walls,
    openings,
    rooms,
    ...(stairs.length ? { stairs } : {}),
    footprint: outline,
    floors: floor ? [floor] : [],
    roof,
    bounds: sceneBounds(walls, rooms, floor, roof, o),
    warnings,
  };
}

/** The plan point at the scene origin: the lower-left corner of the walls and rooms as drawn. */
function planOrigin(plan: Plan): [number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const add = (p: PlanPoint) => {
    minX = Math.min(minX, p[0]);
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  };
  for (const w of plan.walls) {
    add(w.a);
    add(w.b);
  }
  for (const r of plan.rooms) for (const p of r.polygon) add(p);
  if (!Number.isFinite(minX)) return [0, 0];
  // Lower on the sheet: the smallest y when y runs up, the largest when it runs down.
  return [minX, plan.space.yDown ? maxY : minY];
}

/** A wall piece between `from` and `to` along the wall and between heights `bottom` and `top`. */
function piece(wall: SceneWall, from: number, to: number, bottom: number, top: number): SceneBox {
  const ux = (wall.end[0] - wall.start[0]) / wall.length;
  const uz = (wall.end[1] - wall.start[1]) / wall.length;
  const mid = (from + to) / 2;
  return {
    center: [wall.start[0] + ux * mid, (bottom + top) / 2, wall.start[1] + uz * mid],
    size: [to - from, top - bottom, wall.thickness],
    // Turning +X by θ about +Y gives (cos θ, 0, −sin θ).
    rotationY: Math.atan2(-uz, ux),
  };
}

/**
 * A flight climbing a storey: its treads, each a solid step from the floor up to its tread, from the foot (the
 * outline's first two corners) to the head; the treads rise evenly, the last a riser below the floor above.
 */
function flightOf(name: string, outline: Floor[], treads: number, storeyHeight: number): SceneStair {
  const [a, b, c, d] = outline as [Floor, Floor, Floor, Floor];
  const foot: Floor = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const head: Floor = [(c[0] + d[0]) / 2, (c[1] + d[1]) / 2];
  const run = Math.hypot(head[0] - foot[0], head[1] - foot[1]);
  const width = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const ux = run > 0 ? (head[0] - foot[0]) / run : 1;
  const uz = run > 0 ? (head[1] - foot[1]) / run : 0;
  const going = run / treads;
  const rise = storeyHeight / (treads + 1);
  const steps = Array.from({ length: treads }, (_, k): SceneBox => {
    const top = (k + 1) * rise;
    const along = (k + 0.5) * going;
    return {
      center: [foot[0] + ux * along, top / 2, foot[1] + uz * along],
      size: [going, top, width],
      rotationY: Math.atan2(-uz, ux),
    };
  });
  return { name, treads, steps };
}

/** Two wall ends this close (metres) meet at a corner. */
const CORNER_REACH_M = 0.01;
/** Walls meeting at an angle whose sine is below this run on in line: no corner to fill. */
const MIN_CORNER_SINE = 0.2;

/**
 * How far each wall runs on past its start and its end: where two walls end at one point at an angle (an L corner),
 * each runs on by half the other's thickness, so their boxes fill the corner's outer square instead of leaving a
 * notch. A wall ending on another's side (a T) already reaches that one's centreline.
 */
function cornerRunOn(
  walls: readonly SceneWall[],
  nearby: (p: Floor) => readonly number[],
): [number, number][] {
  const units = walls.map(
    (w): Floor => [(w.end[0] - w.start[0]) / w.length, (w.end[1] - w.start[1]) / w.length],
  );
  const meets = (p: Floor, q: Floor) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= CORNER_REACH_M;
  const runOnAt = (index: number, end: Floor) => {
    const [ux, uz] = units[index]!;
    let run = 0;
    for (const other of nearby(end)) {
      const wall = walls[other]!;
      if (other === index || !(meets(wall.start, end) || meets(wall.end, end))) continue;
      const [vx, vz] = units[other]!;
      if (Math.abs(ux * vz - uz * vx) >= MIN_CORNER_SINE) run = Math.max(run, wall.thickness / 2);
    }
    return run;
  };
  return walls.map((wall, index) => [runOnAt(index, wall.start), runOnAt(index, wall.end)]);
}

/**
 * The wall an opening lies on (its midpoint within the wall's half thickness of the centreline, or 10 cm, and its
 * direction along the wall) and the interval it covers, clipped to the wall; null when no wall carries it.
 */
function placeOpening(
  opening: PlanOpening,
  walls: SceneWall[],
  nearby: (p: Floor) => readonly number[],
  toFloor: (p: PlanPoint) => Floor,
): { wall: number; from: number; to: number } | null {
  const a = toFloor(opening.a);
  const b = toFloor(opening.b);
  const mid: Floor = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  let best: { wall: number; from: number; to: number; distance: number } | null = null;
  for (const index of nearby(mid)) {
    const wall = walls[index]!;
    const ux = (wall.end[0] - wall.start[0]) / wall.length;
    const uz = (wall.end[1] - wall.start[1]) / wall.length;
    const along = (p: Floor) => (p[0] - wall.start[0]) * ux + (p[1] - wall.start[1]) * uz;
    const across = (p: Floor) => Math.abs(-(p[0] - wall.start[0]) * uz + (p[1] - wall.start[1]) * ux);
    const distance = across(mid);
    if (distance > reachOf(wall)) continue;
    const from = Math.max(0, Math.min(along(a), along(b)));
    const to = Math.min(wall.length, Math.max(along(a), along(b)));
    if (to - from < MIN_OPENING_M) continue;
    if (!best || distance < best.distance) best = { wall: index, from, to, distance };
  }
  if (!best) return null;
  const { wall, from, to } = best;
  return { wall, from, to };
}

/** Openings wider than this (metres) are not bridged: a gap that wide is a missing wall, not a door or window. */
const MAX_BRIDGE_M = 6;

/**
 * A wall across an opening drawn as a gap: the opening's ends touch the end of at least one wall running the
 * same way (within that wall's thickness), whose thickness the new wall takes. Null when nothing carries it.
 */
function bridgeOpening(
  opening: PlanOpening,
  walls: SceneWall[],
  nearby: (p: Floor) => readonly number[],
  toFloor: (p: PlanPoint) => Floor,
  height: number,
): SceneWall | null {
  const a = toFloor(opening.a);
  const b = toFloor(opening.b);
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length < MIN_OPENING_M || length > MAX_BRIDGE_M) return null;
  const ux = (b[0] - a[0]) / length;
  const uz = (b[1] - a[1]) / length;
  let thickness = 0;
  for (const end of [a, b])
    for (const index of nearby(end)) {
      const wall = walls[index]!;
      const wx = (wall.end[0] - wall.start[0]) / wall.length;
      const wz = (wall.end[1] - wall.start[1]) / wall.length;
      if (Math.abs(wx * ux + wz * uz) < 0.95) continue;
      const touch = Math.max(wall.thickness, 0.15);
      const near = [wall.start, wall.end].some((p) => Math.hypot(p[0] - end[0], p[1] - end[1]) <= touch);
      if (near) thickness = Math.max(thickness, wall.thickness);
    }
  if (!thickness) return null;
  return { name: '', planIndex: -1, start: a, end: b, length, thickness, height, pieces: [] };
}

/** How far from a wall's centreline an opening's midpoint may lie and still be on it. */
const reachOf = (wall: SceneWall) => Math.max(wall.thickness / 2, 0.1);

/**
 * The walls near a floor point, through a grid (2 m cells, coarser for very large plans) in which each wall is
 * filed under the cells along it within its reach: placing openings costs O(openings), not O(openings × walls).
 */
function wallIndex(walls: SceneWall[]): (p: Floor) => readonly number[] {
  let extent = 0;
  for (const w of walls)
    extent = Math.max(
      extent,
      Math.abs(w.start[0]),
      Math.abs(w.start[1]),
      Math.abs(w.end[0]),
      Math.abs(w.end[1]),
    );
  const cell = Math.max(2, extent / 1024);
  const cells = new Map<number, number[]>();
  walls.forEach((w, index) => {
    for (const k of cellsAlongSegment(w.start[0], w.start[1], w.end[0], w.end[1], reachOf(w), cell)) {
      const list = cells.get(k);
      if (list) list.push(index);
      else cells.set(k, [index]);
    }
  });
  return (p) => cells.get(gridCellKey(Math.floor(p[0] / cell), Math.floor(p[1] / cell))) ?? [];
}

/** Overlapping openings on one wall become one (the first one's kind): a wall is cut once at each place. */
function mergeIntervals<T extends { from: number; to: number }>(intervals: T[]): T[] {
  const sorted = [...intervals].sort((p, q) => p.from - q.from);
  const out: T[] = [];
  for (const it of sorted) {
    const last = out[out.length - 1];
    if (last && it.from < last.to) last.to = Math.max(last.to, it.to);
    else out.push({ ...it });
  }
  return out;
}

/** Counter-clockwise seen from above (+Y): in (x, z) that is a negative signed area (z points toward the viewer). */
function counterClockwise(outline: Floor[]): Floor[] {
  return signedArea(outline) > 0 ? [...outline].reverse() : outline;
}

/**
 * The building's outline: what the walls enclose (an L-shaped house is an L); the walls' outer extent as a
 * rectangle when they enclose nothing; the rooms' extent when there are no walls.
 */
function footprint(rooms: SceneRoom[], walls: SceneWall[]): Floor[] | null {
  const enclosed = footprintOutline(walls);
  if (enclosed) return counterClockwise(enclosed);
  const points: Floor[] = [];
  for (const w of walls) {
    const nx = (-(w.end[1] - w.start[1]) / w.length) * (w.thickness / 2);
    const nz = ((w.end[0] - w.start[0]) / w.length) * (w.thickness / 2);
    for (const p of [w.start, w.end]) points.push([p[0] + nx, p[1] + nz], [p[0] - nx, p[1] - nz]);
  }
  if (!points.length) for (const r of rooms) points.push(...r.outline);
  if (!points.length) return null;
  const xs = points.map((p) => p[0]);
  const zs = points.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  return counterClockwise([
    [x0, z0],
    [x1, z0],
    [x1, z1],
    [x0, z1],
  ]);
}

function sceneBounds(
  walls: SceneWall[],
  rooms: SceneRoom[],
  floor: Scene['floors'][number] | null,
  roof: Scene['roof'],
  o: SceneOptions,
): Scene['bounds'] {
  const min: Vec3 = [Number.POSITIVE_INFINITY, 0, Number.POSITIVE_INFINITY];
  const max: Vec3 = [Number.NEGATIVE_INFINITY, 0, Number.NEGATIVE_INFINITY];
  const add = (x: number, y: number, z: number) => {
    min[0] = Math.min(min[0], x);
    min[1] = Math.min(min[1], y);
    min[2] = Math.min(min[2], z);
    max[0] = Math.max(max[0], x);
    max[1] = Math.max(max[1], y);
    max[2] = Math.max(max[2], z);
  };
  for (const w of walls) for (const box of w.pieces) for (const c of boxCorners(box)) add(...c);
  for (const r of rooms) for (const [x, z] of r.outline) add(x, -r.slabThickness, z);
  if (floor) for (const [x, z] of floor.outline) add(x, -floor.thickness, z);
  if (roof) for (const [x, z] of roof.outline) add(x, roof.level + roof.thickness, z);
  if (!Number.isFinite(min[0])) return { min: [0, 0, 0], max: [0, o.storeyHeight, 0] };
  return { min, max };
}

/** The eight corners of a box, in scene space. */
export function boxCorners(box: SceneBox): Vec3[] {
  const [hx, hy, hz] = [box.size[0] / 2, box.size[1] / 2, box.size[2] / 2];
  const cos = Math.cos(box.rotationY);
  const sin = Math.sin(box.rotationY);
  const corners: Vec3[] = [];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1])
      for (const sz of [-1, 1]) {
        const lx = sx * hx;
        const lz = sz * hz;
        // Rotation about +Y: x' = x cos θ + z sin θ, z' = −x sin θ + z cos θ.
        corners.push([
          box.center[0] + lx * cos + lz * sin,
          box.center[1] + sy * hy,
          box.center[2] - lx * sin + lz * cos,
        ]);
      }
  return corners;
}
