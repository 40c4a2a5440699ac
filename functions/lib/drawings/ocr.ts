/**
 * The words on a raster drawing (a scan, a photo, an estate agent's plan, a page drawn as an image), read by OCR:
 * tesseract.js with its English LSTM data from the npm registry (`@tesseract.js-data/eng`); nothing is fetched at
 * run time. Each line of text comes back with its centre, so room labels ("Kitchen 3.45 x 2.80 m", "22.59 m²") can
 * be matched to the rooms they sit in. Both modules load only when a raster drawing is read.
 */
import { dirname, join } from 'node:path';
import { logger } from '../logger';
import { imageForOcr, type LineDrawing, type RasterSource } from './image';

const log = logger.child({ module: 'ocr' });

export interface TextLine {
  text: string;
  /** Centre of the line's box, pixels of the image read. */
  x: number;
  y: number;
  /** Height of the line's box, pixels. */
  height: number;
}

/** Lines read with less confidence than this (0–100) are noise: hatching, furniture, textures. */
const MIN_CONFIDENCE = 55;
/** Lines kept at most (a schedule or a page of notes says nothing more about the scale). */
const MAX_LINES = 400;

/**
 * The lines of text on a raster drawing, at their centres in its line drawing's pixels (none for an image too large
 * to read).
 */
export async function readDrawingTexts(source: RasterSource, drawing: LineDrawing): Promise<TextLine[]> {
  const image = await imageForOcr(source, drawing);
  if (!image) return [];
  const t = drawing.pixelTransform;
  const k = t.scale / image.scale;
  return (await readTextLines(image.png)).map((line) => ({
    text: line.text,
    x: (line.x / image.scale - t.offsetX) * t.scale,
    y: (line.y / image.scale - t.offsetY) * t.scale,
    height: line.height * k,
  }));
}

/**
 * The lines of text in an image (PNG or JPEG bytes, dark text on a light ground), in reading order. An OCR failure
 * is logged and reads as no text: the drawing is still read, its scale then guessed.
 */
export async function readTextLines(image: Buffer): Promise<TextLine[]> {
  let worker: import('tesseract.js').Worker | undefined;
  try {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const eng = (await import('@tesseract.js-data/eng')).default;
    worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: join(dirname(eng.langPath), '4.0.0_best_int'),
      gzip: true,
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: () => {},
    });
    // Labels are scattered over a drawing, not set in paragraphs.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
    const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
    const lines: TextLine[] = [];
    for (const block of data.blocks ?? [])
      for (const paragraph of block.paragraphs)
        for (const line of paragraph.lines) {
          const text = cleanOcrText(line.text);
          if (line.confidence < MIN_CONFIDENCE || !/[\p{L}\p{N}]/u.test(text)) continue;
          const { x0, y0, x1, y1 } = line.bbox;
          lines.push({ text, x: (x0 + x1) / 2, y: (y0 + y1) / 2, height: y1 - y0 });
        }
    return lines.slice(0, MAX_LINES);
  } catch (error) {
    log.warn('text could not be read from the drawing', { error: String(error) });
    return [];
  } finally {
    await worker?.terminate().catch(() => {});
  }
}

/** OCR text tidied: whitespace collapsed, and a superscript ² misread after "m" ("m?", "m*", "mz") restored. */
export function cleanOcrText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\d\s*m)[?*z](?=$|[\s,.;)])/gi, '$1²');
}
