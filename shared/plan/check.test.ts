import { describe, expect, it } from 'vitest';
import { checkPlan, measurePlan } from './check';
import type { PlanModel, PlanPoint, PlanRoom, PlanWall } from './schema';

/** A building of `cols` × `rows` rooms of 4 × 3 m in a plan drawn in millimetres, 200 mm walls, one door a room. */
function gridPlan(cols: number, rows: number, overrides: Partial<PlanModel> = {}): PlanModel {
  const [w, h, t] = [4000, 3000, 200];
  const walls: PlanWall[] = [];
  for (let i = 0; i <= cols; i++) walls.push({ a: [i * w, 0], b: [i * w, rows * h], thickness: t });
  for (let j = 0; j <= rows; j++) walls.push({ a: [0, j * h], b: [cols * w, j * h], thickness: t });
  const rooms: PlanRoom[] = [];
  const openings: PlanModel['openings'] = [];
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const [x, y] = [i * w + t / 2, j * h + t / 2];
      const polygon: PlanPoint[] = [
        [x, y],
        [x + w - t, y],
        [x + w - t, y + h - t],
        [x, y + h - t],
      ];
      rooms.push({ polygon, areaM2: ((w - t) * (h - t)) / 1e6, label: null });
      openings.push({ kind: 'door', a: [i * w + 1000, j * h], b: [i * w + 1900, j * h] });
    }
  }
  return {
    version: 1,
    status: 'ready',
    source: { format: 'dxf' },
    space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, scaleSource: 'file', yDown: false },
    walls,
    openings,
    rooms,
    warnings: [],
    evidence: { inkExplained: 0.8, inkAroundWalls: 1 },
    ...overrides,
  };
}

describe('checkPlan', () => {
  it('says a consistent building looks right', () => {
    expect(checkPlan(gridPlan(3, 2))).toEqual({ verdict: 'looks-right', reasons: [] });
  });

  it('cannot read a drawing with no walls, and gives the reader’s own reason', () => {
    const elevation = gridPlan(1, 1, {
      walls: [],
      rooms: [],
      openings: [],
      message: 'No walls found: this drawing looks like an elevation.',
    });
    expect(checkPlan(elevation)).toEqual({
      verdict: 'unreadable',
      reasons: ['No walls found: this drawing looks like an elevation.'],
    });
  });

  it('cannot read a drawing whose walls span a small part of its ink, or explain little of it', () => {
    const part = checkPlan(gridPlan(3, 2, { evidence: { inkExplained: 0.8, inkAroundWalls: 0.3 } }));
    expect(part.verdict).toBe('unreadable');
    expect(part.reasons[0]).toMatch(/70 % of the drawing lies away from the walls/);
    expect(checkPlan(gridPlan(3, 2, { evidence: { inkExplained: 0.2, inkAroundWalls: 1 } })).verdict).toBe(
      'unreadable',
    );
    expect(checkPlan(gridPlan(3, 2, { evidence: { inkExplained: 0.4, inkAroundWalls: 1 } })).verdict).toBe(
      'worth-checking',
    );
  });

  it('cannot read a grid of hundreds of rooms (paving read as walls)', () => {
    const paving = checkPlan(gridPlan(20, 15));
    expect(paving.verdict).toBe('unreadable');
    expect(paving.reasons.join(' ')).toMatch(/300 rooms/);
  });

  it('asks to check the scale when walls, doors or the building are out of any building’s range', () => {
    const tenTimes = checkPlan(gridPlan(3, 2, { space: { ...gridPlan(1, 1).space, metresPerUnit: 0.01 } }));
    expect(tenTimes.verdict).toBe('worth-checking');
    expect(tenTimes.reasons.join(' ')).toMatch(/check the scale/);
    const tiny = checkPlan(gridPlan(3, 2, { space: { ...gridPlan(1, 1).space, metresPerUnit: 0.0001 } }));
    expect(tiny.reasons.join(' ')).toMatch(/building is 1\.2 m long: check the scale/);
  });

  it('asks to check walls that enclose no room, walls read twice, and a frame around the rooms', () => {
    expect(checkPlan(gridPlan(3, 2, { rooms: [] })).reasons.join(' ')).toMatch(/enclose no room/);
    const plan = gridPlan(3, 2);
    expect(checkPlan({ ...plan, walls: [...plan.walls, ...plan.walls] }).reasons.join(' ')).toMatch(
      /read twice/,
    );
    expect(measurePlan({ ...plan, walls: [...plan.walls, ...plan.walls] }).duplicatedShare).toBeCloseTo(1);
    const frame: PlanRoom = {
      polygon: [
        [-5000, -5000],
        [17000, -5000],
        [17000, 11000],
        [-5000, 11000],
      ],
      areaM2: 280,
      label: null,
    };
    expect(checkPlan({ ...plan, rooms: [...plan.rooms, frame] }).reasons.join(' ')).toMatch(
      /frame or border/,
    );
  });

  it('cannot read a drawing of which only a frame around it was read as walls', () => {
    const frame: PlanModel['walls'] = [
      { a: [0, 0], b: [42000, 0], thickness: 400 },
      { a: [42000, 0], b: [42000, 29700], thickness: 400 },
      { a: [42000, 29700], b: [0, 29700], thickness: 400 },
      { a: [0, 29700], b: [0, 0], thickness: 400 },
    ];
    const room: PlanRoom = {
      polygon: [
        [0, 0],
        [42000, 0],
        [42000, 29700],
        [0, 29700],
      ],
      areaM2: 1247,
      label: null,
    };
    const read = gridPlan(1, 1, {
      walls: frame,
      rooms: [room],
      evidence: { inkExplained: 0.3, inkAroundWalls: 1 },
    });
    expect(checkPlan(read).reasons.join(' ')).toMatch(/Only an outline around the drawing/);
    expect(checkPlan(read).verdict).toBe('unreadable');
    // One room drawn alone, its walls the only lines: a box that looks right.
    expect(checkPlan({ ...read, evidence: { inkExplained: 0.9, inkAroundWalls: 1 } }).verdict).toBe(
      'looks-right',
    );
  });

  it('cannot read a drawing when two findings each say part of it was not read', () => {
    const part = checkPlan(
      gridPlan(3, 2, { rooms: [], evidence: { inkExplained: 0.8, inkAroundWalls: 0.6 } }),
    );
    expect(part.verdict).toBe('unreadable');
    expect(part.reasons[0]).toMatch(/much of the drawing was not read/);
    expect(checkPlan(gridPlan(3, 2, { rooms: [] })).verdict).toBe('worth-checking');
  });

  it('asks to check a plan whose rooms are mostly cupboard-sized (furniture read as walls)', () => {
    const plan = gridPlan(3, 2);
    const boxes = plan.rooms.map((r, i) => (i < 3 ? { ...r, areaM2: 1.6 } : r));
    const check = checkPlan({ ...plan, rooms: boxes });
    expect(check.verdict).toBe('worth-checking');
    expect(check.reasons.join(' ')).toMatch(/50 % of the rooms are smaller than 2.5 m²/);
  });

  it('asks to check a plan with far more openings than its rooms can have (hatching read as walls and gaps)', () => {
    const plan = gridPlan(3, 2);
    const gaps = Array.from({ length: 40 }, (_, i) => ({
      kind: 'opening' as const,
      a: [i * 100, 50] as PlanPoint,
      b: [i * 100 + 60, 110] as PlanPoint,
    }));
    const check = checkPlan({ ...plan, openings: [...plan.openings, ...gaps] });
    expect(check.verdict).toBe('worth-checking');
    expect(check.reasons.join(' ')).toMatch(/46 doors, windows and openings were found for 6 rooms/);
    // Six rooms with two doors and four windows each is a building.
    const many = Array.from({ length: 30 }, (_, i) => ({
      kind: 'window' as const,
      a: [i * 300, 0] as PlanPoint,
      b: [i * 300 + 200, 0] as PlanPoint,
    }));
    expect(checkPlan({ ...plan, openings: [...plan.openings, ...many] }).verdict).toBe('looks-right');
  });

  it('weighs a plan stored before the evidence was measured on what it holds', () => {
    expect(checkPlan(gridPlan(3, 2, { evidence: undefined })).verdict).toBe('looks-right');
  });
});
