import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { countSet, inkDepth } from '../../shared/plan/grid-mask';
import { DrawingError, tooLarge, unprocessable } from './errors';
import { LIMITS } from './limits';
import { findWallColour, readSheet, type WallColour, wallInkOfColour, wallLikeness } from './wall-colour';

export type RasterSource =
  | { bytes: Uint8Array }
  | { raw: { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 2 | 3 | 4 } };

export interface LineDrawing {
  png: Buffer;
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
  /** Original pixel → normalised pixel: ((x - offsetX) * scale, (y - offsetY) * scale). */
  pixelTransform: { scale: number; offsetX: number; offsetY: number };
  /** The input was light lines on a dark ground (a blueprint) and was inverted. */
  inverted: boolean;
  /**
   * Where the walls were told by their colour (`png` is then their bands): the pen's ink by darkness over the same
   * pixels (same size and transform), for a reading of the picture's lines.
   */
  penPng?: Buffer;
}

type PixelTransform = LineDrawing['pixelTransform'];

/** A line drawing's pixel → the original picture's (the inverse of `pixelTransform`). */
export const originalPixel = (t: PixelTransform, x: number, y: number): [number, number] => [
  x / t.scale + t.offsetX,
  y / t.scale + t.offsetY,
];

/** An original picture's pixel → its line drawing's (`pixelTransform`). */
export const drawingPixel = (t: PixelTransform, x: number, y: number): [number, number] => [
  (x - t.offsetX) * t.scale,
  (y - t.offsetY) * t.scale,
];

const MIN_SIDE = 32;

function open(source: RasterSource) {
  return 'bytes' in source
    ? sharp(source.bytes, { limitInputPixels: LIMITS.maxInputPixels, failOn: 'error' })
    : // sharp misreads a Uint8ClampedArray as raw input: hand it a Buffer over the same memory.
      sharp(Buffer.from(source.raw.data.buffer, source.raw.data.byteOffset, source.raw.data.byteLength), {
        raw: { width: source.raw.width, height: source.raw.height, channels: source.raw.channels },
        limitInputPixels: LIMITS.maxInputPixels,
      });
}

/** Otsu's threshold over a 256-bin histogram. */
export function otsu(hist: Float64Array | number[], total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] ?? 0);
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold + 0.5;
}

function rawOf(info: OutputInfo): { width: number; height: number; channels: 3 } {
  return { width: info.width, height: info.height, channels: 3 };
}

/** Side of the copy on which the walls' colour is looked for (the ink is then made at the work size). */
const COLOUR_ANALYSIS_SIDE = 1024;

/**
 * How the walls are told from the rest: by darkness (Otsu's threshold, or a darker one where the sheet's light grey
 * fills, such as wet rooms or shading, would otherwise read as ink and swell into walls), or by their colour
 * (renders with coloured walls over dark floors). Decided on a smaller copy by how wall-like each reading is.
 */
async function chooseInk(
  colour: { data: Buffer; info: OutputInfo },
  hist: Float64Array,
  otsuThreshold: number,
  inverted: boolean,
  byColour: boolean,
): Promise<{
  threshold: number;
  dropColoured: boolean;
  /** A grey fill whose flat areas (not every lighter grey) are left out. */
  flatFill: GreyBand | null;
  wallColour: WallColour | null;
}> {
  const { width, height } = colour.info;
  let small = { data: colour.data as Uint8Array, width, height };
  if (Math.max(width, height) > COLOUR_ANALYSIS_SIDE) {
    const resized = await sharp(colour.data, { raw: rawOf(colour.info) })
      .resize({ width: COLOUR_ANALYSIS_SIDE, height: COLOUR_ANALYSIS_SIDE, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    small = { data: resized.data, width: resized.info.width, height: resized.info.height };
  }
  const lum = new Uint8Array(small.width * small.height);
  for (let i = 0; i < lum.length; i++) {
    const d = small.data;
    lum[i] = Math.round(0.2126 * d[i * 3]! + 0.7152 * d[i * 3 + 1]! + 0.0722 * d[i * 3 + 2]!);
  }
  const sheet = readSheet(small);
  // Coloured fills (a colour-coded plan's rooms) first: pen ink is black or grey.
  const dropColoured = !inverted && colouredFillsAreNotInk(small, lum, otsuThreshold, sheet);
  const penLike = (i: number) => !dropColoured || !fillColoured(small.data, i, lum[i]!);
  const inkAt = (t: number) => lum.map((v, i) => (v < t !== inverted && penLike(i) ? 1 : 0));
  let threshold = otsuThreshold;
  let dark = inkAt(threshold);
  // A flat grey that is a fill, not walls: leaving it out keeps the walls as wall-like as they were. Its share is
  // of the ink left once coloured fills are out.
  const fill = inverted ? null : greyFillBand(dropColoured ? histogramOf(lum, penLike) : hist, otsuThreshold);
  let flatFill: GreyBand | null = null;
  if (fill) {
    const keeps = (mask: Uint8Array) =>
      wallLikeness(small, mask, sheet) / Math.max(1e-9, wallLikeness(small, dark, sheet)) >= FILL_KEEPS_WALLS;
    // Every grey from the fill's up is left out; where thin lines are drawn in those greys (anti-aliased pens),
    // only the fill's flat areas are.
    const withoutLighter = inkAt(fill.from);
    if (keeps(withoutLighter)) {
      threshold = fill.from;
      dark = withoutLighter;
    } else {
      const withoutFlat = withoutFlatBand(dark, lum, small.width, fill);
      if (keeps(withoutFlat)) {
        flatFill = fill;
        dark = withoutFlat;
      }
    }
  }
  return {
    threshold,
    dropColoured,
    flatFill,
    wallColour: byColour ? findWallColour(small, dark, sheet) : null,
  };
}

type GreyBand = { from: number; to: number };

/** Whether pixel `j` lies in the grey band (none outside the picture). */
const inBand = (lum: Uint8Array, j: number, band: GreyBand) =>
  j >= 0 && j < lum.length && lum[j]! >= band.from && lum[j]! < band.to;

/**
 * Whether pixel `i` and its four neighbours all lie in the grey band: inside a flat fill, not on a line's edge. Run
 * for every ink pixel of a picture: no closure per call.
 */
function inFlatBand(lum: Uint8Array, width: number, i: number, band: GreyBand): boolean {
  return (
    inBand(lum, i, band) &&
    inBand(lum, i - 1, band) &&
    inBand(lum, i + 1, band) &&
    inBand(lum, i - width, band) &&
    inBand(lum, i + width, band)
  );
}

/** The ink without the flat areas of a grey band. */
function withoutFlatBand(
  ink: Uint8Array<ArrayBuffer>,
  lum: Uint8Array,
  width: number,
  band: GreyBand,
): Uint8Array<ArrayBuffer> {
  return ink.map((v, i) => (v && !inFlatBand(lum, width, i, band) ? 1 : 0));
}

/**
 * Pen ink is black or grey: a pixel whose channels spread more than this (0–255) is coloured, a fill rather than a
 * line, when coloured pixels make a good share (COLOUR_FILL_SHARE) of the dark ink.
 */
const INK_CHROMA_MAX = 40;
const COLOUR_FILL_SHARE = 0.2;

/**
 * Whether the coloured pixels of the dark ink are fills: a good share of it, and the walls as wall-like without
 * them (walls drawn in colour are not left out).
 */
function colouredFillsAreNotInk(
  small: { data: Uint8Array; width: number; height: number },
  lum: Uint8Array,
  threshold: number,
  sheet: ReturnType<typeof readSheet>,
): boolean {
  const dark = lum.map((v) => (v < threshold ? 1 : 0));
  const withoutColour = dark.map((v, i) => (v && chroma(small.data, i) <= INK_CHROMA_MAX ? 1 : 0));
  if (countSet(dark) - countSet(withoutColour) < countSet(dark) * COLOUR_FILL_SHARE) return false;
  const kept = wallLikeness(small, withoutColour, sheet) / Math.max(1e-9, wallLikeness(small, dark, sheet));
  return kept >= FILL_KEEPS_WALLS;
}

/** A 256-bin histogram of the grey levels of the pixels `counted` keeps. */
function histogramOf(lum: Uint8Array, counted: (i: number) => boolean): Float64Array {
  const hist = new Float64Array(256);
  for (let i = 0; i < lum.length; i++) if (counted(i)) hist[lum[i]!]!++;
  return hist;
}

/**
 * Whether a dark pixel is a coloured fill's, not pen ink's, where coloured fills are left out: coloured outright, or
 * a fill's colour blended with the paper (its anti-aliased edge, or the fill seen through the working size's
 * smoothing). A blend of a colour with white keeps the colour's ratio of chroma to darkness: a pastel fill's is 0.4 or
 * more, pen ink's (black or grey, over paper or over a fill) well under FILL_BLEND_SHARE.
 */
function fillColoured(rgb: Uint8Array, pixel: number, lum: number): boolean {
  const c = chroma(rgb, pixel);
  return c > INK_CHROMA_MAX || c > FILL_BLEND_SHARE * (255 - lum);
}
const FILL_BLEND_SHARE = 0.25;

/** How coloured an RGB pixel is: the spread of its channels. */
function chroma(rgb: Uint8Array, pixel: number): number {
  const [r, g, b] = [rgb[pixel * 3]!, rgb[pixel * 3 + 1]!, rgb[pixel * 3 + 2]!];
  return Math.max(r, g, b) - Math.min(r, g, b);
}

/**
 * A flat grey holding at least this share of the ink is a fill candidate; it is left out when the ink without it is
 * at least this wall-like.
 */
const GREY_FILL_SHARE = 0.2;
const FILL_KEEPS_WALLS = 0.9;
const FILL_BAND = 8;

/**
 * A flat grey within the ink: a narrow band of grey levels (a fill is one colour; strokes spread over every level
 * their anti-aliasing gives) that holds a good share of the ink. Whether it is walls (a planner's grey walls) or
 * a fill (wet rooms, shading) is for its shape to say.
 */
function greyFillBand(hist: Float64Array, otsuThreshold: number): { from: number; to: number } | null {
  const end = Math.floor(otsuThreshold);
  let total = 0;
  for (let v = 0; v < end; v++) total += hist[v] ?? 0;
  if (total === 0 || end < FILL_BAND * 4) return null;
  let best = -1;
  let bestCount = 0;
  for (let v = FILL_BAND; v + FILL_BAND <= end; v++) {
    let count = 0;
    for (let q = v; q < v + FILL_BAND; q++) count += hist[q] ?? 0;
    if (count > bestCount) {
      bestCount = count;
      best = v;
    }
  }
  if (best < 0 || bestCount < total * GREY_FILL_SHARE) return null;
  // Narrow: far above the ink's average over as many levels.
  const elsewhere = (total - bestCount) / Math.max(1, end - FILL_BAND);
  if (bestCount / FILL_BAND < elsewhere * 4) return null;
  return { from: best, to: best + FILL_BAND };
}

/**
 * Turns a raster (photo or scan of a plan, or a rasterised PDF page) into a clean line drawing: EXIF orientation,
 * greyscale, contrast (Otsu threshold; blueprints inverted) or, where the walls are told by colour rather than
 * darkness, the walls' colour; margins trimmed, longest side ≤ 1024 px.
 */
export async function lineDrawingFromRaster(
  source: RasterSource,
  what = 'image',
  options: {
    /** Only the ink inside this box of the original's pixels (one drawing of several on the picture). */
    region?: OriginalBox;
    /**
     * Whether the walls may be told by their colour (false: by darkness only, as for a page drawn from its own
     * vectors, whose walls are read from them; the search costs a fifth to nearly half of reading a page).
     */
    byColour?: boolean;
  } = {},
): Promise<LineDrawing> {
  const { region, byColour = true } = options;
  let width: number;
  let height: number;
  if ('bytes' in source) {
    let meta: Metadata;
    try {
      meta = await sharp(source.bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw unprocessable(`This ${what} could not be read; the file may be damaged.`);
    }
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } else {
    width = source.raw.width;
    height = source.raw.height;
  }
  if (width * height > LIMITS.maxInputPixels) {
    throw tooLarge(
      `This ${what} is ${width.toLocaleString('en')} × ${height.toLocaleString('en')} pixels; the limit is ${LIMITS.maxInputPixels / 1e6} megapixels. Scale it down and upload it again.`,
      { width, height },
    );
  }
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw unprocessable(
      `This ${what} is only ${width} × ${height} pixels, too small to hold a drawing (at least ${MIN_SIDE} × ${MIN_SIDE}).`,
    );
  }

  let colour: { data: Buffer; info: OutputInfo };
  let grey: Buffer;
  try {
    colour = await open(source)
      .rotate()
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .resize({
        width: LIMITS.rasterWorkSide,
        height: LIMITS.rasterWorkSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    grey = await sharp(colour.data, { raw: rawOf(colour.info) })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer();
  } catch (err) {
    if (err instanceof DrawingError) throw err;
    throw unprocessable(`This ${what} could not be decoded; the file may be damaged or truncated.`);
  }
  const w = colour.info.width;
  const h = colour.info.height;
  const n = w * h;
  const lum = new Uint8Array(grey.buffer, grey.byteOffset, n);
  const hist = new Float64Array(256);
  let lo = 255;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const v = lum[i]!;
    hist[v] = (hist[v] ?? 0) + 1;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (hi - lo < 24) {
    throw unprocessable(`This ${what} is blank (almost a single colour); there is no drawing to read.`);
  }
  const otsuThreshold = otsu(hist, n);
  let darkCount = 0;
  for (let i = 0; i < n; i++) if ((lum[i] ?? 255) < otsuThreshold) darkCount++;
  let inverted = darkCount > n * 0.5;
  const choice = await chooseInk(colour, hist, otsuThreshold, inverted, byColour);
  const penInk = new Uint8Array(n);
  {
    const t = choice.threshold;
    const rgb = colour.data;
    const fill = choice.flatFill;
    for (let i = 0; i < n; i++)
      penInk[i] =
        (lum[i] ?? 255) < t !== inverted &&
        !(choice.dropColoured && fillColoured(rgb, i, lum[i]!)) &&
        !(fill && inFlatBand(lum, w, i, fill))
          ? 1
          : 0;
  }
  let ink: Uint8Array = penInk;
  if (choice.wallColour) {
    ink = wallInkOfColour({ data: colour.data, width: w, height: h }, choice.wallColour);
    inverted = false;
  }
  if (region) {
    clearOutside(ink, w, h, region, w / width);
    if (ink !== penInk) clearOutside(penInk, w, h, region, w / width);
  }
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  let inkCount = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!ink[y * w + x]) continue;
      inkCount++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (inkCount < Math.max(20, n * 0.0002) || maxX < minX) {
    throw unprocessable(`No lines were found in this ${what}; it looks blank.`);
  }
  if (inkCount > n * 0.45) {
    throw unprocessable(
      `This ${what} is mostly solid ink rather than a line drawing; upload a plan with dark lines on a light background.`,
    );
  }
  const bw = maxX - minX + 1;
  const bh = maxY - minY + 1;
  if (bw < 8 || bh < 8) throw unprocessable(`The drawing in this ${what} is too small to read.`);
  const pad = Math.max(4, Math.round(Math.max(bw, bh) * 0.02));
  const box = {
    x0: Math.max(0, minX - pad),
    y0: Math.max(0, minY - pad),
    x1: Math.min(w, maxX + 1 + pad),
    y1: Math.min(h, maxY + 1 + pad),
  };
  const drawn = await croppedDrawing(ink, w, box);
  const s1 = w / width;
  return {
    png: drawn.png,
    width: drawn.width,
    height: drawn.height,
    originalWidth: width,
    originalHeight: height,
    pixelTransform: { scale: s1 * drawn.scale, offsetX: box.x0 / s1, offsetY: box.y0 / s1 },
    inverted,
    ...(ink !== penInk ? { penPng: (await croppedDrawing(penInk, w, box)).png } : {}),
  };
}

/**
 * A box of an ink mask as a line drawing (dark ink on white) whose longest side is at most the preview's; `scale`
 * maps the mask's pixels to the drawing's.
 */
async function croppedDrawing(
  ink: Uint8Array,
  w: number,
  box: { x0: number; y0: number; x1: number; y1: number },
): Promise<{ png: Buffer; width: number; height: number; scale: number }> {
  const cw = box.x1 - box.x0;
  const ch = box.y1 - box.y0;
  const crop = Buffer.alloc(cw * ch);
  for (let y = 0; y < ch; y++) {
    const row = (y + box.y0) * w + box.x0;
    for (let x = 0; x < cw; x++) crop[y * cw + x] = ink[row + x] ? 0 : 255;
  }
  const scale = Math.min(1, LIMITS.maxPreviewSide / Math.max(cw, ch));
  const ow = Math.max(1, Math.round(cw * scale));
  const oh = Math.max(1, Math.round(ch * scale));
  let out: Buffer = crop;
  if (ow !== cw || oh !== ch) {
    out = await sharp(crop, { raw: { width: cw, height: ch, channels: 1 } })
      .resize({ width: ow, height: oh, fit: 'fill', kernel: 'linear' })
      .extractChannel(0) // sharp would otherwise widen one channel to sRGB
      .raw()
      .toBuffer();
    // Any pixel carrying a fair share of ink stays a line, so thin strokes survive the reduction.
    for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 255) < 215 ? 0 : 255;
  }
  const png = await sharp(out, { raw: { width: ow, height: oh, channels: 1 } })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  return { png, width: ow, height: oh, scale: ow / cw };
}

/** A box of an original picture's pixels, [x0, x1) × [y0, y1). */
export interface OriginalBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Clears the ink outside `box` (original pixels; `scale` work pixels per original pixel). */
function clearOutside(ink: Uint8Array, w: number, h: number, box: OriginalBox, scale: number): void {
  const [x0, x1] = [Math.floor(box.x0 * scale), Math.ceil(box.x1 * scale)];
  const [y0, y1] = [Math.floor(box.y0 * scale), Math.ceil(box.y1 * scale)];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (x < x0 || x >= x1 || y < y0 || y >= y1) ink[y * w + x] = 0;
}

/** Ink no deeper than this (nine in ten pixels, in pixels of a line drawing) is lines, however thin the pen. */
const LINES_MAX_DEPTH = 3;

type InkMask = { readonly ink: Uint8Array; readonly width: number; readonly height: number };
const inkOfDrawing = new WeakMap<Buffer, Promise<InkMask>>();

/**
 * A line drawing's ink (1 = dark), row by row: decoded once per drawing (a page's line work and its written
 * dimensions both ask for it), so callers only read it.
 */
export function inkMask(png: Buffer): Promise<InkMask> {
  let mask = inkOfDrawing.get(png);
  if (!mask) {
    mask = decodeInk(png);
    inkOfDrawing.set(png, mask);
  }
  return mask;
}

async function decodeInk(png: Buffer): Promise<InkMask> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const ink = new Uint8Array(info.width * info.height);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i * info.channels]! < 128 ? 1 : 0;
  return { ink, width: info.width, height: info.height };
}

/**
 * Whether ink is line work (walls drawn as lines, nothing filled as poché): nine in ten ink pixels lie within
 * `LINES_MAX_DEPTH` of the paper.
 */
export const isLineWork = (ink: Uint8Array, width: number, height: number) =>
  inkDepth(ink, width, height).p90 <= LINES_MAX_DEPTH;

/**
 * OCR reads an image at its own size, enlarging small ones (to 2000 px on the longest side, at most 2.5×) so their
 * lettering is legible; an image larger than 2600 px is a sheet whose lettering, reduced, could not be read, and
 * read whole would take seconds: it is not read.
 */
const OCR_SIDE = { target: 2000, maxEnlargement: 2.5, max: 2600 };

/**
 * The image as OCR reads it best: upright, on white, one grey channel, dark text on a light ground, at a size where
 * the lettering of a plan is legible; null when the image is too large to read. `scale` maps original pixels to the
 * copy's.
 */
export async function imageForOcr(
  source: RasterSource,
  drawing: Pick<LineDrawing, 'originalWidth' | 'originalHeight' | 'inverted'>,
): Promise<{ grey: Buffer; width: number; height: number; scale: number } | null> {
  const side = Math.max(drawing.originalWidth, drawing.originalHeight);
  if (side > OCR_SIDE.max) return null;
  const scale = side < OCR_SIDE.target ? Math.min(OCR_SIDE.target / side, OCR_SIDE.maxEnlargement) : 1;
  let image = open(source).rotate().flatten({ background: '#ffffff' }).greyscale();
  if (drawing.inverted) image = image.negate({ alpha: false });
  const { data, info } = await image
    .resize({
      width: Math.round(drawing.originalWidth * scale),
      height: Math.round(drawing.originalHeight * scale),
    })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: data, width: info.width, height: info.height, scale };
}
