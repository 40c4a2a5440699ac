import { describe, expect, it } from 'vitest';
import { inFileFormat, makeDrawing } from '../../../bench/conventions/conventions';
import { scoreDrawing } from '../../../bench/conventions/score';
import { readPlan } from '../../plan/read-plan';
import type { Segment } from '../types';
import { labelledBubbles, linesToBubbles } from './grid-axes';

const text = (x: number, y: number, value: string) => ({ x, y, text: value });

describe('labelledBubbles', () => {
  it('takes a grid bubble for one: a small circle with a short label in it', () => {
    const bubble = { cx: -2.9, cy: 2.6, r: 0.4 };
    const column = { cx: 3, cy: 3, r: 0.2 }; // no label
    const tree = { cx: 20, cy: 10, r: 2.5 }; // too big, even with a label
    const named = { cx: 8, cy: 2, r: 0.5 }; // a room's name is no bubble's label
    const texts = [text(-2.95, 2.5, 'B'), text(19.5, 10, 'T1'), text(7.6, 2, 'Kitchen')];
    expect(labelledBubbles([bubble, column, tree, named], texts, 1)).toEqual([bubble]);
  });

  it('works in millimetres', () => {
    const bubble = { cx: -2900, cy: 2600, r: 400 };
    expect(labelledBubbles([bubble], [text(-2950, 2500, '12')], 0.001)).toEqual([bubble]);
  });
});

describe('linesToBubbles', () => {
  const bubbles = [
    { cx: -2.9, cy: 2.6, r: 0.4 },
    { cx: 15.1, cy: 2.6, r: 0.4 },
  ];
  it('finds an axis that runs through a wall’s middle to a bubble at either end', () => {
    const lines: Segment[] = [
      [-2.5, 2.6, 14.7, 2.6], // the axis, bubble to bubble
      [0, 2.54, 12.2, 2.54], // the wall's faces either side of it
      [0, 2.66, 12.2, 2.66],
      [-2.5, 2.9, -1, 2.9], // ends beside a bubble, not aimed at it
      [-3.05, 2.45, -2.8, 2.75], // a stroke of the label, shorter than the bubble is wide
    ];
    expect([...linesToBubbles(lines, bubbles)]).toEqual([0]);
  });
});

describe('a plan drawn on one layer with its grid (a generated drawing, exact by construction)', () => {
  // Seed 1683895001 of clutter/all-on-layer-0: a grid axis runs along the middle of a 0.12 m wall; paired with its
  // faces it lost the wall, and two rooms with it (12 of 14 read).
  it('reads the wall the axis runs through, and every room', async () => {
    const drawing = await inFileFormat(makeDrawing('clutter/all-on-layer-0', 1683895001));
    const { plan } = await readPlan({ bytes: drawing.bytes, fileName: drawing.fileName });
    const score = scoreDrawing(drawing, { plan, ms: 0, maxRssMB: 0, repeatSame: true });
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount ?? -1);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
  });
});
