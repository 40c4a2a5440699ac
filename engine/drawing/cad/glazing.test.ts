import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { glazing } from './glazing';

/** A horizontal line from x0 to x1 at y (metres unless `mpu` says otherwise). */
const h = (x0: number, x1: number, y: number): Segment => [x0, y, x1, y];

describe('glazing (windows drawn in a wall’s line work)', () => {
  it('a window: two faces across the bay and the glass in the middle; the wall beside it stays', () => {
    const lines = [
      h(0, 1.2, 0), // sill face
      h(0, 1.2, 0.3), // reveal face
      h(0, 1.2, 0.15), // glass
      h(1.2, 6, 0), // the wall on after the window
      h(1.2, 6, 0.3),
    ];
    const found = glazing(lines, 1);
    expect([...found.glass]).toEqual([2]);
    expect([...found.faces].sort()).toEqual([0, 1]);
  });

  it('a facade window with a planter drawn 0.1 m beyond its outer face: the window’s own faces hold the glass', () => {
    const found = glazing(
      [
        h(0, 4.9, 0.45), // inner face
        h(0, 4.9, 0), // outer face
        h(1.1, 2.45, 0.175), // triple glazing
        h(1.1, 2.45, 0.225),
        h(1.1, 2.45, 0.275),
        h(-2, 12, -0.1), // the planter's line, running on along the facade
      ],
      1,
    );
    expect([...found.glass].sort()).toEqual([2, 3, 4]);
  });

  it('panes between mullions, three lines of glass (a curtain wall bay), in millimetres', () => {
    const panes = [0, 1500, 3000].flatMap((x) => [
      h(x, x + 1390, 185),
      h(x, x + 1390, 235),
      h(x, x + 1390, 285),
    ]);
    const found = glazing([h(0, 4400, 0), h(0, 4400, 465), ...panes], 0.001);
    expect(found.glass.size).toBe(9);
    expect([...found.faces].sort()).toEqual([0, 1]);
  });

  it('double glazing (two lines 30 mm apart) is a window; a cavity wall’s two inner leaves are not', () => {
    const window = glazing([h(0, 1, 0), h(0, 1, 0.3), h(0, 1, 0.135), h(0, 1, 0.165)], 1);
    expect(window.glass.size).toBe(2);
    const cavity = glazing([h(0, 3, 0), h(0, 3, 0.3), h(0, 3, 0.1), h(0, 3, 0.2)], 1);
    expect(cavity.glass.size + cavity.faces.size).toBe(0);
  });

  it('leaves plain walls, hatching in many lines, and a face that runs on far beyond the window', () => {
    expect(glazing([h(0, 4, 0), h(0, 4, 0.2)], 1).glass.size).toBe(0);
    const hatch = Array.from({ length: 6 }, (_, i) => h(0, 2, 0.05 + i * 0.04));
    expect(glazing([h(0, 2, 0), h(0, 2, 0.3), ...hatch], 1).glass.size).toBe(0);
    // The faces run 8 m, the window is 1 m of it: the glass goes, the faces stay walls.
    const long = glazing([h(0, 8, 0), h(0, 8, 0.3), h(3, 4, 0.15)], 1);
    expect([...long.glass]).toEqual([2]);
    expect(long.faces.size).toBe(0);
  });

  it('a line in the middle of a band thinner or thicker than a window is no glass (a wall’s axis runs past it)', () => {
    expect(glazing([h(0, 1, 0), h(0, 1, 0.08), h(0, 1, 0.04)], 1).glass.size).toBe(0);
    expect(glazing([h(0, 1, 0), h(0, 1, 0.9), h(0, 1, 0.45)], 1).glass.size).toBe(0);
    expect(glazing([h(0, 4, 0), h(0, 4, 0.3), h(-1, 5, 0.15)], 1).glass.size).toBe(0);
  });

  it('a dense pattern of parallel lines (hatching drawn along a wall) is no window, however many lines', () => {
    const lines = Array.from({ length: 500 }, (_, i) => h(0, 1, i * 0.002));
    const found = glazing([h(0, 1, -0.2), h(0, 1, 1.2), ...lines], 1);
    expect(found.glass.size + found.faces.size).toBe(0);
  });
});
