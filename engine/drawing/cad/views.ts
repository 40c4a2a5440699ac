/**
 * Views on a CAD sheet: the sheet border is set aside, the rest is grouped into clusters of drawing separated by
 * white space (a plan, its elevations, sections, details, a title block…). Pure geometry; bounded by a fixed grid.
 */
import { boundsOfSegments, unionOfSpans } from '../../../shared/plan/geometry';
import { dilateSquare, labelPieces } from '../../../shared/plan/grid-mask';
import type { Bounds, Segment } from '../types';

const GRID_SIDE = 512;

/**
 * Segments of a sheet border: lines on the outer rectangle of the drawing that keep a clear margin from everything
 * else (a plan's own outer walls also lie on its extents, but the rest of the plan touches them). Up to two nested
 * frames are found. A ring drawn whole with a title block against it, and a frame drawn as two whole rings a wall's
 * thickness apart (a trimming line and the border inside it, ISO 5457), are borders too when most of the drawing
 * inside keeps clear of them: a building's outer walls are broken by its doors and windows, and its rooms' walls
 * and fittings meet them.
 */
export function borderSegments(
  segments: readonly Segment[],
  bounds: Bounds,
  wallGap: { min: number; max: number },
): Uint8Array {
  const border = new Uint8Array(segments.length);
  let extents: Bounds | null = bounds;
  for (let round = 0; round < 2 && extents; round++) {
    const e: Bounds = extents;
    const candidate = ringOn(segments, e, border);
    const rest = boundsOfSegments(segments.filter((_, i) => !border[i] && !candidate[i]));
    const margin = Math.max(e.maxX - e.minX, e.maxY - e.minY) * BORDER_MARGIN_SHARE;
    const clear =
      rest !== null &&
      rest.minX - e.minX >= margin &&
      e.maxX - rest.maxX >= margin &&
      rest.minY - e.minY >= margin &&
      e.maxY - rest.maxY >= margin;
    // An outer wall's face has its other face a wall's thickness inside it; a border does not.
    const looksLikeWall = segments.some(
      (seg, i) => candidate[i] && hasParallelPartner(seg, segments, candidate, wallGap, 0.5),
    );
    let found: Uint8Array | null = null;
    if (looksLikeWall) found = rest && doubleFrame(segments, border, candidate, e, rest);
    else if (clear || (ringIsWhole(segments, candidate, e) && keepsClear(segments, [border, candidate], e)))
      found = candidate;
    if (!found) break;
    found.forEach((c, i) => {
      if (c) border[i] = 1;
    });
    extents = boundsOfSegments(segments.filter((_, i) => !border[i]));
  }
  return border;
}

/** A border keeps this share of the sheet's size clear of the drawing inside it. */
const BORDER_MARGIN_SHARE = 0.008;
/** A frame's ring is drawn whole: each side covered along this share of its length. */
const WHOLE_RING_SHARE = 0.98;
/** Of the line work inside a frame, at least this share (by length) stands clear of it (a title block does not). */
const CLEAR_INSIDE_SHARE = 0.8;

/** Long lines on the sides of `e` (a ring round the drawing), leaving out those already set aside. */
function ringOn(segments: readonly Segment[], e: Bounds, exclude: Uint8Array): Uint8Array {
  const w = e.maxX - e.minX;
  const h = e.maxY - e.minY;
  const eps = Math.max(w, h) * 0.002;
  const ring = new Uint8Array(segments.length);
  segments.forEach(([x1, y1, x2, y2], i) => {
    if (exclude[i]) return;
    const length = Math.hypot(x2 - x1, y2 - y1);
    const onHorizontalSide =
      Math.abs(y1 - y2) <= eps && (Math.abs(y1 - e.minY) <= eps || Math.abs(y1 - e.maxY) <= eps);
    const onVerticalSide =
      Math.abs(x1 - x2) <= eps && (Math.abs(x1 - e.minX) <= eps || Math.abs(x1 - e.maxX) <= eps);
    if ((onHorizontalSide && length >= w * 0.3) || (onVerticalSide && length >= h * 0.3)) ring[i] = 1;
  });
  return ring;
}

/** Each of the four sides of `e` is covered whole by the ring's lines (no door or window breaks it). */
function ringIsWhole(segments: readonly Segment[], ring: Uint8Array, e: Bounds): boolean {
  const eps = Math.max(e.maxX - e.minX, e.maxY - e.minY) * 0.002;
  const sides: { along: 'x' | 'y'; at: number; from: number; to: number }[] = [
    { along: 'x', at: e.minY, from: e.minX, to: e.maxX },
    { along: 'x', at: e.maxY, from: e.minX, to: e.maxX },
    { along: 'y', at: e.minX, from: e.minY, to: e.maxY },
    { along: 'y', at: e.maxX, from: e.minY, to: e.maxY },
  ];
  return sides.every(({ along, at, from, to }) => {
    const spans: [number, number][] = [];
    segments.forEach(([x1, y1, x2, y2], i) => {
      if (!ring[i]) return;
      const [across, p, q] = along === 'x' ? [y1, x1, x2] : [x1, y1, y2];
      if (Math.abs(across - at) <= eps) spans.push([Math.min(p, q), Math.max(p, q)]);
    });
    return coveredLength(spans, from, to) >= (to - from) * WHOLE_RING_SHARE;
  });
}

/** Length of [from, to] covered by the union of the spans. */
function coveredLength(spans: [number, number][], from: number, to: number): number {
  return unionOfSpans(spans).reduce(
    (sum, [a, b]) => sum + Math.max(0, Math.min(b, to) - Math.max(a, from)),
    0,
  );
}

/**
 * The drawing inside a ring on `e` (every segment not set aside) keeps clear of it: most of its length lies in
 * segments a margin inside the ring all along (a title block in a corner does not; a building's partitions and
 * fittings meet its outer walls).
 */
function keepsClear(segments: readonly Segment[], setAside: Uint8Array[], e: Bounds): boolean {
  const margin = Math.max(e.maxX - e.minX, e.maxY - e.minY) * BORDER_MARGIN_SHARE;
  let clearLength = 0;
  let insideLength = 0;
  segments.forEach(([x1, y1, x2, y2], i) => {
    if (setAside.some((s) => s[i])) return;
    const length = Math.hypot(x2 - x1, y2 - y1);
    insideLength += length;
    const nearest = Math.min(
      Math.min(x1, x2) - e.minX,
      e.maxX - Math.max(x1, x2),
      Math.min(y1, y2) - e.minY,
      e.maxY - Math.max(y1, y2),
    );
    if (nearest >= margin) clearLength += length;
  });
  return insideLength > 0 && clearLength >= insideLength * CLEAR_INSIDE_SHARE;
}

/**
 * The two rings of a double frame (the outer one on `e`, the inner one on `inner`, the extents of the rest), when
 * both are whole and the drawing inside keeps clear of the inner one; null when they are a building's outer walls.
 */
function doubleFrame(
  segments: readonly Segment[],
  border: Uint8Array,
  outer: Uint8Array,
  e: Bounds,
  inner: Bounds,
): Uint8Array | null {
  const taken = border.map((b, i) => b | outer[i]!);
  const innerRing = ringOn(segments, inner, taken);
  if (!ringIsWhole(segments, outer, e) || !ringIsWhole(segments, innerRing, inner)) return null;
  if (!keepsClear(segments, [taken, innerRing], inner)) return null;
  return outer.map((o, i) => o | innerRing[i]!);
}

/** True when another (non-excluded) segment runs parallel to `seg` `gap` away along ≥ `share` of its length. */
function hasParallelPartner(
  seg: Segment,
  segments: readonly Segment[],
  exclude: Uint8Array,
  gap: { min: number; max: number },
  share: number,
): boolean {
  const [x1, y1, x2, y2] = seg;
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len === 0) return false;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  let covered = 0;
  for (let j = 0; j < segments.length; j++) {
    if (exclude[j]) continue;
    const [a1, b1, a2, b2] = segments[j]!;
    const l2 = Math.hypot(a2 - a1, b2 - b1);
    if (l2 === 0 || Math.abs(((a2 - a1) * ux + (b2 - b1) * uy) / l2) < 0.999) continue;
    const offset = Math.abs(-(a1 - x1) * uy + (b1 - y1) * ux);
    if (offset < gap.min || offset > gap.max) continue;
    const p = (a1 - x1) * ux + (b1 - y1) * uy;
    const q = (a2 - x1) * ux + (b2 - y1) * uy;
    covered += Math.max(0, Math.min(len, Math.max(p, q)) - Math.max(0, Math.min(p, q)));
    if (covered >= len * share) return true;
  }
  return false;
}

/** Segments grouped into views, and which view encloses another (-1: none). */
export interface ViewClusters {
  /** The view of each segment (-1 for skipped ones). */
  view: Int32Array;
  count: number;
  /**
   * Per view, the view whose ink surrounds it on all four sides and whose extent holds it (a free-standing wall or
   * a core inside a building's rooms), the nearest such; -1 when none does.
   */
  enclosedBy: Int32Array;
  /** Per view, the number of grid cells its ink touches: how much drawing it holds. */
  inkCells: Int32Array;
}

/**
 * Groups segments into views: cells touched by a segment, grown by `gapFraction` of the sheet's longest side, are
 * joined into connected regions; each segment belongs to the region under its midpoint.
 */
export function clusterViews(
  segments: readonly Segment[],
  skip: Uint8Array,
  bounds: Bounds,
  gapFraction = 0.012,
): ViewClusters {
  const extent = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) || 1;
  const cell = extent / GRID_SIDE;
  const w = Math.floor((bounds.maxX - bounds.minX) / cell) + 1;
  const h = Math.floor((bounds.maxY - bounds.minY) / cell) + 1;
  const ink = new Uint8Array(w * h);
  const cellOf = (x: number, y: number): [number, number] => [
    Math.min(w - 1, Math.max(0, Math.floor((x - bounds.minX) / cell))),
    Math.min(h - 1, Math.max(0, Math.floor((y - bounds.minY) / cell))),
  ];
  segments.forEach(([x1, y1, x2, y2], i) => {
    if (skip[i]) return;
    const steps = Math.min(4 * GRID_SIDE, Math.ceil(Math.hypot(x2 - x1, y2 - y1) / cell) + 1);
    for (let s = 0; s <= steps; s++) {
      const [cx, cy] = cellOf(x1 + ((x2 - x1) * s) / steps, y1 + ((y2 - y1) * s) / steps);
      ink[cy * w + cx] = 1;
    }
  });
  const grow = Math.max(1, Math.round(gapFraction * GRID_SIDE));
  const { label, count } = labelPieces(dilateSquare(ink, w, h, grow), w, h);
  const view = new Int32Array(segments.length).fill(-1);
  segments.forEach(([x1, y1, x2, y2], i) => {
    if (skip[i]) return;
    const [cx, cy] = cellOf((x1 + x2) / 2, (y1 + y2) / 2);
    view[i] = label[cy * w + cx]!;
  });
  const inkCells = new Int32Array(count);
  ink.forEach((v, i) => {
    if (v) inkCells[label[i]!]!++;
  });
  return { view, count, enclosedBy: enclosingRegions(label, w, h, count), inkCells };
}

const RAYS: readonly [number, number][] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/**
 * For each region, the region that encloses it: walking from its extent's sides outwards (left, right, down, up
 * through its middle), the first region met whose extent holds this one's is the same one on all four walks.
 */
function enclosingRegions(label: Int32Array, w: number, h: number, count: number): Int32Array {
  const box = new Int32Array(count * 4);
  for (let r = 0; r < count; r++) box.set([w, h, -1, -1], r * 4);
  label.forEach((r, i) => {
    if (r < 0) return;
    const x = i % w;
    const y = (i - x) / w;
    box[r * 4] = Math.min(box[r * 4]!, x);
    box[r * 4 + 1] = Math.min(box[r * 4 + 1]!, y);
    box[r * 4 + 2] = Math.max(box[r * 4 + 2]!, x);
    box[r * 4 + 3] = Math.max(box[r * 4 + 3]!, y);
  });
  const holds = (a: number, b: number) =>
    a !== b &&
    box[a * 4]! <= box[b * 4]! &&
    box[a * 4 + 1]! <= box[b * 4 + 1]! &&
    box[a * 4 + 2]! >= box[b * 4 + 2]! &&
    box[a * 4 + 3]! >= box[b * 4 + 3]!;
  const enclosedBy = new Int32Array(count).fill(-1);
  for (let r = 0; r < count; r++) {
    const [x0, y0, x1, y1] = box.subarray(r * 4, r * 4 + 4);
    const mx = (x0! + x1!) >> 1;
    const my = (y0! + y1!) >> 1;
    const met = RAYS.map(([dx, dy]) => {
      let x = dx < 0 ? x0! - 1 : dx > 0 ? x1! + 1 : mx;
      let y = dy < 0 ? y0! - 1 : dy > 0 ? y1! + 1 : my;
      for (; x >= 0 && y >= 0 && x < w && y < h; x += dx, y += dy) {
        const other = label[y * w + x]!;
        if (other >= 0 && holds(other, r)) return other;
      }
      return -1;
    });
    if (met[0]! >= 0 && met.every((m) => m === met[0])) enclosedBy[r] = met[0]!;
  }
  return enclosedBy;
}
