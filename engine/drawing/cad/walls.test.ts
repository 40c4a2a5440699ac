import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { stairTreads } from './even-runs';
import type { Flattened } from './model';
import { chooseScale, splitWalls } from './walls';

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

  it('finds a wide entrance flight (4.5 m treads) and leaves a 7 m run of parallel lines alone', () => {
    const flight: Segment[] = Array.from({ length: 6 }, (_, i) => [0, i * 0.35, 4.5, i * 0.35]);
    expect(stairTreads(flight, 1).size).toBe(6);
    const long: Segment[] = Array.from({ length: 6 }, (_, i) => [0, i * 0.35, 7, i * 0.35]);
    expect(stairTreads(long, 1).size).toBe(0);
  });

  it('takes out the lines along a flight between its treads’ ends (walking line, well), not those at its ends', () => {
    const treads: Segment[] = Array.from({ length: 6 }, (_, i) => [0, i * 0.3, 2.4, i * 0.3]);
    const along: Segment[] = [
      [1.2, -0.2, 1.2, 1.7], // the well between two flights side by side
      [0.6, 0.1, 0.6, 1.4], // a walking line
      [0, -1, 0, 3], // a wall's face at the treads' ends
      [5, 0, 5, 1.5], // a wall beyond the flight
    ];
    const found = stairTreads([...treads, ...along], 1);
    expect([...found].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('works in drawing units (millimetres) and needs at least five treads', () => {
    const four: Segment[] = Array.from({ length: 4 }, (_, i) => [0, i * 250, 900, i * 250]);
    expect(stairTreads(four, 0.001).size).toBe(0);
    const five: Segment[] = Array.from({ length: 5 }, (_, i) => [0, i * 250, 900, i * 250]);
    expect(stairTreads(five, 0.001).size).toBe(5);
  });
});

describe('chooseScale (doors and walls say what a drawing unit is)', () => {
  const sheet = { minX: 0, minY: 0, maxX: 300, maxY: 200 };
  const quarter = (cx: number, cy: number, r: number) => ({ cx, cy, r, start: 0, end: Math.PI / 2 });
  const flat = (arcs: Flattened['arcs'], strokes: Flattened['strokes'] = []): Flattened => ({
    strokes,
    arcs,
    texts: [],
    truncated: false,
  });

  it('takes a scale of its own from swings drawn as chords when no unit makes them doors (a plot in model space)', () => {
    // Swings of 17.5 units: 17.5 mm, cm, m, in or ft are no door.
    const arcs = [quarter(50, 50, 17.5), quarter(150, 50, 17.5)].map((a) => ({
      ...a,
      layer: '0',
      fromChords: true,
    }));
    const scale = chooseScale(flat(arcs), 0.001, sheet);
    expect(scale.metresPerUnit).toBeCloseTo(0.85 / 17.5, 6);
    expect(scale.source).toBe('inferred');
  });

  it('prefers swings on door layers to other quarter arcs (furniture, planting)', () => {
    const arcs = [
      ...Array.from({ length: 9 }, (_, i) => ({ ...quarter(i * 30, 10, 4), layer: 'FURNITURE' })),
      { ...quarter(100, 100, 0.9), layer: 'A-DOOR' },
      { ...quarter(200, 100, 0.8), layer: 'A-DOOR' },
    ];
    // In metres the furniture arcs would be 4 m doors; the doors say metres.
    expect(chooseScale(flat(arcs), null, { minX: 0, minY: 0, maxX: 300, maxY: 200 }).metresPerUnit).toBe(1);
  });

  it('takes a plotted sheet’s stated scale as given', () => {
    const arcs = [{ ...quarter(50, 50, 5), layer: 'DOOR' }];
    expect(chooseScale(flat(arcs), 0.0176, sheet, true)).toEqual({ metresPerUnit: 0.0176, source: 'file' });
  });
});

describe('splitWalls: partitions on door layers, windows in the wall line work', () => {
  const limits = { maxWallSegments: 10_000, maxDetailSegments: 10_000, maxArcs: 1_000 };
  const stroke = (layer: string, seg: Segment) => ({ seg, layer, curved: false });
  /** A rectangle's outline as four strokes. */
  const box = (layer: string, x0: number, y0: number, x1: number, y1: number) => [
    stroke(layer, [x0, y0, x1, y0]),
    stroke(layer, [x1, y0, x1, y1]),
    stroke(layer, [x1, y1, x0, y1]),
    stroke(layer, [x0, y1, x0, y0]),
  ];
  /** An 8 × 5 m room in 0.2 m walls on A-WALL (millimetres). */
  const room = [...box('A-WALL', 0, 0, 8000, 5000), ...box('A-WALL', 200, 200, 7800, 4800)];
  const wallsNear = (walls: Segment[], x: number) =>
    walls.filter(([x1, , x2]) => Math.abs((x1 + x2) / 2 - x) < 100 && Math.abs(x1 - x2) < 1);

  it('a glazed partition drawn with its door on the door layer is a wall; the leaf is not', () => {
    const partition = [
      stroke('A-DOOR', [4000, 200, 4000, 3600]),
      stroke('A-DOOR', [4100, 200, 4100, 3600]),
      stroke('A-DOOR', [4000, 3600, 4900, 3600]), // a leaf, 0.9 m
      stroke('A-DOOR', [4000, 3650, 4900, 3650]),
    ];
    const split = splitWalls(
      { strokes: [...room, ...partition], arcs: [], texts: [], truncated: false },
      0.001,
      limits,
    );
    expect(wallsNear(split.walls, 4050)).toHaveLength(1);
    expect(
      split.walls.some(([x1, y1, x2, y2]) => y1 === y2 && y1 > 3500 && y1 < 3700 && x1 > 3900 && x2 > 3900),
    ).toBe(false);
  });

  it('a window in the outer wall (faces and glass across the bay) is no wall; the wall either side stays', () => {
    // The south wall from x 3 m to 4.5 m: faces on, with the glass between, instead of the solid wall.
    const south = room.filter(({ seg }) => !(seg[1] === seg[3] && (seg[1] === 0 || seg[1] === 200)));
    const windowed = [
      ...south,
      stroke('A-WALL', [0, 0, 3000, 0]),
      stroke('A-WALL', [200, 200, 3000, 200]),
      stroke('A-WALL', [4500, 0, 8000, 0]),
      stroke('A-WALL', [4500, 200, 7800, 200]),
      stroke('A-WALL', [3000, 0, 4500, 0]),
      stroke('A-WALL', [3000, 200, 4500, 200]),
      stroke('A-WALL', [3000, 100, 4500, 100]),
    ];
    const split = splitWalls({ strokes: windowed, arcs: [], texts: [], truncated: false }, 0.001, limits);
    const south2 = split.walls.filter(([, y1, , y2]) => y1 === y2 && y1 < 300);
    const covers = (x: number) => south2.some(([x1, , x2]) => Math.min(x1, x2) < x && Math.max(x1, x2) > x);
    expect(covers(1500)).toBe(true);
    expect(covers(6000)).toBe(true);
    expect(covers(3750)).toBe(false);
  });

  it('a sheet drawing the plan twice: one view is the plan, the other keeps its walls for the overlay', () => {
    const copy = room.map(({ seg, layer }) =>
      stroke(layer, [seg[0] + 20_000, seg[1], seg[2] + 20_000, seg[3]] as Segment),
    );
    const split = splitWalls(
      { strokes: [...room, ...copy], arcs: [], texts: [], truncated: false },
      0.001,
      limits,
    );
    const other = split.views.find((v) => v.id !== split.view?.id)!;
    expect(split.walls.length).toBeGreaterThan(0);
    expect(split.walls.every(([x1, , x2]) => Math.max(x1, x2) < 10_000)).toBe(true);
    expect(other.walls?.length).toBe(split.walls.length);
    expect(other.walls!.every(({ seg }) => Math.min(seg[0], seg[2]) > 10_000)).toBe(true);
    expect(split.warnings.join(' ')).toMatch(
      /holds another plan of the building .* only View 1 is built in 3D/,
    );
  });

  it('a site plan or a detail of another size is no second plan', () => {
    const small = room.map(({ seg, layer }) =>
      stroke(layer, seg.map((v, i) => (i % 2 === 0 ? v / 2 + 20_000 : v / 2)) as Segment),
    );
    const split = splitWalls(
      { strokes: [...room, ...small], arcs: [], texts: [], truncated: false },
      0.001,
      limits,
    );
    expect(split.views.some((v) => v.walls)).toBe(false);
  });
});
