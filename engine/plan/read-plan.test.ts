import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { planDxf, planPdf, planPng, planSetPdf } from '../drawing/fixtures/plan';
import { readPlan } from './read-plan';

/** The fixture plan's page twice, as a two-page PDF. */
async function twoPagePdf(): Promise<Uint8Array> {
  const source = await PDFDocument.load(await planPdf());
  const doc = await PDFDocument.create();
  for (const page of await doc.copyPages(source, [0, 0])) doc.addPage(page);
  return doc.save();
}

describe('readPlan', () => {
  it('says how the walls were drawn: line style, thickness and layer; or read from a picture', async () => {
    const dxf = await readPlan({ bytes: Buffer.from(planDxf()), fileName: 'house.dxf' });
    expect(dxf.plan.source.wallDrawing).toBe('single lines, built 0.15 m thick, on layer A-WALL');
    const png = await readPlan({ bytes: await planPng(), fileName: 'house.png' });
    expect(png.plan.source.wallDrawing).toMatch(
      /^filled areas and thick lines of the picture, 0\.\d\d(–0\.\d\d)? m thick$/,
    );
  });

  it('still lists every page of a PDF once the user has picked one, so that they can pick again', async () => {
    const bytes = await twoPagePdf();
    const first = await readPlan({ bytes, fileName: 'set.pdf' });
    expect(first.plan.source.views?.map((v) => v.id)).toEqual(['page-1', 'page-2']);
    const picked = await readPlan({ bytes, fileName: 'set.pdf', corrections: { viewId: 'page-2' } });
    expect(picked.plan.source.page).toBe(2);
    expect(picked.plan.source.views?.map((v) => v.id)).toEqual(['page-1', 'page-2']);
  }, 30_000);

  it('takes the first plan of a set, not the cover sheet that lists the plans by their titles', async () => {
    const bytes = await planSetPdf(['Ground floor plan', 'First floor plan'], { cover: true });
    const { plan } = await readPlan({ bytes, fileName: 'set.pdf' });
    expect([plan.status, plan.source.page, plan.walls.length > 10]).toEqual(['ready', 2, true]);
    expect(plan.source.views?.map((v) => v.id)).toEqual(['page-1', 'page-2', 'page-3']);
  }, 30_000);

  it('checks every plan it reads, with the drawing’s own evidence', async () => {
    const { plan } = await readPlan({ bytes: new TextEncoder().encode(planDxf()), fileName: 'plan.dxf' });
    expect(plan.evidence?.inkAroundWalls).toBeGreaterThan(0.9);
    expect(plan.evidence?.inkExplained).toBeGreaterThan(0.5);
    expect(plan.check?.verdict).toBe('looks-right');
  });
});
