/**
 * Circular arcs of a raster line drawing: the swings of doors drawn as quarter circles, which a picture of a plan
 * holds as pixels only. The ink left once the straight horizontal and vertical lines are taken out falls into
 * pieces; a piece whose pixels lie on one circle (a least-squares fit) is an arc. Pure: an ink mask in, arcs in its
 * pixels out (x right, y down; angles measured clockwise on the picture, i.e. counter-clockwise with y down).
 */
import { labelPieces } from '../../shared/plan/grid-mask';
import type { Arc, Segment } from './types';

/** Ink this close to a straight line (pixels, across and past its ends) is the line's, not an arc's. */
const LINE_CLEARANCE_PX = 1.5;
/** A piece of fewer pixels is lettering or a speck. */
const MIN_ARC_PIXELS = 12;
/** Arcs of a smaller radius are lettering (o, c, e); of a larger one, not drawn curves of a plan's scale. */
const MIN_RADIUS_PX = 6;
/** A piece's pixels lie on its circle within this (pixels, root mean square and worst), plus a share of the radius. */
const FIT_RMS_PX = 0.9;
const FIT_WORST_PX = 2;
const FIT_RADIUS_SHARE = 0.04;
/** An arc must sweep at least this much (radians) to be told from a gently bent stroke. */
const MIN_SWEEP = Math.PI / 4;
/** A piece of an arc between lines the thin-line search took from it sweeps at least this much to be looked at. */
const SEED_SWEEP = Math.PI / 9;
/** Work bounds: pieces looked at, and pixels in one piece. */
const MAX_PIECES = 4000;
const MAX_PIECE_PIXELS = 20000;

/**
 * The arcs of an ink mask (1 = ink, row by row) once the pixels of `lines` (horizontal and vertical strokes along
 * their middles) are left out, and which of those lines are pieces of the arcs. `maxRadius` bounds the arcs looked
 * for (pixels). Where an arc runs almost along an axis a thin-line search takes a stretch of it for a short line,
 * cutting the arc short: a line that leaves an arc's end along its tangent is given back to it and the arc fitted
 * again with it.
 */
export function rasterArcs(
  ink: Uint8Array,
  width: number,
  height: number,
  lines: readonly Segment[],
  maxRadius: number,
): { arcs: Arc[]; arcLines: Set<number> } {
  const arcLines = new Set<number>();
  // Pieces of an arc between such lines are arcs too, sweeping less: each is a seed that gets its lines back.
  let arcs = arcsApartFrom(ink, width, height, lines, maxRadius);
  for (let pass = 0; pass < GIVE_BACK_PASSES; pass++) {
    const before = arcLines.size;
    lines.forEach((line, i) => {
      if (!arcLines.has(i) && arcs.some((a) => liesOnArc(line, a) || leavesAlongTangent(line, a)))
        arcLines.add(i);
    });
    if (arcLines.size === before) break;
    arcs = arcsApartFrom(
      ink,
      width,
      height,
      lines.filter((_, i) => !arcLines.has(i)),
      maxRadius,
    );
  }
  const swept = arcs.filter((a) => a.end - a.start >= MIN_SWEEP);
  lines.forEach((line, i) => {
    if (swept.some((a) => liesOnArc(line, a))) arcLines.add(i);
  });
  return { arcs: swept, arcLines };
}

/** Times lines are given back to the arcs they are pieces of (each time the arcs grow and are fitted again). */
const GIVE_BACK_PASSES = 3;
/** A line starts at an arc's end within this (pixels, and a share of the radius) and along its tangent. */
const TANGENT_END_PX = 3;
const TANGENT_END_SHARE = 0.15;
const TANGENT_COS = Math.cos(Math.PI / 6);
/** A line lies on an arc's circle when its ends and middle are this near it (pixels, and a share of the radius). */
const ON_CIRCLE_PX = 1.5;
const ON_CIRCLE_SHARE = 0.05;

/** Whether a line, no longer than the arc's radius, lies on the arc's circle along its whole length. */
function liesOnArc(line: Segment, a: Arc): boolean {
  if (Math.hypot(line[2] - line[0], line[3] - line[1]) > a.r) return false;
  const reach = ON_CIRCLE_PX + a.r * ON_CIRCLE_SHARE;
  const off = (x: number, y: number) => Math.abs(Math.hypot(x - a.cx, y - a.cy) - a.r);
  return (
    off(line[0], line[1]) <= reach &&
    off(line[2], line[3]) <= reach &&
    off((line[0] + line[2]) / 2, (line[1] + line[3]) / 2) <= reach
  );
}

function arcsApartFrom(
  ink: Uint8Array,
  width: number,
  height: number,
  lines: readonly Segment[],
  maxRadius: number,
): Arc[] {
  const rest = withoutLines(ink, width, height, lines);
  const arcs: Arc[] = [];
  for (const piece of inkPieces(rest, width, height)) {
    const arc = arcOfPixels(piece, maxRadius);
    if (arc) arcs.push(arc);
  }
  return arcs;
}

/** Whether a line starts at one of an arc's ends and runs on along the arc's tangent there, no longer than the arc. */
function leavesAlongTangent(line: Segment, a: Arc): boolean {
  const length = Math.hypot(line[2] - line[0], line[3] - line[1]);
  if (length === 0 || length > a.r) return false;
  const ux = (line[2] - line[0]) / length;
  const uy = (line[3] - line[1]) / length;
  const reach = TANGENT_END_PX + a.r * TANGENT_END_SHARE;
  for (const t of [a.start, a.end]) {
    const ex = a.cx + a.r * Math.cos(t);
    const ey = a.cy + a.r * Math.sin(t);
    const near = Math.min(Math.hypot(line[0] - ex, line[1] - ey), Math.hypot(line[2] - ex, line[3] - ey));
    // The tangent is across the radius: the line's direction against the radius's.
    if (near <= reach && Math.abs(ux * Math.cos(t) + uy * Math.sin(t)) <= Math.sqrt(1 - TANGENT_COS ** 2))
      return true;
  }
  return false;
}

/** A copy of the mask without the pixels of the straight lines. */
function withoutLines(ink: Uint8Array, width: number, height: number, lines: readonly Segment[]): Uint8Array {
  const rest = ink.slice();
  const reach = LINE_CLEARANCE_PX;
  for (const [x1, y1, x2, y2] of lines) {
    const x0 = Math.max(0, Math.floor(Math.min(x1, x2) - reach));
    const xe = Math.min(width - 1, Math.ceil(Math.max(x1, x2) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(y1, y2) - reach));
    const ye = Math.min(height - 1, Math.ceil(Math.max(y1, y2) + reach));
    for (let y = y0; y <= ye; y++) rest.fill(0, y * width + x0, y * width + xe + 1);
  }
  return rest;
}

/**
 * The 8-connected pieces of a mask big enough to be an arc (and not too big to fit), at most MAX_PIECES, each as its
 * pixels' centres [x0, y0, x1, y1, …].
 */
function inkPieces(mask: Uint8Array, width: number, height: number): Float64Array[] {
  const { count, cells, starts } = labelPieces(mask, width, height);
  const pieces: Float64Array[] = [];
  for (let piece = 0; piece < count && pieces.length < MAX_PIECES; piece++) {
    const from = starts[piece]!;
    const size = starts[piece + 1]! - from;
    if (size < MIN_ARC_PIXELS || size >= MAX_PIECE_PIXELS) continue;
    const pixels = new Float64Array(size * 2);
    for (let k = 0; k < size; k++) {
      const i = cells[from + k]!;
      const x = i % width;
      pixels[2 * k] = x + 0.5;
      pixels[2 * k + 1] = (i - x) / width + 0.5;
    }
    pieces.push(pixels);
  }
  return pieces;
}

/** The circle through points in the least-squares sense (Kåsa's fit), or null when they are (nearly) collinear. */
export function fitCircle(points: Float64Array): { cx: number; cy: number; r: number } | null {
  const n = points.length / 2;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k++) {
    mx += points[2 * k]!;
    my += points[2 * k + 1]!;
  }
  mx /= n;
  my /= n;
  // Normal equations of u² + v² + D u + E v + F = 0 about the centroid (u, v).
  let suu = 0;
  let svv = 0;
  let suv = 0;
  let suz = 0;
  let svz = 0;
  let sz = 0;
  for (let k = 0; k < n; k++) {
    const u = points[2 * k]! - mx;
    const v = points[2 * k + 1]! - my;
    const z = u * u + v * v;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    suz += u * z;
    svz += v * z;
    sz += z;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-9 * Math.max(1, suu * svv)) return null;
  const d = (-suz * svv + svz * suv) / det;
  const e = (-svz * suu + suz * suv) / det;
  const f = -sz / n;
  const cu = -d / 2;
  const cv = -e / 2;
  const r2 = cu * cu + cv * cv - f;
  if (!(r2 > 0)) return null;
  return geometricFit(points, { cx: cu + mx, cy: cv + my, r: Math.sqrt(r2) });
}

/** Gauss–Newton steps on the points' distances to the circle: Kåsa's fit runs small on a short arc of thick ink. */
const GEOMETRIC_STEPS = 6;

/** The circle from `start` moved to the least squares of the points' distances from it. */
function geometricFit(points: Float64Array, start: { cx: number; cy: number; r: number }) {
  let { cx, cy, r } = start;
  const n = points.length / 2;
  for (let step = 0; step < GEOMETRIC_STEPS; step++) {
    // Normal equations JᵀJ δ = −Jᵀ e, with e = d − r and J = [−(x − cx)/d, −(y − cy)/d, −1].
    const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    const g = [0, 0, 0];
    for (let k = 0; k < n; k++) {
      const dx = points[2 * k]! - cx;
      const dy = points[2 * k + 1]! - cy;
      const d = Math.hypot(dx, dy);
      if (d === 0) continue;
      const j = [-dx / d, -dy / d, -1];
      const e = d - r;
      for (let a = 0; a < 3; a++) {
        g[a]! += j[a]! * e;
        for (let b = 0; b < 3; b++) m[a * 3 + b]! += j[a]! * j[b]!;
      }
    }
    const delta = solve3(
      m,
      g.map((v) => -v),
    );
    if (!delta) break;
    cx += delta[0];
    cy += delta[1];
    r += delta[2];
    if (Math.abs(delta[0]) + Math.abs(delta[1]) + Math.abs(delta[2]) < 1e-6) break;
  }
  return r > 0 && Number.isFinite(cx + cy + r) ? { cx, cy, r } : start;
}

/** x with m x = v (m 3 × 3, row by row), by Cramer's rule; null when m is singular. */
function solve3(m: number[], v: number[]): [number, number, number] | null {
  const det = (a: number[]) =>
    a[0]! * (a[4]! * a[8]! - a[5]! * a[7]!) -
    a[1]! * (a[3]! * a[8]! - a[5]! * a[6]!) +
    a[2]! * (a[3]! * a[7]! - a[4]! * a[6]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return null;
  const column = (c: number) => det(m.map((x, i) => (i % 3 === c ? v[Math.floor(i / 3)]! : x)));
  return [column(0) / d, column(1) / d, column(2) / d];
}

/** The arc a piece of ink draws, if its pixels lie on one circle of a plausible radius and sweep far enough. */
function arcOfPixels(points: Float64Array, maxRadius: number): Arc | null {
  const circle = fitCircle(points);
  if (!circle || circle.r < MIN_RADIUS_PX || circle.r > maxRadius) return null;
  const { cx, cy, r } = circle;
  const n = points.length / 2;
  const angles = new Float64Array(n);
  let squares = 0;
  let worst = 0;
  for (let k = 0; k < n; k++) {
    const dx = points[2 * k]! - cx;
    const dy = points[2 * k + 1]! - cy;
    const off = Math.abs(Math.hypot(dx, dy) - r);
    squares += off * off;
    worst = Math.max(worst, off);
    angles[k] = Math.atan2(dy, dx);
  }
  const slack = r * FIT_RADIUS_SHARE;
  if (Math.sqrt(squares / n) > FIT_RMS_PX + slack || worst > FIT_WORST_PX + slack) return null;
  const span = angularSpan(angles);
  if (span.sweep < SEED_SWEEP) return null;
  return { cx, cy, r, start: span.start, end: span.start + span.sweep };
}

/** The smallest arc of directions holding all the angles: where it starts and how far it sweeps (radians). */
function angularSpan(angles: Float64Array): { start: number; sweep: number } {
  const sorted = Float64Array.from(angles).sort();
  const n = sorted.length;
  let gap = sorted[0]! + 2 * Math.PI - sorted[n - 1]!;
  let start = sorted[0]!;
  for (let k = 1; k < n; k++) {
    const g = sorted[k]! - sorted[k - 1]!;
    if (g > gap) {
      gap = g;
      start = sorted[k]!;
    }
  }
  return { start, sweep: 2 * Math.PI - gap };
}
