/**
 * Double-line walls: two parallel lines a wall's thickness apart become one wall (its centreline and thickness)
 * over the stretch where they face each other. Pure geometry over segments in drawing units.
 */
import type { Segment } from '../types';

export interface PairedWall {
  /** Centreline. */
  seg: Segment;
  thickness: number;
}

interface Line {
  index: number;
  /** Unit direction (angle folded into [0, π)). */
  ux: number;
  uy: number;
  /** Signed offset of the line from the origin along the normal (-uy, ux). */
  offset: number;
  /** Extent along the direction. */
  from: number;
  to: number;
  angle: number;
  /** A copy seen from the other end of the angle range (`flipLine`). */
  flipped?: boolean;
}

const ANGLE_TOLERANCE = (1.5 * Math.PI) / 180;

function toLine(seg: Segment, index: number): Line | null {
  const [x1, y1, x2, y2] = seg;
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len === 0) return null;
  let angle = Math.atan2(y2 - y1, x2 - x1);
  if (angle < 0) angle += Math.PI;
  if (angle >= Math.PI) angle -= Math.PI;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const a = x1 * ux + y1 * uy;
  const b = x2 * ux + y2 * uy;
  const offset = -x1 * uy + y1 * ux;
  return { index, ux, uy, offset, from: Math.min(a, b), to: Math.max(a, b), angle };
}

/**
 * Pairs each line with its nearest parallel neighbours on one side (the next offset up) that lie `minGap`–`maxGap`
 * away and overlap it along its length by at least `minOverlap`. Returns the walls and which segments were used.
 */
export function pairParallelLines(
  segments: readonly Segment[],
  options: { minGap: number; maxGap: number; minOverlap: number },
): { walls: PairedWall[]; paired: Uint8Array; remainders: Remainder[] } {
  const lines = segments.map(toLine).filter((l): l is Line => l !== null);
  const paired = new Uint8Array(segments.length);
  const walls: PairedWall[] = [];
  /** Per line, the stretches (in its own frame) that face a partner. */
  const covered = new Map<number, [number, number][]>();
  const cover = (l: Line, from: number, to: number) => {
    const list = covered.get(l.index) ?? [];
    list.push(l.flipped ? [-to, -from] : [from, to]);
    covered.set(l.index, list);
  };
  // Bucket by angle (with the neighbouring bucket, so that lines near a bucket edge still meet).
  const bucketSize = ANGLE_TOLERANCE * 2;
  const buckets = new Map<number, Line[]>();
  const bucketCount = Math.ceil(Math.PI / bucketSize);
  for (const line of lines) {
    const b = Math.floor(line.angle / bucketSize) % bucketCount;
    const list = buckets.get(b) ?? [];
    list.push(line);
    buckets.set(b, list);
  }
  for (const [b, own] of buckets) {
    // Lines from this bucket and the next (wrapping at π, where the offset changes sign).
    const next = buckets.get((b + 1) % bucketCount) ?? [];
    const wraps = b + 1 === bucketCount;
    const others = [...own, ...next.map((l) => (wraps ? flipLine(l) : l))];
    others.sort((p, q) => p.offset - q.offset);
    for (const a of own) {
      const partners = nearestAbove(a, others, options);
      for (const p of partners) {
        const from = Math.max(a.from, p.from);
        const to = Math.min(a.to, p.to);
        const mid = (a.offset + p.offset) / 2;
        const nx = -a.uy;
        const ny = a.ux;
        walls.push({
          seg: [a.ux * from + nx * mid, a.uy * from + ny * mid, a.ux * to + nx * mid, a.uy * to + ny * mid],
          thickness: p.offset - a.offset,
        });
        paired[a.index] = 1;
        paired[p.index] = 1;
        cover(a, from, to);
        cover(p, from, to);
      }
    }
  }
  return { walls, paired, remainders: remaindersOf(lines, covered, options.minOverlap) };
}

/** What is left of a paired line beyond the stretches that face a partner: a face that runs on as one line. */
export interface Remainder {
  index: number;
  seg: Segment;
}

function remaindersOf(
  lines: Line[],
  covered: Map<number, [number, number][]>,
  minLength: number,
): Remainder[] {
  const out: Remainder[] = [];
  for (const l of lines) {
    const spans = covered.get(l.index);
    if (!spans) continue;
    spans.sort((p, q) => p[0] - q[0]);
    const emit = (from: number, to: number) => {
      if (to - from < minLength) return;
      const [nx, ny] = [-l.uy, l.ux];
      out.push({
        index: l.index,
        seg: [
          l.ux * from + nx * l.offset,
          l.uy * from + ny * l.offset,
          l.ux * to + nx * l.offset,
          l.uy * to + ny * l.offset,
        ],
      });
    };
    let at = l.from;
    for (const [from, to] of spans) {
      emit(at, Math.min(from, l.to));
      at = Math.max(at, to);
    }
    emit(at, l.to);
  }
  return out;
}

/** The same line seen from the other end of the angle range (angle − π): direction and offset negate. */
function flipLine(l: Line): Line {
  return {
    ...l,
    ux: -l.ux,
    uy: -l.uy,
    offset: -l.offset,
    from: -l.to,
    to: -l.from,
    angle: l.angle - Math.PI,
    flipped: !l.flipped,
  };
}

/**
 * The lines just above `a` (by offset) that overlap it: the nearest offset level within the gap range, plus any
 * line at (nearly) the same level, so that one long face pairs with every piece of a face broken by openings.
 */
function nearestAbove(
  a: Line,
  sorted: Line[],
  options: { minGap: number; maxGap: number; minOverlap: number },
): Line[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.offset < a.offset + options.minGap) lo = mid + 1;
    else hi = mid;
  }
  const found: Line[] = [];
  let level = Number.NaN;
  for (let i = lo; i < sorted.length; i++) {
    const b = sorted[i]!;
    const gap = b.offset - a.offset;
    if (gap > options.maxGap) break;
    if (!Number.isNaN(level) && gap > level + options.minGap * 0.5) break;
    if (b.index === a.index) continue;
    if (Math.abs(angleDiff(a.angle, b.angle)) > ANGLE_TOLERANCE) continue;
    const overlap = Math.min(a.to, b.to) - Math.max(a.from, b.from);
    if (overlap < options.minOverlap) continue;
    if (Number.isNaN(level)) level = gap;
    found.push(b);
  }
  return found;
}

function angleDiff(a: number, b: number) {
  let d = a - b;
  while (d > Math.PI / 2) d -= Math.PI;
  while (d < -Math.PI / 2) d += Math.PI;
  return d;
}
