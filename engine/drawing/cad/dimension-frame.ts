/**
 * A plan's exterior dimensions frame it: architects dimension a building from outside, in two or three chains
 * stacked beside each facade (openings, walls, overall), so what is drawn wholly beyond them (a neighbour's
 * building, the site, landscaping) is context, not the building's walls. A chain is a row of three or more
 * dimension figures ("345", "8959", "3.45") across at least 40 % of the walls' extent; two such chains side by side
 * (0.2–2 m apart, their spans overlapping) are an exterior dimensioning when at most 15 % of the wall length lies
 * beyond them. A single chain is not enough: interior chains near a facade look the same. Pure geometry in drawing
 * units, y up or down alike.
 */
import { dimensionMetres } from '../dimension-scale';
import type { Segment } from '../types';

interface Text {
  text: string;
  x: number;
  y: number;
}

interface Chain {
  /** Where the chain runs across its axis, and the span its figures cover along it. */
  at: number;
  from: number;
  to: number;
}

const MIN_FIGURES = 3;
const MIN_SPAN = 0.4;
const MAX_BEYOND = 0.15;
/** Figures of one chain lie within this of a line (metres). */
const ROW_M = 0.15;
/** Stacked chains lie this far apart (metres). */
const STACKED_M = { min: 0.2, max: 2 };

/** Indices of the walls that lie wholly beyond a plan's exterior dimension chains. */
export function beyondDimensionChains(
  walls: readonly Segment[],
  texts: readonly Text[],
  mpu: number,
): Set<number> {
  const beyond = new Set<number>();
  const figures = texts.filter((t) => dimensionMetres(t.text) !== null);
  if (figures.length < MIN_FIGURES * 2 || walls.length === 0) return beyond;
  const lengths = walls.map((s) => Math.hypot(s[2] - s[0], s[3] - s[1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  for (const axis of ['rows', 'columns'] as const) {
    const across = (p: { x: number; y: number }) => (axis === 'rows' ? p.y : p.x);
    const along = (p: { x: number; y: number }) => (axis === 'rows' ? p.x : p.y);
    const wallAlong = walls.flatMap((s) => (axis === 'rows' ? [s[0], s[2]] : [s[1], s[3]]));
    const extent = Math.max(...wallAlong) - Math.min(...wallAlong);
    const chains: Chain[] = [];
    for (const row of rowsOf(figures, across, ROW_M / mpu)) {
      if (row.length < MIN_FIGURES) continue;
      const positions = row.map(along);
      const from = Math.min(...positions);
      const to = Math.max(...positions);
      if (to - from < extent * MIN_SPAN) continue;
      chains.push({ at: row.reduce((sum, t) => sum + across(t), 0) / row.length, from, to });
    }
    // Where each wall lies across the axis: both ends beyond a line, or not.
    const ends = walls.map((s) => (axis === 'rows' ? [s[1], s[3]] : [s[0], s[2]]) as [number, number]);
    const lengthBeyond = (at: number, sign: 1 | -1) =>
      ends.reduce(
        (sum, [a, b], i) => (sign * (a - at) > 0 && sign * (b - at) > 0 ? sum + lengths[i]! : sum),
        0,
      );
    for (const p of chains) {
      for (const q of chains) {
        const apart = q.at - p.at;
        if (apart * mpu < STACKED_M.min || apart * mpu > STACKED_M.max) continue;
        if (Math.min(p.to, q.to) - Math.max(p.from, q.from) <= 0) continue;
        // p below q: the building is on one side of the pair, the context (if any) on the other.
        for (const [outer, sign] of [
          [q.at, 1],
          [p.at, -1],
        ] as const) {
          const share = lengthBeyond(outer, sign) / total;
          if (share === 0 || share > MAX_BEYOND) continue;
          ends.forEach(([a, b], i) => {
            if (sign * (a - outer) > 0 && sign * (b - outer) > 0) beyond.add(i);
          });
        }
      }
    }
  }
  return beyond;
}

/** Texts grouped into rows: sorted across, a new row where the gap to the last exceeds `tolerance`. */
function rowsOf<T>(texts: readonly T[], across: (t: T) => number, tolerance: number): T[][] {
  const sorted = [...texts].sort((a, b) => across(a) - across(b));
  const rows: T[][] = [];
  for (const t of sorted) {
    const row = rows[rows.length - 1];
    if (row && across(t) - across(row[row.length - 1]!) <= tolerance) row.push(t);
    else rows.push([t]);
  }
  return rows;
}
