import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { stairTreads } from './walls';

describe('stairTreads', () => {
  it('finds a flight of evenly spaced treads and leaves walls and uneven lines alone', () => {
    const treads: Segment[] = Array.from({ length: 8 }, (_, i) => [0, i * 0.28, 1.0, i * 0.28]);
    const wall: Segment[] = [
      [-0.5, -1, 5, -1],
      [-0.5, -0.8, 5, -0.8],
    ];
    const uneven: Segment[] = [0, 0.3, 0.9, 1.8, 2.0].map((y) => [3, y, 4, y]);
    const found = stairTreads([...treads, ...wall, ...uneven], 1);
    expect([...found].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('works in drawing units (millimetres) and needs at least five treads', () => {
    const four: Segment[] = Array.from({ length: 4 }, (_, i) => [0, i * 250, 900, i * 250]);
    expect(stairTreads(four, 0.001).size).toBe(0);
    const five: Segment[] = Array.from({ length: 5 }, (_, i) => [0, i * 250, 900, i * 250]);
    expect(stairTreads(five, 0.001).size).toBe(5);
  });
});
