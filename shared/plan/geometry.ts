/** Pure plan geometry over plain points: no I/O, deterministic. Units are whatever the caller's space uses. */
import type { PlanBounds, PlanPoint, PlanWall } from './schema';

/** The union of spans on a line ([from, to], from ≤ to; empty ones left out), sorted and merged where they touch. */
export function unionOfSpans(spans: readonly (readonly [number, number])[]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [from, to] of spans.filter(([a, b]) => b > a).sort((p, q) => p[0] - q[0])) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** The median of some numbers (the upper one of an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** How many of the ascending values are below `limit` (the index of the first that is not), by binary search. */
export function countBelow(sorted: readonly number[], limit: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The root of item `i` in a union-find forest (`parent[i] === i` at a root), halving the path on the way. */
export function unionFindRoot(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

/** Signed area (shoelace): positive when the outline runs counter-clockwise in a y-up space. */

export function signedArea(polygon: readonly PlanPoint[]): number {
  let sum = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

export const polygonArea = (polygon: readonly PlanPoint[]) => Math.abs(signedArea(polygon));

/** The extent of segments [x1, y1, x2, y2]; null for none. */
export function boundsOfSegments(
  segments: Iterable<readonly [number, number, number, number]>,
): PlanBounds | null {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x1, y1, x2, y2] of segments) {
    minX = Math.min(minX, x1, x2);
    minY = Math.min(minY, y1, y2);
    maxX = Math.max(maxX, x1, x2);
    maxY = Math.max(maxY, y1, y2);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

export function boundsOfPoints(points: Iterable<PlanPoint>): PlanBounds | null {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

export const wallLength = (w: Pick<PlanWall, 'a' | 'b'>) => Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]);

/** The wall's footprint: its centreline widened by half the thickness on each side (a, b, then back). */
export function wallQuad(w: PlanWall): [PlanPoint, PlanPoint, PlanPoint, PlanPoint] {
  const len = wallLength(w) || 1;
  const nx = (-(w.b[1] - w.a[1]) / len) * (w.thickness / 2);
  const ny = ((w.b[0] - w.a[0]) / len) * (w.thickness / 2);
  return [
    [w.a[0] + nx, w.a[1] + ny],
    [w.b[0] + nx, w.b[1] + ny],
    [w.b[0] - nx, w.b[1] - ny],
    [w.a[0] - nx, w.a[1] - ny],
  ];
}

/** Drops vertices that lie on the straight line between their neighbours (within `tolerance`). */
export function dropCollinear(polygon: readonly PlanPoint[], tolerance = 1e-9): PlanPoint[] {
  if (polygon.length < 4) return [...polygon];
  const out: PlanPoint[] = [];
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const prev = polygon[(i - 1 + n) % n]!;
    const cur = polygon[i]!;
    const next = polygon[(i + 1) % n]!;
    const cross = (cur[0] - prev[0]) * (next[1] - prev[1]) - (cur[1] - prev[1]) * (next[0] - prev[0]);
    const base = Math.hypot(next[0] - prev[0], next[1] - prev[1]) || 1;
    if (Math.abs(cross) / base > tolerance) out.push(cur);
  }
  return out.length >= 3 ? out : [...polygon];
}

/**
 * The outer boundary of the cells of `mask` equal to `value` that contain the first such cell in row order, as a
 * polygon of cell corners (grid units, x right, y along rows), counter-clockwise when rows run up. Bounded by the
 * grid size; returns null when no cell has the value.
 */
export function traceRegionOutline(
  mask: ArrayLike<number>,
  w: number,
  h: number,
  value: number,
  /** Where to start looking for the region's first cell (a caller tracing many regions knows it). */
  from = 0,
): PlanPoint[] | null {
  let first = -1;
  for (let i = from; i < w * h; i++) {
    if (mask[i] === value) {
      first = i;
      break;
    }
  }
  if (first < 0) return null;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x] === value;
  // Walk the boundary with the region on the left, starting along the bottom side of the first cell (a side no
  // other region cell lies under, so on the outer boundary). Directions: 0 +x, 1 +y, 2 -x, 3 -y.
  const dx = [1, 0, -1, 0];
  const dy = [0, 1, 0, -1];
  const startX = first % w;
  const startY = Math.floor(first / w);
  let x = startX;
  let y = startY;
  let dir = 0;
  const points: PlanPoint[] = [[x, y]];
  const limit = 4 * (w + 1) * (h + 1);
  for (let step = 0; step < limit; step++) {
    x += dx[dir]!;
    y += dy[dir]!;
    // At vertex (x, y), moving in `dir`: the cells ahead-left and ahead-right decide the turn (left first, so
    // diagonal pinches are not crossed).
    const left = (dir + 1) % 4;
    const right = (dir + 3) % 4;
    const cellAheadLeft = cellAt(x, y, dir, left);
    const cellAheadRight = cellAt(x, y, dir, right);
    const aheadLeftIn = inside(cellAheadLeft[0], cellAheadLeft[1]);
    const aheadRightIn = inside(cellAheadRight[0], cellAheadRight[1]);
    let next: number;
    if (aheadLeftIn && aheadRightIn) next = right;
    else if (aheadLeftIn) next = dir;
    else next = left;
    if (x === startX && y === startY && next === 0) break;
    if (next !== dir) points.push([x, y]);
    dir = next;
  }
  return dropCollinear(points);
}

/** The cell touching vertex (x, y) that lies ahead (in `dir`) and to the side `side` of the walk. */
function cellAt(x: number, y: number, dir: number, side: number): [number, number] {
  // Cell (i, j) spans [i, i+1) × [j, j+1). Ahead in dir and to one side: pick the cell whose corner is (x, y).
  const ax = dir === 0 ? 0 : dir === 2 ? -1 : null;
  const ay = dir === 1 ? 0 : dir === 3 ? -1 : null;
  const sx = side === 0 ? 0 : side === 2 ? -1 : null;
  const sy = side === 1 ? 0 : side === 3 ? -1 : null;
  return [x + (ax ?? sx ?? 0), y + (ay ?? sy ?? 0)];
}

/**
 * The cell side of a grid that files segments by the cells along them (`cellsAlongSegment`): `minCell`, or coarser
 * where the segments' extent (over 512 cells a side) or total length (over 250,000 cells along them) would need too
 * many. That bounds the index and the work on a drawing of thousands of long crossing lines.
 */
export function indexCellSize(
  segments: Iterable<readonly [number, number, number, number]>,
  minCell: number,
): number {
  let totalLength = 0;
  for (const [x1, y1, x2, y2] of segments) totalLength += Math.hypot(x2 - x1, y2 - y1);
  const extent = boundsOfSegments(segments);
  const side = extent ? Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY) : 0;
  return Math.max(minCell, side / 512, totalLength / 250_000);
}

/** A grid cell's key: column and row packed into one number (within ±2^20 cells of the origin). */
export const gridCellKey = (cx: number, cy: number) => (cx + 1_048_576) * 2_097_152 + (cy + 1_048_576);

/** The column and row a `gridCellKey` packs. */
export const gridCellOf = (key: number): [number, number] => [
  Math.floor(key / 2_097_152) - 1_048_576,
  (key % 2_097_152) - 1_048_576,
];

/**
 * Keys (`gridCellKey`) of the square grid cells of side `cell` that hold a point within `reach` of the segment
 * (x1, y1)–(x2, y2): around samples every half cell along it, half a cell wider so that no cell between two samples
 * is missed. A segment is filed under the cells along it, not its bounding box (thousands for a long diagonal).
 */
export function cellsAlongSegment(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  reach: number,
  cell: number,
): Set<number> {
  const keys = new Set<number>();
  visitCellsAlongSegment(x1, y1, x2, y2, reach, cell, (cx, cy) => keys.add(gridCellKey(cx, cy)));
  return keys;
}

/**
 * The cells of `cellsAlongSegment`, each visited as (column, row) as it is met (a cell may be visited more than once):
 * for callers that stamp a grid of their own and need no set of keys.
 */
export function visitCellsAlongSegment(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  reach: number,
  cell: number,
  visit: (cx: number, cy: number) => void,
): void {
  const r = reach + cell * 0.5;
  const steps = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1) / (cell * 0.5)));
  for (let k = 0; k <= steps; k++) {
    const x = x1 + ((x2 - x1) * k) / steps;
    const y = y1 + ((y2 - y1) * k) / steps;
    for (let cx = Math.floor((x - r) / cell); cx <= Math.floor((x + r) / cell); cx++)
      for (let cy = Math.floor((y - r) / cell); cy <= Math.floor((y + r) / cell); cy++) visit(cx, cy);
  }
}

/**
 * The cells of side `cell` that hold a point within `reach` of the segment (x1, y1)–(x2, y2), each visited once as
 * (column, row): row by row, the columns the segment's part within reach of that row spans, widened by `reach`. Tighter
 * than `visitCellsAlongSegment` (no half-cell margin, no repeats), for a grid rebuilt on every edit.
 */
export function visitCellsNearSegment(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  reach: number,
  cell: number,
  visit: (cx: number, cy: number) => void,
): void {
  const dy = y2 - y1;
  const firstRow = Math.floor((Math.min(y1, y2) - reach) / cell);
  const lastRow = Math.floor((Math.max(y1, y2) + reach) / cell);
  for (let cy = firstRow; cy <= lastRow; cy++) {
    // The part of the segment whose y lies within `reach` of this row's band.
    let t0 = 0;
    let t1 = 1;
    if (dy !== 0) {
      const ta = (cy * cell - reach - y1) / dy;
      const tb = ((cy + 1) * cell + reach - y1) / dy;
      t0 = Math.max(0, Math.min(ta, tb));
      t1 = Math.min(1, Math.max(ta, tb));
      if (t0 > t1) continue;
    }
    const xa = x1 + (x2 - x1) * t0;
    const xb = x1 + (x2 - x1) * t1;
    const lastColumn = Math.floor((Math.max(xa, xb) + reach) / cell);
    for (let cx = Math.floor((Math.min(xa, xb) - reach) / cell); cx <= lastColumn; cx++) visit(cx, cy);
  }
}

/** Whether a point is inside a simple polygon (even-odd ray casting; a point on an edge may go either way). */
export function pointInPolygon(
  p: readonly [number, number],
  polygon: readonly (readonly [number, number])[],
): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from point (px, py) to the segment (x1, y1)–(x2, y2). */
export function pointSegmentDistance(
  px: number,
  py: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len2)) : 0;
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** The least distance between two segments: 0 where they cross, else from an end of one to the other. */
export function segmentDistance(
  a: readonly [number, number, number, number],
  b: readonly [number, number, number, number],
): number {
  const rx = a[2] - a[0];
  const ry = a[3] - a[1];
  const sx = b[2] - b[0];
  const sy = b[3] - b[1];
  const denom = rx * sy - ry * sx;
  if (denom !== 0) {
    const qx = b[0] - a[0];
    const qy = b[1] - a[1];
    const t = (qx * sy - qy * sx) / denom;
    const u = (qx * ry - qy * rx) / denom;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1) return 0;
  }
  return Math.min(
    pointSegmentDistance(a[0], a[1], ...b),
    pointSegmentDistance(a[2], a[3], ...b),
    pointSegmentDistance(b[0], b[1], ...a),
    pointSegmentDistance(b[2], b[3], ...a),
  );
}

/**
 * Items filed by the grid cells along their segments (within `reach` of them), at most `cap` a cell: a lookup of
 * the items near a point or a segment that stays bounded on a drawing of thousands of crossing lines.
 */
export function gridAlongSegments<T>(
  items: readonly T[],
  segmentOf: (item: T) => readonly [number, number, number, number],
  reachOf: (item: T) => number,
  cell: number,
  cap: number,
): Map<number, T[]> {
  const grid = new Map<number, T[]>();
  for (const item of items) {
    const [x1, y1, x2, y2] = segmentOf(item);
    visitCellsAlongSegment(x1, y1, x2, y2, reachOf(item), cell, (cx, cy) => {
      const key = gridCellKey(cx, cy);
      const list = grid.get(key);
      // An item's cells are all visited before the next item's, so one already filed here is the list's last.
      if (!list) grid.set(key, [item]);
      else if (list.length < cap && list[list.length - 1] !== item) list.push(item);
    });
  }
  return grid;
}

/** The value at quantile `q` of items weighted by `weight` (the first whose running weight reaches q of the whole); null with no weight. */
export function weightedQuantile(items: { value: number; weight: number }[], q: number): number | null {
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  if (!(total > 0)) return null;
  let acc = 0;
  for (const item of [...items].sort((a, b) => a.value - b.value)) {
    acc += item.weight;
    if (acc >= total * q) return item.value;
  }
  return null;
}
