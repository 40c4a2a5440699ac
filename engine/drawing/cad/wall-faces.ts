/**
 * Lines that are faces of a double-line wall already found: the cap across a wall's end at a door or window (the
 * jamb), and what is left of an outer face at a corner beyond the face it pairs with. They lie within the wall's
 * body (its centreline ± half its thickness) run on at each end by its thickness (the corner square where a wall
 * meets another at a corner: the faces pair only up to the other wall's inner face), so they are not single-line
 * walls of their own. Pure geometry in drawing units.
 */
import { gridAlongSegments, gridCellKey, indexCellSize } from '../../../shared/plan/geometry';
import type { Segment } from '../types';

interface Wall {
  seg: Segment;
  thickness: number;
}

/** A face may stray this far (metres) outside the body it belongs to: drafting slack. */
const FACE_SLACK_M = 0.02;
/** More walls than this through one cell are not filed (a hostile drawing of crossing lines). */
const MAX_WALLS_PER_CELL = 48;

/** True when the whole of `line` lies within `wall`'s body run on at its ends, give or take `slack`. */
export function liesWithinWallBody([x1, y1, x2, y2]: Segment, wall: Wall, slack: number): boolean {
  const [ax, ay, bx, by] = wall.seg;
  const length = Math.hypot(bx - ax, by - ay);
  if (length === 0) return false;
  const ux = (bx - ax) / length;
  const uy = (by - ay) / length;
  const half = wall.thickness / 2 + slack;
  const runOn = wall.thickness + slack;
  const within = (x: number, y: number) => {
    const along = (x - ax) * ux + (y - ay) * uy;
    const across = Math.abs(-(x - ax) * uy + (y - ay) * ux);
    return across <= half && along >= -runOn && along <= length + runOn;
  };
  return within(x1, y1) && within(x2, y2);
}

/** Indices of `lines` lying within the body of one of `walls`. */
export function facesOfWalls(lines: readonly Segment[], walls: readonly Wall[], mpu: number): Set<number> {
  const faces = new Set<number>();
  if (!walls.length || !lines.length) return faces;
  const cell = indexCellSize(
    walls.map((w) => w.seg),
    1 / mpu,
  );
  const cells = gridAlongSegments(
    walls,
    (w) => w.seg,
    (w) => w.thickness * 1.5,
    cell,
    MAX_WALLS_PER_CELL,
  );
  const slack = FACE_SLACK_M / mpu;
  lines.forEach((line, i) => {
    const near = cells.get(gridCellKey(Math.floor(line[0] / cell), Math.floor(line[1] / cell))) ?? [];
    if (near.some((w) => liesWithinWallBody(line, w, slack))) faces.add(i);
  });
  return faces;
}
