import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import type { Flattened } from './model';
import { chooseScale, stairTreads } from './walls';

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
