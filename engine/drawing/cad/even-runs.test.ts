import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { pavingLines, stairTreads } from './even-runs';

/** Lines of a tile grid over the floor between (x0, y0) and (x1, y1), metres, one every `tile` from each side. */
function tiles(x0: number, y0: number, x1: number, y1: number, tile: number): Segment[] {
  const out: Segment[] = [];
  for (let x = x0 + tile; x < x1 - 0.05; x += tile) out.push([x, y0, x, y1]);
  for (let y = y0 + tile; y < y1 - 0.05; y += tile) out.push([x0, y, x1, y]);
  return out;
}

/** The faces of a double-line wall box with clear inside (x0, y0)–(x1, y1), walls `t` thick. */
function roomFaces(x0: number, y0: number, x1: number, y1: number, t: number): Segment[] {
  return [
    [x0, y0, x1, y0],
    [x1, y0, x1, y1],
    [x1, y1, x0, y1],
    [x0, y1, x0, y0],
    [x0 - t, y0 - t, x1 + t, y0 - t],
    [x1 + t, y0 - t, x1 + t, y1 + t],
    [x1 + t, y1 + t, x0 - t, y1 + t],
    [x0 - t, y1 + t, x0 - t, y0 - t],
  ];
}

describe('pavingLines', () => {
  it('takes a paving grid over a floor, and leaves the walls it stops at', () => {
    const walls = roomFaces(0, 0, 4, 3, 0.2);
    const grid = tiles(0, 0, 4, 3, 0.5);
    const found = pavingLines([...walls, ...grid], 1);
    expect(walls.every((_, i) => !found.has(i))).toBe(true);
    expect(grid.every((_, k) => found.has(walls.length + k))).toBe(true);
  });

  it("takes a narrow room's few lines across its run with the run", () => {
    // 1.4 m wide: two lines one way (too few for a run of their own), five the other.
    const grid = tiles(0, 0, 1.4, 3.6, 0.6);
    expect(pavingLines(grid, 1).size).toBe(grid.length);
  });

  it('leaves a partition between two paved rooms whose joints fall in step across it', () => {
    // Rooms 0–3 and 3.1–6.1 m, tiled at 0.5 m from each side: the partition's faces fall on the joints' rhythm.
    const left = tiles(0, 0, 3, 3, 0.5);
    const right = tiles(3.1, 0, 6.1, 3, 0.5);
    const partition: Segment[] = [
      [3, 0, 3, 3],
      [3.1, 0, 3.1, 3],
    ];
    const segments = [...partition, ...left, ...right];
    const found = pavingLines(segments, 1);
    expect(found.has(0)).toBe(false);
    expect(found.has(1)).toBe(false);
    expect(found.size).toBe(left.length + right.length);
  });

  it('leaves a grid axis running through the paving, and door jambs beside it', () => {
    const grid = tiles(0, 0, 4, 3, 0.5);
    const axis: Segment = [-5, 1.75, 12, 1.75];
    const jambs: Segment[] = [
      [1, 3, 1, 3.4],
      [2, 3, 2, 3.4],
    ];
    const found = pavingLines([axis, ...jambs, ...grid], 1);
    expect(found.has(0)).toBe(false);
    expect(found.has(1) || found.has(2)).toBe(false);
  });

  it('finds no paving in rooms side by side or in a wall and its faces', () => {
    // Five single-line partitions 3 m apart (rooms) and a cavity wall's four leaves: not a run of paving.
    const partitions: Segment[] = [0, 3, 6, 9, 12].map((x) => [x, 0, x, 5]);
    const leaves: Segment[] = [0, 0.1, 0.2, 0.35].map((y) => [20, y, 30, y]);
    expect(pavingLines([...partitions, ...leaves], 1).size).toBe(0);
  });

  it('reads the same in millimetres', () => {
    const grid = tiles(0, 0, 4000, 3000, 500);
    expect(pavingLines(grid, 0.001).size).toBe(grid.length);
  });
});

describe('stairTreads', () => {
  /** A straight flight of `steps` treads `going` apart, `width` wide, from (0, 0) up, with a walking line. */
  function flight(steps: number, going: number, width: number): Segment[] {
    const treads: Segment[] = [];
    for (let i = 0; i < steps; i++) treads.push([0, i * going, width, i * going]);
    return [...treads, [width / 2, 0, width / 2, (steps - 1) * going]];
  }

  it('takes a flight with its walking line, and leaves the walls either side', () => {
    const stairs = flight(12, 0.28, 1.1);
    const walls: Segment[] = [
      [0, -0.5, 0, 4],
      [1.1, -0.5, 1.1, 4],
    ];
    const found = stairTreads([...walls, ...stairs], 1);
    expect(found.has(0) || found.has(1)).toBe(false);
    expect(stairs.every((_, k) => found.has(walls.length + k))).toBe(true);
  });

  it('leaves a floor tiled at a stair-like pitch to the paving finder, which keeps the walls it stops at', () => {
    // 0.38 m tiles: each direction is a run at a going a stair can have, crossed by a joint every tile.
    const walls = roomFaces(0, 0, 3, 5.3, 0.2);
    const grid = tiles(0, 0, 3, 5.3, 0.38);
    const segments = [...walls, ...grid];
    expect(stairTreads(segments, 1).size).toBe(0);
    const paving = pavingLines(segments, 1);
    expect(walls.every((_, i) => !paving.has(i))).toBe(true);
    expect(grid.every((_, k) => paving.has(walls.length + k))).toBe(true);
  });
});
