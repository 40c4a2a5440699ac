import type { PlanModel } from '@shared/plan/schema';
import { describe, expect, it } from 'vitest';
import { howItWasRead } from './reading';

const plan: PlanModel = {
  version: 1,
  status: 'ready',
  source: { format: 'dxf', wallDrawing: 'double lines 0.10–0.30 m apart, on layer A-WALL' },
  space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, yDown: false },
  walls: [],
  openings: [],
  rooms: [],
  warnings: [],
};

describe('howItWasRead', () => {
  it('says how the walls are drawn', () => {
    expect(howItWasRead(plan)).toEqual(['Walls: double lines 0.10–0.30 m apart, on layer A-WALL.']);
  });

  it("names the sheet's other drawings that were left out, by kind", () => {
    const sheet: PlanModel = {
      ...plan,
      source: {
        ...plan.source,
        view: 'GROUND FLOOR',
        views: [
          { id: 'view-1', label: 'GROUND FLOOR', kind: 'plan' },
          { id: 'view-2', label: 'NORTH ELEVATION', kind: 'elevation' },
          { id: 'view-3', label: 'SOUTH ELEVATION', kind: 'elevation' },
          { id: 'view-4', label: 'SECTION A-A', kind: 'section' },
        ],
      },
    };
    expect(howItWasRead(sheet)[1]).toBe(
      'Views: 3 other drawings on the sheet left out (2 elevations and 1 section).',
    );
    // The view the user chose instead is the one read.
    const chosen = { ...sheet, corrections: { viewId: 'view-2' } };
    expect(howItWasRead(chosen)[1]).toBe(
      'Views: 3 other drawings on the sheet left out (1 plan, 1 elevation and 1 section).',
    );
  });

  it("says nothing of a PDF's pages (they are picked among) or of a plan read from a picture's nothing", () => {
    const pages: PlanModel = {
      ...plan,
      source: {
        format: 'pdf',
        views: [
          { id: 'page-1', label: 'Page 1', kind: 'plan', page: 1 },
          { id: 'page-2', label: 'Page 2', kind: 'plan', page: 2 },
        ],
      },
    };
    expect(howItWasRead(pages)).toEqual([]);
  });
});
