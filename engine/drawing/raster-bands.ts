/**
 * The faces of solid bands of ink in a raster line drawing: walls drawn filled, or a thin wall whose two faces run
 * together at the picture's size (faces a pen or two apart). Each straight band thicker than a pen gives its two long
 * edges as lines, so that the CAD reader pairs them into a wall of the band's thickness as it pairs a wall's two thin
 * lines. Pure: an ink mask in, segments in its pixels out (x right, y down).
 */
import { inkAcross } from './raster-lines';
import type { Segment } from './types';

/** A band is a wall's stretch, not a blob or a glyph: at least this many times as long as it is thick. */
const MIN_LENGTH_PER_THICKNESS = 3;
/** Along a band, its thickness stays within this (pixels): anti-aliasing and a scan's slant. */
const THICKNESS_STEP_PX = 1;

export interface BandLimits {
  /** Ink up to this thick is a pen's line (pixels), read as a line of its own. */
  penPx: number;
  /** A band up to this thick is a wall (pixels). */
  maxThicknessPx: number;
  /** A band's face is at least this long (pixels). */
  minLengthPx: number;
}

/** The horizontal and vertical bands' faces, each along the middle of the band's edge pixels. */
export function bandFaceSegments(
  ink: Uint8Array,
  width: number,
  height: number,
  limits: BandLimits,
): Segment[] {
  const horizontal = bandFaces(width, height, (x, y) => ink[y * width + x]!, limits);
  const vertical = bandFaces(height, width, (y, x) => ink[y * width + x]!, limits).map(
    ([y0, x0, y1, x1]): Segment => [x0, y0, x1, y1],
  );
  return [...horizontal, ...vertical];
}

/**
 * Bands running along i (`at(i, j)` reads the mask, j across): runs of pixels on a band's near edge (ink, paper
 * just before it across) whose ink across is thicker than a pen, thin enough for a wall and about even.
 */
function bandFaces(
  lengthAlong: number,
  lengthAcross: number,
  at: (i: number, j: number) => number,
  limits: BandLimits,
): Segment[] {
  const across = inkAcross(lengthAlong, lengthAcross, at);
  const isBandEdge = (i: number, j: number) => {
    const t = across[j * lengthAlong + i]!;
    return t > limits.penPx && t <= limits.maxThicknessPx && (j === 0 || !at(i, j - 1));
  };
  const faces: Segment[] = [];
  for (let j = 0; j < lengthAcross; j++) {
    let i = 0;
    while (i < lengthAlong) {
      if (!isBandEdge(i, j)) {
        i++;
        continue;
      }
      const first = across[j * lengthAlong + i]!;
      let end = i;
      let total = 0;
      while (
        end < lengthAlong &&
        isBandEdge(end, j) &&
        Math.abs(across[j * lengthAlong + end]! - first) <= THICKNESS_STEP_PX
      ) {
        total += across[j * lengthAlong + end]!;
        end++;
      }
      const thickness = total / (end - i);
      const length = end - i;
      if (length >= limits.minLengthPx && length >= thickness * MIN_LENGTH_PER_THICKNESS) {
        const near = j + 0.5;
        const far = j + thickness - 0.5;
        faces.push([i, near, end, near], [i, far, end, far]);
      }
      i = end;
    }
  }
  return faces;
}
