/**
 * The words on a raster drawing (a scan, a photo, an estate agent's plan, a page drawn as an image), read by OCR:
 * tesseract.js with its English LSTM data from the npm registry (`@tesseract.js-data/eng`); nothing is fetched at
 * run time. Each line of text comes back with its centre, so room labels ("Kitchen 3.45 x 2.80 m", "22.59 m²") can
 * be matched to the rooms they sit in. Both modules load only when a raster drawing is read.
 */
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { imageForOcr, type LineDrawing, type RasterSource } from './image';
import type { TextLine } from './types';

/** Lines read with less confidence than this (0–100) are noise: hatching, furniture, textures. */
const MIN_CONFIDENCE = 55;
/** Lines kept at most (a schedule or a page of notes says nothing more about the scale). */
const MAX_LINES = 400;
/**
 * Letters at most on an image OCR reads: a plan's labels and dimensions are hundreds; a page of notes or a
 * schedule is thousands, and OCR takes about a millisecond a letter (30 s for a page of text).
 */
const MAX_GLYPHS = 1500;

/**
 * The lines of text on a raster drawing, at their centres in its line drawing's pixels (none for an image too large
 * to read).
 */
export async function readDrawingTexts(source: RasterSource, drawing: LineDrawing): Promise<TextLine[]> {
  const image = await imageForOcr(source, drawing);
  if (!image) return [];
  const glyphs = glyphCount(image.grey, image.width, image.height);
  // Too much text to read in time (a sheet of schedules, a hatch read as glyphs): the plan is read without it.
  if (glyphs > MAX_GLYPHS) return [];
  const png = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const t = drawing.pixelTransform;
  const k = t.scale / image.scale;
  return (await readTextLines(png)).map((line) => ({
    text: line.text,
    x: (line.x / image.scale - t.offsetX) * t.scale,
    y: (line.y / image.scale - t.offsetY) * t.scale,
    height: line.height * k,
  }));
}

/**
 * The lines of text in an image (PNG or JPEG bytes, dark text on a light ground), in reading order, in its pixels.
 * An OCR failure is logged and reads as no text: the drawing is still read, its scale then guessed.
 */
export async function readTextLines(image: Buffer): Promise<TextLine[]> {
  try {
    const { data } = await withWorker((worker) => worker.recognize(image, {}, { blocks: true, text: false }));
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
    // OCR is a help, not a need: without its words the plan is still read (room names and label scales are lost).
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'text could not be read from the drawing',
        error: String(error),
      }),
    );
    return [];
  }
}

type OcrWorker = import('tesseract.js').Worker;

/**
 * An OCR worker is kept between reads: loading its model takes about half a second, as long as reading a plan's
 * words, and its first read is slower than the next. It is let go this long after its last job, so that a process
 * with nothing else to do can end.
 */
const WORKER_IDLE_MS = 2_000;

let kept: {
  worker: Promise<OcrWorker>;
  queue: Promise<unknown>;
  jobs: number;
  idle?: NodeJS.Timeout;
} | null = null;

/**
 * Starts the OCR worker, when none is kept, without waiting for it: its model loads on another thread while the
 * caller works on the picture it will read.
 */
export function prepareOcr(): void {
  if (kept) return;
  const entry = { worker: startWorker(), queue: Promise.resolve(), jobs: 0 };
  kept = entry;
  entry.worker.catch(() => letGo(entry));
  letGoWhenIdle(entry);
}

function letGoWhenIdle(entry: NonNullable<typeof kept>): void {
  clearTimeout(entry.idle);
  entry.idle = setTimeout(() => letGo(entry), WORKER_IDLE_MS);
  entry.idle.unref();
}

/** Runs one OCR job on the kept worker (started when there is none), one job at a time. */
async function withWorker<T>(job: (worker: OcrWorker) => Promise<T>): Promise<T> {
  kept ??= { worker: startWorker(), queue: Promise.resolve(), jobs: 0 };
  const entry = kept;
  clearTimeout(entry.idle);
  entry.jobs++;
  const run = entry.queue.then(async () => job(await entry.worker));
  entry.queue = run.catch(() => {});
  try {
    return await run;
  } catch (error) {
    // A worker that failed a job is not trusted with the next.
    letGo(entry);
    throw error;
  } finally {
    entry.jobs--;
    if (entry.jobs === 0 && kept === entry) letGoWhenIdle(entry);
  }
}

function letGo(entry: NonNullable<typeof kept>): void {
  if (kept === entry) kept = null;
  clearTimeout(entry.idle);
  entry.worker.then((worker) => worker.terminate()).catch(() => {});
}

async function startWorker(): Promise<OcrWorker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const eng = (await import('@tesseract.js-data/eng')).default;
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: join(dirname(eng.langPath), '4.0.0_best_int'),
    gzip: true,
    cacheMethod: 'none',
    logger: () => {},
    // Without a handler a failed job also throws inside the worker's message listener, uncaught (the process
    // would die); the job's own promise rejects either way and is handled by the caller.
    errorHandler: () => {},
  });
  // Labels are scattered over a drawing, not set in paragraphs.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
  return worker;
}

/** OCR text tidied: whitespace collapsed, and a superscript ² misread after "m" ("m?", "m*", "mz") restored. */
export function cleanOcrText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\d\s*m)[?*z](?=$|[\s,.;)])/gi, '$1²');
}

/**
 * How many letter-like marks an image holds: dark connected blobs (8-connected, under mid-grey) 6–60 px tall, at
 * most twice as wide as tall, and strokes rather than solid (ink on at most 70 % of their box). Lines, walls and
 * fills are larger, longer or solid; specks are smaller.
 */
export function glyphCount(grey: Uint8Array, width: number, height: number): number {
  const n = width * height;
  const seen = new Uint8Array(n);
  const dark = (i: number) => grey[i]! < 128;
  const stack: number[] = [];
  let count = 0;
  for (let start = 0; start < n; start++) {
    if (seen[start] || !dark(start)) continue;
    seen[start] = 1;
    stack.push(start);
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    let ink = 0;
    while (stack.length) {
      const i = stack.pop()!;
      ink++;
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (!seen[j] && dark(j)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    const h = y1 - y0 + 1;
    const w = x1 - x0 + 1;
    if (h >= 6 && h <= 60 && w <= h * 2 && ink <= w * h * 0.7) count++;
  }
  return count;
}
