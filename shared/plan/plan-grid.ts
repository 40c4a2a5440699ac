/**
 * The plan grid: a coarse raster of a plan's walls in world metres (at most ~260 cells a side) that gives the floor
 * area, the enclosed rooms (flood fill with openings closed) and each cell's distance to a wall. The reader builds it
 * from what it read, the renderer from the 3D model (engine/render/model-plan.ts), and a plan edited by its user
 * recomputes its rooms from it (shared/plan/rooms.ts).
 */
import { pointSegmentDistance } from './geometry';
import { distanceTransform, floodOutside } from './grid-mask';

export interface WallPiece {
  /** Centreline in world metres. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Thickness in metres. */
  t: number;
}

export type OpeningKind = 'door' | 'window' | 'opening';
export interface Opening extends WallPiece {
  kind: OpeningKind;
}

export interface PlanGrid {
  w: number;
  h: number;
  /** Cell size, metres. */
  cell: number;
  /** World coordinates of the grid's (0, 0) corner. */
  ox: number;
  oy: number;
  wall: Uint8Array;
  /** Walls plus openings: what closes a room. */
  barrier: Uint8Array;
  outside: Uint8Array;
  /** Room index + 1 for enclosed floor cells, 0 elsewhere. */
  room: Int32Array;
  /** Distance to the nearest wall cell, metres. */
  wallDist: Float32Array;
}

/** Cells a side of the grid over a plan's extent. */
export const GRID_SIDE = 256;
/** The finest grid cell, metres: a small plan's grid is no finer than this. */
export const MIN_CELL_M = 0.03;
/** Cells of margin around the walls, so the outside can flood around them. */
const GRID_MARGIN_CELLS = 3;

/** A grid of `cell`-metre cells over world bounds, with a margin of empty cells all round. */
export function gridOver(
  bounds: { minX: number; minY: number; maxX: number; maxY: number },
  cell: number,
): Pick<PlanGrid, 'w' | 'h' | 'cell' | 'ox' | 'oy'> {
  return {
    cell,
    ox: bounds.minX - GRID_MARGIN_CELLS * cell,
    oy: bounds.minY - GRID_MARGIN_CELLS * cell,
    w: Math.ceil((bounds.maxX - bounds.minX) / cell) + 2 * GRID_MARGIN_CELLS,
    h: Math.ceil((bounds.maxY - bounds.minY) / cell) + 2 * GRID_MARGIN_CELLS,
  };
}
const MIN_ROOM_AREA = 1.5;
/** Metres across at a room's widest point (a strip narrower than this is no room). */
const MIN_ROOM_WIDTH = 0.85;

// ---------------------------------------------------------------------------------------------------------------
// Grid helpers

/** Greedy cover of a mask by axis-aligned rectangles [x0, y0, x1, y1) in cells. */
export function maskRects(mask: Uint8Array, w: number, h: number): [number, number, number, number][] {
  const used = new Uint8Array(w * h);
  const out: [number, number, number, number][] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i] || used[i]) continue;
      let x1 = x + 1;
      while (x1 < w && mask[y * w + x1] && !used[y * w + x1]) x1++;
      let y1 = y + 1;
      for (; y1 < h; y1++) {
        let full = true;
        for (let xx = x; xx < x1; xx++) {
          const j = y1 * w + xx;
          if (!mask[j] || used[j]) {
            full = false;
            break;
          }
        }
        if (!full) break;
      }
      for (let yy = y; yy < y1; yy++) used.fill(1, yy * w + x, yy * w + x1);
      out.push([x, y, x1, y1]);
    }
  }
  return out;
}

/**
 * The rooms: regions of free cells (not barrier, not outside) of at least MIN_ROOM_AREA whose widest point is at
 * least MIN_ROOM_WIDTH across (narrower is a strip between a building and its site wall, a duct, a gap between two
 * walls), where the grid is fine enough to tell (cells of 8 cm or less).
 */
function labelRooms(barrier: Uint8Array, outside: Uint8Array, w: number, h: number, cell: number) {
  const cellArea = cell * cell;
  const blocked = new Uint8Array(w * h);
  for (let i = 0; i < blocked.length; i++) blocked[i] = barrier[i] || outside[i] ? 1 : 0;
  const depth = cell <= 0.08 ? distanceTransform(blocked, w, h) : null;
  const room = new Int32Array(w * h);
  const rooms: { area: number }[] = [];
  const label = new Int32Array(w * h).fill(-1);
  // The cells of the region being filled, from 0 (one array for every region).
  const members = new Int32Array(w * h);
  for (let s = 0; s < w * h; s++) {
    if (barrier[s] || outside[s] || label[s] !== -1) continue;
    const count = fillRegion(s, barrier, outside, label, members, w, h);
    const area = count * cellArea;
    let deepest = 0;
    if (depth) for (let k = 0; k < count; k++) deepest = Math.max(deepest, depth[members[k]!]!);
    const wideEnough = !depth || (2 * deepest - 1) * cell >= MIN_ROOM_WIDTH;
    if (area >= MIN_ROOM_AREA && wideEnough) {
      rooms.push({ area });
      for (let k = 0; k < count; k++) room[members[k]!] = rooms.length;
    }
  }
  return { room, rooms };
}

/**
 * Labels the free cells 4-connected to `seed` with its index and lists them in `members` from 0; returns how many.
 * Free: not a barrier, not outside, not labelled yet.
 */
function fillRegion(
  seed: number,
  barrier: Uint8Array,
  outside: Uint8Array,
  label: Int32Array,
  members: Int32Array,
  w: number,
  h: number,
): number {
  label[seed] = seed;
  members[0] = seed;
  let count = 1;
  for (let k = 0; k < count; k++) {
    const i = members[k]!;
    const x = i % w;
    for (let side = 0; side < 4; side++) {
      const j =
        side === 0
          ? x > 0
            ? i - 1
            : -1
          : side === 1
            ? x < w - 1
              ? i + 1
              : -1
            : side === 2
              ? i >= w
                ? i - w
                : -1
              : i < (h - 1) * w
                ? i + w
                : -1;
      if (j < 0 || barrier[j] || outside[j] || label[j] !== -1) continue;
      label[j] = seed;
      members[count++] = j;
    }
  }
  return count;
}

/** Marks the cells covered by a thick segment. */
export function stampPiece(
  mask: Uint8Array,
  g: Pick<PlanGrid, 'w' | 'h' | 'cell' | 'ox' | 'oy'>,
  p: WallPiece,
) {
  const r = p.t / 2 + g.cell * 0.5;
  const cx0 = Math.max(0, Math.floor((Math.min(p.x1, p.x2) - r - g.ox) / g.cell));
  const cx1 = Math.min(g.w - 1, Math.floor((Math.max(p.x1, p.x2) + r - g.ox) / g.cell));
  const cy0 = Math.max(0, Math.floor((Math.min(p.y1, p.y2) - r - g.oy) / g.cell));
  const cy1 = Math.min(g.h - 1, Math.floor((Math.max(p.y1, p.y2) + r - g.oy) / g.cell));
  for (let y = cy0; y <= cy1; y++) {
    for (let x = cx0; x <= cx1; x++) {
      const px = g.ox + (x + 0.5) * g.cell;
      const py = g.oy + (y + 0.5) * g.cell;
      if (pointSegmentDistance(px, py, p.x1, p.y1, p.x2, p.y2) <= r) mask[y * g.w + x] = 1;
    }
  }
}

export function finishGrid(
  base: Pick<PlanGrid, 'w' | 'h' | 'cell' | 'ox' | 'oy'>,
  wall: Uint8Array,
  openings: Opening[],
  /** Drawn lines that close rooms without being walls (the faces of a wall mass, a jamb). */
  closers: WallPiece[] = [],
): { grid: PlanGrid; rooms: { area: number }[] } {
  const { w, h, cell } = base;
  const barrier = wall.slice();
  for (const o of openings) stampPiece(barrier, base, o);
  for (const c of closers) stampPiece(barrier, base, c);
  const outside = floodOutside(barrier, w, h);
  const { room, rooms } = labelRooms(barrier, outside, w, h, cell);
  const dist = distanceTransform(wall, w, h);
  for (let i = 0; i < dist.length; i++) dist[i] = dist[i]! * cell;
  return { grid: { ...base, wall, barrier, outside, room, wallDist: dist }, rooms };
}

/** A wall's centreline lengthened by half its thickness at each end, so that walls meeting at a corner close it. */
export function lengthenedPiece(x1: number, y1: number, x2: number, y2: number, t: number): WallPiece {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ex = ((x2 - x1) / len) * (t / 2);
  const ey = ((y2 - y1) / len) * (t / 2);
  return { x1: x1 - ex, y1: y1 - ey, x2: x2 + ex, y2: y2 + ey, t };
}

/**
 * The plan grid of walls and openings in world metres, over the walls' extent (at most GRID_SIDE cells a side, no
 * finer than MIN_CELL_M): what the renderer shades and what an edited plan's rooms are found on.
 */
export function gridOfWalls(
  walls: readonly WallPiece[],
  openings: readonly Opening[],
): {
  grid: PlanGrid;
  rooms: { area: number }[];
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
} {
  const bounds = {
    minX: Math.min(...walls.map((w) => Math.min(w.x1, w.x2) - w.t / 2)),
    maxX: Math.max(...walls.map((w) => Math.max(w.x1, w.x2) + w.t / 2)),
    minY: Math.min(...walls.map((w) => Math.min(w.y1, w.y2) - w.t / 2)),
    maxY: Math.max(...walls.map((w) => Math.max(w.y1, w.y2) + w.t / 2)),
  };
  const side = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  const base = gridOver(bounds, Math.max(side / GRID_SIDE, MIN_CELL_M));
  const wall = new Uint8Array(base.w * base.h);
  for (const piece of walls) stampPiece(wall, base, piece);
  return { ...finishGrid(base, wall, [...openings]), bounds };
}
