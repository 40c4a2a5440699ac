import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPlan } from '../plan/read-plan';
import { cleanOcrText, glyphCount, readTextLines } from './ocr';

const LABELLED_PLAN = join(import.meta.dirname, 'fixtures', 'labelled-plan.png');

describe('cleanOcrText', () => {
  it('restores a square metre sign misread after "m" and collapses whitespace', () => {
    expect(cleanOcrText(' Spalna   10.45m? ')).toBe('Spalna 10.45m²');
    expect(cleanOcrText('5.20 mz')).toBe('5.20 m²');
    expect(cleanOcrText('Kitchen 3.45 x 2.80 m')).toBe('Kitchen 3.45 x 2.80 m');
  });
});

describe('glyphCount (how much lettering an image holds, before OCR reads it)', () => {
  it('counts letter-sized blobs, not lines, walls or specks', () => {
    const width = 200;
    const height = 100;
    const image = new Uint8Array(width * height).fill(255);
    const fill = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) image[y * width + x] = 0;
    };
    for (let k = 0; k < 6; k++) {
      // six letters, drawn as strokes: an "L"
      fill(10 + k * 14, 10, 2, 12);
      fill(10 + k * 14, 20, 8, 2);
    }
    fill(0, 60, 200, 3); // a line
    fill(20, 70, 40, 25); // a block of wall
    fill(150, 20, 2, 2); // a speck
    expect(glyphCount(image, width, height)).toBe(6);
  });
});

describe('OCR on a raster plan (tesseract.js with the English data installed from npm)', () => {
  it('reads the dimensions and room labels, each line at its place', async () => {
    const lines = await readTextLines(readFileSync(LABELLED_PLAN));
    const texts = lines.map((l) => l.text);
    expect(texts).toEqual(expect.arrayContaining(['10000', '5000', 'Kitchen', '5.00 x 6.00 m', '30.00 m²']));
    const kitchen = lines.find((l) => l.text === 'Kitchen')!;
    expect(kitchen.x).toBeGreaterThan(300);
    expect(kitchen.x).toBeLessThan(500);
  }, 30_000);

  it('reads the same words again and at once on the worker it keeps, two reads at a time too', async () => {
    const image = readFileSync(LABELLED_PLAN);
    const first = await readTextLines(image);
    const [again, alongside] = await Promise.all([readTextLines(image), readTextLines(image)]);
    expect(again).toEqual(first);
    expect(alongside).toEqual(first);
  }, 30_000);

  it('takes an image’s scale from its dimensions and names its rooms from their labels', async () => {
    const { plan } = await readPlan({ bytes: readFileSync(LABELLED_PLAN), fileName: 'labelled-plan.png' });
    // 100 px per metre; the line drawing's margins and the extension lines' width cost about a per cent.
    expect(plan.space.metresPerUnit).toBeGreaterThan(0.0097);
    expect(plan.space.metresPerUnit).toBeLessThan(0.0103);
    expect(plan.space.scaleSource).toBe('inferred');
    expect(plan.warnings.join(' ')).toMatch(/scale was taken from 3 dimensions written on the drawing/);
    expect(plan.rooms.map((r) => r.label).sort()).toEqual(['Kitchen', 'Living room']);
    for (const room of plan.rooms) expect(room.areaM2).toBeCloseTo(28.5, -0.5);
  }, 30_000);

  it('reads a scanned PDF (an image and no text) the same way, in page points', async () => {
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(readFileSync(LABELLED_PLAN));
    pdf.addPage([1400, 1000]).drawImage(image, { x: 0, y: 0, width: 1400, height: 1000 });
    const { plan } = await readPlan({ bytes: await pdf.save(), fileName: 'scan.pdf' });
    expect(plan.space.units).toBe('pt');
    expect(plan.space.metresPerUnit).toBeGreaterThan(0.0097);
    expect(plan.space.metresPerUnit).toBeLessThan(0.0103);
    expect(plan.space.scaleSource).toBe('inferred');
    expect(plan.rooms.map((r) => r.label).sort()).toEqual(['Kitchen', 'Living room']);
  }, 30_000);
});
