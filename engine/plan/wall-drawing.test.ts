import { describe, expect, it } from 'vitest';
import type { PlanWall } from '../../shared/plan/schema';
import { describeWallDrawing } from './wall-drawing';

/** Walls 1 m long per `length` unit, in millimetres, `thickness` mm thick. */
const wall = (thickness: number, length = 1000): PlanWall => ({ a: [0, 0], b: [length, 0], thickness });

describe('describeWallDrawing', () => {
  it('names double lines with the range of their spacing (the thinnest and thickest tenth by length left out)', () => {
    const walls = [wall(100, 5000), wall(200, 20_000), wall(300, 5000), wall(900, 100)];
    expect(describeWallDrawing(walls, 0.001, { pairedM: 30, singleM: 0, layers: ['A-WALL'] })).toBe(
      'double lines 0.10–0.30 m apart, on layer A-WALL',
    );
  });

  it('names single lines with the thickness they were built at, and up to three layers', () => {
    expect(
      describeWallDrawing([wall(150)], 0.001, { pairedM: 0, singleM: 12, layers: ['0', 'WALLS', 'GF'] }),
    ).toBe('single lines, built 0.15 m thick, on layers 0, WALLS and GF');
  });

  it('names both when neither holds nine tenths of the walls, and no layer when none is named', () => {
    expect(describeWallDrawing([wall(200)], 0.001, { pairedM: 6, singleM: 4, layers: [] })).toBe(
      'double lines 0.20 m apart and single lines',
    );
  });

  it('says a picture was read, and nothing with no walls', () => {
    expect(describeWallDrawing([wall(20, 100)], 0.01, undefined)).toBe(
      'filled areas and thick lines of the picture, 0.20 m thick',
    );
    expect(describeWallDrawing([], 0.001, undefined)).toBeUndefined();
  });
});
