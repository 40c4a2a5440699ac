/**
 * Windows marked on a single-line wall that runs on through them: the wall's line is the glass, and a window's frame
 * is a pair of short lines beside it, one each side at one offset, over one stretch (a window block set on an
 * untrimmed wall, and any picture, where the glass and the wall are one line of ink). The wall is cut there, so the
 * window is an opening like one whose wall line stops at its jambs. Pure; drawing units, `mpu` metres a unit.
 */
import { gridAlongSegments, gridCellKey } from '../../../shared/plan/geometry';
import type { Segment } from '../types';

/** A frame line lies this far from the wall's line at most (half a thick wall) and at least (not the line itself). */
const MARK_OFFSET_M = { min: 0.02, max: 0.25 } as const;
/** The two sides' lines agree in offset and ends within this. */
const MARK_MATCH_M = 0.03;
/** A window is this long (metres). */
const WINDOW_LENGTH_M = { min: 0.3, max: 4 } as const;
/** Lines within this angle are parallel. */
const PARALLEL_SIN = Math.sin((2 * Math.PI) / 180);

interface Mark {
  /** Signed distance from the wall's line. */
  offset: number;
  from: number;
  to: number;
}

/** A line beside `wall` as a mark: its offset and its stretch along the wall (units), or null if it is none. */
function markBeside(wall: Segment, line: Segment, mpu: number): Mark | null {
  const length = Math.hypot(wall[2] - wall[0], wall[3] - wall[1]);
  const lineLength = Math.hypot(line[2] - line[0], line[3] - line[1]);
  if (length === 0 || lineLength === 0 || lineLength >= length) return null;
  const ux = (wall[2] - wall[0]) / length;
  const uy = (wall[3] - wall[1]) / length;
  if (Math.abs(ux * (line[3] - line[1]) - uy * (line[2] - line[0])) / lineLength > PARALLEL_SIN) return null;
  const offsetOf = (x: number, y: number) => ux * (y - wall[1]) - uy * (x - wall[0]);
  const offset = (offsetOf(line[0], line[1]) + offsetOf(line[2], line[3])) / 2;
  if (Math.abs(offset) * mpu < MARK_OFFSET_M.min || Math.abs(offset) * mpu > MARK_OFFSET_M.max) return null;
  const s1 = ux * (line[0] - wall[0]) + uy * (line[1] - wall[1]);
  const s2 = ux * (line[2] - wall[0]) + uy * (line[3] - wall[1]);
  const from = Math.min(s1, s2);
  const to = Math.max(s1, s2);
  const slack = MARK_MATCH_M / mpu;
  if (from < -slack || to > length + slack) return null;
  if ((to - from) * mpu < WINDOW_LENGTH_M.min || (to - from) * mpu > WINDOW_LENGTH_M.max) return null;
  return { offset, from, to };
}

/** The stretches of a wall (units along it) its window marks cover: a mark each side, matching. */
function windowStretches(marks: readonly Mark[], mpu: number): [number, number][] {
  const slack = MARK_MATCH_M / mpu;
  const stretches: [number, number][] = [];
  for (const a of marks) {
    if (a.offset <= 0) continue;
    const b = marks.find(
      (m) =>
        m.offset < 0 &&
        Math.abs(m.offset + a.offset) <= slack &&
        Math.abs(m.from - a.from) <= slack &&
        Math.abs(m.to - a.to) <= slack,
    );
    if (b) stretches.push([Math.min(a.from, b.from), Math.max(a.to, b.to)]);
  }
  return stretches.sort((p, q) => p[0] - q[0]);
}

/**
 * Single-line walls cut where window marks lie beside them: each wall as the pieces between its windows (a wall
 * without marks whole), with the index of the wall each piece comes from. `lines` are the drawing's other lines.
 */
export function cutAtWindowMarks(
  walls: readonly Segment[],
  lines: readonly Segment[],
  mpu: number,
): { seg: Segment; from: number }[] {
  // Past this many lines taken for walls the drawing is no plan drawn by hand (a hostile or a noise file): the
  // search is bounded by leaving the walls whole.
  if (walls.length > MAX_WALLS) return walls.map((seg, from) => ({ seg, from }));
  const marksOf = marksBesideWalls(walls, lines, mpu);
  const pieces: { seg: Segment; from: number }[] = [];
  walls.forEach((wall, k) => {
    const stretches = windowStretches(marksOf.get(k) ?? [], mpu);
    if (!stretches.length) {
      pieces.push({ seg: wall, from: k });
      return;
    }
    const length = Math.hypot(wall[2] - wall[0], wall[3] - wall[1]);
    const at = (s: number): [number, number] => [
      wall[0] + ((wall[2] - wall[0]) * s) / length,
      wall[1] + ((wall[3] - wall[1]) * s) / length,
    ];
    let start = 0;
    for (const [from, to] of stretches) {
      if (from > start) pieces.push({ seg: [...at(start), ...at(from)], from: k });
      start = Math.max(start, to);
    }
    if (start < length) pieces.push({ seg: [...at(start), ...at(length)], from: k });
  });
  return pieces;
}

/** Single-line walls looked at for window marks at most (a large real plan has a few thousand). */
const MAX_WALLS = 4000;
/** Walls filed per grid cell at most: bounds the work on a drawing of thousands of crossing lines. */
const MAX_WALLS_PER_CELL = 32;

/**
 * The marks beside each wall (by index): the walls are filed by the cells along them, and each line short enough to
 * be a window's mark looks only at the walls of its middle's cell.
 */
function marksBesideWalls(walls: readonly Segment[], lines: readonly Segment[], mpu: number) {
  const cell = 1 / mpu;
  const index = walls.map((_, k) => k);
  const grid = gridAlongSegments(
    index,
    (k) => walls[k]!,
    () => MARK_OFFSET_M.max / mpu,
    cell,
    MAX_WALLS_PER_CELL,
  );
  const marks = new Map<number, Mark[]>();
  for (const line of lines) {
    if (Math.hypot(line[2] - line[0], line[3] - line[1]) * mpu > WINDOW_LENGTH_M.max + MARK_MATCH_M) continue;
    const cx = Math.floor((line[0] + line[2]) / 2 / cell);
    const cy = Math.floor((line[1] + line[3]) / 2 / cell);
    for (const k of grid.get(gridCellKey(cx, cy)) ?? []) {
      const mark = markBeside(walls[k]!, line, mpu);
      if (!mark) continue;
      const list = marks.get(k);
      if (list) list.push(mark);
      else marks.set(k, [mark]);
    }
  }
  return marks;
}
