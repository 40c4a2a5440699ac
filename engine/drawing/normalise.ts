import { boundsOfSegments } from '../../shared/plan/geometry';
import { drawStrokes } from './cad/draw';
import { describeDwgVersion, readDwg } from './cad/dwg';
import { readDxf } from './cad/dxf';
import { type CadModel, type Flattened, flatten, unitsFromInsUnits } from './cad/model';
import { splitWalls } from './cad/walls';
import { detectFormat } from './detect';
import { dimensionMetres, dimensionScale } from './dimension-scale';
import { DrawingError, unprocessable } from './errors';
import { inkMask, isLineWork, type LineDrawing, originalPixel } from './image';
import { LIMITS } from './limits';
import { type PdfRaster, rasterisePdf } from './pdf';
import { flattenPage } from './pdf-cad';
import { readPictureSheet } from './picture-sheet';
import { rasterArcs } from './raster-arcs';
import { bandFaceSegments } from './raster-bands';
import { thinLineSegments } from './raster-lines';
import { METRES_PER_POINT, statedScale } from './sheet-scale';
import type {
  Arc,
  DrawingGeometry,
  DrawingStair,
  NormalisedDrawing,
  NormaliseInput,
  Segment,
  TextLine,
} from './types';

/** Texts kept with a drawing's geometry (room names among them). */
const MAX_TEXTS = 5000;

/**
 * Turns any accepted upload (JPG, PNG, PDF, DXF ASCII or binary, DWG) into a clean line drawing and what is known
 * of its geometry. The format is found from the content, not the name. Failures are DrawingErrors with a message meant
 * for the user (UNPROCESSABLE, or PAYLOAD_TOO_LARGE for decompression bombs).
 */
export async function normaliseDrawing(input: NormaliseInput): Promise<NormalisedDrawing> {
  const { bytes, fileName, contentType } = input;
  const detected = detectFormat(bytes, fileName, contentType);
  let result: NormalisedDrawing;
  switch (detected.format) {
    case 'jpeg':
    case 'png': {
      // A picture of several drawings side by side is read one view at a time, the others offered as views.
      const sheet = await readPictureSheet(bytes, input.cadViewId);
      const { drawing: d, texts } = sheet;
      const dimensions = await rasterDimensionScale(d, texts);
      result = {
        png: d.png,
        width: d.width,
        height: d.height,
        kind: 'image',
        geometry: {
          bounds: { minX: 0, minY: 0, maxX: d.width, maxY: d.height },
          units: 'px',
          metresPerUnit: dimensions.metresPerUnit,
          ...(dimensions.scaleSource ? { scaleSource: dimensions.scaleSource } : {}),
          yDown: true,
          pixelTransform: d.pixelTransform,
          ...(texts.length ? { texts: texts.map(({ text, x, y }) => ({ text, x, y })) } : {}),
          source: {
            format: detected.format,
            originalWidth: d.originalWidth,
            originalHeight: d.originalHeight,
          },
          ...(sheet.views ? { views: sheet.views, viewId: sheet.viewId } : {}),
          warnings: [
            ...(d.inverted ? ['The image was light lines on a dark ground and was inverted.'] : []),
            ...dimensions.warnings,
          ],
        },
      };
      const lines = await readPictureLines(d, dimensions.metresPerUnit, !!sheet.views);
      if (lines) result = { ...result, geometry: { ...result.geometry, pictureLines: lines } };
      break;
    }
    case 'pdf': {
      const d = await rasterisePdf(bytes, input.pdfPage !== undefined ? { page: input.pdfPage } : {});
      const paths = await readPageLines(d, input.cadViewId);
      const scale = await pageScale(d, !paths);
      result = {
        png: d.png,
        width: d.width,
        height: d.height,
        kind: 'pdf',
        geometry: {
          bounds: { minX: 0, minY: 0, maxX: d.width, maxY: d.height },
          units: 'px',
          metresPerUnit: scale.metresPerUnit,
          ...(scale.scaleSource ? { scaleSource: scale.scaleSource } : {}),
          yDown: true,
          pixelTransform: d.pixelTransform,
          texts: d.texts,
          source: {
            format: 'pdf',
            version: d.version,
            pages: d.pages,
            page: d.page,
            pointsPerPixel: d.pointsPerPixel,
            originalWidth: d.originalWidth,
            originalHeight: d.originalHeight,
          },
          ...(d.pageViews.length > 1 ? { views: d.pageViews, viewId: `page-${d.page}` } : {}),
          warnings: [
            ...(d.pages > 1
              ? [
                  `This PDF has ${d.pages} pages; the plan was read from page ${d.page}. Pick another page if that is not the plan.`,
                ]
              : []),
            ...scale.warnings,
          ],
        },
      };
      if (paths)
        result = {
          ...result,
          geometry: {
            ...result.geometry,
            ...paths,
            // Read from its lines, the page's space is its points (y down): its words too.
            texts: d.texts.map((w) => {
              const [x, y] = pagePointOf(d, w.x, w.y);
              return { text: w.text, x, y };
            }),
            warnings: [...result.geometry.warnings, ...paths.warnings],
          },
        };
      break;
    }
    case 'dxf':
    case 'dxf-binary':
      result = await fromCad(
        readDxf(bytes, detected.format === 'dxf-binary'),
        detected.format,
        'DXF',
        input.cadViewId,
      );
      break;
    case 'dwg':
      result = await fromCad(await readDwg(bytes, detected.version ?? ''), 'dwg', 'DWG', input.cadViewId);
      break;
  }
  return result;
}

type LinesGeometry = NonNullable<DrawingGeometry['pictureLines']>;

/**
 * A page read as a raster: the scale the sheet states, else (a scan, its words read by OCR) the one its written
 * dimensions agree on.
 */
async function pageScale(
  d: PdfRaster,
  readAsRaster: boolean,
): Promise<Pick<DrawingGeometry, 'metresPerUnit' | 'scaleSource'> & { warnings: string[] }> {
  const stated = sheetScale(d);
  if (stated.metresPerUnit !== null || !readAsRaster) return { ...stated, warnings: [] };
  const read = d.texts.filter((t): t is TextLine => t.height !== undefined);
  return read.length ? rasterDimensionScale(d, read) : { metresPerUnit: null, warnings: [] };
}

/**
 * A raster drawing's scale from the dimensions written on it (metres per pixel of its line drawing), when several
 * agree; else unknown.
 */
async function rasterDimensionScale(
  d: LineDrawing,
  texts: TextLine[],
): Promise<Pick<DrawingGeometry, 'metresPerUnit' | 'scaleSource'> & { warnings: string[] }> {
  const unknown = { metresPerUnit: null, warnings: [] };
  if (!texts.some((t) => dimensionMetres(t.text) !== null)) return unknown;
  const { ink, width, height } = await inkMask(d.png);
  const lines = thinLineSegments(ink, width, height, RASTER_LINE_MIN_PX, RASTER_LINE_MAX_PX);
  const found = dimensionScale(texts, lines);
  if (!found) return unknown;
  return {
    metresPerUnit: found.metresPerPixel,
    scaleSource: 'inferred',
    warnings: [`The scale was taken from ${found.agreeing} dimensions written on the drawing.`],
  };
}

/**
 * A PDF page whose walls are drawn as lines (no filled poché for a raster reading to find) read as a CAD drawing is:
 * double lines paired into walls with their thickness, door swings, views told apart and elevations named. A page
 * of paths gives its own lines, grouped by PDF layer or pen; a page drawn as images (a plot flattened into tiles)
 * gives the thin straight lines of its picture, when the sheet states its scale (without one, nothing tells how far
 * apart a wall's faces are). Undefined when the page is not line work, or its lines hold no walls and no elevation
 * or section either: the raster reading stands.
 */
async function readPageLines(d: PdfRaster, viewId: string | undefined): Promise<LinesGeometry | undefined> {
  const { ink, width, height } = await inkMask(d.png);
  if (!isLineWork(ink, width, height)) return undefined;
  const { pageHeight } = d;
  if (d.vectorPage) {
    const page = d.vectorPage;
    const flat = flattenPage(
      page.vectors,
      page.markup,
      pageHeight,
      page.words,
      LIMITS.maxPrimitives,
      page.layers,
    );
    const ratio = statedScale(page.words.map((w) => w.text));
    return readSheetLines(d, flat, pageHeight, ratio ? ratio * METRES_PER_POINT : null, viewId);
  }
  const ratio = statedScale(d.texts.map((t) => t.text));
  if (!ratio) return undefined;
  // Line-drawing pixels → page points, y up.
  const toPage = (x: number, y: number): [number, number] => {
    const [px, py] = pagePointOf(d, x, y);
    return [px, pageHeight - py];
  };
  const { strokes, arcs } = pictureLineWork(ink, width, height, toPage);
  const texts = d.texts.map((w) => {
    const [x, y] = toPage(w.x, w.y);
    return { x, y, text: w.text, height: 1, layer: 'pdf text' };
  });
  return readSheetLines(
    d,
    { strokes, arcs, texts, truncated: false },
    pageHeight,
    ratio * METRES_PER_POINT,
    viewId,
  );
}

/**
 * A picture of line work (a plan exported or scanned as an image, its walls pairs of thin lines) read as the CAD
 * drawing it was plotted from: its thin straight lines paired into walls, at the scale its written dimensions give,
 * else the one the CAD reader finds (the usual spacing of the pairs, the doors), as for a DXF without units.
 * Undefined when the picture is not line work or its lines hold no walls: the raster reading stands.
 */
async function readPictureLines(
  d: LineDrawing,
  metresPerPixel: number | null,
  /** The picture is one view cut from a sheet of several: its lines are one drawing. */
  oneView: boolean,
): Promise<LinesGeometry | undefined> {
  // Walls told by their colour are bands; the lines are the pen's.
  const { ink, width, height } = await inkMask(d.penPng ?? d.png);
  if (!isLineWork(ink, width, height)) return undefined;
  // The plan of a picture is in the picture's own pixels (y down); its line drawing is scaled and cropped from them.
  const t = d.pixelTransform;
  const up = (x: number, y: number): [number, number] => {
    const [ox, oy] = originalPixel(t, x, y);
    return [ox, d.originalHeight - oy];
  };
  const { strokes, arcs } = pictureLineWork(ink, width, height, up);
  const flat = { strokes, arcs, texts: [], truncated: false };
  const stated = metresPerPixel === null ? null : metresPerPixel * t.scale;
  try {
    const lines = readLines(flat, d.originalHeight, stated, undefined, 1, oneView);
    return lines ? { ...lines, units: 'px' } : undefined;
  } catch (error) {
    // Lines too many or too slow to pair are no reason to fail a picture its ink reads.
    if (error instanceof DrawingError) return undefined;
    throw error;
  }
}

/** A flight in a space of y up → the same space with y down (a page's height `pageHeight`). */
function stairDown(stair: DrawingStair, pageHeight: number): DrawingStair {
  const [a, b, c, d] = stair.outline.map(([x, y]): [number, number] => [x, pageHeight - y]);
  return { ...stair, outline: [a!, b!, c!, d!] };
}

/**
 * The line work of a picture's line drawing in the space `to` maps its pixels into (a uniform scale, y flipped or
 * not): its thin horizontal and vertical lines as strokes, and its arcs (door swings). The short straight runs a
 * thin-line search finds where an arc runs almost along an axis are the arc's, not lines of their own.
 */
function pictureLineWork(
  ink: Uint8Array,
  width: number,
  height: number,
  to: (x: number, y: number) => [number, number],
): Pick<Flattened, 'strokes' | 'arcs'> {
  const lines = thinLineSegments(ink, width, height, RASTER_LINE_MIN_PX, RASTER_LINE_MAX_PX);
  const { arcs: found, arcLines } = rasterArcs(
    ink,
    width,
    height,
    lines,
    Math.max(width, height) * MAX_ARC_SHARE,
  );
  const faces = bandFaceSegments(ink, width, height, {
    penPx: RASTER_LINE_MAX_PX,
    maxThicknessPx: RASTER_BAND_MAX_PX,
    minLengthPx: RASTER_LINE_MIN_PX,
  });
  const strokes = [...lines, ...faces].map((s, i) => ({
    seg: [...to(s[0], s[1]), ...to(s[2], s[3])] as Segment,
    layer: 'raster line',
    curved: arcLines.has(i),
  }));
  const swings = found.filter((a) => lines.some((line) => isLeafOf(line, a)));
  return { strokes, arcs: swings.map((a) => ({ ...arcInSpace(a, to), layer: 'raster line' })) };
}

/**
 * Whether a line is the leaf of a door whose swing is the arc: from the arc's centre (the hinge), as long as its
 * radius. A picture's other arcs (a room number's circle cut by its leader, lettering) say nothing of doors.
 */
function isLeafOf(line: Segment, a: Arc): boolean {
  const length = Math.hypot(line[2] - line[0], line[3] - line[1]);
  if (Math.abs(length - a.r) > a.r * LEAF_LENGTH_SHARE) return false;
  const reach = Math.max(LEAF_HINGE_PX, a.r * LEAF_HINGE_SHARE);
  return (
    Math.min(Math.hypot(line[0] - a.cx, line[1] - a.cy), Math.hypot(line[2] - a.cx, line[3] - a.cy)) <= reach
  );
}

/** A leaf is the swing's radius long within this share, and starts this near its centre (pixels, or a share). */
const LEAF_LENGTH_SHARE = 0.2;
const LEAF_HINGE_PX = 2;
const LEAF_HINGE_SHARE = 0.12;

/** A picture's arc in the space `to` maps its pixels into (a uniform scale and a translation, y flipped or not). */
function arcInSpace(a: Arc, to: (x: number, y: number) => [number, number]): Arc {
  const [cx, cy] = to(a.cx, a.cy);
  const [ux, uy] = to(a.cx + 1, a.cy);
  const [vx, vy] = to(a.cx, a.cy + 1);
  const scale = Math.hypot(ux - cx, uy - cy);
  const flipped = (ux - cx) * (vy - cy) - (uy - cy) * (vx - cx) < 0;
  const angleOf = (t: number) => {
    const [x, y] = to(a.cx + Math.cos(t), a.cy + Math.sin(t));
    return Math.atan2(y - cy, x - cx);
  };
  const [start, end] = flipped ? [angleOf(a.end), angleOf(a.start)] : [angleOf(a.start), angleOf(a.end)];
  return { cx, cy, r: a.r * scale, start, end: end <= start ? end + 2 * Math.PI : end };
}

/** Arcs up to this share of a line drawing's longer side in radius are looked for (a door of a small plan). */
const MAX_ARC_SHARE = 0.25;

/** A pixel of a page's line drawing → the page's points (y down, as the page's own space). */
function pagePointOf(d: PdfRaster, x: number, y: number): [number, number] {
  const [ox, oy] = originalPixel(d.pixelTransform, x, y);
  return [ox * d.pointsPerPixel, oy * d.pointsPerPixel];
}

/** Lines of a raster page shorter than this (line-drawing pixels) are lettering, hatching or symbols. */
const RASTER_LINE_MIN_PX = 6;
/** A pen's line in a line drawing is at most this thick (pixels). */
const RASTER_LINE_MAX_PX = 3;
/**
 * A band of ink thicker than a pen and up to this thick (pixels of the line drawing) is a wall drawn solid, or a thin
 * wall whose two faces ran together at the drawing's size: its edges are the wall's faces.
 */
const RASTER_BAND_MAX_PX = 12;

/** The CAD reader over a page's lines (page points, y up), its results in page points with y down. */
function readSheetLines(
  d: PdfRaster,
  flat: Flattened,
  pageHeight: number,
  statedMetresPerPoint: number | null,
  viewId: string | undefined,
): LinesGeometry | undefined {
  return readLines(flat, pageHeight, statedMetresPerPoint, viewId, d.pageViews.length);
}

/** The CAD reader over a sheet's lines (y up), its results with y down; `pages` the sheets the file holds. */
function readLines(
  flat: Flattened,
  pageHeight: number,
  statedMetresPerPoint: number | null,
  viewId: string | undefined,
  pages: number,
  oneView = false,
): LinesGeometry | undefined {
  if (flat.strokes.length === 0) return undefined;
  const split = splitWalls(flat, statedMetresPerPoint, LIMITS, viewId, true, oneView);
  if (split.walls.length === 0 && !split.noPlanReason) return undefined;
  const down = (s: Segment): Segment => [s[0], pageHeight - s[1], s[2], pageHeight - s[3]];
  const views = split.views.map((v) => ({
    ...v,
    bounds: { ...v.bounds, minY: pageHeight - v.bounds.maxY, maxY: pageHeight - v.bounds.minY },
    ...(v.walls ? { walls: v.walls.map((w) => ({ seg: down(w.seg), thickness: w.thickness })) } : {}),
  }));
  return {
    fromPdfPaths: true,
    units: 'pt',
    yDown: true,
    metresPerUnit: split.metresPerUnit,
    // A stated scale is the sheet's word, not a unit the file carries.
    scaleSource: split.scaleSource === 'file' ? 'inferred' : split.scaleSource,
    segments: split.walls.map(down),
    wallThickness: split.thickness,
    ...(split.wallLines ? { wallLines: split.wallLines } : {}),
    roomClosers: split.closers.map(down),
    details: split.details.map(down),
    symbols: split.symbols.map(down),
    ...(split.stairs.length ? { stairs: split.stairs.map((stair) => stairDown(stair, pageHeight)) } : {}),
    arcs: split.arcs.map((a) => ({ cx: a.cx, cy: pageHeight - a.cy, r: a.r, start: -a.end, end: -a.start })),
    // A one-page sheet's views are its drawings; a multi-page PDF's are its pages.
    ...(pages <= 1 && views.length > 1 ? { views, ...(split.view ? { viewId: split.view.id } : {}) } : {}),
    ...(split.noPlanReason ? { noPlanReason: split.noPlanReason } : {}),
    warnings: split.warnings,
  };
}

/**
 * A PDF plotted at a stated scale ("1:50") has a known size: metres per pixel of its line drawing, when the scale
 * the sheet states gives a plausible size for what is drawn (a few metres to a kilometre); else unknown.
 */
function sheetScale(d: PdfRaster): Pick<DrawingGeometry, 'metresPerUnit' | 'scaleSource'> {
  const ratio = statedScale(d.texts.map((t) => t.text));
  if (!ratio) return { metresPerUnit: null };
  const metresPerPixel = (ratio * METRES_PER_POINT * d.pointsPerPixel) / d.pixelTransform.scale;
  const side = Math.max(d.width, d.height) * metresPerPixel;
  return side >= 3 && side <= 1000
    ? { metresPerUnit: metresPerPixel, scaleSource: 'inferred' }
    : { metresPerUnit: null };
}

async function fromCad(
  model: CadModel,
  format: 'dxf' | 'dxf-binary' | 'dwg',
  label: string,
  viewId: string | undefined,
) {
  const flat = flatten(model, { maxPrimitives: LIMITS.maxPrimitives, maxDepth: LIMITS.maxBlockDepth });
  if (!flat.strokes.length) {
    throw unprocessable(
      `This ${label} file has no visible lines, polylines or arcs in model space, so there is no plan to draw.`,
    );
  }
  const bounds = boundsOfSegments(flat.strokes.map((s) => s.seg))!;
  const extent = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  if (!(extent > 0) || !Number.isFinite(extent)) {
    throw unprocessable(`The geometry in this ${label} file has no extent (every point is the same).`);
  }
  const { units, metresPerUnit: fileMetresPerUnit } = unitsFromInsUnits(model.insUnits);
  const split = splitWalls(flat, fileMetresPerUnit, LIMITS, viewId);
  const warnings = [...split.warnings];
  if (flat.truncated) {
    warnings.push(
      `The drawing is very large; only its first ${LIMITS.maxPrimitives.toLocaleString('en')} lines were read.`,
    );
  }
  // The preview is the drawing as drawn (wall centrelines are not lines of the drawing).
  const drawn = await drawStrokes(
    bounds,
    [],
    flat.strokes.map((s) => s.seg),
    LIMITS.maxPreviewSide,
  );
  const layers = [...new Set(flat.strokes.map((s) => s.layer))].sort();
  return {
    png: drawn.png,
    width: drawn.width,
    height: drawn.height,
    kind: 'cad' as const,
    geometry: {
      bounds,
      units,
      metresPerUnit: split.metresPerUnit,
      scaleSource: split.scaleSource,
      pngTransform: [
        drawn.scale,
        0,
        drawn.pad - bounds.minX * drawn.scale,
        0,
        -drawn.scale,
        drawn.pad + bounds.maxY * drawn.scale,
      ],
      yDown: false,
      segments: split.walls,
      wallThickness: split.thickness,
      ...(split.wallLines ? { wallLines: split.wallLines } : {}),
      roomClosers: split.closers,
      views: split.views,
      ...(split.view ? { viewId: split.view.id } : {}),
      ...(split.noPlanReason ? { noPlanReason: split.noPlanReason } : {}),
      details: split.details,
      symbols: split.symbols,
      ...(split.stairs.length ? { stairs: split.stairs } : {}),
      arcs: split.arcs,
      texts: flat.texts.slice(0, MAX_TEXTS).map(({ text, x, y }) => ({ text, x, y })),
      entityCounts: model.counts,
      layers: layers.slice(0, 200),
      source: { format, version: model.version ? describeDwgVersion(model.version) : undefined },
      warnings,
    },
  } satisfies NormalisedDrawing;
}
