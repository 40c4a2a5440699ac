import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { arrows, voidCrosses } from './symbols';

const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('voidCrosses (a cross in a box: a void, a shaft, a lift)', () => {
  it('finds the two diagonals of a box and leaves the box and a wall crossing it off-centre alone', () => {
    const lines: Segment[] = [
      [0, 0, 2, 1.6], // diagonal
      [0, 1.6, 2, 0], // diagonal
      [0, 0, 2, 0], // the box
      [0, 1.6, 2, 1.6],
      [-1, 0.3, 5, 0.3], // a wall through the box, not through its middle
    ];
    expect(sorted(voidCrosses(lines, 1))).toEqual([0, 1]);
  });

  it('works in millimetres and ignores small crosses (tiles, furniture symbols)', () => {
    expect(
      sorted(
        voidCrosses(
          [
            [0, 0, 2000, 2000],
            [0, 2000, 2000, 0],
          ],
          0.001,
        ),
      ),
    ).toEqual([0, 1]);
    expect(
      voidCrosses(
        [
          [0, 0, 0.3, 0.3],
          [0, 0.3, 0.3, 0],
        ],
        1,
      ).size,
    ).toBe(0);
  });
});

describe('arrows (a stair’s walking line)', () => {
  it('finds a shaft with a two-stroke head at its tip', () => {
    const lines: Segment[] = [
      [0, 0, 0, 2], // shaft, tip at (0, 2)
      [0, 2, -0.3, 1.7], // head
      [0, 2, 0.3, 1.7],
      [2, 0, 2, 3], // a wall
    ];
    expect(sorted(arrows(lines, 1))).toEqual([0, 1, 2]);
  });

  it('leaves a wall end with a single angled line (a bay) and a corner alone', () => {
    const lines: Segment[] = [
      [0, 0, 0, 2],
      [0, 2, 0.3, 2.3], // one stroke only, and pointing on, not back
      [0, 0, 3, 0], // a corner
    ];
    expect(arrows(lines, 1).size).toBe(0);
  });
});
