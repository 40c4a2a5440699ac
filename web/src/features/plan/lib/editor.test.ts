import type { PlanModel } from '@shared/plan/schema';
import { describe, expect, it } from 'vitest';
import {
  defaultThickness,
  dragDistance,
  dragWall,
  grabWall,
  idsInBox,
  joinWalls,
  lockAngle,
  openingOn,
  snapPoint,
  splitWall,
  wallAt,
} from './editor';

/** A 10 × 5 m box in millimetres (y up), 200 mm walls. */
const plan: PlanModel = {
  version: 1,
  status: 'ready',
  source: { format: 'dxf' },
  space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, yDown: false },
  walls: [
    { id: 'south', a: [0, 0], b: [10_000, 0], thickness: 200 },
    { id: 'east', a: [10_000, 0], b: [10_000, 5000], thickness: 200 },
    { id: 'north', a: [10_000, 5000], b: [0, 5000], thickness: 200 },
    { id: 'west', a: [0, 5000], b: [0, 0], thickness: 200 },
  ],
  openings: [],
  rooms: [],
  warnings: [],
};

describe('plan editor geometry', () => {
  it('draws new walls as thick as the plan usually has them, within what a wall can be', () => {
    expect(defaultThickness(plan)).toBeCloseTo(200);
    expect(defaultThickness({ ...plan, walls: [] })).toBeCloseTo(200);
    expect(defaultThickness({ ...plan, walls: plan.walls.map((w) => ({ ...w, thickness: 5 })) })).toBeCloseTo(
      20,
    );
  });

  it('finds the wall under the pointer by its face, nearest first', () => {
    expect(wallAt(plan, [5000, 90], 20)?.id).toBe('south');
    expect(wallAt(plan, [5000, 150], 20)).toBeNull();
    expect(wallAt(plan, [9980, 300], 20)?.id).toBe('east');
  });

  it('snaps to a wall end, then to a wall, and keeps 0/45/90° when asked', () => {
    expect(snapPoint(plan, [9990, 20], 50)).toEqual([10_000, 0]);
    expect(snapPoint(plan, [4000, 120], 50)).toEqual([4000, 0]);
    expect(snapPoint(plan, [4000, 1000], 50)).toEqual([4000, 1000]);
    const locked = lockAngle([0, 0], [1000, 900]);
    expect(locked[0]).toBeCloseTo(locked[1]);
    expect(lockAngle([0, 0], [1000, 100])[1]).toBeCloseTo(0);
  });

  it("snaps to the drawing's own lines where no wall is near: their ends first, then along them", () => {
    // A partition the reader missed, drawn as its two faces 100 mm apart.
    const faces: [number, number, number, number][] = [
      [4000, 0, 4000, 5000],
      [4100, 0, 4100, 5000],
    ];
    expect(snapPoint(plan, [4030, 2500], 50, { lines: faces })).toEqual([4000, 2500]);
    expect(snapPoint(plan, [4090, 4980], 50, { lines: faces })).toEqual([4100, 5000]);
    // Where the partition meets the wall: its end. A wall comes before a line along it; one out of reach is not
    // snapped to.
    expect(snapPoint(plan, [4020, 30], 50, { lines: faces })).toEqual([4000, 0]);
    expect(snapPoint(plan, [6000, 30], 50, { lines: [...faces, [0, 50, 10_000, 50]] })).toEqual([6000, 0]);
    expect(snapPoint(plan, [4300, 2500], 50, { lines: faces })).toEqual([4300, 2500]);
    // Locked to 0/45/90°, only ends are snapped to.
    expect(snapPoint(plan, [4020, 2500], 50, { lines: faces, from: [4000, 1000], lock: true })).toEqual([
      4000, 2500,
    ]);
  });

  it('places a door of the usual width where the wall was clicked, kept within the wall', () => {
    const door = openingOn(plan, plan.walls[0]!, [5000, 50], 'door')!;
    expect(door.a).toEqual([4550, 0]);
    expect(door.b).toEqual([5450, 0]);
    const atEnd = openingOn(plan, plan.walls[0]!, [9990, 0], 'window')!;
    expect(atEnd.b[0]).toBeCloseTo(10_000);
    expect(openingOn(plan, { id: 'x', a: [0, 0], b: [500, 0], thickness: 100 }, [250, 0], 'door')).toBeNull();
  });

  it('splits a wall at its middle and joins two walls that meet in a line', () => {
    expect(splitWall(plan.walls[0]!, 'new')).toEqual([
      { op: 'change-wall', id: 'south', b: [5000, 0] },
      { op: 'add-wall', id: 'new', a: [5000, 0], b: [10_000, 0], thickness: 200 },
    ]);
    const first = {
      id: 'p',
      a: [0, 0] as [number, number],
      b: [5000, 0] as [number, number],
      thickness: 200,
    };
    const second = {
      id: 'q',
      a: [8000, 0] as [number, number],
      b: [5000, 0] as [number, number],
      thickness: 200,
    };
    expect(joinWalls(first, second, 1)).toEqual([
      { op: 'change-wall', id: 'p', a: [0, 0], b: [8000, 0] },
      { op: 'delete-wall', id: 'q' },
    ]);
    expect(joinWalls(plan.walls[0]!, plan.walls[1]!, 1)).toBeNull();
  });

  it('drags a wall whole, or by an end that snaps to the other walls', () => {
    const south = plan.walls[0]!;
    const whole = grabWall(south, [5000, 0], 50);
    expect(whole.end).toBeNull();
    const moved = dragWall(plan, whole, [5000, 300], 50, false);
    expect(moved.a).toEqual([0, 300]);
    expect(moved.b).toEqual([10_000, 300]);
    expect(dragDistance(south, moved)).toBe(300);
    const byEnd = grabWall(south, [9990, 10], 50);
    expect(byEnd.end).toBe('b');
    expect(dragWall(plan, byEnd, [4020, 4980], 50, false).b).toEqual([4020, 5000]);
    expect(dragWall(plan, byEnd, [9990, 4990], 50, false).b).toEqual([10_000, 5000]);
  });

  it('selects what lies wholly inside a box', () => {
    expect(idsInBox(plan, [-100, -100], [10_100, 100])).toEqual(['south']);
    expect(idsInBox(plan, [10_100, 5100], [-100, -100]).sort()).toEqual(['east', 'north', 'south', 'west']);
    expect(idsInBox(plan, [100, 100], [900, 900])).toEqual([]);
  });
});
