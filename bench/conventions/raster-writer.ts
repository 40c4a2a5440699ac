/**
 * A generated drawing as a raster: its vector PDF plot drawn by pdf.js at a chosen resolution (text included, as a
 * scan or an exported picture has it), written as a PNG. Bench and test code: the reader never sees how it was made.
 */
import sharp from 'sharp';

interface PdfJsCanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: CanvasRenderingContext2D };
}

/** The first page of a PDF drawn at `dpi` (72 points an inch) as PNG bytes, and the pixels per point. */
export async function pdfToPng(
  pdf: Uint8Array,
  dpi: number,
): Promise<{ bytes: Uint8Array; pixelsPerPoint: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const pixelsPerPoint = dpi / 72;
    const viewport = page.getViewport({ scale: pixelsPerPoint });
    const width = Math.round(viewport.width);
    const height = Math.round(viewport.height);
    const factory = (doc as unknown as { canvasFactory: PdfJsCanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(width, height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvasContext: context, canvas: canvas as HTMLCanvasElement, viewport }).promise;
    const image = context.getImageData(0, 0, width, height);
    const bytes = await sharp(Buffer.from(image.data.buffer), { raw: { width, height, channels: 4 } })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return { bytes: new Uint8Array(bytes), pixelsPerPoint };
  } finally {
    await doc.destroy();
  }
}
