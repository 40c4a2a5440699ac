/**
 * Circular arcs found in polylines: the curves a PDF flattens, and the swings CAD programs and plotters send as runs
 * of short chords. Pure; points are flat [x0, y0, x1, y1, …] arrays, angles counter-clockwise (y up).
 */
import type { Arc } from './types';

/**
 * A circular arc through a flattened curve (y up), or undefined when the points do not lie on one circle. A closed
 * curve is a full circle.
 */
export function arcThrough(points: number[]): Arc | undefined {
  const n = points.length / 2;
  if (n < 3) return undefined;
  const at = (i: number): [number, number] => [points[i * 2]!, points[i * 2 + 1]!];
  const first = at(0);
  const last = at(n - 1);
  const span = Math.hypot(last[0] - first[0], last[1] - first[1]);
  const closed =
    n >= 4 &&
    span < 1e-6 + 0.02 * Math.hypot(at(Math.floor(n / 2))[0] - first[0], at(Math.floor(n / 2))[1] - first[1]);
  const [p, q, r] = closed
    ? [first, at(Math.floor(n / 3)), at(Math.floor((2 * n) / 3))]
    : [first, at(Math.floor(n / 2)), last];
  const d = 2 * (p[0] * (q[1] - r[1]) + q[0] * (r[1] - p[1]) + r[0] * (p[1] - q[1]));
  if (Math.abs(d) < 1e-9) return undefined;
  const sq = (v: [number, number]) => v[0] * v[0] + v[1] * v[1];
  const cx = (sq(p) * (q[1] - r[1]) + sq(q) * (r[1] - p[1]) + sq(r) * (p[1] - q[1])) / d;
  const cy = (sq(p) * (r[0] - q[0]) + sq(q) * (p[0] - r[0]) + sq(r) * (q[0] - p[0])) / d;
  const radius = Math.hypot(p[0] - cx, p[1] - cy);
  if (!(radius > 0) || !Number.isFinite(radius)) return undefined;
  for (let i = 0; i < n; i++) {
    const [x, y] = at(i);
    if (Math.abs(Math.hypot(x - cx, y - cy) - radius) > radius * 0.06) return undefined;
  }
  if (closed) return { cx, cy, r: radius, start: 0, end: Math.PI * 2 };
  const angle = (v: [number, number]) => Math.atan2(v[1] - cy, v[0] - cx);
  const ccw = (from: number, to: number) => {
    let sweep = to - from;
    while (sweep < 0) sweep += Math.PI * 2;
    return sweep;
  };
  const a0 = angle(first);
  const a1 = angle(last);
  const mid = angle(at(Math.floor(n / 2)));
  // Counter-clockwise from start to end, passing the curve's middle.
  return ccw(a0, mid) <= ccw(a0, a1)
    ? { cx, cy, r: radius, start: a0, end: a1 }
    : { cx, cy, r: radius, start: a1, end: a0 };
}

/**
 * The arc a polyline of short chords draws, if it is one (six points or more, each chord under 45° of the circle),
 * allowing a straight piece at either end (a door leaf drawn on with its swing).
 */
export function arcOfChords(points: number[]): Arc | undefined {
  const n = points.length / 2;
  for (const [from, to] of [
    [0, n],
    [1, n],
    [0, n - 1],
    [1, n - 1],
  ] as const) {
    if (to - from < 6) continue;
    const run = points.slice(from * 2, to * 2);
    const arc = arcThrough(run);
    if (!arc) continue;
    let chordsShort = true;
    for (let i = 2; i < run.length; i += 2) {
      if (Math.hypot(run[i]! - run[i - 2]!, run[i + 1]! - run[i - 1]!) > arc.r * 0.77) chordsShort = false;
    }
    if (chordsShort) return arc;
  }
  return undefined;
}
