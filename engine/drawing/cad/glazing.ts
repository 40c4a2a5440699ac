/**
 * Windows drawn in a wall's line work: the wall's two faces run on across the opening (the sill and the reveal
 * lines) and the glass is one line, or a tight bundle of lines, in the middle between them. Paired, the faces
 * would read as a solid wall where the window is; the glass lines would pair with each other into a thin one.
 * Pure geometry over segments in drawing units.
 */
import type { Segment } from '../types';

/** The band a window's faces may span, metres (a sill and a reveal, or a facade's depth). */
const WINDOW_DEPTH_M = { min: 0.12, max: 0.6 };
/** The glass sits in the middle of the depth, away from either face (a share of the depth). */
const GLASS_BAND = { from: 0.2, to: 0.8 };
/** Panes of one window line separated by mullions up to this long stay one window, metres. */
const MULLION_GAP_M = 0.35;
/** More parallel lines than this over a line's stretch and within a window's depth: hatching, not glazing. */
const MAX_NEAR_LINES = 64;
/** Lines within a window's depth of one line, all along the drawing, past which it is not looked at (bounds the work). */
const MAX_BAND_LINES = 512;
/** A glass line longer than this is no pane: a wall's inner line. */
const MAX_PANE_M = 8;

interface Line {
  index: number;
  offset: number;
  t0: number;
  t1: number;
}

export interface Glazing {
  /** Lines that are glass (never walls). */
  glass: Set<number>;
  /** Face lines that run only across windows (never walls). */
  faces: Set<number>;
}

/**
 * The glass lines and the window-only faces among `segments` (indices). A glass line lies between two faces
 * that cover it, 0.12–0.6 m apart, in the middle 20–80 % of that depth, with at most three distinct lines there:
 * one line, three or more (panes), or two at most 40 mm apart (double glazing; two lines further apart are a
 * cavity wall's leaves). A face is window-only when the glass it holds covers 80 % of its length.
 */
export function glazing(segments: readonly Segment[], mpu: number): Glazing {
  const glass = new Set<number>();
  const faces = new Set<number>();
  for (const group of parallelGroups(segments, mpu)) {
    group.sort((a, b) => a.offset - b.offset);
    const glassOfFace = new Map<number, Line[]>();
    for (let k = 0; k < group.length; k++) {
      const g = group[k]!;
      const length = g.t1 - g.t0;
      if (length < 0.3 || length > MAX_PANE_M) continue;
      const covers = (f: Line) => f.t0 <= g.t0 + length * 0.05 && f.t1 >= g.t1 - length * 0.05;
      // Past this many parallel lines within a window's depth (all along the drawing), the work stops: a pattern.
      const band = nearby(group, k, WINDOW_DEPTH_M.max, MAX_BAND_LINES);
      if (!band) continue;
      const near = band.filter((l) => l !== g && overlap(l, g) > 0);
      // Dozens of parallel lines over the same stretch are hatching, not a window.
      if (near.length > MAX_NEAR_LINES) continue;
      const below = near.filter((l) => l.offset < g.offset - 0.02 && covers(l));
      const above = near.filter((l) => l.offset > g.offset + 0.02 && covers(l));
      const window = windowFaces(g, near, below, above);
      if (!window) continue;
      const [a, b] = window;
      glass.add(g.index);
      for (const face of [a, b]) {
        const list = glassOfFace.get(face.index) ?? [];
        list.push(g);
        glassOfFace.set(face.index, list);
      }
    }
    for (const face of group) {
      const held = glassOfFace.get(face.index);
      if (!held) continue;
      const length = face.t1 - face.t0;
      if (coveredLength(held, face, MULLION_GAP_M) >= length * 0.8) faces.add(face.index);
    }
  }
  return { glass, faces };
}

/**
 * The two faces holding glass line `g`, a window's depth apart with only glass in the middle of that depth: one
 * line, panes, or two at most 40 mm apart (two lines further apart are a cavity wall's leaves). The outermost
 * covering lines first; failing them, a nearer pair whose lines both run on past the glass (a facade's planter or
 * sill drawn beyond the window's own face is then no face, while hatching of even lines stays no window).
 */
function windowFaces(g: Line, near: Line[], below: Line[], above: Line[]): [Line, Line] | null {
  if (!below.length || !above.length) return null;
  const outermost: [Line, Line] = [below[0]!, above[above.length - 1]!];
  const longer = (f: Line) => f.t1 - f.t0 >= (g.t1 - g.t0) * 1.1;
  const nearer: [Line, Line][] = [];
  for (const a of below.slice(-8).filter(longer))
    for (const b of above.slice(0, 8).filter(longer)) nearer.push([a, b]);
  nearer.sort((p, q) => q[1].offset - q[0].offset - (p[1].offset - p[0].offset));
  for (const [a, b] of [outermost, ...nearer]) {
    const depth = b.offset - a.offset;
    if (depth < WINDOW_DEPTH_M.min || depth > WINDOW_DEPTH_M.max) continue;
    const inner = near.filter((l) => l.offset > a.offset + 0.005 && l.offset < b.offset - 0.005);
    inner.push(g);
    const offsets = distinct(inner.map((l) => l.offset));
    const inBand = offsets.every((o) => {
      const at = (o - a.offset) / depth;
      return at >= GLASS_BAND.from && at <= GLASS_BAND.to;
    });
    if (!inBand || offsets.length > 3) continue;
    if (offsets.length === 2 && offsets[1]! - offsets[0]! > 0.04) continue;
    return [a, b];
  }
  return null;
}

/** Lines by direction (0.02 rad buckets), in metres along and across their direction. */
function parallelGroups(segments: readonly Segment[], mpu: number): Line[][] {
  const groups = new Map<number, Line[]>();
  segments.forEach((seg, index) => {
    const [x1, y1, x2, y2] = seg;
    if (Math.hypot(x2 - x1, y2 - y1) * mpu < 0.05) return;
    let angle = Math.atan2(y2 - y1, x2 - x1);
    if (angle < 0) angle += Math.PI;
    if (angle >= Math.PI - 1e-9) angle -= Math.PI;
    const key = Math.round(angle / 0.02) % Math.round(Math.PI / 0.02);
    const ux = Math.cos(key * 0.02);
    const uy = Math.sin(key * 0.02);
    const ta = (x1 * ux + y1 * uy) * mpu;
    const tb = (x2 * ux + y2 * uy) * mpu;
    const offset = ((-x1 * uy + y1 * ux + (-x2 * uy + y2 * ux)) / 2) * mpu;
    const list = groups.get(key) ?? [];
    list.push({ index, offset, t0: Math.min(ta, tb), t1: Math.max(ta, tb) });
    groups.set(key, list);
  });
  return [...groups.values()].filter((g) => g.length >= 3);
}

/**
 * The lines of a group sorted by offset within `reach` of line k's offset, or null past `max` of them (walking out
 * from k on both sides stops there, which bounds the work on thousands of lines at one offset).
 */
function nearby(group: Line[], k: number, reach: number, max: number): Line[] | null {
  const at = group[k]!.offset;
  let lo = k;
  let hi = k;
  while (lo > 0 && group[lo - 1]!.offset >= at - reach) {
    lo--;
    if (hi - lo > max) return null;
  }
  while (hi < group.length - 1 && group[hi + 1]!.offset <= at + reach) {
    hi++;
    if (hi - lo > max) return null;
  }
  return group.slice(lo, hi + 1);
}

const overlap = (p: Line, q: Line) => Math.min(p.t1, q.t1) - Math.max(p.t0, q.t0);

function distinct(values: number[]): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b))
    if (!out.length || v - out[out.length - 1]! > 0.005) out.push(v);
  return out;
}

/** How much of `face` the intervals cover, gaps up to `bridge` between them counted as covered. */
function coveredLength(intervals: Line[], face: Line, bridge: number): number {
  const parts = intervals
    .map((l) => [Math.max(l.t0, face.t0), Math.min(l.t1, face.t1)] as const)
    .filter(([s, e]) => e > s)
    .sort((p, q) => p[0] - q[0]);
  let total = 0;
  let span: [number, number] | null = null;
  for (const [s, e] of parts) {
    if (span && s <= span[1] + bridge) span[1] = Math.max(span[1], e);
    else {
      if (span) total += span[1] - span[0];
      span = [s, e];
    }
  }
  if (span) total += span[1] - span[0];
  // Bridged mullions count up to the face's ends: panes that stop a frame short of the jambs still fill the bay.
  const ends = parts.length
    ? Math.min(bridge, parts[0]![0] - face.t0) + Math.min(bridge, face.t1 - parts[parts.length - 1]![1])
    : 0;
  return total + Math.max(0, ends);
}
