import fc from 'fast-check';
import validator from 'gltf-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IFCBUILDINGSTOREY,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCSLAB,
  IFCSPACE,
  IFCSTAIR,
  IFCWALL,
  IfcAPI,
} from 'web-ifc';
import type { Level } from '../building/schema';
import type { PlanModel } from '../plan/schema';
import { buildBuilding, flattenBuilding, storeyToWorld } from './building';
import { buildingToGlb } from './gltf';
import { buildingToIfc } from './ifc';
import type { Vec3 } from './types';

type Plan = Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'> & Partial<Pick<PlanModel, 'stairs'>>;

/** A 6 × 4 m box in millimetres, 200 mm walls, no rooms. */
const boxPlan: Plan = {
  space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, yDown: false },
  walls: [
    { a: [0, 0], b: [6000, 0], thickness: 200 },
    { a: [6000, 0], b: [6000, 4000], thickness: 200 },
    { a: [6000, 4000], b: [0, 4000], thickness: 200 },
    { a: [0, 4000], b: [0, 0], thickness: 200 },
  ],
  openings: [],
  rooms: [],
};

const level = (name: string, elevationM: number, extra: Partial<Level> = {}): Level => ({
  name,
  fileId: 'f1',
  elevationM,
  rotationDeg: 0,
  offsetM: [0, 0],
  ...extra,
});

const threeStoreys = () =>
  buildBuilding(
    [
      { level: level('First floor', 3), plan: boxPlan },
      { level: level('Ground floor', 0), plan: boxPlan },
      { level: level('Second floor', 6, { rotationDeg: 90, offsetM: [0, 6] }), plan: boxPlan },
    ],
    { storeyHeight: 2.8 },
  );

describe('a building of storeys', () => {
  it('turns a storey counter-clockwise seen from above: east becomes north (−z)', () => {
    const east: Vec3 = [1, 0, 0];
    expect(storeyToWorld({ elevation: 3, rotationDeg: 90, offset: [0, 0] }, east)).toEqual([0, 3, -1]);
    expect(storeyToWorld({ elevation: 0, rotationDeg: 180, offset: [2, 5] }, east)).toEqual([1, 0, 5]);
  });

  it('keeps lengths under any quarter turn and shift (property)', () => {
    const coordinate = fc.double({ min: -100, max: 100, noNaN: true });
    fc.assert(
      fc.property(
        fc.constantFrom(0, 90, 180, 270),
        fc.tuple(coordinate, coordinate),
        fc.tuple(coordinate, coordinate, coordinate),
        fc.tuple(coordinate, coordinate, coordinate),
        (rotationDeg, offset, p, q) => {
          const storey = { elevation: 1, rotationDeg, offset: offset as [number, number] };
          const [a, b] = [storeyToWorld(storey, p), storeyToWorld(storey, q)];
          const before = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
          expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeCloseTo(before, 6);
        },
      ),
    );
  });

  it('stacks the levels bottom first, each at its height, with the roof on the top one only', () => {
    const building = threeStoreys();
    expect(building.storeys.map((s) => [s.id, s.name, s.elevation])).toEqual([
      ['level-1', 'Ground floor', 0],
      ['level-2', 'First floor', 3],
      ['level-3', 'Second floor', 6],
    ]);
    expect(building.storeys.map((s) => s.scene.roof !== null)).toEqual([false, false, true]);
    expect(building.storeys.every((s) => s.scene.storeyHeight === 2.8)).toBe(true);
    expect(building.bounds.max[1]).toBeGreaterThanOrEqual(6 + 2.8);
    // The top storey, turned a quarter, runs 4 m west of the origin (the lower ones 6 m east of it).
    expect(building.bounds.min[0]).toBeCloseTo(-4.1, 6);
    expect(building.bounds.max[0]).toBeCloseTo(6.1, 6);
  });

  it('writes a glb the Khronos validator passes, with a node per storey holding its walls', async () => {
    const glb = buildingToGlb(threeStoreys());
    const report = await validator.validateBytes(glb);
    expect(report.issues.numErrors).toBe(0);
    const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
    const building = json.nodes[json.scenes[0].nodes[0]];
    const storeys = building.children.map((i: number) => json.nodes[i]);
    expect(storeys.map((s: { name: string }) => s.name)).toEqual([
      'Ground floor',
      'First floor',
      'Second floor',
    ]);
    expect(storeys[1].translation).toEqual([0, 3, 0]);
    expect(storeys[2].rotation[1]).toBeCloseTo(Math.SQRT1_2, 9);
    for (const storey of storeys)
      expect(storey.children).toHaveLength(4 + 1 + (storey.name === 'Second floor' ? 1 : 0));
  });
});

describe('buildingToIfc, read back with web-ifc', () => {
  let ifc: IfcAPI;
  beforeAll(async () => {
    ifc = new IfcAPI();
    await ifc.Init();
  });
  afterAll(() => ifc.Dispose?.());

  it('writes an IfcBuildingStorey per level at its elevation, each holding its own walls and slabs', () => {
    const text = buildingToIfc(threeStoreys(), { name: 'House', timestamp: '2026-11-27T00:00:00Z' });
    const model = ifc.OpenModel(new TextEncoder().encode(text));
    try {
      const ids = (type: number) => {
        const vector = ifc.GetLineIDsWithType(model, type);
        return Array.from({ length: vector.size() }, (_, i) => vector.get(i));
      };
      const storeys = ids(IFCBUILDINGSTOREY).map((id) => ifc.GetLine(model, id));
      expect(storeys.map((s) => [s.Name.value, Number(s.Elevation.value)])).toEqual([
        ['Ground floor', 0],
        ['First floor', 3],
        ['Second floor', 6],
      ]);
      expect(ids(IFCWALL)).toHaveLength(12);
      expect(ids(IFCSLAB)).toHaveLength(4);
      const held = ids(IFCRELCONTAINEDINSPATIALSTRUCTURE).map((id) => ifc.GetLine(model, id));
      const wallsPerStorey = storeys.map((s) => {
        const rel = held.find((r) => r.RelatingStructure.value === s.expressID);
        const elements = (rel?.RelatedElements ?? []).map((e: { value: number }) =>
          ifc.GetLine(model, e.value),
        );
        return elements.filter((e: { type: number }) => e.type === IFCWALL).length;
      });
      expect(wallsPerStorey).toEqual([4, 4, 4]);
      // Every wall stands on its storey's floor (web-ifc meshes are Y up).
      const bottoms = new Set<number>();
      ifc.StreamAllMeshes(model, (mesh) => {
        if (ifc.GetLine(model, mesh.expressID).type !== IFCWALL) return;
        let bottom = Number.POSITIVE_INFINITY;
        for (let g = 0; g < mesh.geometries.size(); g++) {
          const placed = mesh.geometries.get(g);
          const geometry = ifc.GetGeometry(model, placed.geometryExpressID);
          const vertices = ifc.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
          const m = placed.flatTransformation;
          for (let v = 0; v < vertices.length; v += 6)
            bottom = Math.min(
              bottom,
              m[1]! * vertices[v]! + m[5]! * vertices[v + 1]! + m[9]! * vertices[v + 2]! + m[13]!,
            );
        }
        bottoms.add(Math.round(bottom * 1000) / 1000);
      });
      expect([...bottoms].sort()).toEqual([0, 3, 6]);
    } finally {
      ifc.CloseModel(model);
    }
  });
});

describe('the building as one scene (what the viewer draws)', () => {
  it('gives every storey without rooms its floor slab at its own level, not only the bottom one', () => {
    const all = flattenBuilding(threeStoreys());
    expect(all.floors.map((f) => f.elevation)).toEqual([0, 3, 6]);
    expect(flattenBuilding(threeStoreys(), 1).floors).toHaveLength(2);
  });

  it('places every storey’s walls and rooms, and cuts above a level without the roof', () => {
    const withRoom: Plan = {
      ...boxPlan,
      rooms: [
        {
          polygon: [
            [100, 100],
            [5900, 100],
            [5900, 3900],
            [100, 3900],
          ],
          areaM2: 22,
          label: 'Hall',
        },
      ],
    };
    const building = buildBuilding(
      [
        { level: level('Ground floor', 0), plan: withRoom },
        { level: level('First floor', 3, { rotationDeg: 90 }), plan: withRoom },
      ],
      { storeyHeight: 2.8 },
    );
    const all = flattenBuilding(building);
    expect(all.walls).toHaveLength(8);
    expect(all.rooms.map((r) => r.elevation)).toEqual([0, 3]);
    expect(all.roof?.level).toBeCloseTo(3 + 2.8, 9);
    // The first floor's walls stand on its floor, turned a quarter: its first wall runs north (−z).
    const upper = all.walls[4]!;
    expect(upper.pieces[0]!.center[1]).toBeCloseTo(3 + 1.4, 9);
    expect(upper.end[1] - upper.start[1]).toBeCloseTo(-6, 9);
    const cut = flattenBuilding(building, 0);
    expect(cut.walls).toHaveLength(4);
    expect(cut.roof).toBeNull();
    expect(cut.bounds.max[1]).toBeLessThan(3);
  });
});

describe('stairs in a building of storeys', () => {
  /** The box with two rooms: a stairwell and a kitchen. */
  const withStair: Plan = {
    ...boxPlan,
    rooms: [
      {
        polygon: [
          [0, 0],
          [3000, 0],
          [3000, 4000],
          [0, 4000],
        ],
        areaM2: 12,
        label: 'Treppe',
      },
      {
        polygon: [
          [3000, 0],
          [6000, 0],
          [6000, 4000],
          [3000, 4000],
        ],
        areaM2: 12,
        label: 'Küche',
      },
    ],
  };
  const twoStoreys = () =>
    buildBuilding([
      { level: level('EG', 0), plan: withStair },
      { level: level('OG', 3), plan: withStair },
    ]);

  it('leaves the floor of a stair room open above the lowest storey: the stair rises through it', () => {
    const [ground, upper] = twoStoreys().storeys;
    expect(ground!.scene.rooms.map((r) => [r.name, !!r.openFloor])).toEqual([
      ['Treppe', false],
      ['Küche', false],
    ]);
    expect(upper!.scene.rooms.map((r) => [r.name, !!r.openFloor])).toEqual([
      ['Treppe', true],
      ['Küche', false],
    ]);
  });

  const unnamed: Plan = {
    ...withStair,
    rooms: withStair.rooms.map((room) => ({ ...room, label: null })),
    // A flight of 12 treads in the first room, rising from y = 500 to y = 3,800.
    stairs: [
      {
        outline: [
          [300, 500],
          [1300, 500],
          [1300, 3800],
          [300, 3800],
        ],
        treads: 12,
      },
    ],
  };

  it('leaves open a room a flight is drawn in, whatever its name', () => {
    const [ground, upper] = buildBuilding([
      { level: level('EG', 0), plan: unnamed },
      { level: level('OG', 3), plan: unnamed },
    ]).storeys;
    expect(ground!.scene.rooms.map((r) => !!r.openFloor)).toEqual([false, false]);
    expect(upper!.scene.rooms.map((r) => [r.name, !!r.openFloor])).toEqual([
      ['Room 1', true],
      ['Room 2', false],
    ]);
  });

  it('builds each flight as its steps: a node in the glb, an IfcStair in the IFC, on every storey', async () => {
    const building = buildBuilding([
      { level: level('EG', 0), plan: unnamed },
      { level: level('OG', 3), plan: unnamed },
    ]);
    const flight = building.storeys[0]!.scene.stairs![0]!;
    expect(flight.steps).toHaveLength(12);
    // Even risers from the floor, the last one riser below the floor above.
    const tops = flight.steps.map((step) => step.center[1] + step.size[1] / 2);
    const rise = building.storeys[0]!.scene.storeyHeight / 13;
    for (const [k, top] of tops.entries()) expect(top).toBeCloseTo((k + 1) * rise, 6);
    // 3.3 m run over 12 treads, 1 m wide, climbing along the flight from its first tread.
    for (const step of flight.steps) expect(step.size[0]).toBeCloseTo(0.275, 6);
    for (const step of flight.steps) expect(step.size[2]).toBeCloseTo(1, 6);
    expect(Math.abs(flight.steps[11]!.center[2] - flight.steps[0]!.center[2])).toBeCloseTo(11 * 0.275, 6);
    const glb = buildingToGlb(building);
    expect((await validator.validateBytes(glb)).issues.numErrors).toBe(0);
    const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
    const stairs = json.nodes.filter((n: { name: string }) => n.name === 'Stair 1');
    expect(stairs).toHaveLength(2);
    expect(stairs.every((n: { mesh?: number }) => n.mesh !== undefined)).toBe(true);
    const ifc = new IfcAPI();
    await ifc.Init();
    const model = ifc.OpenModel(new TextEncoder().encode(buildingToIfc(building, { name: 'House' })));
    try {
      expect(ifc.GetLineIDsWithType(model, IFCSTAIR).size()).toBe(2);
    } finally {
      ifc.CloseModel(model);
      ifc.Dispose?.();
    }
    expect(flattenBuilding(building).stairs).toHaveLength(2);
  });

  it('in every output: no floor mesh in the glb, no IfcSlab (the space stays)', async () => {
    const glb = buildingToGlb(twoStoreys());
    expect((await validator.validateBytes(glb)).issues.numErrors).toBe(0);
    const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
    const stairs = json.nodes.filter((n: { name: string }) => n.name === 'Treppe');
    expect(stairs.map((n: { mesh?: number }) => n.mesh !== undefined)).toEqual([true, false]);
    const ifc = new IfcAPI();
    await ifc.Init();
    const model = ifc.OpenModel(new TextEncoder().encode(buildingToIfc(twoStoreys(), { name: 'House' })));
    try {
      const slabs = ifc.GetLineIDsWithType(model, IFCSLAB);
      const names = Array.from(
        { length: slabs.size() },
        (_, i) => ifc.GetLine(model, slabs.get(i)).Name.value,
      );
      // The kitchen's floor on both storeys, the stair's on the lowest only (and the roof).
      expect(names.filter((n: string) => n.endsWith(' floor')).sort()).toEqual([
        'Küche floor',
        'Küche floor',
        'Treppe floor',
      ]);
      const spaces = ifc.GetLineIDsWithType(model, IFCSPACE);
      expect(spaces.size()).toBe(4);
    } finally {
      ifc.CloseModel(model);
      ifc.Dispose?.();
    }
  });
});
