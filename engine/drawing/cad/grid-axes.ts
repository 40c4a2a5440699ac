/**
 * Grid axes and the lines of callouts: a line that ends at a bubble (a small circle with a short label in it: "A",
 * "3", "B.1"). A structural grid runs its axes along the walls' centrelines, between and through the walls' faces,
 * far beyond the building; drawn on one layer with the walls, an axis pairs with a face into a wall half as thick,
 * or three lines a wall's thickness across read as a window's glass. Section marks and detail callouts end the same
 * way. Pure geometry in drawing units.
 */
import { countBelow } from '../../../shared/plan/geometry';
import type { Segment } from '../types';

export interface Circle {
  cx: number;
  cy: number;
  r: number;
}

/** A bubble's radius, metres: 8–25 mm across on paper at 1:50 to 1:100. */
const BUBBLE_RADIUS_M = { min: 0.15, max: 1.25 };
/** A bubble's label: a letter, a number, or a few of them ("A", "12", "B.1"). */
const LABEL_MAX_CHARS = 4;
/** A label's insertion point lies within this share of the radius from the centre (it may sit at a corner). */
const LABEL_REACH = 1.2;
/** An axis aims at its bubble's centre: the line, carried on, passes this share of the radius from it. */
const AIM_SHARE = 0.25;
/** An axis ends on its bubble's outline or inside it, within this share of the radius beyond it. */
const END_SLACK = 0.15;

/** The circles that are bubbles: of a bubble's size, with a short label inside. */
export function labelledBubbles(
  circles: readonly Circle[],
  texts: readonly { x: number; y: number; text: string }[],
  mpu: number,
): Circle[] {
  const labels = texts
    .filter((t) => {
      const length = t.text.trim().length;
      return length > 0 && length <= LABEL_MAX_CHARS;
    })
    .sort((a, b) => a.x - b.x);
  const xs = labels.map((t) => t.x);
  return circles.filter((c) => {
    if (c.r * mpu < BUBBLE_RADIUS_M.min || c.r * mpu > BUBBLE_RADIUS_M.max) return false;
    const reach = c.r * LABEL_REACH;
    for (let k = countBelow(xs, c.cx - reach); k < labels.length && xs[k]! <= c.cx + reach; k++) {
      const t = labels[k]!;
      if (Math.hypot(t.x - c.cx, t.y - c.cy) <= reach) return true;
    }
    return false;
  });
}

/**
 * Indices of the segments that end at a bubble: an end on or inside its outline, the line aimed at its centre, and
 * the line longer than the bubble is wide (not a stroke of the label).
 */
export function linesToBubbles(segments: readonly Segment[], bubbles: readonly Circle[]): Set<number> {
  const found = new Set<number>();
  if (!bubbles.length) return found;
  const cell = Math.max(...bubbles.map((b) => b.r)) * 2;
  const byCell = new Map<string, Circle[]>();
  const key = (x: number, y: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
  for (const b of bubbles) {
    const k = key(b.cx, b.cy);
    const list = byCell.get(k);
    if (list) list.push(b);
    else byCell.set(k, [b]);
  }
  const near = (x: number, y: number) => {
    const gx = Math.floor(x / cell);
    const gy = Math.floor(y / cell);
    const out: Circle[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) out.push(...(byCell.get(`${gx + dx},${gy + dy}`) ?? []));
    return out;
  };
  segments.forEach((s, i) => {
    const length = Math.hypot(s[2] - s[0], s[3] - s[1]);
    const ends: [number, number][] = [
      [s[0], s[1]],
      [s[2], s[3]],
    ];
    const atBubble = ends.some(([x, y]) =>
      near(x, y).some((b) => length > b.r * 2 && endsAt(s, length, x, y, b)),
    );
    if (atBubble) found.add(i);
  });
  return found;
}

/** Whether the segment's end (x, y) lies on or in the bubble, with the segment aimed at the bubble's centre. */
function endsAt(s: Segment, length: number, x: number, y: number, b: Circle): boolean {
  if (Math.hypot(x - b.cx, y - b.cy) > b.r * (1 + END_SLACK)) return false;
  // Distance of the centre from the segment's line.
  const off = Math.abs((s[2] - s[0]) * (b.cy - s[1]) - (s[3] - s[1]) * (b.cx - s[0])) / length;
  return off <= b.r * AIM_SHARE;
}
