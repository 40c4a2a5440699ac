/**
 * The drawings on one picture: a sheet exported or scanned with several plans side by side (the floors of a house,
 * a plan beside its elevation), told apart by the clear paper between them. A recursive cut along blank columns and
 * rows (an XY-cut): a slice that holds too little of the ink to be a drawing (a title, a scale, a note, a legend) is
 * kept with its neighbour, so a view is a drawing with the words around it. Pure, over an ink mask.
 */

/** A box of mask pixels, [x0, x1) × [y0, y1). */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Clear paper between two drawings, as a share of the picture's longer side: sheets leave a margin between views of
 * a few per cent of the sheet; the gaps inside one plan (a doorway, a room between walls) are bridged by its walls
 * and dimension lines across the whole band.
 */
const MIN_GUTTER_SHARE = 0.012;
/** A slice holding less than this share of the picture's ink is lettering or a legend, not a drawing. */
const MIN_VIEW_INK_SHARE = 0.1;
/** Nor is a slice less wide or tall than this share of the picture's ink (a line of words, a scale bar). */
const MIN_VIEW_SIDE_SHARE = 0.12;
/**
 * Nor is a slice a drawing beside another when it is less than this share of the largest one's extent across the
 * gutters: dimension chains under a plan, a strip of notes beside it (drawings side by side are of a size).
 */
const MIN_ALONG_SHARE = 0.3;
/** Columns or rows with at most this many ink pixels are clear paper (a speck of dust, a stray dot). */
const PAPER_NOISE_PX = 1;
/** Cuts are tried this deep (columns, then rows, then columns…). */
const MAX_DEPTH = 4;
/** At most this many views are told apart on one picture. */
const MAX_VIEWS = 12;

/** The drawings on a picture's ink mask, in reading order (rows top down, each left to right); one box for one drawing. */
export function pictureViews(ink: Uint8Array, width: number, height: number): PixelBox[] {
  let total = 0;
  for (let i = 0; i < ink.length; i++) total += ink[i]!;
  const whole = { x0: 0, y0: 0, x1: width, y1: height };
  if (total === 0) return [whole];
  const gutter = Math.max(2, Math.round(Math.max(width, height) * MIN_GUTTER_SHARE));
  const partial = { ink, width, total, gutter, minWidth: 0, minHeight: 0 };
  const inked = inkBox(partial, whole);
  const mask = {
    ...partial,
    minWidth: (inked.x1 - inked.x0) * MIN_VIEW_SIDE_SHARE,
    minHeight: (inked.y1 - inked.y0) * MIN_VIEW_SIDE_SHARE,
  };
  const views = cut(mask, inked, 'columns', MAX_DEPTH);
  return views.length > MAX_VIEWS ? [whole] : views;
}

interface Mask {
  ink: Uint8Array;
  width: number;
  total: number;
  gutter: number;
  /** A drawing is at least this wide and tall, mask pixels. */
  minWidth: number;
  minHeight: number;
}

function cut(mask: Mask, box: PixelBox, along: 'columns' | 'rows', depth: number): PixelBox[] {
  if (depth === 0) return [box];
  const slices = drawingsOf(mask, slicesOf(mask, box, along), along === 'columns');
  const across = along === 'columns' ? 'rows' : 'columns';
  if (slices.length < 2) return depth === MAX_DEPTH ? cut(mask, box, across, depth - 1) : [box];
  return slices.flatMap((slice) => cut(mask, inkBox(mask, slice), across, depth - 1));
}

/** The box cut at every run of clear columns (or rows) at least a gutter wide. */
function slicesOf(mask: Mask, box: PixelBox, along: 'columns' | 'rows'): PixelBox[] {
  const byColumn = along === 'columns';
  const [from, to] = byColumn ? [box.x0, box.x1] : [box.y0, box.y1];
  const profile = new Uint32Array(to - from);
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++)
      if (mask.ink[y * mask.width + x]) profile[(byColumn ? x : y) - from]!++;
  const slices: PixelBox[] = [];
  let start = 0;
  let clear = 0;
  for (let i = 0; i <= profile.length; i++) {
    if (i < profile.length && profile[i]! <= PAPER_NOISE_PX) {
      clear++;
      continue;
    }
    // The box starts and ends on ink: a clear run before ink at i ends the slice before it.
    if (clear >= mask.gutter && i < profile.length) {
      slices.push(span(box, byColumn, from + start, from + i - clear));
      start = i;
    }
    clear = 0;
  }
  slices.push(span(box, byColumn, from + start, to));
  return slices;
}

const span = (box: PixelBox, byColumn: boolean, a: number, b: number): PixelBox =>
  byColumn ? { ...box, x0: a, x1: b } : { ...box, y0: a, y1: b };

/** The slices that are drawings, each with the slices that are not (lettering, legends) merged into its nearest. */
function drawingsOf(mask: Mask, slices: PixelBox[], byColumn: boolean): PixelBox[] {
  const inked = slices.map((slice) => inkBox(mask, slice));
  const along = (b: PixelBox) => (byColumn ? b.x1 - b.x0 : b.y1 - b.y0);
  const longest = Math.max(...inked.map(along));
  const isDrawing = slices.map((slice, i) => {
    const box = inked[i]!;
    return (
      inkIn(mask, slice) >= mask.total * MIN_VIEW_INK_SHARE &&
      box.x1 - box.x0 >= mask.minWidth &&
      box.y1 - box.y0 >= mask.minHeight &&
      along(box) >= longest * MIN_ALONG_SHARE
    );
  });
  const drawings = slices.filter((_, i) => isDrawing[i]);
  if (drawings.length < 2) return [slices.reduce(union)];
  const merged = drawings.map((d) => ({ ...d }));
  slices.forEach((slice, i) => {
    if (isDrawing[i]) return;
    const nearest = merged.reduce((best, d) => (gapBetween(slice, d) < gapBetween(slice, best) ? d : best));
    Object.assign(nearest, union(nearest, slice));
  });
  return merged;
}

const union = (a: PixelBox, b: PixelBox): PixelBox => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});

const gapBetween = (a: PixelBox, b: PixelBox) =>
  Math.max(0, a.x0 - b.x1, b.x0 - a.x1) + Math.max(0, a.y0 - b.y1, b.y0 - a.y1);

function inkIn(mask: Mask, box: PixelBox): number {
  let n = 0;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) n += mask.ink[y * mask.width + x]!;
  return n;
}

/** The box shrunk to the ink it holds. */
function inkBox(mask: Mask, box: PixelBox): PixelBox {
  let [x0, y0, x1, y1] = [box.x1, box.y1, box.x0, box.y0];
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      if (!mask.ink[y * mask.width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
    }
  return x1 > x0 ? { x0, y0, x1, y1 } : box;
}
