/**
 * Walls drawn hatched: where a drawing fills its cut walls with hatch lines, a double-line stretch without hatch is
 * no wall but a window or an opening drawn as an empty box in the wall line, a step or a sill. Pure geometry over
 * segments in drawing units.
 */
import { cellsAlongSegment, gridCellKey, indexCellSize } from '../../../shared/plan/geometry';
import type { Segment } from '../types';

export interface Wall {
  seg: Segment;
  thickness: number;
}

/**
 * A hatched drawing: hatch lines run across at least this share of its walls' length (steps, sills and window
 * boxes paired into walls make up the rest), at least this many per metre of wall (a plain drawing has a cap line
 * at each wall end and jamb: under one a metre).
 */
const HATCHED_SHARE = 0.2;
const HATCH_LINES_PER_M = 3;
/** Fewer hatch lines than this say nothing about how walls are drawn. */
const MIN_HATCH_LINES = 30;
/** Hatch lines this far apart (metres along the wall) still hatch the stretch between them. */
const HATCH_BRIDGE_M = 0.3;
/** Unhatched stretches shorter than this stay wall (a corner or a junction the hatch boundary left out). */
const MIN_GAP_M = 0.45;

/** Hatch lines kept per grid cell (a metre square or coarser). */
const MAX_LINES_PER_CELL = 256;

const segLength = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);

/**
 * The walls of a hatched drawing cut to their hatched stretches, and the centrelines of the stretches cut (windows
 * and openings still bound their rooms); the walls as they are when the drawing does not hatch its walls.
 * `strokes` are the view's straight lines (hatch lines among them, on any layer).
 */
export function keepHatchedStretches(
  walls: Wall[],
  strokes: readonly Segment[],
  mpu: number,
): { walls: Wall[]; cut: Segment[] } {
  if (!walls.length) return { walls, cut: [] };
  const near = shortLinesNear(walls, strokes, mpu);
  const hatchOf = walls.map((w) => hatchPositions(w, near(w), mpu));
  const bridge = HATCH_BRIDGE_M / mpu;
  let total = 0;
  let hatched = 0;
  let lines = 0;
  walls.forEach((w, k) => {
    const length = segLength(w.seg);
    total += length;
    lines += hatchOf[k]!.length;
    hatched += stretches(hatchOf[k]!, bridge, length).reduce((sum, [a, b]) => sum + b - a, 0);
  });
  const hatchedDrawing =
    lines >= MIN_HATCH_LINES && lines >= total * mpu * HATCH_LINES_PER_M && hatched >= total * HATCHED_SHARE;
  if (!hatchedDrawing) return { walls, cut: [] };
  const minGap = MIN_GAP_M / mpu;
  const kept: Wall[] = [];
  const cut: Segment[] = [];
  walls.forEach((w, k) => {
    const length = segLength(w.seg);
    const keep = keptStretches(stretches(hatchOf[k]!, bridge, length), length, minGap);
    const [x1, y1, x2, y2] = w.seg;
    const at = (t: number): [number, number] => [
      x1 + ((x2 - x1) * t) / length,
      y1 + ((y2 - y1) * t) / length,
    ];
    let from = 0;
    for (const [a, b] of keep) {
      if (a > from) cut.push([...at(from), ...at(a)]);
      kept.push({ seg: [...at(a), ...at(b)], thickness: w.thickness });
      from = b;
    }
    if (from < length) cut.push([...at(from), ...at(length)]);
  });
  return { walls: kept, cut };
}

/**
 * The short straight lines (hatch candidates) whose middles lie by a wall, found through a grid of their middles
 * (cells of 1 m or coarser: `indexCellSize`), so each wall looks at the lines around it only.
 */
function shortLinesNear(walls: Wall[], strokes: readonly Segment[], mpu: number): (w: Wall) => Segment[] {
  const thickest = walls.reduce((m, w) => Math.max(m, w.thickness), 0);
  const maxLine = Math.max(thickest * 3, 0.6 / mpu);
  const cell = indexCellSize(
    walls.map((w) => w.seg),
    1 / mpu,
  );
  const grid = new Map<number, Segment[]>();
  for (const s of strokes) {
    if (segLength(s) > maxLine) continue;
    const key = gridCellKey(Math.floor((s[0] + s[2]) / 2 / cell), Math.floor((s[1] + s[3]) / 2 / cell));
    const list = grid.get(key);
    // A cell this full is hatched however many more lines it holds: the cap bounds the work on a hostile file.
    if (list) {
      if (list.length < MAX_LINES_PER_CELL) list.push(s);
    } else grid.set(key, [s]);
  }
  return (w) => [...cellsAlongSegment(...w.seg, w.thickness / 2, cell)].flatMap((key) => grid.get(key) ?? []);
}

/**
 * Where along `wall` (drawing units from its first point) hatch lines cross it: short lines, not parallel to it,
 * whose middle lies inside its band.
 */
function hatchPositions(wall: Wall, strokes: readonly Segment[], mpu: number): number[] {
  const [x1, y1, x2, y2] = wall.seg;
  const length = segLength(wall.seg);
  if (length === 0) return [];
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const half = wall.thickness / 2;
  const maxLine = Math.max(wall.thickness * 3, 0.6 / mpu);
  const out: number[] = [];
  for (const s of strokes) {
    const len = segLength(s);
    if (len === 0 || len > maxLine) continue;
    const cos = Math.abs(((s[2] - s[0]) * ux + (s[3] - s[1]) * uy) / len);
    if (cos > 0.94) continue; // parallel: a face, not hatch
    const mx = (s[0] + s[2]) / 2 - x1;
    const my = (s[1] + s[3]) / 2 - y1;
    const along = mx * ux + my * uy;
    const across = Math.abs(-mx * uy + my * ux);
    if (along >= 0 && along <= length && across <= half * 0.8) out.push(along);
  }
  return out.sort((a, b) => a - b);
}

/** The stretches of [0, length] within `bridge` of a hatch line. */
function stretches(positions: number[], bridge: number, length: number): [number, number][] {
  const out: [number, number][] = [];
  for (const p of positions) {
    const from = Math.max(0, p - bridge / 2);
    const to = Math.min(length, p + bridge / 2);
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** [0, length] without its unhatched stretches of `minGap` or more. */
function keptStretches(hatched: [number, number][], length: number, minGap: number): [number, number][] {
  const kept: [number, number][] = [];
  let from = 0;
  const gaps: [number, number][] = [];
  for (const [a, b] of hatched) {
    if (a > from) gaps.push([from, a]);
    from = Math.max(from, b);
  }
  if (from < length) gaps.push([from, length]);
  let start = 0;
  for (const [a, b] of gaps) {
    if (b - a < minGap) continue;
    if (a > start) kept.push([start, a]);
    start = b;
  }
  if (start < length) kept.push([start, length]);
  return kept;
}
