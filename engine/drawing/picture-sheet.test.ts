/**
 * A picture of two floor plans side by side, each titled (the way a sheet of storeys is exported as one image): its
 * views told apart, named by their titles, the ground floor read first, and the other readable on request, its walls
 * where it is drawn.
 */
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { readPlan } from '../plan/read-plan';
import { planPng } from './fixtures/plan';

vi.setConfig({ testTimeout: 60_000 });

const TITLE_PX = 90;
/** Paper between the two plans, pixels (a sheet's margin between views). */
const GUTTER_PX = 120;
/** The sheet is saved at this size: small enough for OCR to read whole (at most 2,600 px). */
const SHEET_SCALE = 0.8;

/** Two copies of the fixture plan side by side under their titles, first floor on the left. */
async function twoStoreySheet(): Promise<{ png: Buffer; planWidth: number }> {
  const plan = await planPng();
  const { width, height } = await sharp(plan).metadata();
  const sheetWidth = 2 * width! + GUTTER_PX;
  const title = (text: string, x: number) =>
    `<text x="${x}" y="60" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#000">${text}</text>`;
  const titles = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetWidth}" height="${TITLE_PX}">${title('First floor plan', 80)}${title('Ground floor plan', width! + GUTTER_PX + 80)}</svg>`,
  );
  const png = await sharp({
    create: { width: sheetWidth, height: height! + TITLE_PX, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: titles, left: 0, top: 0 },
      { input: plan, left: 0, top: TITLE_PX },
      { input: plan, left: width! + GUTTER_PX, top: TITLE_PX },
    ])
    .png()
    .toBuffer();
  return {
    png: await sharp(png)
      .resize({ width: Math.round(sheetWidth * SHEET_SCALE) })
      .png()
      .toBuffer(),
    planWidth: width! * SHEET_SCALE,
  };
}

describe('a picture of several plans', () => {
  it('is read one view at a time: the ground floor first, the other on request, each where it is drawn', async () => {
    const { png, planWidth } = await twoStoreySheet();
    const own = (await readPlan({ bytes: png, fileName: 'storeys.png' })).plan;
    expect(own.source.views?.map((v) => v.label)).toEqual(['View 1: First floor', 'View 2: Ground floor']);
    expect(own.source.view).toBe('View 2: Ground floor');
    const rightHalf = planWidth + GUTTER_PX * SHEET_SCALE;
    const xs = (walls: typeof own.walls) => walls.flatMap((w) => [w.a[0], w.b[0]]);
    expect(Math.min(...xs(own.walls))).toBeGreaterThan(rightHalf);
    const first = (await readPlan({ bytes: png, fileName: 'storeys.png', corrections: { viewId: 'view-1' } }))
      .plan;
    expect(first.source.view).toBe('View 1: First floor');
    expect(Math.max(...xs(first.walls))).toBeLessThan(planWidth);
    // Each is the whole plan, as read from the picture of it alone: as many rooms, as wide.
    const alone = (await readPlan({ bytes: await planPng(), fileName: 'plan.png' })).plan;
    const span = (walls: typeof own.walls) => Math.max(...xs(walls)) - Math.min(...xs(walls));
    for (const plan of [own, first]) {
      expect(plan.rooms.length).toBe(alone.rooms.length);
      expect(span(plan.walls) / (span(alone.walls) * SHEET_SCALE)).toBeCloseTo(1, 1);
    }
  });
});
