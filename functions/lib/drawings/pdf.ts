import { AppError } from '../errors';
import { unprocessable, withTimeout } from './errors';
import { type LineDrawing, lineDrawingFromRaster } from './image';
import { LIMITS } from './limits';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | undefined;
const loadPdfJs = () => {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
};

interface CanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
}

export interface PdfRaster extends LineDrawing {
  pages: number;
  version?: string;
  /** The page that was drawn (1-based). */
  page: number;
  /** Page points per pixel of the drawn page (`originalWidth` × this = the page width in points). */
  pointsPerPixel: number;
}

/** Rasterises the first page of a PDF (pdfjs-dist drawing on @napi-rs/canvas) and cleans it into a line drawing. */
export async function rasterisePdf(bytes: Uint8Array): Promise<PdfRaster> {
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
      if (err instanceof AppError) throw err;
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
    const page = await doc.getPage(1).catch(() => {
      throw unprocessable('The first page of this PDF is damaged and could not be read.');
    });
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) throw unprocessable('The first page of this PDF is empty.');
    const scale = LIMITS.pdfRenderSide / Math.max(base.width, base.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    // Use pdfjs's own canvas factory (@napi-rs/canvas under Node) so that its Path2D and canvas classes match.
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const { canvas, context: ctx } = factory.create(width, height);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    const render = page.render({
      canvasContext: ctx,
      canvas,
      viewport,
      background: '#ffffff',
    });
    await withTimeout(render.promise, LIMITS.pdfTimeoutMs, 'This PDF page took too long to draw.', () =>
      render.cancel(),
    ).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      throw unprocessable('The first page of this PDF could not be drawn; the file may be damaged.', {
        cause: err instanceof Error ? err.message : String(err),
      });
    });
    const image = ctx.getImageData(0, 0, width, height);
    const drawing = await lineDrawingFromRaster(
      { raw: { data: image.data, width, height, channels: 4 } },
      'PDF page',
    );
    return { ...drawing, pages, version, page: 1, pointsPerPixel: 1 / scale };
  } finally {
    await doc?.destroy().catch(() => undefined);
    await task.destroy().catch(() => undefined);
  }
}
