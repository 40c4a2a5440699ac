import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { keepHatchedStretches } from './hatched-walls';

/** 45° hatch lines across a horizontal wall band (centre y, thickness t) from x0 to x1, every `step`. */
function hatch(x0: number, x1: number, y: number, t: number, step = 0.1): Segment[] {
  const out: Segment[] = [];
  for (let x = x0; x + t <= x1; x += step) out.push([x, y - t / 2, x + t, y + t / 2]);
  return out;
}

describe('keepHatchedStretches (hatched walls: unhatched stretches are windows, steps or sills)', () => {
  const wall = { seg: [0, 0, 10, 0] as Segment, thickness: 0.3 };

  it('cuts a window box out of a hatched wall, and gives its centreline back to close the room', () => {
    const lines = [...hatch(0, 4, 0, 0.3), ...hatch(5.2, 10, 0, 0.3)];
    const out = keepHatchedStretches([wall], lines, 1);
    expect(out.walls).toHaveLength(2);
    const [a, b] = out.walls.map((w) => w.seg);
    expect(a![2]).toBeGreaterThan(3.8);
    expect(a![2]).toBeLessThan(4.3);
    expect(b![0]).toBeGreaterThan(4.9);
    expect(b![0]).toBeLessThan(5.4);
    expect(out.cut).toHaveLength(1);
    expect(out.walls.every((w) => w.thickness === 0.3)).toBe(true);
  });

  it('drops a step or sill paired into a wall without any hatch, in a hatched drawing', () => {
    const step = { seg: [0, 3, 4, 3] as Segment, thickness: 0.25 };
    const out = keepHatchedStretches([wall, step], hatch(0, 10, 0, 0.3), 1);
    expect(out.walls.map((w) => w.seg)).toEqual([wall.seg]);
    expect(out.cut).toEqual([step.seg]);
  });

  it('leaves the walls of a drawing that does not hatch its walls as they are (cap lines at the ends only)', () => {
    const caps: Segment[] = [
      [0, -0.15, 0, 0.15],
      [10, -0.15, 10, 0.15],
    ];
    const other = { seg: [0, 3, 4, 3] as Segment, thickness: 0.25 };
    const out = keepHatchedStretches([wall, other], caps, 1);
    expect(out.walls).toEqual([wall, other]);
    expect(out.cut).toEqual([]);
  });

  it('keeps short unhatched stretches (a junction or corner the hatch left out) and works in millimetres', () => {
    const mm = { seg: [0, 0, 10_000, 0] as Segment, thickness: 300 };
    const lines = [...hatch(0, 4000, 0, 300, 100), ...hatch(4300, 10_000, 0, 300, 100)];
    const out = keepHatchedStretches([mm], lines, 0.001);
    expect(out.walls).toEqual([mm]);
  });
});
