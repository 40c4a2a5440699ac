/**
 * A vector PDF page as the CAD reader's input: its drawn lines as strokes (grouped into pens, colour and weight,
 * the way a plotted drawing's layers became pens), its curves also as arcs (door swings, columns), and its words
 * as placed texts. Coordinates are page points measured up from the page's bottom edge, so that the CAD reader's
 * y-up conventions (views read top to bottom, ground lines below elevations) hold.
 */
import type { Flattened, PlacedText, Stroke } from './cad/model';
import { type PagePath, type PageVectors, piecesOf } from './pdf-paths';
import type { Arc } from './types';

/** A word of the page in page points (origin top-left, y down) with its letter height. */
export interface PageWord {
  text: string;
  x: number;
  y: number;
  height: number;
}

/** How light a colour is, 0 (black) to 1 (white); unknown colours count as dark. */
export function lightness(colour: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!match) return 0;
  const n = Number.parseInt(match[1]!, 16);
  return (((n >> 16) & 255) * 0.3 + ((n >> 8) & 255) * 0.59 + (n & 255) * 0.11) / 255;
}

/** Fills this light are room colours, shading or white masks painted over lines: their edges are not drawn lines. */
const LIGHT_FILL = 0.8;

/**
 * Lines cut by a clip are a pattern laid over a region (hatching, tiles), drawn long and trimmed to it: the region's
 * own outline is drawn on its own.
 */
function cutByClip(path: PagePath): boolean {
  const clip = path.clipBox;
  if (!clip) return false;
  const slack = Math.max(clip[2] - clip[0], clip[3] - clip[1]) * 0.01;
  const [x0, y0, x1, y1] = path.bbox;
  return x0 < clip[0] - slack || y0 < clip[1] - slack || x1 > clip[2] + slack || y1 > clip[3] + slack;
}

const penOf = (path: PagePath) => `pdf pen ${path.strokeColour} ${path.width.toFixed(2)}pt`;
const fillOf = (path: PagePath) => `pdf fill ${path.fillColour}`;

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

/**
 * The page's drawn lines (leaving out `skip`, dashed lines and light fills), arcs and words, in page points with y
 * up, at most `maxPrimitives` strokes.
 */
export function flattenPage(
  vectors: PageVectors,
  skip: Set<number>,
  pageHeight: number,
  words: PageWord[],
  maxPrimitives: number,
  /** The PDF's layers (optional content groups), by id: their names, and whether they are shown. */
  layers: Map<string, { name: string; visible: boolean }> = new Map(),
): Flattened {
  const up = (sub: number[]) => sub.map((v, i) => (i % 2 === 1 ? pageHeight - v : v));
  const strokes: Stroke[] = [];
  const arcs: Flattened['arcs'] = [];
  let truncated = false;
  for (const path of vectors.paths) {
    if (skip.has(path.index) || cutByClip(path)) continue;
    const group = path.layer ? layers.get(path.layer) : undefined;
    if (group && !group.visible) continue;
    const stroked = path.paint !== 'fill' && !path.dashed && path.strokeColour !== 'transparent';
    const filled =
      path.paint !== 'stroke' && path.fillColour !== 'transparent' && lightness(path.fillColour) < LIGHT_FILL;
    if (!stroked && !filled) continue;
    // A named layer says what a line is (WALL, DIM, FURN…); a pen only groups alike lines.
    const layer = group?.name || (stroked ? penOf(path) : fillOf(path));
    const subpaths = path.subpaths.map(up);
    for (const [x1, y1, x2, y2] of piecesOf(subpaths)) {
      if (strokes.length >= maxPrimitives) {
        truncated = true;
        break;
      }
      if (x1 === x2 && y1 === y2) continue;
      strokes.push({ seg: [x1!, y1!, x2!, y2!], layer, curved: path.curved });
    }
    if (stroked) {
      for (const sub of path.curves.map(up)) {
        const arc = arcThrough(sub);
        if (arc) arcs.push({ ...arc, layer });
      }
      // Plotters often send arcs as runs of short chords.
      for (const sub of subpaths) {
        const arc = sub.length >= 12 ? arcOfChords(sub) : undefined;
        if (arc) arcs.push({ ...arc, layer });
      }
    }
  }
  const texts: PlacedText[] = words.map((w) => ({
    x: w.x,
    y: pageHeight - w.y,
    text: w.text,
    height: w.height,
    layer: 'pdf text',
  }));
  return { strokes, arcs, texts, truncated };
}
