/**
 * Drafting symbols drawn with the walls' pen and layer that are not walls:
 * - a cross in a box (two diagonals of a rectangle): a void, a shaft, a lift or the space under a stair;
 * - an arrow (a line ending in a two-line head): the walking line of a stair or ramp.
 * Extruded as single-line walls they stand in rooms as blades. Pure geometry over segments in drawing units.
 */
import type { Segment } from '../types';

const segLength = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);

/** A cross's diagonals are at least this long (metres): a void, not a tile or a symbol of furniture. */
const CROSS_MIN_M = 0.6;
/** An arrow’s shaft is at least this long (metres). */
const SHAFT_MIN_M = 0.5;
/** An arrowhead's strokes are this long (metres). */
const HEAD_M = { min: 0.1, max: 0.7 };
/** Two ends this close (metres) meet. */
const MEET_M = 0.03;

/**
 * Indices of the segments that are the diagonals of a cross: two lines about as long as each other, each cutting the
 * other in its middle (they bisect each other, as a rectangle's diagonals do), at 20° or more.
 */
export function voidCrosses(segments: readonly Segment[], mpu: number): Set<number> {
  const crosses = new Set<number>();
  const cell = 0.2 / mpu;
  const byMiddle = new Map<string, number[]>();
  const key = (x: number, y: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
  const middle = (s: Segment) => [(s[0] + s[2]) / 2, (s[1] + s[3]) / 2] as const;
  segments.forEach((s, i) => {
    if (segLength(s) * mpu < CROSS_MIN_M) return;
    const [mx, my] = middle(s);
    const k = key(mx, my);
    const list = byMiddle.get(k) ?? [];
    list.push(i);
    byMiddle.set(k, list);
  });
  segments.forEach((s, i) => {
    const length = segLength(s);
    if (length * mpu < CROSS_MIN_M) return;
    const [mx, my] = middle(s);
    const cx = Math.floor(mx / cell);
    const cy = Math.floor(my / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of byMiddle.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (j <= i) continue;
          const t = segments[j]!;
          const other = segLength(t);
          if (Math.abs(other - length) > Math.max(length, other) * 0.1) continue;
          const [nx, ny] = middle(t);
          if (Math.hypot(nx - mx, ny - my) > Math.min(length, other) * 0.05) continue;
          const cos =
            Math.abs((s[2] - s[0]) * (t[2] - t[0]) + (s[3] - s[1]) * (t[3] - t[1])) / (length * other);
          if (cos > Math.cos((20 * Math.PI) / 180)) continue;
          crosses.add(i);
          crosses.add(j);
        }
      }
    }
  });
  return crosses;
}

/** An arrow among segments: its shaft, the two strokes of its head, and the points its shaft runs between. */
export interface Arrow {
  shaft: number;
  head: [number, number];
  tail: [number, number];
  tip: [number, number];
}

/** Indices of the segments that make arrows (as `arrowsOf` finds them). */
export function arrows(segments: readonly Segment[], mpu: number): Set<number> {
  const found = new Set<number>();
  for (const arrow of arrowsOf(segments, mpu))
    for (const index of [arrow.shaft, ...arrow.head]) found.add(index);
  return found;
}

/**
 * The arrows among the segments: a shaft (0.5 m or more) with, at one end (its tip), two short strokes (0.1–0.7 m)
 * meeting it there, one on either side of it, each 15–70° off the shaft and about as long as each other. A shaft
 * with a head at both ends (a dimension line) is two arrows.
 */
export function arrowsOf(segments: readonly Segment[], mpu: number): Arrow[] {
  const found: Arrow[] = [];
  const meet = MEET_M / mpu;
  const cell = Math.max(meet * 4, 0.1 / mpu);
  const key = (x: number, y: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
  // Short strokes by each of their ends.
  const heads = new Map<string, { index: number; end: 0 | 1 }[]>();
  segments.forEach((s, index) => {
    const length = segLength(s) * mpu;
    if (length < HEAD_M.min || length > HEAD_M.max) return;
    for (const end of [0, 1] as const) {
      const k = key(s[end * 2]!, s[end * 2 + 1]!);
      const list = heads.get(k) ?? [];
      list.push({ index, end });
      heads.set(k, list);
    }
  });
  segments.forEach((shaft, index) => {
    if (segLength(shaft) * mpu < SHAFT_MIN_M) return;
    for (const end of [0, 1] as const) {
      const strokes = strokesAtTip(segments, shaft, index, end, heads, meet, cell);
      const left = strokes.filter((s) => s.side > 0);
      const right = strokes.filter((s) => s.side < 0);
      const pair = left
        .map((l) => [
          l,
          right.find((q) => Math.abs(q.length - l.length) <= Math.max(q.length, l.length) * 0.25),
        ])
        .find(([, r]) => r !== undefined);
      if (!pair) continue;
      const tip: [number, number] = [shaft[end * 2]!, shaft[end * 2 + 1]!];
      const tail: [number, number] = [shaft[(1 - end) * 2]!, shaft[(1 - end) * 2 + 1]!];
      found.push({ shaft: index, head: [pair[0]!.index, pair[1]!.index], tail, tip });
    }
  });
  return found;
}

/** The short strokes meeting a shaft's end (its tip), each 15–70° off the shaft, with the side of it they lie on. */
function strokesAtTip(
  segments: readonly Segment[],
  shaft: Segment,
  index: number,
  end: 0 | 1,
  heads: Map<string, { index: number; end: 0 | 1 }[]>,
  meet: number,
  cell: number,
): { index: number; side: number; length: number }[] {
  const length = segLength(shaft);
  const tipX = shaft[end * 2]!;
  const tipY = shaft[end * 2 + 1]!;
  // Back along the shaft from its tip.
  const bx = (shaft[(1 - end) * 2]! - tipX) / length;
  const by = (shaft[(1 - end) * 2 + 1]! - tipY) / length;
  const strokes: { index: number; side: number; length: number }[] = [];
  const cx = Math.floor(tipX / cell);
  const cy = Math.floor(tipY / cell);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (const h of heads.get(`${cx + dx},${cy + dy}`) ?? []) {
        if (h.index === index) continue;
        const s = segments[h.index]!;
        const hx = s[h.end * 2]!;
        const hy = s[h.end * 2 + 1]!;
        if (Math.hypot(hx - tipX, hy - tipY) > meet) continue;
        const ox = s[(1 - h.end) * 2]! - hx;
        const oy = s[(1 - h.end) * 2 + 1]! - hy;
        const strokeLength = Math.hypot(ox, oy);
        const cos = (ox * bx + oy * by) / strokeLength;
        const angle = (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI;
        if (angle < 15 || angle > 70) continue;
        strokes.push({ index: h.index, side: Math.sign(bx * oy - by * ox), length: strokeLength });
      }
    }
  }
  return strokes;
}
