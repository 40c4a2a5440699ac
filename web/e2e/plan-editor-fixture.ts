/**
 * A drawing the reader gets wrong in the ways the plan editor exists for: the house of engine/drawing/fixtures/plan
 * as a scanned PNG (walls 150 mm thick in black, 1 px = 10 mm) where two walls are missing (a closet wall and a
 * partition the drafter left out; the user knows they are there) and two pieces of furniture are drawn as black
 * bars as thick as a wall (a bench and a shelf, read as walls). The truth is the house's walls, in image pixels.
 */
import sharp from 'sharp';
import { PLAN } from '../../engine/drawing/fixtures/plan';
import type { Segment } from '../../engine/drawing/types';
import { pointSegmentDistance } from '../../shared/plan/geometry';

const MM_PER_PX = 10;
const MARGIN_PX = 60;
const WALL_PX = 15;

/** A point of the house (mm, y up) in the image (px, y down). */
const toImage = ([x1, y1, x2, y2]: Segment): Segment => [
  x1 / MM_PER_PX + MARGIN_PX,
  (PLAN.height - y1) / MM_PER_PX + MARGIN_PX,
  x2 / MM_PER_PX + MARGIN_PX,
  (PLAN.height - y2) / MM_PER_PX + MARGIN_PX,
];

/** The walls left out of the drawing: in the building, missing from the reading. */
const LEFT_OUT: Segment[] = [
  [7000, 4500, 10000, 4500],
  [2500, 7500, 4000, 7500],
];

/** Furniture drawn as thick as a wall: a 4 m bench and a 3 m shelf. */
const FURNITURE: Segment[] = [
  [1000, 6000, 5000, 6000],
  [8200, 8375, 11200, 8375],
];

/** The building's wall centrelines in image pixels: what a right reading finds. */
export const TRUE_WALLS: Segment[] = PLAN.walls.map(toImage);
export const IMAGE_SIZE = {
  width: PLAN.width / MM_PER_PX + 2 * MARGIN_PX,
  height: PLAN.height / MM_PER_PX + 2 * MARGIN_PX,
};

export function misreadHousePng(): Promise<Buffer> {
  const leftOut = new Set(LEFT_OUT.map((s) => s.join()));
  const bars = [...PLAN.walls.filter((w) => !leftOut.has(w.join())), ...FURNITURE].map(toImage);
  const lines = bars
    .map(
      ([x1, y1, x2, y2]) =>
        `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="black" stroke-width="${WALL_PX}" stroke-linecap="square"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE.width}" height="${IMAGE_SIZE.height}"><rect width="100%" height="100%" fill="white"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Length of `segments` lying within `reach` of any of `others`, sampled every 5 units. */
function coveredLength(segments: readonly Segment[], others: readonly Segment[], reach: number): number {
  let covered = 0;
  for (const [x1, y1, x2, y2] of segments) {
    const length = Math.hypot(x2 - x1, y2 - y1);
    const steps = Math.max(1, Math.ceil(length / 5));
    for (let i = 0; i < steps; i++) {
      const t = (i + 0.5) / steps;
      const x = x1 + (x2 - x1) * t;
      const y = y1 + (y2 - y1) * t;
      if (others.some((o) => pointSegmentDistance(x, y, ...o) <= reach)) covered += length / steps;
    }
  }
  return covered;
}

const totalLength = (segments: readonly Segment[]) =>
  segments.reduce((sum, [x1, y1, x2, y2]) => sum + Math.hypot(x2 - x1, y2 - y1), 0);

/**
 * Wall F1 of read centrelines against the true ones: precision is the share of the read length within `reach` (px)
 * of a true wall, recall the share of the true length within `reach` of a read one.
 */
export function centrelineF1(read: readonly Segment[], truth: readonly Segment[] = TRUE_WALLS, reach = 15) {
  const precision = read.length ? coveredLength(read, truth, reach) / totalLength(read) : 0;
  const recall = coveredLength(truth, read, reach) / totalLength(truth);
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}
