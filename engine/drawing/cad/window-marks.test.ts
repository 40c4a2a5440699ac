import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { cutAtWindowMarks } from './window-marks';

/** Metres as units (mpu 1): a 10 m single-line wall along y = 0. */
const wall: Segment = [0, 0, 10, 0];
const mark = (from: number, to: number, offset: number): Segment => [from, offset, to, offset];

describe('cutAtWindowMarks (a single-line wall running on through its windows)', () => {
  it('cuts the wall where a window frame lies beside it on both sides', () => {
    const pieces = cutAtWindowMarks([wall], [mark(2, 3.5, 0.06), mark(2, 3.5, -0.06)], 1);
    expect(pieces.map((p) => p.seg)).toEqual([
      [0, 0, 2, 0],
      [3.5, 0, 10, 0],
    ]);
    expect(pieces.every((p) => p.from === 0)).toBe(true);
  });

  it('leaves the wall whole beside one line (a shelf), lines at two offsets, or lines of other lengths', () => {
    const lonely = [mark(2, 3.5, 0.06)];
    const unequal = [mark(2, 3.5, 0.06), mark(2, 3.5, -0.2)];
    const staggered = [mark(2, 3.5, 0.06), mark(2.5, 4.5, -0.06)];
    const far = [mark(2, 3.5, 0.6), mark(2, 3.5, -0.6)];
    for (const lines of [lonely, unequal, staggered, far])
      expect(cutAtWindowMarks([wall], lines, 1).map((p) => p.seg)).toEqual([wall]);
  });

  it('reads marks in any unit and on an angled wall', () => {
    const mm = 1000;
    const angled: Segment = [0, 0, 6000, 8000]; // 10 m at 53°
    const [ux, uy] = [0.6, 0.8];
    const beside = (s0: number, s1: number, off: number): Segment => [
      ux * s0 - uy * off,
      uy * s0 + ux * off,
      ux * s1 - uy * off,
      uy * s1 + ux * off,
    ];
    const pieces = cutAtWindowMarks([angled], [beside(4000, 5200, 80), beside(4000, 5200, -80)], 1 / mm);
    expect(pieces).toHaveLength(2);
    expect(pieces[0]!.seg[2]).toBeCloseTo(2400, 6);
    expect(pieces[1]!.seg[0]).toBeCloseTo(3120, 6);
  });
});
