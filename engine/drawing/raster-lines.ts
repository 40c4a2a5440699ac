/**
 * Straight lines of a raster line drawing: the horizontal and vertical strokes no thicker than a pen, each as one
 * segment along its middle, so that a drawing whose walls are pairs of thin lines (a plot flattened into an image)
 * can have them paired as a CAD drawing's are. Pure: an ink mask in, segments in its pixels out.
 */
import type { Segment } from './types';

/** The slope a straight line may have across its axis (a scan a degree off square). */
const MAX_SLANT = Math.tan(Math.PI / 180);

interface Band {
  x0: number;
  x1: number;
  firstRow: number;
  lastRow: number;
}

/**
 * Runs of thin ink along one axis: `along(i, j)` reads the mask with i along the line and j across it. A pixel is
 * part of a thin line when the ink across it (at j) is no thicker than `maxThickness`.
 */
function thinRuns(
  lengthAlong: number,
  lengthAcross: number,
  at: (i: number, j: number) => number,
  minLength: number,
  maxThickness: number,
): Segment[] {
  const across = inkAcross(lengthAlong, lengthAcross, at);
  const runs = { across, length: lengthAlong, maxThickness };
  const segments: Segment[] = [];
  let open: Band[] = [];
  const close = (band: Band) => {
    const length = band.x1 - band.x0;
    // A band wider than a pen and the slant of a scan allow is a curve (an arc where it runs near the axis).
    const straight = band.lastRow - band.firstRow + 1 <= maxThickness + length * MAX_SLANT;
    if (length >= minLength && straight) {
      const middle = (band.firstRow + band.lastRow + 1) / 2;
      segments.push([band.x0, middle, band.x1, middle]);
    }
  };
  for (let j = 0; j < lengthAcross; j++) {
    const next: Band[] = [];
    let i = 0;
    while (i < lengthAlong) {
      const t = across[j * lengthAlong + i]!;
      if (t === 0 || t > maxThickness) {
        i++;
        continue;
      }
      const end = thinRunEnd(runs, j * lengthAlong, i);
      if (end - i >= minLength) {
        // The same line one row on: a band of the row before that this run mostly overlaps.
        const same = open.find(
          (b) => Math.min(b.x1, end) - Math.max(b.x0, i) >= 0.5 * Math.min(b.x1 - b.x0, end - i),
        );
        if (same) {
          open = open.filter((b) => b !== same);
          next.push({
            x0: Math.min(same.x0, i),
            x1: Math.max(same.x1, end),
            firstRow: same.firstRow,
            lastRow: j,
          });
        } else {
          next.push({ x0: i, x1: end, firstRow: j, lastRow: j });
        }
      }
      i = end;
    }
    for (const band of open) close(band);
    open = next;
  }
  for (const band of open) close(band);
  return segments;
}

/**
 * Each pixel's thickness across: the length of the ink run across it (0 on paper), indexed j * lengthAlong + i, where
 * `at(i, j)` reads the mask with i along and j across.
 */
export function inkAcross(
  lengthAlong: number,
  lengthAcross: number,
  at: (i: number, j: number) => number,
): Uint16Array {
  const across = new Uint16Array(lengthAlong * lengthAcross);
  for (let i = 0; i < lengthAlong; i++) {
    let j = 0;
    while (j < lengthAcross) {
      if (!at(i, j)) {
        j++;
        continue;
      }
      let end = j;
      while (end < lengthAcross && at(i, end)) end++;
      for (let k = j; k < end; k++) across[k * lengthAlong + i] = Math.min(end - j, 65535);
      j = end;
    }
  }
  return across;
}

/**
 * Where a run of thin ink along a row (from `row`, starting at `i`) ends: it goes on where a stroke touches it at a
 * slant (a few pixels where the ink across it is under twice a pen: hatching against a wall's face) when thin ink
 * resumes beyond. A line across it (a jamb, a wall meeting it, a dimension's extension line) ends the run.
 */
function thinRunEnd(
  runs: { across: Uint16Array; length: number; maxThickness: number },
  row: number,
  i: number,
): number {
  const { across, length, maxThickness } = runs;
  const thin = (k: number) => across[row + k]! > 0 && across[row + k]! <= maxThickness;
  // Ink across under twice a pen: a stroke touching the line at a slant. A line across it is longer across.
  const touching = (k: number) => across[row + k]! > maxThickness && across[row + k]! <= maxThickness * 2 + 1;
  let end = i;
  let k = i;
  while (k < length && across[row + k]! > 0) {
    if (thin(k)) {
      end = ++k;
      continue;
    }
    let beyond = k;
    while (beyond < length && beyond - k < MAX_CROSSING_PX && touching(beyond)) beyond++;
    if (beyond >= length || !thin(beyond)) break;
    k = beyond;
  }
  if (end - i >= MIN_RUN_ON_PX) return end;
  // Short: lettering's strokes touch one another too. Only the thin ink up to the first touch.
  let first = i;
  while (first < length && thin(first)) first++;
  return first;
}

/** A line that runs on through touching strokes is at least this long (pixels): a wall's face, not a glyph. */
const MIN_RUN_ON_PX = 10;

/** A thin line runs on through a slanted stroke touching it this long at most (pixels). */
const MAX_CROSSING_PX = 4;

/**
 * The horizontal and vertical thin lines of an ink mask (1 = ink, row by row), at least `minLength` pixels long
 * and at most `maxThickness` thick, in its pixels (x right, y down).
 */
export function thinLineSegments(
  ink: Uint8Array,
  width: number,
  height: number,
  minLength: number,
  maxThickness: number,
): Segment[] {
  const horizontal = thinRuns(width, height, (x, y) => ink[y * width + x]!, minLength, maxThickness);
  const vertical = thinRuns(height, width, (y, x) => ink[y * width + x]!, minLength, maxThickness).map(
    ([y0, x, y1]): Segment => [x, y0, x, y1],
  );
  return [...horizontal, ...vertical];
}
