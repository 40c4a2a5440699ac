import { storeysNamed } from '../../shared/building/level-names';
import { DrawingError, unprocessable, withTimeout } from './errors';
import { type LineDrawing, lineDrawingFromRaster } from './image';
import { LIMITS } from './limits';
import { readDrawingTexts } from './ocr';
import type { PageWord } from './pdf-cad';
import {
  type Affine,
  drawableAsVectors,
  drawPageVectors,
  drawsLineWork,
  markupPaths,
  type PageVectors,
  readPageVectors,
} from './pdf-paths';
import { mayBeProse, scorePageTexts } from './vocabulary';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | undefined;
const loadPdfJs = () => {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
};

interface CanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
}

export interface PdfPageView {
  id: string;
  label: string;
  kind: 'plan' | 'elevation' | 'section' | 'text' | 'unknown';
  page: number;
  /** The storeys the page's words name ("Main Floor", "Basement"), each once. */
  storeys?: string[];
}

export interface PdfRaster extends LineDrawing {
  pages: number;
  version?: string;
  /** The page that was drawn (1-based). */
  page: number;
  /** Every page considered, with what it seems to show (for the user to pick another). */
  pageViews: PdfPageView[];
  /** The page's height in points (as drawn: a rotated page's height on screen). */
  pageHeight: number;
  /** Page points per pixel of the drawn page (`originalWidth` × this = the page width in points). */
  pointsPerPixel: number;
  /** The page's words, each at the middle of its run, in the line drawing's pixels. */
  texts: PageText[];
  /** A page of paths alone: what it draws, for reading its walls from its lines. */
  vectorPage?: {
    vectors: PageVectors;
    /** Paths that are markup, by operator index. */
    markup: Set<number>;
    words: PageWord[];
    /** The PDF's layers (optional content groups) by id. */
    layers: Map<string, { name: string; visible: boolean }>;
  };
}

export interface PageText {
  text: string;
  x: number;
  y: number;
  /** Letter height in the line drawing's pixels, for words read by OCR. */
  height?: number;
}

type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** Pages considered when choosing the plan page; later pages can still be picked by the user. */
const MAX_PAGES_SCORED = 40;

/** The page to read, every page considered, and what was already read of the chosen one. */
interface ChosenPage {
  page: number;
  views: PdfPageView[];
  textItems?: unknown[];
  operators?: OperatorList;
}

interface ScoredPage {
  page: number;
  score: number;
  kind: PdfPageView['kind'];
  label: string;
  words: string[];
  textItems?: unknown[];
}

/** A page's operators (what it draws), or undefined when its content cannot be read. */
async function pageOperators(doc: PdfDocument, pageNumber: number): Promise<OperatorList | undefined> {
  try {
    const page = await doc.getPage(pageNumber);
    const operators = await withTimeout(
      page.getOperatorList(),
      LIMITS.pdfOperatorsTimeoutMs,
      'This PDF page took too long to read.',
    );
    page.cleanup();
    return operators;
  } catch {
    return undefined;
  }
}

const unscoredPage = (page: number): ScoredPage => ({
  page,
  score: 0,
  kind: 'unknown',
  label: `Page ${page}`,
  words: [],
});

/**
 * A page with fewer operators than this is checked for line work before it is taken as the plan (a cover sheet or a
 * drawing list: text in a frame); a plan page has far more, and is not walked twice.
 */
const SPARSE_PAGE_OPERATORS = 300;
/** Fewer line segments than this, and no picture, is no plan: one room drawn in single lines with its door has more. */
const MIN_PLAN_SEGMENTS = 8;

/**
 * The best-scored page that is a drawing, not prose and not a cover sheet listing the set's drawings by their titles
 * (parsing the leading candidates to count their drawing).
 */
async function leadingDrawing(
  pages: ScoredPage[],
  parsed: Map<number, OperatorList | undefined>,
  isProse: (page: ScoredPage) => Promise<boolean>,
): Promise<ScoredPage | undefined> {
  const { OPS } = await loadPdfJs();
  for (const candidate of [...pages].sort((a, b) => b.score - a.score || a.page - b.page)) {
    if (candidate.score === Number.NEGATIVE_INFINITY) break;
    if (candidate.kind === 'text') continue;
    if (!parsed.has(candidate.page) && (await isProse(candidate))) {
      candidate.kind = 'text';
      continue;
    }
    const operators = parsed.get(candidate.page);
    if (
      operators &&
      operators.fnArray.length < SPARSE_PAGE_OPERATORS &&
      !drawsLineWork(operators, OPS, MIN_PLAN_SEGMENTS)
    )
      continue;
    return candidate;
  }
  return undefined;
}

/**
 * Which page holds the floor plan: each page's texts (room names, areas, titles, scale bars) are scored, and the
 * best page wins (the first on a tie) unless it draws too little to be a drawing (a page of prose). Only the
 * leading candidates' drawings are counted: that means parsing the page (and decoding its images), which costs
 * more than reading every page's words.
 */
async function choosePlanPage(doc: PdfDocument, requested?: number): Promise<ChosenPage> {
  const pages: ScoredPage[] = [];
  const count = Math.min(doc.numPages, MAX_PAGES_SCORED);
  for (let p = 1; p <= count; p++) {
    const scored: ScoredPage = {
      page: p,
      score: Number.NEGATIVE_INFINITY,
      kind: 'unknown',
      label: `Page ${p}`,
      words: [],
    };
    try {
      const page = await doc.getPage(p);
      const text = await withTimeout(
        page.getTextContent(),
        LIMITS.pdfTextTimeoutMs,
        'This PDF page took too long to read.',
      );
      scored.words = text.items.map((item) => ('str' in item ? item.str : ''));
      scored.textItems = text.items;
      // Scored as a drawing; a page whose words could be prose, and the leading candidate, are scored again
      // once their drawing is counted.
      const byText = scorePageTexts(scored.words, Number.POSITIVE_INFINITY);
      scored.score = byText.score;
      if (byText.kind && byText.kind !== 'plan') scored.kind = byText.kind;
      if (byText.title) scored.label = `Page ${p}: ${byText.title}`;
      page.cleanup();
    } catch {
      scored.kind = 'unknown';
    }
    pages.push(scored);
  }
  // The operators parsed of each page whose drawing was counted; the chosen page's are read again for its paths.
  const parsed = new Map<number, OperatorList | undefined>();
  const isProse = async (scored: ScoredPage) => {
    const operators = await pageOperators(doc, scored.page);
    parsed.set(scored.page, operators);
    return operators !== undefined && scorePageTexts(scored.words, operators.fnArray.length).kind === 'text';
  };
  for (const scored of pages) if (mayBeProse(scored.words) && (await isProse(scored))) scored.kind = 'text';
  // The user's page: the others are still listed (with their titles) so that they can pick again.
  const chosen =
    requested !== undefined
      ? (pages.find((p) => p.page === requested) ?? unscoredPage(requested))
      : ((await leadingDrawing(pages, parsed, isProse)) ?? pages[0]!);
  const views = pages.map(({ page, kind, label, words }): PdfPageView => {
    const storeys = storeysNamed(words).map((named) => named.text);
    return {
      id: `page-${page}`,
      label,
      kind: page === chosen.page ? 'plan' : kind,
      page,
      ...(storeys.length ? { storeys } : {}),
    };
  });
  const operators = parsed.get(chosen.page);
  return {
    page: chosen.page,
    views,
    ...(chosen.textItems ? { textItems: chosen.textItems } : {}),
    ...(operators ? { operators } : {}),
  };
}

type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type PageViewport = ReturnType<PdfPage['getViewport']>;

/**
 * Paints the page's text runs white on the drawn page: room names, areas, dimensions and titles are never walls,
 * and drawn at plan scale their strokes are as heavy as walls. Only text the PDF holds as text can be found so.
 */
async function eraseText(
  page: PdfPage,
  viewport: PageViewport,
  ctx: CanvasRenderingContext2D,
  known: unknown[] | undefined,
  paint: boolean,
): Promise<(PageText & { size: number })[]> {
  let items: unknown[];
  try {
    items =
      known ??
      (
        await withTimeout(
          page.getTextContent(),
          LIMITS.pdfTextTimeoutMs,
          'This PDF page took too long to read.',
        )
      ).items;
  } catch {
    return [];
  }
  const texts: (PageText & { size: number })[] = [];
  ctx.save();
  ctx.fillStyle = '#ffffff';
  for (const item of items.slice(0, 20_000)) {
    const run = item as { str?: string; transform?: number[]; width?: number; height?: number };
    if (!run.str?.trim() || !run.transform || !run.width) continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = run.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b);
    if (!(size > 0)) continue;
    // The run's box in page space: along its baseline for its width, from below the baseline (descenders) to
    // above the glyphs' height.
    const ux = a / (Math.hypot(a, b) || 1);
    const uy = b / (Math.hypot(a, b) || 1);
    const vx = c / size;
    const vy = d / size;
    const pad = size * 0.15;
    const corners = [
      [-pad, -size * 0.3],
      [run.width + pad, -size * 0.3],
      [run.width + pad, size * 1.1],
      [-pad, size * 1.1],
    ].map(([s, t]) => viewport.convertToViewportPoint(e + ux * s! + vx * t!, f + uy * s! + vy * t!));
    if (paint) {
      ctx.beginPath();
      for (const [i, [x, y]] of corners.entries()) {
        if (i === 0) ctx.moveTo(x!, y!);
        else ctx.lineTo(x!, y!);
      }
      ctx.closePath();
      ctx.fill();
    }
    const [mx, my] = viewport.convertToViewportPoint(
      e + (ux * run.width) / 2 + vx * size * 0.4,
      f + (uy * run.width) / 2 + vy * size * 0.4,
    );
    texts.push({ text: run.str.trim(), x: mx!, y: my!, size: size * viewport.scale });
  }
  ctx.restore();
  return texts;
}

type OperatorList = Awaited<ReturnType<PdfPage['getOperatorList']>>;

/** The page's operators and what they draw; undefined when its content cannot be read. */
async function pageVectors(
  pdfjs: PdfJs,
  page: PdfPage,
  base: PageViewport,
  known: OperatorList | undefined,
): Promise<{ operators: OperatorList; vectors: PageVectors } | undefined> {
  try {
    const operators =
      known ??
      (await withTimeout(
        page.getOperatorList(),
        LIMITS.pdfOperatorsTimeoutMs,
        'This PDF page took too long to read.',
      ));
    return { operators, vectors: readPageVectors(operators, pdfjs.OPS, base.transform as Affine) };
  } catch {
    return undefined;
  }
}

/** The PDF's layers (optional content groups) by id, with their names and whether they are shown; none on error. */
async function pdfLayers(doc: PdfDocument): Promise<Map<string, { name: string; visible: boolean }>> {
  const layers = new Map<string, { name: string; visible: boolean }>();
  try {
    const config = await doc.getOptionalContentConfig();
    for (const [id, group] of config as unknown as Iterable<
      [string, { name: string | null; visible: boolean }]
    >) {
      layers.set(id, { name: group.name ?? '', visible: group.visible !== false });
    }
  } catch {
    // A PDF without readable layers is read by pens.
  }
  return layers;
}

/** Draws the page with pdfjs, leaving out the operators in `skip`. */
async function renderWithPdfJs(
  page: PdfPage,
  canvas: HTMLCanvasElement,
  ctx: CanvasRenderingContext2D,
  viewport: PageViewport,
  skip: Set<number>,
  pageNumber: number,
): Promise<void> {
  const render = page.render({
    canvasContext: ctx,
    canvas,
    viewport,
    background: '#ffffff',
    ...(skip.size > 0 ? { operationsFilter: (index: number) => !skip.has(index) } : {}),
  });
  await withTimeout(render.promise, LIMITS.pdfTimeoutMs, 'This PDF page took too long to draw.', () =>
    render.cancel(),
  ).catch((err: unknown) => {
    if (err instanceof DrawingError) throw err;
    throw unprocessable(`Page ${pageNumber} of this PDF could not be drawn; the file may be damaged.`, {
      cause: err instanceof Error ? err.message : String(err),
    });
  });
}

/**
 * Rasterises the plan page of a PDF (the page asked for, else the one `choosePlanPage` finds) with pdfjs-dist on
 * @napi-rs/canvas, and cleans it into a line drawing.
 */
export async function rasterisePdf(bytes: Uint8Array, options: { page?: number } = {}): Promise<PdfRaster> {
  const pdfjs = await loadPdfJs();
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise> | undefined;
  try {
    doc = await withTimeout(task.promise, LIMITS.pdfTimeoutMs, 'This PDF took too long to open.', () => {
      void task.destroy();
    }).catch((err: unknown) => {
      if (err instanceof DrawingError) throw err;
      const name = (err as { name?: string } | null)?.name;
      if (name === 'PasswordException') {
        throw unprocessable('This PDF is password-protected. Remove the password and upload it again.');
      }
      throw unprocessable('This PDF is damaged or is not a valid PDF, so it could not be opened.');
    });
    const pages = doc.numPages;
    if (pages < 1) throw unprocessable('This PDF has no pages.');
    let version: string | undefined;
    try {
      const meta = await doc.getMetadata();
      version = (meta.info as { PDFFormatVersion?: string } | undefined)?.PDFFormatVersion;
    } catch {
      version = undefined;
    }
    if (options.page !== undefined && (options.page < 1 || options.page > pages)) {
      throw unprocessable(
        `This PDF has ${pages} page${pages === 1 ? '' : 's'}; there is no page ${options.page}.`,
      );
    }
    const chosen: ChosenPage = pages > 1 ? await choosePlanPage(doc, options.page) : { page: 1, views: [] };
    const pageNumber = chosen.page;
    const page = await doc.getPage(pageNumber).catch(() => {
      throw unprocessable(`Page ${pageNumber} of this PDF is damaged and could not be read.`);
    });
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) throw unprocessable(`Page ${pageNumber} of this PDF is empty.`);
    const read = await pageVectors(pdfjs, page, base, chosen.operators);
    const markup = read ? markupPaths(read.vectors, base.width, base.height) : new Set<number>();
    const scale = LIMITS.pdfRenderSide / Math.max(base.width, base.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    // Use pdfjs's own canvas factory (@napi-rs/canvas under Node) so that its Path2D and canvas classes match.
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const { canvas, context: ctx } = factory.create(width, height);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    // A page of paths alone is drawn from its paths (text left out, markup and dashed lines skipped); a page with
    // images, patterns or shadings is drawn by pdfjs, its markup filtered out.
    const ownDrawing = read !== undefined && drawableAsVectors(read.vectors);
    if (ownDrawing) {
      drawPageVectors(ctx, read.operators, pdfjs.OPS, base.transform as Affine, scale, markup);
    } else {
      await renderWithPdfJs(page, canvas, ctx, viewport, markup, pageNumber);
    }
    const words = await eraseText(page, viewport, ctx, chosen.textItems, !ownDrawing);
    const image = ctx.getImageData(0, 0, width, height);
    const source = { raw: { data: image.data, width, height, channels: 4 as const } };
    // A page drawn from its own paths has its walls read from them: no colour search for them in its picture.
    const drawing = await lineDrawingFromRaster(source, 'PDF page', { byColour: !ownDrawing });
    // A scan (a page drawn as images, with no text of its own): its words are read by OCR.
    const scanned = !ownDrawing && words.length === 0 ? await readDrawingTexts(source, drawing) : [];
    return {
      ...drawing,
      pages,
      version,
      page: pageNumber,
      pageViews: chosen.views,
      pageHeight: base.height,
      pointsPerPixel: 1 / scale,
      texts: [
        ...words.map((w) => ({
          text: w.text,
          x: (w.x - drawing.pixelTransform.offsetX) * drawing.pixelTransform.scale,
          y: (w.y - drawing.pixelTransform.offsetY) * drawing.pixelTransform.scale,
        })),
        ...scanned,
      ],
      ...(ownDrawing
        ? {
            vectorPage: {
              vectors: read.vectors,
              markup,
              words: words.map((w) => ({
                text: w.text,
                x: w.x / scale,
                y: w.y / scale,
                height: w.size / scale,
              })),
              layers: await pdfLayers(doc),
            },
          }
        : {}),
    };
  } finally {
    await doc?.destroy().catch(() => undefined);
    await task.destroy().catch(() => undefined);
  }
}
