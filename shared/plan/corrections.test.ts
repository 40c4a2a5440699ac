import { describe, expect, it } from 'vitest';
import { applyCorrections } from './corrections';
import type { PlanModel } from './schema';

const plan: PlanModel = {
  version: 1,
  status: 'ready',
  source: { format: 'png' },
  space: { units: 'px', metresPerUnit: 0.02, scaleGuessed: true, scaleSource: 'guessed', yDown: true },
  walls: [{ a: [0, 0], b: [100, 0], thickness: 10 }],
  openings: [],
  rooms: [
    {
      polygon: [
        [0, 0],
        [100, 0],
        [100, 100],
      ],
      areaM2: 2,
      label: null,
    },
  ],
  warnings: [],
};

describe('applyCorrections', () => {
  it('takes a known scale: geometry stays, metres per unit and room areas follow, the scale is no longer guessed', () => {
    const corrected = applyCorrections(plan, { metresPerUnit: 0.04 });
    expect(corrected.walls).toEqual(plan.walls);
    expect(corrected.space).toMatchObject({ metresPerUnit: 0.04, scaleGuessed: false, scaleSource: 'user' });
    expect(corrected.rooms[0]!.areaM2).toBe(8);
    expect(corrected.corrections).toEqual({ metresPerUnit: 0.04 });
  });

  it('keeps a view choice without touching the geometry', () => {
    expect(applyCorrections(plan, { viewId: 'page-2' })).toEqual({
      ...plan,
      corrections: { viewId: 'page-2' },
    });
  });
});
