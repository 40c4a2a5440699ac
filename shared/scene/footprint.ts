/**
 * The building's footprint: what its walls enclose, with the walls, as one outline on the floor (x, z metres). An
 * L-shaped house gets an L-shaped roof and floor, not the rectangle around it. Pure and bounded (a grid of at most
 * 400 cells a side).
 */
import { dropCollinear, traceRegionOutline, visitCellsAlongSegment } from '../plan/geometry';
import { dilateSquare, floodOutside } from '../plan/grid-mask';
import type { SceneWall } from './types';

type Floor = [number, number];

const MAX_CELLS = 400;
const MIN_CELL = 0.05;
/**
 * Gaps in the outer walls up to twice these (doors, windows, a garage door, a wall the reader missed) are closed,
 * the smallest first: the larger closings only where the smaller leave the walls enclosing less than
 * `SOLID_SHARE` of their bounding box (a footprint far emptier than a U is an outside that got in).
 */
const CLOSE_GAPS_M = [1.0, 1.75, 2.5];
const SOLID_SHARE = 0.5;
/** Unless the footprint is this much larger than the walls' own cells, they enclose nothing. */
const ENCLOSED = 1.3;

/** The largest 4-connected piece of a mask, as a mask of 1s. */
function largestPiece(mask: Uint8Array, w: number, h: number): { piece: Uint8Array; size: number } {
  const label = new Int32Array(w * h);
  // Each cell is pushed once (labelled as it is pushed): the stack never holds more than all the cells.
  const stack = new Int32Array(w * h);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  for (let s = 0; s < w * h; s++) {
    if (!mask[s] || label[s]) continue;
    next++;
    let size = 0;
    let top = 0;
    label[s] = next;
    stack[top++] = s;
    while (top > 0) {
      const i = stack[--top]!;
      size++;
      const x = i % w;
      const neighbours = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w];
      for (const j of neighbours) {
        if (j < 0 || j >= w * h || !mask[j] || label[j]) continue;
        label[j] = next;
        stack[top++] = j;
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  const piece = new Uint8Array(w * h);
  if (best) for (let i = 0; i < piece.length; i++) if (label[i] === best) piece[i] = 1;
  return { piece, size: bestSize };
}

/** Douglas–Peucker on a closed ring: staircases of grid cells along a slanting wall become its slant. */
function simplifyRing(points: Floor[], tolerance: number): Floor[] {
  if (points.length < 5) return points;
  const far = (a: Floor) => {
    let best = 0;
    let bestD = -1;
    points.forEach((p, i) => {
      const d = Math.hypot(p[0] - a[0], p[1] - a[1]);
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  };
  const i0 = 0;
  const i1 = far(points[0]!);
  const keep = new Uint8Array(points.length);
  keep[i0] = 1;
  keep[i1] = 1;
  const simplify = (from: number, to: number) => {
    // The run from → to going forward round the ring.
    const n = points.length;
    const a = points[from]!;
    const b = points[to]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    let best = -1;
    let bestD = tolerance;
    for (let k = (from + 1) % n; k !== to; k = (k + 1) % n) {
      const p = points[k]!;
      const d = Math.abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / len;
      if (d > bestD) {
        bestD = d;
        best = k;
      }
    }
    if (best < 0) return;
    keep[best] = 1;
    simplify(from, best);
    simplify(best, to);
  };
  simplify(i0, i1);
  simplify(i1, i0);
  return points.filter((_, i) => keep[i]);
}

/**
 * The outline (x, z) of what the walls enclose, walls included: gaps up to about 2 m are bridged so that doors and
 * windows do not let the outside in; only the largest piece is kept. Null when the walls enclose nothing.
 */
export function footprintOutline(walls: readonly SceneWall[]): Floor[] | null {
  if (!walls.length) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minZ = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxZ = Number.NEGATIVE_INFINITY;
  for (const w of walls)
    for (const p of [w.start, w.end]) {
      minX = Math.min(minX, p[0] - w.thickness);
      maxX = Math.max(maxX, p[0] + w.thickness);
      minZ = Math.min(minZ, p[1] - w.thickness);
      maxZ = Math.max(maxZ, p[1] + w.thickness);
    }
  const cell = Math.max(MIN_CELL, Math.max(maxX - minX, maxZ - minZ) / MAX_CELLS);
  const pad = Math.ceil(CLOSE_GAPS_M[CLOSE_GAPS_M.length - 1]! / cell) + 2;
  const gx0 = Math.floor(minX / cell) - pad;
  const gz0 = Math.floor(minZ / cell) - pad;
  const w = Math.ceil(maxX / cell) + pad - gx0 + 1;
  const h = Math.ceil(maxZ / cell) + pad - gz0 + 1;
  const wallCells = new Uint8Array(w * h);
  let wallCount = 0;
  const stamp = (cx: number, cz: number) => {
    const x = cx - gx0;
    const z = cz - gz0;
    if (x < 0 || z < 0 || x >= w || z >= h || wallCells[z * w + x]) return;
    wallCells[z * w + x] = 1;
    wallCount++;
  };
  for (const wall of walls) {
    const reach = Math.max(0, wall.thickness / 2 - cell / 2);
    visitCellsAlongSegment(wall.start[0], wall.start[1], wall.end[0], wall.end[1], reach, cell, stamp);
  }
  const boxCells = ((maxX - minX) * (maxZ - minZ)) / (cell * cell);
  let found: Uint8Array | null = null;
  for (const gap of CLOSE_GAPS_M) {
    // Closing: the outside of the walls grown by `close`, grown back by as much.
    const close = Math.ceil(gap / cell);
    const outside = dilateSquare(floodOutside(dilateSquare(wallCells, w, h, close), w, h), w, h, close);
    const enclosed = new Uint8Array(w * h);
    for (let i = 0; i < enclosed.length; i++) enclosed[i] = wallCells[i] || !outside[i] ? 1 : 0;
    const { piece, size } = largestPiece(enclosed, w, h);
    if (size < wallCount * ENCLOSED) continue;
    found = piece;
    if (size >= boxCells * SOLID_SHARE) break;
  }
  if (!found) return null;
  const piece = found;
  const outline = traceRegionOutline(piece, w, h, 1);
  if (!outline || outline.length < 3) return null;
  const floor = outline.map(([x, z]): Floor => [(gx0 + x) * cell, (gz0 + z) * cell]);
  return dropCollinear(simplifyRing(floor, cell * 1.01)) as Floor[];
}
