import { describe, expect, it } from 'vitest';
import { describePlan } from './describe';
import { PLAN_MODEL_VERSION, type PlanModel } from './schema';

/** A 12 × 9 m plan in millimetres: an outline, one partition, two rooms, a door and a window. */
const plan: PlanModel = {
  version: PLAN_MODEL_VERSION,
  status: 'ready',
  source: { format: 'dxf' },
  space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, scaleSource: 'file', yDown: false },
  walls: [
    { a: [0, 0], b: [12000, 0], thickness: 200 },
    { a: [12000, 0], b: [12000, 9000], thickness: 200 },
    { a: [12000, 9000], b: [0, 9000], thickness: 200 },
    { a: [0, 9000], b: [0, 0], thickness: 200 },
    { a: [6000, 0], b: [6000, 9000], thickness: 100 },
  ],
  openings: [
    { kind: 'door', a: [6000, 3000], b: [6000, 3900] },
    { kind: 'window', a: [2000, 0], b: [3200, 0] },
  ],
  rooms: [
    {
      polygon: [
        [0, 0],
        [6000, 0],
        [6000, 9000],
        [0, 9000],
      ],
      areaM2: 53.6,
      label: null,
    },
    {
      polygon: [
        [6000, 0],
        [12000, 0],
        [12000, 9000],
        [6000, 9000],
      ],
      areaM2: 53.2,
      label: null,
    },
  ],
  warnings: [],
};

describe('describePlan', () => {
  it('says in two sentences what was read, in the plan’s units', () => {
    const text = describePlan(plan);
    expect(text).toBe(
      'A plan of about 12.0 × 9.0 m, from a DXF drawing in millimetres, with 5 walls and 2 enclosed rooms (54 m² and 53 m²). Openings found in the walls: 1 door and 1 window.',
    );
  });

  it('names where an assumed or corrected scale came from, and a plan with nothing in it', () => {
    const guessed = {
      ...plan,
      space: { ...plan.space, scaleGuessed: true, scaleSource: 'guessed' as const },
    };
    expect(describePlan(guessed)).toMatch(/from a DXF drawing at an assumed scale/);
    const set = { ...plan, space: { ...plan.space, scaleSource: 'user' as const, metresPerUnit: 0.002 } };
    expect(describePlan(set)).toMatch(/^A plan of about 24\.0 × 18\.0 m, .* at the scale you set/);
    const empty = { ...plan, walls: [], openings: [], rooms: [] };
    expect(describePlan(empty)).toMatch(/no size.*0 walls and no enclosed rooms\. No openings were found/);
  });
});
