/**
 * Whether a view's walls are drawn as single lines although lines on the same layers also pair (window glass,
 * furniture, counters): the unpaired lines join into a network of walls, meeting end to line (L and T junctions,
 * ends that run on a little or stop a little short), far larger than any network the pairs form. Crossings in the
 * middle of two lines (paving grids, dimension ticks, grid axes) join nothing.
 */
import {
  gridAlongSegments,
  indexCellSize,
  pointSegmentDistance,
  segmentDistance,
  unionFindRoot,
} from '../../../shared/plan/geometry';
import { OPENING_WIDTH_M, type Segment } from '../types';
import { crossing } from './crossings';

/** An end this close to another line meets it (a junction drawn a little short). */
const END_GAP_M = 0.12;
/** A crossing this close to a line's end is a junction drawn running on, not a crossing. */
const RUN_ON_M = 0.3;
/** Lines within this angle are parallel (one wall's pieces). */
const PARALLEL_SIN = Math.sin((2 * Math.PI) / 180);
/** A network of fewer lines is a symbol or a frame, not a plan's walls. */
const MIN_NETWORK_LINES = 6;
/** The single lines must outweigh the pairs' own network this many times over. */
const SINGLE_OVER_PAIRED = 2;
/** Lines filed per grid cell at most: bounds the work on a drawing of thousands of crossing lines. */
const MAX_PER_CELL = 32;

interface Network {
  length: number;
  lines: number;
  /** Joins across a gap an opening's width (a wall broken by a door or window). */
  openings: number;
}

/** How two lines are joined: not at all, at a junction, or across an opening in one wall line. */
enum Join {
  None,
  Junction,
  AcrossOpening,
}

/** The largest group of lines joined pairwise by `joined` (and holding an opening if `withOpening`), by length. */
function largestNetwork(
  segs: readonly Segment[],
  reachOf: (i: number) => number,
  joined: (i: number, j: number) => Join,
  cell: number,
  withOpening = false,
): Network {
  const none: Network = { length: 0, lines: 0, openings: 0 };
  if (!segs.length) return none;
  const openingJoins: number[] = [];
  const parent = Int32Array.from(segs, (_, i) => i);
  const index = segs.map((_, i) => i);
  const grid = gridAlongSegments(index, (i) => segs[i]!, reachOf, cell, MAX_PER_CELL);
  for (const list of grid.values()) {
    for (let p = 0; p < list.length; p++) {
      for (let q = p + 1; q < list.length; q++) {
        const i = list[p]!;
        const j = list[q]!;
        if (unionFindRoot(parent, i) === unionFindRoot(parent, j)) continue;
        const join = joined(i, j);
        if (join !== Join.None) parent[unionFindRoot(parent, i)] = unionFindRoot(parent, j);
        if (join === Join.AcrossOpening) openingJoins.push(i);
      }
    }
  }
  const totals = new Map<number, Network>();
  segs.forEach((s, i) => {
    const root = unionFindRoot(parent, i);
    const n = totals.get(root) ?? { ...none };
    n.length += Math.hypot(s[2] - s[0], s[3] - s[1]);
    n.lines++;
    totals.set(root, n);
  });
  for (const i of openingJoins) totals.get(unionFindRoot(parent, i))!.openings++;
  return [...totals.values()]
    .filter((n) => !withOpening || n.openings > 0)
    .reduce((best, n) => (n.length > best.length ? n : best), none);
}

/** The gap between two pieces of one straight line (negative where they overlap), or null if they are not. */
function gapOnOneLine(a: Segment, b: Segment, offsetTolerance: number): number | null {
  const la = Math.hypot(a[2] - a[0], a[3] - a[1]);
  const lb = Math.hypot(b[2] - b[0], b[3] - b[1]);
  if (la === 0 || lb === 0) return null;
  const ux = (a[2] - a[0]) / la;
  const uy = (a[3] - a[1]) / la;
  if (Math.abs(ux * (b[3] - b[1]) - uy * (b[2] - b[0])) / lb > PARALLEL_SIN) return null;
  const across = (x: number, y: number) => Math.abs(ux * (y - a[1]) - uy * (x - a[0]));
  if (across(b[0], b[1]) > offsetTolerance || across(b[2], b[3]) > offsetTolerance) return null;
  const s1 = ux * (b[0] - a[0]) + uy * (b[1] - a[1]);
  const s2 = ux * (b[2] - a[0]) + uy * (b[3] - a[1]);
  return Math.max(Math.min(s1, s2) - la, -Math.max(s1, s2));
}

/**
 * Two lines meet at a junction: an end near the other line, a crossing near an end of either, or one line broken
 * by an opening.
 */
function meetEndToLine(
  a: Segment,
  b: Segment,
  endGap: number,
  runOn: number,
  opening: [number, number],
): Join {
  const gap = gapOnOneLine(a, b, endGap);
  if (gap !== null && gap >= opening[0] && gap <= opening[1]) return Join.AcrossOpening;
  if (gap !== null && gap <= opening[1]) return Join.Junction;
  const ends: [number, number, Segment][] = [
    [a[0], a[1], b],
    [a[2], a[3], b],
    [b[0], b[1], a],
    [b[2], b[3], a],
  ];
  for (const [x, y, other] of ends) if (pointSegmentDistance(x, y, ...other) <= endGap) return Join.Junction;
  const at = crossing(a, b);
  if (!at) return Join.None;
  const cx = a[0] + at[0] * (a[2] - a[0]);
  const cy = a[1] + at[0] * (a[3] - a[1]);
  return ends.some(([x, y]) => Math.hypot(x - cx, y - cy) <= runOn) ? Join.Junction : Join.None;
}

/**
 * Whether the view's walls are its single lines: their largest network broken by an opening is at least
 * `SINGLE_OVER_PAIRED` times as long as the largest network of the paired walls. Bounded by a grid of at most
 * `MAX_PER_CELL` lines a cell.
 */
export function drawnInSingleLines(
  pairs: readonly { seg: Segment; thickness: number }[],
  singles: readonly Segment[],
  metresPerUnit: number,
): boolean {
  const endGap = END_GAP_M / metresPerUnit;
  const runOn = RUN_ON_M / metresPerUnit;
  // Two pieces of one wall line either side of a door or window.
  const opening: [number, number] = [
    OPENING_WIDTH_M.min / metresPerUnit,
    OPENING_WIDTH_M.max / metresPerUnit,
  ];
  // Only a network broken by a door or window is walls: a frame, a site boundary or a dimension chain is not.
  const singleNetwork = largestNetwork(
    singles,
    () => opening[1] / 2,
    (i, j) => meetEndToLine(singles[i]!, singles[j]!, endGap, runOn, opening),
    indexCellSize(singles, opening[1]),
    true,
  );
  if (singleNetwork.lines < MIN_NETWORK_LINES) return false;
  const pairSegs = pairs.map((p) => p.seg);
  const pairNetwork = largestNetwork(
    pairSegs,
    (i) => pairs[i]!.thickness + endGap,
    (i, j) =>
      segmentDistance(pairSegs[i]!, pairSegs[j]!) <= (pairs[i]!.thickness + pairs[j]!.thickness) / 2 + endGap
        ? Join.Junction
        : Join.None,
    indexCellSize(pairSegs, runOn * 2),
  );
  return singleNetwork.length >= SINGLE_OVER_PAIRED * pairNetwork.length;
}
