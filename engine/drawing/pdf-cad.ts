/**
 * A vector PDF page as the CAD reader's input: its drawn lines as strokes (grouped into pens, colour and weight,
 * the way a plotted drawing's layers became pens), its curves also as arcs (door swings, columns), and its words
 * as placed texts. Coordinates are page points measured up from the page's bottom edge, so that the CAD reader's
 * y-up conventions (views read top to bottom, ground lines below elevations) hold.
 */

import { arcOfChords, arcThrough } from './arc-fit';
import type { Flattened, PlacedText, Stroke } from './cad/model';
import { type PagePath, type PageVectors, piecesOf } from './pdf-paths';

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
/** A closed curve's arc turns the whole way round: a circle. */
const FULL_TURN = Math.PI * 2 - 1e-9;

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
  const circles: NonNullable<Flattened['circles']> = [];
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
        if (arc && arc.end - arc.start >= FULL_TURN)
          circles.push({ cx: arc.cx, cy: arc.cy, r: arc.r, layer });
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
  return { strokes, arcs, circles, texts, truncated };
}
