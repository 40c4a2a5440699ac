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
import { thinLineSegments } from './raster-lines';
import { METRES_PER_POINT, statedScale } from './sheet-scale';
import type { DrawingGeometry, NormalisedDrawing, NormaliseInput, Segment, TextLine } from './types';

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
  const strokes = thinLineSegments(ink, width, height, RASTER_LINE_MIN_PX, RASTER_LINE_MAX_PX).map((s) => ({
    seg: [...toPage(s[0], s[1]), ...toPage(s[2], s[3])] as Segment,
    layer: 'raster line',
    curved: false,
  }));
  const texts = d.texts.map((w) => {
    const [x, y] = toPage(w.x, w.y);
    return { x, y, text: w.text, height: 1, layer: 'pdf text' };
  });
  return readSheetLines(
    d,
    { strokes, arcs: [], texts, truncated: false },
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
  const { ink, width, height } = await inkMask(d.png);
  if (!isLineWork(ink, width, height)) return undefined;
  // The plan of a picture is in the picture's own pixels (y down); its line drawing is scaled and cropped from them.
  const t = d.pixelTransform;
  const up = (x: number, y: number): [number, number] => {
    const [ox, oy] = originalPixel(t, x, y);
    return [ox, d.originalHeight - oy];
  };
  const strokes = thinLineSegments(ink, width, height, RASTER_LINE_MIN_PX, RASTER_LINE_MAX_PX).map((s) => ({
    seg: [...up(s[0], s[1]), ...up(s[2], s[3])] as Segment,
    layer: 'raster line',
    curved: false,
  }));
  const flat = { strokes, arcs: [], texts: [], truncated: false };
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

/** A pixel of a page's line drawing → the page's points (y down, as the page's own space). */
function pagePointOf(d: PdfRaster, x: number, y: number): [number, number] {
  const [ox, oy] = originalPixel(d.pixelTransform, x, y);
  return [ox * d.pointsPerPixel, oy * d.pointsPerPixel];
}

/** Lines of a raster page shorter than this (line-drawing pixels) are lettering, hatching or symbols. */
const RASTER_LINE_MIN_PX = 6;
/** A pen's line in a line drawing is at most this thick (pixels). */
const RASTER_LINE_MAX_PX = 3;

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
      arcs: split.arcs,
      texts: flat.texts.slice(0, MAX_TEXTS).map(({ text, x, y }) => ({ text, x, y })),
      entityCounts: model.counts,
      layers: layers.slice(0, 200),
      source: { format, version: model.version ? describeDwgVersion(model.version) : undefined },
      warnings,
    },
  } satisfies NormalisedDrawing;
}
