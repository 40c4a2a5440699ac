import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { drawnInSingleLines } from './single-line';

/** Metres as drawing units (mpu 1): a 10 × 6 m building in single lines, broken by a door and a window. */
const singleLinePlan: Segment[] = [
  [0, 0, 4, 0],
  [5, 0, 10, 0],
  [10, 0, 10, 6],
  [10, 6, 6, 6],
  [4, 6, 0, 6],
  [0, 6, 0, 0],
  [5, 0, 5, 2.5],
  [5, 3.4, 5, 6],
];
/** Window glass in the 2 m gap of the top wall, paired into two thin walls. */
const glass = [
  { seg: [4, 6.03, 6, 6.03] as Segment, thickness: 0.06 },
  { seg: [4, 5.97, 6, 5.97] as Segment, thickness: 0.06 },
];

describe('drawnInSingleLines', () => {
  it('takes single lines broken by openings as the walls when only glass pairs', () => {
    expect(drawnInSingleLines(glass, singleLinePlan, 1)).toBe(true);
  });

  it('keeps double-line walls when the single lines are only a frame around them', () => {
    const frame: Segment[] = [
      [-5, -5, 15, -5],
      [15, -5, 15, 11],
      [15, 11, -5, 11],
      [-5, 11, -5, -5],
      [8, -5, 8, -2],
      [8, -2, 15, -2],
    ];
    const walls = singleLinePlan.map((seg) => ({ seg, thickness: 0.3 }));
    // The frame is long but unbroken: no door or window in it, so it is not walls.
    expect(drawnInSingleLines(walls, frame, 1)).toBe(false);
  });

  it('keeps double-line walls that outweigh the single lines', () => {
    const walls = singleLinePlan.map((seg) => ({ seg, thickness: 0.3 }));
    expect(drawnInSingleLines(walls, singleLinePlan.slice(0, 7), 1)).toBe(false);
  });

  it('reads the same in millimetres', () => {
    const mm = (s: Segment): Segment => [s[0] * 1000, s[1] * 1000, s[2] * 1000, s[3] * 1000];
    expect(
      drawnInSingleLines(
        glass.map((g) => ({ seg: mm(g.seg), thickness: g.thickness * 1000 })),
        singleLinePlan.map(mm),
        0.001,
      ),
    ).toBe(true);
  });
});
