/**
 * The rooms a plan's walls enclose, found again from the walls and openings alone: what an edited plan's rooms are.
 * The walls are laid on the plan grid (shared/plan/plan-grid.ts) in the file's own space measured in metres, the
 * openings close their doorways, and every enclosed region big and wide enough to be a room is traced. Names carry
 * over from the rooms the plan had: a new room takes the name of the old room whose inside point it holds.
 */
import {
  boundsOfPoints,
  median,
  pointInPolygon,
  pointSegmentDistance,
  polygonArea,
  signedArea,
  traceRegionOutline,
} from './geometry';
import { gridOfWalls, lengthenedPiece, MIN_CELL_M, type WallPiece } from './plan-grid';
import type { PlanModel, PlanPoint, PlanRoom } from './schema';

const round2 = (v: number) => Math.round(v * 100) / 100;

/** A wall as a grid piece in file metres, lengthened by half its thickness at each end so corners close. */
const wallPiece = (a: PlanPoint, b: PlanPoint, thickness: number, m: number): WallPiece =>
  lengthenedPiece(a[0] * m, a[1] * m, b[0] * m, b[1] * m, thickness * m);

/**
 * An outline's corners lie on the grid's cell lines: they are kept to a decimal step this many times finer than a
 * cell (218.0664… mm becomes 218 mm on a 0.44 m grid), which halves the bytes of a plan of many rooms.
 */
const OUTLINE_STEPS_PER_CELL = 100;

/** Rounds to the largest power of ten not above `step`, written with no more decimals than it has. */
function decimalRounding(step: number): (v: number) => number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const scale = 10 ** decimals;
  return decimals > 0 ? (v) => Math.round(v * scale) / scale : (v) => Math.round(v);
}

/** The enclosed rooms of a plan's walls and openings, unnamed, each outline in the file's space. */
export function roomsOfWalls(plan: Pick<PlanModel, 'walls' | 'openings' | 'space'>): PlanRoom[] {
  if (plan.walls.length === 0) return [];
  const m = plan.space.metresPerUnit;
  const walls = plan.walls.map((w) => wallPiece(w.a, w.b, w.thickness, m));
  const openings = plan.openings.map((o) => ({
    ...wallPiece(o.a, o.b, 0, m),
    t: closerThickness(o.a, o.b, walls, m),
    kind: o.kind,
  }));
  const { grid, rooms } = gridOfWalls(walls, openings);
  const onStep = decimalRounding(grid.cell / m / OUTLINE_STEPS_PER_CELL);
  const out: PlanRoom[] = [];
  // Each room's first cell in row order, found in one pass (not one scan of the grid per room).
  const firstCell = new Int32Array(rooms.length).fill(-1);
  for (let i = 0; i < grid.room.length; i++) {
    const r = grid.room[i]!;
    if (r > 0 && firstCell[r - 1] === -1) firstCell[r - 1] = i;
  }
  rooms.forEach((room, index) => {
    const outline = traceRegionOutline(grid.room, grid.w, grid.h, index + 1, Math.max(0, firstCell[index]!));
    if (!outline || polygonArea(outline) < 1) return;
    const polygon = outline.map(
      ([x, y]): PlanPoint => [onStep((grid.ox + x * grid.cell) / m), onStep((grid.oy + y * grid.cell) / m)],
    );
    // Counter-clockwise in a y-up space, clockwise on screen in a y-down one (the schema's convention).
    const clockwiseWanted = plan.space.yDown;
    const isClockwise = signedArea(polygon) < 0;
    out.push({
      polygon: isClockwise === clockwiseWanted ? polygon : polygon.reverse(),
      areaM2: round2(room.area),
      label: null,
    });
  });
  return out;
}

/**
 * How thick (metres) the closer across an opening is: as thick as the walls at its jambs or under its middle (a
 * door in a gap between two walls, or cut into one), else as the plan's usual wall.
 */
function closerThickness(a: PlanPoint, b: PlanPoint, walls: readonly WallPiece[], m: number): number {
  const points: PlanPoint[] = [a, b, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]];
  const [minX, maxX] = [Math.min(a[0], b[0]) * m, Math.max(a[0], b[0]) * m];
  const [minY, maxY] = [Math.min(a[1], b[1]) * m, Math.max(a[1], b[1]) * m];
  const touching = walls.filter((w) => {
    const reach = w.t / 2 + MIN_CELL_M;
    // Walls whose box keeps farther than their reach from the opening's box are passed over unmeasured.
    if (Math.min(w.x1, w.x2) - reach > maxX || Math.max(w.x1, w.x2) + reach < minX) return false;
    if (Math.min(w.y1, w.y2) - reach > maxY || Math.max(w.y1, w.y2) + reach < minY) return false;
    return points.some(([x, y]) => pointSegmentDistance(x * m, y * m, w.x1, w.y1, w.x2, w.y2) <= reach);
  });
  const thickness = median((touching.length ? touching : walls).map((w) => w.t)) ?? MIN_CELL_M;
  return Math.max(thickness, 2 * MIN_CELL_M);
}

/** A point inside a polygon: its centroid when that is inside, else the middle of the longest span across it. */
export function insidePoint(polygon: readonly PlanPoint[]): PlanPoint {
  const cx = polygon.reduce((s, p) => s + p[0], 0) / polygon.length;
  const cy = polygon.reduce((s, p) => s + p[1], 0) / polygon.length;
  if (pointInPolygon([cx, cy], polygon)) return [cx, cy];
  // The horizontal line through the centroid crosses the outline; the widest inside span's middle is inside.
  const xs: number[] = [];
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
  }
  xs.sort((p, q) => p - q);
  let best: PlanPoint = polygon[0]!;
  let widest = -1;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    if (xs[i + 1]! - xs[i]! > widest) {
      widest = xs[i + 1]! - xs[i]!;
      best = [(xs[i]! + xs[i + 1]!) / 2, cy];
    }
  }
  return best;
}

/**
 * Names from the rooms a plan had carried onto its rooms found again: each new room takes the name of the old room
 * that holds its inside point (both halves of a split room keep its name; a merged room takes the name of the part
 * its middle lies in, else of the largest part).
 */
export function carryRoomNames(before: readonly PlanRoom[], after: readonly PlanRoom[]): PlanRoom[] {
  const named = before
    .filter((r) => r.label)
    .map((r) => ({ room: r, at: insidePoint(r.polygon), box: boundsOfPoints(r.polygon)! }))
    .sort((p, q) => q.room.areaM2 - p.room.areaM2);
  if (named.length === 0) return [...after];
  return after.map((room) => {
    // Only the named rooms whose box meets this room's can hold its inside point or lie in it.
    const box = boundsOfPoints(room.polygon);
    const near = named.filter(
      (n) =>
        box &&
        n.box.minX <= box.maxX &&
        n.box.maxX >= box.minX &&
        n.box.minY <= box.maxY &&
        n.box.maxY >= box.minY,
    );
    if (near.length === 0) return room;
    const at = insidePoint(room.polygon);
    const source =
      near.find((n) => pointInPolygon(at, n.room.polygon)) ??
      near.find((n) => pointInPolygon(n.at, room.polygon));
    return source ? { ...room, label: source.room.label } : room;
  });
}
