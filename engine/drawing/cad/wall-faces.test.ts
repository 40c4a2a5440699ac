import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { facesOfWalls, liesWithinWallBody } from './wall-faces';

/** A 300 mm wall paired between x = 300 and 11700 (its faces meet the corner walls' inner faces), in mm. */
const wall = { seg: [300, 150, 11700, 150] as Segment, thickness: 300 };

describe('faces of walls already found', () => {
  it('takes the outer face run on to a corner and a jamb across the wall as faces of it', () => {
    expect(liesWithinWallBody([0, 0, 300, 0], wall, 20)).toBe(true);
    expect(liesWithinWallBody([5000, 0, 5000, 300], wall, 20)).toBe(true);
  });

  it('keeps a line that runs on beyond the wall or stands off it as a line of its own', () => {
    expect(liesWithinWallBody([-2000, 0, 300, 0], wall, 20)).toBe(false);
    expect(liesWithinWallBody([5000, 0, 5000, 1500], wall, 20)).toBe(false);
    expect(liesWithinWallBody([5000, 400, 6000, 400], wall, 20)).toBe(false);
  });

  it('finds them among many lines by a grid', () => {
    const lines: Segment[] = [
      [0, 0, 300, 0],
      [0, 2000, 300, 2000],
      [11700, 300, 12000, 300],
    ];
    expect([...facesOfWalls(lines, [wall], 0.001)]).toEqual([0, 2]);
  });
});
