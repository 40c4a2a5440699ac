import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/conventions/random';
import { buildScene } from '../scene/build';
import { applyEdits, editLimitProblem, type PlanEdit, planDiff, withUserEdits } from './edits';
import { withIds } from './ids';
import { roomsOfWalls } from './rooms';
import type { PlanModel } from './schema';

/** A 10 × 5 m house in metres (y up): outer walls 0.2 m, a partition at x = 5 with a door, two named rooms. */
function house(): PlanModel {
  const plan: PlanModel = {
    version: 1,
    status: 'ready',
    source: { format: 'dxf' },
    space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, scaleSource: 'file', yDown: false },
    walls: [
      { a: [0, 0], b: [10, 0], thickness: 0.2 },
      { a: [10, 0], b: [10, 5], thickness: 0.2 },
      { a: [10, 5], b: [0, 5], thickness: 0.2 },
      { a: [0, 5], b: [0, 0], thickness: 0.2 },
      { a: [5, 0], b: [5, 5], thickness: 0.1 },
    ],
    openings: [{ kind: 'door', a: [5, 2], b: [5, 2.9] }],
    rooms: [],
    warnings: [],
  };
  const rooms = roomsOfWalls(plan);
  const [west, east] = [...rooms].sort((p, q) => p.polygon[0]![0] - q.polygon[0]![0]);
  return withIds({
    ...plan,
    rooms: [
      { ...west!, label: 'Kitchen' },
      { ...east!, label: 'Living' },
    ],
  });
}

const wallAt = (plan: PlanModel, x: number) => plan.walls.find((w) => w.a[0] === x && w.b[0] === x)!;

describe('stable ids', () => {
  it('gives the same ids to the same reading, a suffix to a wall drawn twice, and keeps ids already given', () => {
    const once = house();
    expect(withIds({ ...once, walls: once.walls.map(({ id: _, ...w }) => w) }).walls).toEqual(once.walls);
    const twice = withIds({ ...once, walls: [...once.walls, { ...once.walls[0]!, id: undefined }] });
    expect(twice.walls[5]!.id).toBe(`${once.walls[0]!.id}-2`);
    expect(new Set([...once.walls, ...once.openings].map((x) => x.id)).size).toBe(6);
  });
});

describe('rooms found again from the walls', () => {
  it('finds two rooms of about 4.8 × 4.8 m either side of the door', () => {
    const rooms = house().rooms;
    expect(rooms).toHaveLength(2);
    for (const room of rooms) expect(room.areaM2).toBeGreaterThan(21);
    for (const room of rooms) expect(room.areaM2).toBeLessThan(24.5);
  });

  it('keeps a y-down space clockwise on screen, as the reader does', () => {
    const flipped = { ...house(), space: { ...house().space, yDown: true } };
    for (const room of roomsOfWalls(flipped)) {
      const area = room.polygon.reduce(
        (s, p, i) =>
          s +
          p[0] * room.polygon[(i + 1) % room.polygon.length]![1] -
          room.polygon[(i + 1) % room.polygon.length]![0] * p[1],
        0,
      );
      expect(area).toBeLessThan(0);
    }
  });
});

describe('applyEdits', () => {
  it('deletes a wall with its door, merges the rooms and keeps the larger name', () => {
    const plan = house();
    const partition = wallAt(plan, 5);
    const { plan: edited, dropped } = applyEdits(plan, [{ op: 'delete-wall', id: partition.id! }]);
    expect(dropped).toEqual([]);
    expect(edited.walls).toHaveLength(4);
    expect(edited.openings).toHaveLength(0);
    expect(edited.rooms).toHaveLength(1);
    expect(edited.rooms[0]!.areaM2).toBeGreaterThan(45);
    expect(['Kitchen', 'Living']).toContain(edited.rooms[0]!.label);
    expect(edited.editCount).toBe(1);
  });

  it('draws a wall that splits a room, and names the new room', () => {
    const plan = house();
    const { plan: edited } = applyEdits(plan, [
      { op: 'add-wall', id: 'e1', a: [5, 2.5], b: [10, 2.5], thickness: 0.1 },
      { op: 'name-room', at: [7.5, 1], name: 'Bath' },
    ]);
    expect(edited.rooms).toHaveLength(3);
    const labels = edited.rooms.map((r) => r.label).sort();
    expect(labels).toEqual(['Bath', 'Kitchen', 'Living']);
  });

  it('moves a door with its wall and keeps its width', () => {
    const plan = house();
    const partition = wallAt(plan, 5);
    const { plan: edited } = applyEdits(plan, [
      { op: 'change-wall', id: partition.id!, a: [6, 0], b: [6, 5] },
    ]);
    const door = edited.openings[0]!;
    expect(door.a[0]).toBeCloseTo(6);
    expect(door.b[0]).toBeCloseTo(6);
    expect(Math.abs(door.b[1] - door.a[1])).toBeCloseTo(0.9);
  });

  it('adds a window with its own sill and head, which the 3D model builds', () => {
    const plan = house();
    const { plan: edited, dropped } = applyEdits(plan, [
      { op: 'add-opening', id: 'win', kind: 'window', a: [2, 0], b: [3.2, 0], sillM: 0.5, headM: 2.3 },
    ]);
    expect(dropped).toEqual([]);
    const scene = buildScene(edited);
    const window = scene.openings.find((o) => o.kind === 'window')!;
    expect(window.sill).toBe(0.5);
    expect(window.head).toBe(2.3);
  });

  it('drops what does not fit, saying why: an opening off every wall, an id the plan does not hold', () => {
    const { plan: edited, dropped } = applyEdits(house(), [
      { op: 'add-opening', id: 'd9', kind: 'door', a: [2, 2], b: [3, 2] },
      { op: 'delete-wall', id: 'wmissing' },
      { op: 'name-room', at: [50, 50], name: 'Nowhere' },
    ]);
    expect(dropped.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(dropped[0]!.reason).toMatch(/not on a wall/);
    expect(edited.editCount).toBeUndefined();
  });

  it('refuses points far beyond the drawing and walls no one builds', () => {
    const plan = house();
    expect(
      editLimitProblem(plan, [{ op: 'add-wall', id: 'x', a: [0, 0], b: [1e4, 0], thickness: 0.2 }]),
    ).toMatch(/10 times/);
    expect(editLimitProblem(plan, [{ op: 'add-wall', id: 'x', a: [0, 0], b: [1, 0], thickness: 3 }])).toMatch(
      /0.02–2 m/,
    );
    expect(
      editLimitProblem(plan, [{ op: 'add-wall', id: 'x', a: [0, 0], b: [1, 0], thickness: 0.2 }]),
    ).toBeNull();
  });

  it('gives the same plan whether edits arrive at once or in parts (seeded)', () => {
    const seed = 20261127;
    const random = seededRandom(seed);
    const plan = house();
    const edits: PlanEdit[] = [];
    for (let i = 0; i < 40; i++) {
      const ids = plan.walls
        .map((w) => w.id!)
        .concat(edits.flatMap((e) => (e.op === 'add-wall' ? [e.id] : [])));
      const roll = random.int(0, 3);
      const x = random.between(0.5, 9.5);
      const y = random.between(0.5, 4.5);
      if (roll === 0) edits.push({ op: 'add-wall', id: `e${i}`, a: [x, 0], b: [x, 5], thickness: 0.1 });
      else if (roll === 1) edits.push({ op: 'delete-wall', id: random.pick(ids) });
      else if (roll === 2)
        edits.push({ op: 'change-wall', id: random.pick(ids), thickness: random.between(0.05, 0.4) });
      else edits.push({ op: 'name-room', at: [x, y], name: `Room ${i}` });
    }
    const atOnce = applyEdits(plan, edits).plan;
    const split = random.int(1, edits.length - 1);
    const inParts = applyEdits(applyEdits(plan, edits.slice(0, split)).plan, edits.slice(split)).plan;
    expect({ walls: inParts.walls, openings: inParts.openings }, `seed ${seed}`).toEqual({
      walls: atOnce.walls,
      openings: atOnce.openings,
    });
    expect(inParts.rooms.length, `seed ${seed}`).toBe(atOnce.rooms.length);
  });
});

describe('planDiff (undo and redo)', () => {
  it('turns an edited plan back into the one before, and forward again', () => {
    const before = house();
    const partition = wallAt(before, 5);
    const { plan: after } = applyEdits(before, [
      { op: 'delete-wall', id: partition.id! },
      { op: 'add-wall', id: 'e1', a: [0, 2.5], b: [10, 2.5], thickness: 0.1 },
      { op: 'change-wall', id: before.walls[0]!.id!, thickness: 0.3 },
      { op: 'add-opening', id: 'w1', kind: 'window', a: [1, 5], b: [2, 5], headM: 2.4 },
      { op: 'name-room', at: [2, 1], name: 'Hall' },
    ]);
    const undo = planDiff(after, before);
    const { plan: undone, dropped } = applyEdits(after, undo);
    expect(dropped).toEqual([]);
    expect(undone.walls.map((w) => [w.id, w.a, w.b, w.thickness]).sort()).toEqual(
      before.walls.map((w) => [w.id, w.a, w.b, w.thickness]).sort(),
    );
    expect(undone.openings).toEqual(before.openings);
    expect(undone.rooms.map((r) => r.label).sort()).toEqual(['Kitchen', 'Living']);
    const { plan: redone } = applyEdits(undone, planDiff(undone, after));
    expect(redone.walls.map((w) => w.id).sort()).toEqual(after.walls.map((w) => w.id).sort());
    expect(redone.openings.map((o) => o.id).sort()).toEqual(after.openings.map((o) => o.id).sort());
    expect(redone.rooms.map((r) => r.label).sort()).toEqual(after.rooms.map((r) => r.label).sort());
  });
});

describe('withUserEdits (a new reading with the kept edits)', () => {
  it('applies the edits that fit and says in words which were left out', () => {
    const plan = house();
    const partition = wallAt(plan, 5);
    const read = withUserEdits(plan, [
      { op: 'delete-wall', id: partition.id! },
      { op: 'delete-wall', id: 'gone-1' },
      { op: 'delete-wall', id: 'gone-2' },
      { op: 'add-opening', id: 'x', kind: 'door', a: [2, 2], b: [3, 2] },
    ]);
    expect(read.walls).toHaveLength(4);
    expect(read.warnings).toEqual([
      '3 of your 4 edits no longer fit the drawing as read again and were left out: 2 walls deleted, a door or window added.',
    ]);
    expect(
      withUserEdits({ ...plan, status: 'failed' }, [{ op: 'delete-wall', id: partition.id! }]).walls,
    ).toHaveLength(5);
  });
});
