import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { readPlan } from '../plan/read-plan';
import { thinLineSegments } from './raster-lines';

vi.setConfig({ testTimeout: 60_000 });

function mask(width: number, height: number, rects: [number, number, number, number][]) {
  const ink = new Uint8Array(width * height);
  for (const [x0, y0, x1, y1] of rects)
    for (let y = y0; y < y1; y++) ink.fill(1, y * width + x0, y * width + x1);
  return ink;
}

describe('thinLineSegments (the thin straight lines of a raster)', () => {
  it('gives each thin line once, along its middle, and leaves out short strokes and solid blocks', () => {
    const ink = mask(100, 100, [
      [10, 20, 90, 22], // a horizontal line two pixels thick
      [50, 30, 51, 95], // a vertical hairline
      [10, 60, 14, 61], // too short
      [60, 60, 90, 90], // a solid block
    ]);
    const segments = thinLineSegments(ink, 100, 100, 6, 3);
    expect(segments).toContainEqual([10, 21, 90, 21]);
    expect(segments).toContainEqual([50.5, 30, 50.5, 95]);
    expect(segments).toHaveLength(2);
  });
});

/**
 * A flat plotted at 1:50 and flattened into an image (as some PDF printers do): its walls are pairs of thin lines
 * 0.2 m apart, with a window's jambs and a partition with a door, under a stated scale drawn as text.
 */
async function flattenedPlotPdf() {
  const pxPerMm = 0.2; // 1 px = 5 mm
  const width = 1600;
  const height = 1100;
  const pixels = Buffer.alloc(width * height, 255);
  const at = (mm: number) => Math.round(200 + mm * pxPerMm);
  const h = (x0: number, x1: number, y: number) =>
    pixels.fill(0, at(y) * width + at(x0), at(y) * width + at(x1) + 1);
  const v = (x: number, y0: number, y1: number) => {
    for (let y = at(y0); y <= at(y1); y++) pixels[y * width + at(x)] = 0;
  };
  h(0, 1000, 0);
  h(2000, 6000, 0);
  h(200, 1000, 200);
  h(2000, 5800, 200);
  h(0, 6000, 4000);
  h(200, 5800, 3800);
  v(0, 0, 4000);
  v(200, 200, 3800);
  v(6000, 0, 4000);
  v(5800, 200, 3800);
  v(1000, 0, 200);
  v(2000, 0, 200);
  v(2900, 200, 2000);
  v(3100, 200, 2000);
  v(2900, 2900, 3800);
  v(3100, 2900, 3800);
  h(2900, 3100, 2000);
  h(2900, 3100, 2900);
  const png = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const doc = await PDFDocument.create();
  // 1 px = 5 mm at 1:50 = 0.1 mm on paper.
  const ptPerPx = (0.1 / 25.4) * 72;
  const page = doc.addPage([width * ptPerPx, height * ptPerPx + 40]);
  page.drawImage(await doc.embedPng(png), { x: 0, y: 40, width: width * ptPerPx, height: height * ptPerPx });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('GROUND FLOOR PLAN 1:50', { x: 20, y: 15, size: 10, font });
  return Buffer.from(await doc.save());
}

describe('reading a plot flattened into an image', () => {
  it('pairs its thin double lines into walls of their thickness at the scale the sheet states', async () => {
    const { plan } = await readPlan({ bytes: await flattenedPlotPdf(), fileName: 'flattened.pdf' });
    expect(plan.status).toBe('ready');
    expect(plan.space.metresPerUnit).toBeCloseTo((25.4 / 72 / 1000) * 50, 6);
    const metres = (v: number) => v * plan.space.metresPerUnit;
    const thick = plan.walls.map((w) => metres(w.thickness));
    expect(Math.min(...thick)).toBeGreaterThan(0.14);
    expect(Math.max(...thick)).toBeLessThan(0.26);
    // Centrelines: the outer walls' 19.2 m and the partition's 2.7 m, less the window and the door.
    const total = plan.walls.reduce(
      (sum, w) => sum + metres(Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1])),
      0,
    );
    expect(total).toBeGreaterThan(17);
    expect(total).toBeLessThan(23);
    expect(plan.rooms).toHaveLength(2);
  });
});
