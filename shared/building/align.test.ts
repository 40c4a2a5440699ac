import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignLevels, footprintOverlaps, placeOver, turnFloor } from './align';

type Floor = [number, number];
/** An L-shaped house 12 × 9 m (north is −z), its notch in the north-east. */
const ell: Floor[] = [
  [0, 0],
  [12, 0],
  [12, -5],
  [7, -5],
  [7, -9],
  [0, -9],
];

describe('placing a level over the one below', () => {
  it('measures the overlap of two footprints', () => {
    expect(footprintOverlaps(ell, ell).iou).toBeCloseTo(1, 6);
    const apart = ell.map(([x, z]): Floor => [x + 30, z]);
    expect(footprintOverlaps(ell, apart).iou).toBe(0);
  });

  it('finds the quarter turn and the shift of a plan drawn turned and elsewhere on its sheet (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 90, 180, 270),
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        (turn, dx, dz) => {
          // The upper floor's plan as drawn: the house turned back by `turn` and moved.
          const drawn = ell.map((p) => turnFloor(p, -turn)).map(([x, z]): Floor => [x + dx, z + dz]);
          const placed = placeOver(ell, drawn);
          expect(placed.rotationDeg).toBe(turn);
          expect(placed.overlap).toBeGreaterThan(0.97);
          const back = drawn.map((p) => turnFloor(p, placed.rotationDeg));
          for (let i = 0; i < ell.length; i++) {
            expect(back[i]![0] + placed.offset[0]).toBeCloseTo(ell[i]![0], 2);
            expect(back[i]![1] + placed.offset[1]).toBeCloseTo(ell[i]![1], 2);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('lines up an upper floor set back from one side by the sides it shares', () => {
    const upper: Floor[] = [
      [100, 100],
      [107, 100],
      [107, 91],
      [100, 91],
    ];
    const placed = placeOver(ell, upper);
    expect(placed.rotationDeg).toBe(0);
    expect(placed.offset).toEqual([-100, -100]);
    expect(placed.sizeRatio[0]).toBeCloseTo(7 / 12, 6);
  });

  it('lays an upper floor with bays standing out on the outer walls it shares (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          size: fc.double({ min: 0.8, max: 1.6, noNaN: true }),
          westOut: fc.double({ min: 0.6, max: 1.5, noNaN: true }),
          eastDeeper: fc.double({ min: 0.7, max: 1.5, noNaN: true }),
          bayWidth: fc.double({ min: 2, max: 3, noNaN: true }),
          westAt: fc.double({ min: 0.1, max: 0.6, noNaN: true }),
          eastAt: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
          turn: fc.constantFrom(0, 90, 180, 270),
          dx: fc.double({ min: -40, max: 40, noNaN: true }),
          dz: fc.double({ min: -40, max: 40, noNaN: true }),
        }),
        ({ size, westOut, eastDeeper, bayWidth, westAt, eastAt, turn, dx, dz }) => {
          // The ground floor: the L-shaped house at another size (its west wall on x = 0, its east wall on x = 12).
          const ground = ell.map(([x, z]): Floor => [x * size, z * size]);
          const [, [east], [, eastEnd], , , [, westEnd]] = ground as [
            Floor,
            Floor,
            Floor,
            Floor,
            Floor,
            Floor,
          ];
          // The upper floor on the same outer walls, with a bay out west and a deeper one out east: neither its
          // extent's centre nor any of its corners lies where the ground floor's does.
          const westFrom = westEnd * westAt;
          const eastFrom = eastEnd * eastAt;
          const eastOut = westOut + eastDeeper;
          const upper: Floor[] = [
            [0, 0],
            [east, 0],
            [east, eastFrom],
            [east + eastOut, eastFrom],
            [east + eastOut, eastFrom - bayWidth],
            [east, eastFrom - bayWidth],
            ...ground.slice(2),
            [0, westFrom - bayWidth],
            [-westOut, westFrom - bayWidth],
            [-westOut, westFrom],
            [0, westFrom],
          ];
          const drawn = upper.map((p) => turnFloor(p, -turn)).map(([x, z]): Floor => [x + dx, z + dz]);
          const placed = placeOver(ground, drawn);
          expect(placed.rotationDeg).toBe(turn);
          const back = drawn.map((p) => turnFloor(p, placed.rotationDeg));
          for (let i = 0; i < upper.length; i++) {
            expect(Math.abs(back[i]![0] + placed.offset[0] - upper[i]![0])).toBeLessThan(0.3);
            expect(Math.abs(back[i]![1] + placed.offset[1] - upper[i]![1])).toBeLessThan(0.3);
          }
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });
});

describe('aligning the levels of a building', () => {
  const level = (name: string) => ({ name, rotationDeg: 0, offsetM: [0, 0] as Floor });

  it('places each level over the one below, and flags one whose scale disagrees', () => {
    const moved = ell.map(([x, z]): Floor => [x + 40, z - 3]);
    const smaller = ell.map(([x, z]): Floor => [x * 0.9, z * 0.9]);
    const { levels, warnings } = alignLevels(
      [level('Ground floor'), level('First floor'), level('Second floor'), level('Roof')],
      [ell, moved, smaller, null],
    );
    expect(levels.map((l) => [l.rotationDeg, l.offsetM])).toEqual([
      [0, [0, 0]],
      [0, [-40, 3]],
      [0, expect.any(Array)],
      [0, [0, 0]],
    ]);
    expect(warnings).toEqual(['Second floor comes out 10 % smaller than the level below: check its scale.']);
  });

  it('starts from the largest level: a smaller basement goes under the ground floor, wholly on it, unflagged', () => {
    const cellar: Floor[] = [
      [0, 0],
      [4, 0],
      [4, -3],
      [0, -3],
    ];
    const turnedAway = cellar.map(([x, z]): Floor => [-z + 50, x + 7]);
    const { levels, warnings } = alignLevels(
      [level('Basement'), level('Ground floor'), level('First floor')],
      [turnedAway, ell, ell.map(([x, z]): Floor => [x - 5, z])],
    );
    expect(levels[1]).toEqual(level('Ground floor'));
    expect(levels[2]!.offsetM).toEqual([5, 0]);
    const placed = turnedAway.map(([x, z]) => {
      const [tx, tz] = turnFloor([x, z], levels[0]!.rotationDeg);
      return [tx + levels[0]!.offsetM[0], tz + levels[0]!.offsetM[1]] as Floor;
    });
    expect(footprintOverlaps(ell, placed).cover).toBeGreaterThan(0.95);
    expect(warnings).toEqual([]);
  });

  it('stacks the stair core: an upper floor half as wide goes over the end its stairs rise from', () => {
    // A 12 × 9 m ground floor with its flight at the west end; the upper floor, 6 × 9 m, drawn elsewhere with its
    // flight at its own west end. By footprint alone the centre and either corner fit it alike (half the floor).
    const ground: Floor[] = [
      [0, 0],
      [12, 0],
      [12, -9],
      [0, -9],
    ];
    const upper: Floor[] = [
      [100, 50],
      [106, 50],
      [106, 41],
      [100, 41],
    ];
    const footprintsOnly = alignLevels([level('Ground floor'), level('First floor')], [ground, upper]);
    expect(footprintsOnly.levels[1]!.offsetM).toEqual([-97, -50]);
    const withStairs = alignLevels(
      [level('Ground floor'), level('First floor')],
      [ground, upper],
      [[[1.5, -3]], [[101.5, 47]]],
    );
    expect(withStairs.levels[1]!.offsetM).toEqual([-100, -50]);
    // Stairs in the east end of the upper floor put it over the east end.
    const eastern = alignLevels(
      [level('Ground floor'), level('First floor')],
      [ground, upper],
      [[[10.5, -3]], [[104.5, 47]]],
    );
    expect(eastern.levels[1]!.offsetM).toEqual([-94, -50]);
  });

  it('keeps the footprints’ placement where a flight stands over one below already, and where stairs would tear them apart', () => {
    const moved = ell.map(([x, z]): Floor => [x + 40, z - 3]);
    const stacked = alignLevels([level('A'), level('B')], [ell, moved], [[[2, -2]], [[42, -5]]]);
    expect(stacked.levels[1]!.offsetM).toEqual([-40, 3]);
    // Stairs that would only stack with the floors half off each other are another flight, not the core.
    const apart = alignLevels([level('A'), level('B')], [ell, moved], [[[2, -2]], [[50, -10]]]);
    expect(apart.levels[1]!.offsetM).toEqual([-40, 3]);
  });

  it('says when a level hardly overlaps the one below', () => {
    const bar: Floor[] = [
      [0, 0],
      [40, 0],
      [40, -2],
      [0, -2],
    ];
    const { warnings } = alignLevels([level('A'), level('B')], [ell, bar]);
    expect(warnings[0]).toMatch(/^B overlaps the level below by \d+ % only/);
  });
});
