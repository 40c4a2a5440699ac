import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { readPlan } from './read-plan';

// Each read draws a PDF page and reads it (twice when labels give the scale); leave room for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const POINTS_PER_MM = 72 / 25.4;

/**
 * A two-room flat (6 × 4 m outside, 0.2 m walls, a partition at 3 m with a door) drawn on A4 at `ratio` (1:ratio),
 * with the given words: in the title block, or at each room's middle.
 */
async function flatPdf(ratio: number, words: { title?: string; left?: string; right?: string }) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pt = (mm: number) => (mm / ratio) * POINTS_PER_MM;
  const at = (x: number, y: number) => ({ x: 150 + pt(x), y: 150 + pt(y) });
  const wall = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: at(x1, y1), end: at(x2, y2), thickness: pt(200), lineCap: 2 as never });
  wall(0, 0, 6000, 0);
  wall(6000, 0, 6000, 4000);
  wall(6000, 4000, 0, 4000);
  wall(0, 4000, 0, 0);
  wall(3000, 0, 3000, 2000);
  wall(3000, 2900, 3000, 4000);
  const text = (s: string, x: number, y: number) => {
    const width = font.widthOfTextAtSize(s, 8);
    page.drawText(s, { ...at(x, y), x: at(x, y).x - width / 2, size: 8, font });
  };
  if (words.left) text(words.left, 1500, 2000);
  if (words.right) text(words.right, 4500, 2000);
  if (words.title) page.drawText(words.title, { x: 650, y: 60, size: 10, font });
  return Buffer.from(await doc.save());
}

const wallLengths = (plan: Awaited<ReturnType<typeof readPlan>>['plan']) =>
  plan.walls
    .map((w) => Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]) * plan.space.metresPerUnit)
    .sort((a, b) => b - a);

describe('the scale of a plotted PDF from its words', () => {
  it('takes a stated drawing scale (1:50): true metres, not a guess', async () => {
    const { plan } = await readPlan({
      bytes: await flatPdf(50, { title: 'GROUND FLOOR  SCALE 1:50' }),
      fileName: 'flat.pdf',
    });
    expect(plan.space.scaleSource).toBe('inferred');
    // Points on an A4 sheet at 1:50.
    expect(plan.space.metresPerUnit).toBeCloseTo((25.4 / 72 / 1000) * 50, 6);
    expect(wallLengths(plan)[0]).toBeGreaterThan(5.7);
    expect(wallLengths(plan)[0]).toBeLessThan(6.4);
  });

  it('takes the scale from room labels (sizes and areas) when none is stated', async () => {
    const { plan } = await readPlan({
      bytes: await flatPdf(100, { left: '2.80 x 3.80', right: '10.64 m²' }),
      fileName: 'flat.pdf',
    });
    expect(plan.space.scaleSource).toBe('inferred');
    expect(wallLengths(plan)[0]).toBeGreaterThan(5.7);
    expect(wallLengths(plan)[0]).toBeLessThan(6.4);
  });

  it('keeps the guess, and says so, when the sheet gives no scale', async () => {
    const { plan } = await readPlan({ bytes: await flatPdf(100, {}), fileName: 'flat.pdf' });
    expect(plan.space.scaleSource).toBe('guessed');
  });
});
