import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { pavingLines, stairFlights, stairTreads } from './even-runs';

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

describe('stairFlights', () => {
  /** Twelve treads 0.28 m apart, 1.1 m wide, from y = 0 to 3.36, and a walking line whose arrow's tip is at `tipY`. */
  function arrowedFlight(tipY: number, tailY: number): Segment[] {
    const out: Segment[] = [];
    for (let i = 0; i <= 12; i++) out.push([0, i * 0.28, 1.1, i * 0.28]);
    const back = Math.sign(tailY - tipY) * 0.17;
    out.push([0.55, tailY, 0.55, tipY], [0.55, tipY, 0.45, tipY + back], [0.55, tipY, 0.65, tipY + back]);
    return out;
  }
  const footAndHead = (outline: [number, number][]) => [
    (outline[0]![1] + outline[1]![1]) / 2,
    (outline[2]![1] + outline[3]![1]) / 2,
  ];

  it('climbs the way its walking line’s arrow points: the outline starts at the foot', () => {
    const up = stairFlights(arrowedFlight(3.16, 0.14), 1);
    expect(up).toHaveLength(1);
    expect(up[0]!.treads).toBe(12);
    expect(footAndHead(up[0]!.outline).map((y) => Math.round(y * 100) / 100)).toEqual([0, 3.36]);
    const down = stairFlights(arrowedFlight(0.14, 3.16), 1);
    expect(footAndHead(down[0]!.outline).map((y) => Math.round(y * 100) / 100)).toEqual([3.36, 0]);
  });

  it('takes an arrow marked DN as pointing down the flight', () => {
    const flight = stairFlights(arrowedFlight(3.16, 0.14), 1, [{ x: 0.7, y: 1.6, text: 'DN' }]);
    expect(footAndHead(flight[0]!.outline).map((y) => Math.round(y * 100) / 100)).toEqual([3.36, 0]);
    expect(flight[0]!.climbDrawn).toBe(true);
    const elsewhere = stairFlights(arrowedFlight(3.16, 0.14), 1, [{ x: 5, y: 1.6, text: 'DN' }]);
    expect(footAndHead(elsewhere[0]!.outline).map((y) => Math.round(y * 100) / 100)).toEqual([0, 3.36]);
  });

  it('guesses nothing without an arrow: the outline runs the way the treads were found', () => {
    const treads: Segment[] = Array.from({ length: 13 }, (_, i) => [0, i * 0.28, 1.1, i * 0.28]);
    expect(stairFlights(treads, 1)[0]!.climbDrawn).toBeUndefined();
  });

  it('keeps the outline a quadrilateral in order round the flight either way', () => {
    for (const flight of [arrowedFlight(3.16, 0.14), arrowedFlight(0.14, 3.16)]) {
      const [a, b, c, d] = stairFlights(flight, 1)[0]!.outline;
      const area =
        (a[0] * b[1] -
          b[0] * a[1] +
          b[0] * c[1] -
          c[0] * b[1] +
          c[0] * d[1] -
          d[0] * c[1] +
          d[0] * a[1] -
          a[0] * d[1]) /
        2;
      expect(Math.abs(area)).toBeCloseTo(1.1 * 3.36, 2);
    }
  });
});
