import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { linesCuttingWalls } from './crossings';

/** A 10 × 6 room with a wall across its middle (x = 5). */
const room: Segment[] = [
  [0, 0, 10, 0],
  [10, 0, 10, 6],
  [10, 6, 0, 6],
  [0, 6, 0, 0],
  [5, 0, 5, 6],
];

describe('linesCuttingWalls', () => {
  it('finds a line that cuts through the middle of two walls, and keeps walls that meet at ends (L and T)', () => {
    const diagonal: Segment = [-1, 1, 11, 5];
    const lines = [...room, diagonal];
    const cutting = linesCuttingWalls(lines, lines, { cell: 1 });
    expect([...cutting]).toEqual([5]);
  });

  it('keeps a line that crosses only one wall, and one that ends on walls', () => {
    const short: Segment = [4, 1, 7, 1]; // crosses x = 5 only
    const corner: Segment = [0, 0, 10, 6]; // from corner to corner, through the middle wall only
    const lines = [...room, short, corner];
    expect(linesCuttingWalls(lines, lines, { cell: 1 }).size).toBe(0);
  });

  it('does not count a crossing near either end of either line (a wall drawn a little long at a T)', () => {
    const overshoot: Segment = [2, -0.1, 2, 6.1];
    const lines = [...room, overshoot];
    expect(linesCuttingWalls(lines, lines, { cell: 1 }).size).toBe(0);
  });
});
