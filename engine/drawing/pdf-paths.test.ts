import { createCanvas } from '@napi-rs/canvas';
import {
  concatTransformationMatrix,
  LineCapStyle,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { readPlan } from '../plan/read-plan';
import {
  type Affine,
  drawableAsVectors,
  drawPageVectors,
  imageCover,
  markupPaths,
  type PageVectors,
  readPageVectors,
} from './pdf-paths';

vi.setConfig({ testTimeout: 60_000 });

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

async function vectorsOf(bytes: Uint8Array) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const operators = await page.getOperatorList();
    return {
      operators,
      base: base.transform as Affine,
      width: base.width,
      height: base.height,
      vectors: readPageVectors(operators, pdfjs.OPS, base.transform as Affine),
    };
  } finally {
    await doc.destroy();
  }
}

/** A page with a filled wall, a heavy line, a dashed hairline and a circle, on A4 landscape (842 × 595 pt). */
async function drawnPage() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  page.drawRectangle({ x: 100, y: 400, width: 300, height: 10, color: rgb(0, 0, 0) });
  page.drawLine({ start: { x: 100, y: 300 }, end: { x: 400, y: 300 }, thickness: 4, color: rgb(1, 0, 0) });
  page.drawLine({
    start: { x: 50, y: 100 },
    end: { x: 800, y: 100 },
    thickness: 0.25,
    dashArray: [6, 3],
    lineCap: LineCapStyle.Butt,
  });
  page.drawCircle({ x: 600, y: 300, size: 20, borderColor: rgb(0, 0, 1), borderWidth: 1 });
  return doc.save();
}

describe('readPageVectors (a PDF page’s paths in page points)', () => {
  it('reads each painted path with its weight, colour, dash and extent, y down from the top-left', async () => {
    const { vectors } = await vectorsOf(await drawnPage());
    expect(vectors.images).toHaveLength(0);
    const fill = vectors.paths.find((p) => p.paint === 'fill')!;
    expect(fill.bbox.map(Math.round)).toEqual([100, 185, 400, 195]);
    const heavy = vectors.paths.find((p) => p.strokeColour === '#ff0000')!;
    expect(heavy.width).toBeCloseTo(4);
    expect(heavy.bbox.map(Math.round)).toEqual([100, 295, 400, 295]);
    const dashed = vectors.paths.find((p) => p.dashed)!;
    expect(dashed.width).toBeCloseTo(0.25);
    expect(dashed.bbox[1]).toBeCloseTo(495);
    const circle = vectors.paths.find((p) => p.curved)!;
    expect(circle.bbox.map(Math.round)).toEqual([580, 275, 620, 315]);
    expect(drawableAsVectors(vectors)).toBe(true);
  });

  it('applies the transforms in force (a scaled, moved group) to points and line weights', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 600]);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(2, 0, 0, 2, 100, 50));
    page.drawLine({ start: { x: 0, y: 0 }, end: { x: 100, y: 0 }, thickness: 1 });
    page.pushOperators(popGraphicsState());
    const { vectors } = await vectorsOf(await doc.save());
    const [line] = vectors.paths;
    expect(line!.width).toBeCloseTo(2);
    expect(line!.bbox.map(Math.round)).toEqual([100, 550, 300, 550]);
  });

  it('draws the paths it read (fills, lines at least a pixel wide), leaving out dashed lines and skipped paths', async () => {
    const { operators, base, vectors } = await vectorsOf(await drawnPage());
    const draw = (skip: Set<number>) => {
      const canvas = createCanvas(842, 595);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, 842, 595);
      drawPageVectors(ctx as never, operators, pdfjs.OPS, base, 1, skip);
      return ctx;
    };
    const dark = (ctx: ReturnType<typeof draw>, x: number, y: number) =>
      ctx.getImageData(x, y, 1, 1).data[0]! < 128;
    const all = draw(new Set());
    expect(dark(all, 250, 190)).toBe(true); // the filled wall
    expect(all.getImageData(250, 295, 1, 1).data[1]).toBeLessThan(100); // the red line
    expect(dark(all, 400, 495)).toBe(false); // the dashed line is not drawn
    const heavy = vectors.paths.find((p) => p.strokeColour === '#ff0000')!;
    const skipped = draw(new Set([heavy.index]));
    expect(skipped.getImageData(250, 295, 1, 1).data[1]).toBe(255);
  });
});

describe('bounds on a page’s paths', () => {
  it('stops keeping paths past a page’s worth of points, and then leaves the drawing to pdfjs', () => {
    // 300 paths of 20,000 points each (one shared array): 6 million points.
    const data = new Float32Array(20_000 * 3);
    for (let i = 0; i < 20_000; i++) data.set([i === 0 ? 0 : 1, i % 100, Math.floor(i / 100)], i * 3);
    const fnArray = Array.from({ length: 300 }, () => pdfjs.OPS.constructPath);
    const argsArray = fnArray.map(() => [pdfjs.OPS.stroke, [data], null]);
    const vectors = readPageVectors({ fnArray, argsArray }, pdfjs.OPS, [1, 0, 0, 1, 0, 0]);
    expect(vectors.truncated).toBe(true);
    expect(vectors.paths.length).toBeLessThan(300);
    expect(vectors.paths.reduce((n, p) => n + p.subpaths[0]!.length / 2, 0)).toBeLessThanOrEqual(3_020_000);
    expect(drawableAsVectors(vectors)).toBe(false);
  });
});

describe('markupPaths (lines drawn over a raster drawing)', () => {
  const bareVectors = (images: PageVectors['images']): PageVectors => ({
    paths: [
      {
        index: 7,
        paint: 'stroke',
        width: 0.24,
        strokeColour: '#000000',
        fillColour: '#000000',
        dashed: false,
        evenOdd: false,
        bbox: [0, 50, 800, 50],
        subpaths: [[0, 50, 800, 50]],
        curved: false,
        curves: [],
      },
      {
        index: 9,
        paint: 'fill',
        width: 0.24,
        strokeColour: '#000000',
        fillColour: '#ff0000',
        dashed: false,
        evenOdd: false,
        bbox: [10, 10, 20, 60],
        subpaths: [[10, 10, 20, 10, 20, 60, 10, 60, 10, 10]],
        curved: false,
        curves: [],
      },
    ],
    images,
    unsupported: 0,
    truncated: false,
  });

  it('counts the page images cover once where they overlap', () => {
    expect(imageCover([{ index: 1, bbox: [0, 0, 400, 600] }], 800, 600)).toBeCloseTo(0.5, 1);
    const twice = [
      { index: 1, bbox: [0, 0, 400, 600] as [number, number, number, number] },
      { index: 2, bbox: [0, 0, 400, 600] as [number, number, number, number] },
    ];
    expect(imageCover(twice, 800, 600)).toBeCloseTo(0.5, 1);
  });

  it('marks the lines over a page of raster tiles, keeps the fills, and marks nothing on a vector page', () => {
    const tiles = [
      { index: 1, bbox: [0, 0, 400, 600] as [number, number, number, number] },
      { index: 2, bbox: [400, 0, 800, 600] as [number, number, number, number] },
    ];
    expect([...markupPaths(bareVectors(tiles), 800, 600)]).toEqual([7]);
    expect(markupPaths(bareVectors([{ index: 1, bbox: [0, 0, 100, 100] }]), 800, 600).size).toBe(0);
  });
});

/**
 * A plan drawn as a raster (an embedded image of a 12 × 8 m two-room building in walls three pixels thick) with a
 * grid and dimension chain drawn over it as vector lines of the same weight, running far past the building.
 */
async function rasterPlanWithVectorGrid() {
  const width = 1200;
  const height = 850;
  const pixels = Buffer.alloc(width * height, 255);
  const rect = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) pixels.fill(0, y * width + x0, y * width + x1);
  };
  const [left, top, right, bottom, t] = [300, 250, 900, 650, 5];
  rect(left, top, right, top + t);
  rect(left, bottom - t, right, bottom);
  rect(left, top, left + t, bottom);
  rect(right - t, top, right, bottom);
  rect(600, top, 600 + t, 400);
  rect(600, 480, 600 + t, bottom);
  const png = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage([width * 0.7, height * 0.7]);
  page.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: width * 0.7, height: height * 0.7 });
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({
      start: { x: x1 * 0.7, y: (height - y1) * 0.7 },
      end: { x: x2 * 0.7, y: (height - y2) * 0.7 },
      thickness: 3.5,
    });
  for (const x of [300, 600, 900]) line(x, 40, x, 810); // grid axes
  for (const y of [250, 650]) line(40, y, 1160, y);
  line(300, 150, 900, 150); // a dimension chain above the building
  return doc.save();
}

describe('reading a PDF whose drawing is raster under vector markup', () => {
  it('reads the building’s walls, not the grid and dimension lines drawn over it', async () => {
    const { plan } = await readPlan({ bytes: await rasterPlanWithVectorGrid(), fileName: 'tiles.pdf' });
    expect(plan.status).toBe('ready');
    expect(plan.walls.length).toBeGreaterThan(3);
    // Page points of the building: x 210–630, y 175–455 (the image is drawn at 0.7 pt per pixel).
    for (const wall of plan.walls) {
      for (const [x, y] of [wall.a, wall.b]) {
        expect(x).toBeGreaterThan(195);
        expect(x).toBeLessThan(645);
        expect(y).toBeGreaterThan(160);
        expect(y).toBeLessThan(470);
      }
    }
  });
});
