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

/** A stroke of pen 2 from (x0, y0) to (x1, y1), in steps of half a pixel. */
function stroke(ink: Uint8Array, width: number, [x0, y0, x1, y1]: [number, number, number, number]) {
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
  for (let k = 0; k <= steps; k++) {
    const x = Math.round(x0 + ((x1 - x0) * k) / steps);
    const y = Math.round(y0 + ((y1 - y0) * k) / steps);
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ])
      ink[(y + dy!) * width + x + dx!] = 1;
  }
}

describe('thinLineSegments (the thin straight lines of a raster)', () => {
  it('runs a wall face on through the hatching touching it, not a dimension line through its extension lines', () => {
    const width = 200;
    const ink = new Uint8Array(width * width);
    // A hatched wall: faces at y = 20 and y = 34, 45° hatching between them every 6 px.
    stroke(ink, width, [10, 20, 190, 20]);
    stroke(ink, width, [10, 34, 190, 34]);
    for (let x = 12; x < 176; x += 6) stroke(ink, width, [x + 1, 32, x + 11, 22]);
    // A dimension line at y = 100 with a tick and an extension line through it every 30 px.
    stroke(ink, width, [10, 100, 190, 100]);
    for (let x = 20; x <= 180; x += 30) {
      stroke(ink, width, [x - 5, 105, x + 5, 95]);
      stroke(ink, width, [x, 90, x, 110]);
    }
    const horizontal = thinLineSegments(ink, width, width, 6, 3).filter(([, y0, , y1]) => y0 === y1);
    const faces = horizontal.filter(([, y]) => y < 50);
    expect(faces).toHaveLength(2);
    for (const [x0, , x1] of faces) expect(x1 - x0).toBeGreaterThan(170);
    // The dimension line is cut at every extension line: no piece runs past one.
    const dimension = horizontal.filter(([, y]) => Math.abs(y - 101) < 2);
    expect(dimension.length).toBeGreaterThan(3);
    for (const [x0, , x1] of dimension) expect(x1 - x0).toBeLessThan(31);
  });

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

  it('takes no line from the flank of a curve that runs near an axis (a door swing), but one from a slanted scan', () => {
    const width = 200;
    const ink = new Uint8Array(width * width);
    const dot = (x: number, y: number) => {
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ])
        ink[(Math.round(y) + dy!) * width + Math.round(x) + dx!] = 1;
    };
    // A quarter circle of 80 px about (20, 100), from straight up round to the right.
    for (let t = 0; t <= Math.PI / 2; t += 0.002) dot(20 + 80 * Math.sin(t), 100 - 80 * Math.cos(t));
    // A line across 150 px, half a degree off horizontal.
    for (let x = 20; x <= 170; x += 0.5) dot(x, 150 + (x - 20) * Math.tan(Math.PI / 360));
    const segments = thinLineSegments(ink, width, width, 6, 3);
    // The arc's flank where it runs within a pen of vertical is tens of pixels long, and bends by more than a pen.
    expect(segments.filter(([x0, y0, x1, y1]) => x0 === x1 && y1 - y0 > 20)).toEqual([]);
    expect(segments.some(([x0, y0, x1, y1]) => y0 === y1 && Math.abs(y0 - 151) < 2 && x1 - x0 > 140)).toBe(
      true,
    );
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
