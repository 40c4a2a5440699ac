import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IFCDOOR, IFCOPENINGELEMENT, IFCSLAB, IFCSPACE, IFCWALL, IFCWINDOW, IfcAPI } from 'web-ifc';
import type { PlanModel } from '../plan/schema';
import { buildScene } from './build';
import { ifcGlobalId, sceneToIfc, stepReal, stepString } from './ifc';

type Plan = Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'>;

/** A 4 × 3 m room in millimetres, walls 200 mm thick, a 900 mm door and a 1200 mm window. */
const roomPlan: Plan = {
  space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, yDown: false },
  walls: [
    { a: [0, 0], b: [4000, 0], thickness: 200 },
    { a: [4000, 0], b: [4000, 3000], thickness: 200 },
    { a: [4000, 3000], b: [0, 3000], thickness: 200 },
    { a: [0, 3000], b: [0, 0], thickness: 200 },
  ],
  openings: [
    { kind: 'door', a: [1000, 0], b: [1900, 0] },
    { kind: 'window', a: [4000, 900], b: [4000, 2100] },
    { kind: 'opening', a: [1000, 3000], b: [2000, 3000] },
  ],
  rooms: [
    {
      polygon: [
        [100, 100],
        [3900, 100],
        [3900, 2900],
        [100, 2900],
      ],
      areaM2: 10.64,
      label: 'Séjour «sud»',
    },
  ],
};

let ifc: IfcAPI;
beforeAll(async () => {
  ifc = new IfcAPI();
  await ifc.Init();
});

interface ReadBack {
  counts: Record<string, number>;
  /** Each wall's extent (web-ifc meshes are Y up): its size along x, y (height) and z. */
  wallSizes: number[][];
  spaceNames: string[];
  areas: number[];
}

function readBack(text: string): ReadBack {
  const model = ifc.OpenModel(new TextEncoder().encode(text));
  try {
    const types = {
      wall: IFCWALL,
      door: IFCDOOR,
      window: IFCWINDOW,
      space: IFCSPACE,
      opening: IFCOPENINGELEMENT,
      slab: IFCSLAB,
    };
    const counts = Object.fromEntries(
      Object.entries(types).map(([name, type]) => [name, ifc.GetLineIDsWithType(model, type).size()]),
    );
    const walls = new Set<number>();
    const ids = ifc.GetLineIDsWithType(model, IFCWALL);
    for (let i = 0; i < ids.size(); i++) walls.add(ids.get(i));
    const wallSizes: number[][] = [];
    ifc.StreamAllMeshes(model, (mesh) => {
      if (!walls.has(mesh.expressID)) return;
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let g = 0; g < mesh.geometries.size(); g++) {
        const placed = mesh.geometries.get(g);
        const geometry = ifc.GetGeometry(model, placed.geometryExpressID);
        const vertices = ifc.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
        const m = placed.flatTransformation;
        for (let v = 0; v < vertices.length; v += 6) {
          const [x, y, z] = [vertices[v]!, vertices[v + 1]!, vertices[v + 2]!];
          const p = [0, 1, 2].map((k) => m[k]! * x + m[4 + k]! * y + m[8 + k]! * z + m[12 + k]!);
          for (let k = 0; k < 3; k++) {
            min[k] = Math.min(min[k]!, p[k]!);
            max[k] = Math.max(max[k]!, p[k]!);
          }
        }
      }
      wallSizes.push(max.map((v, k) => v - min[k]!));
    });
    const spaces = ifc.GetLineIDsWithType(model, IFCSPACE);
    const spaceNames: string[] = [];
    for (let i = 0; i < spaces.size(); i++) spaceNames.push(ifc.GetLine(model, spaces.get(i)).Name.value);
    const areas = [...text.matchAll(/IFCQUANTITYAREA\('NetFloorArea',\$,\$,([\d.E-]+),\$\)/g)].map((m) =>
      Number(m[1]),
    );
    return { counts, wallSizes, spaceNames, areas };
  } finally {
    ifc.CloseModel(model);
  }
}

describe('sceneToIfc, read back with web-ifc', () => {
  afterAll(() => ifc.Dispose?.());

  it('lays one floor slab over the footprint when the plan has no rooms, with the roof over the same outline', () => {
    const scene = buildScene({ ...roomPlan, rooms: [] });
    expect(scene.floors[0]?.outline).toEqual(scene.roof?.outline);
    const read = readBack(sceneToIfc(scene, { name: 'Room', timestamp: '2026-11-25T00:00:00Z' }));
    expect(read.counts).toMatchObject({ wall: 4, space: 0, slab: 2 });
  });

  it('writes walls, doors and windows filling their openings, spaces with areas, slabs and the roof', () => {
    const scene = buildScene(roomPlan);
    const text = sceneToIfc(scene, { name: 'Room', timestamp: '2026-11-25T00:00:00Z' });
    const read = readBack(text);
    expect(read.counts).toEqual({ wall: 4, door: 1, window: 1, space: 1, opening: 3, slab: 2 });
    expect(read.spaceNames).toEqual(['Séjour «sud»']);
    expect(read.areas).toEqual([10.64]);
    expect(text).toMatch(/IFCRELVOIDSELEMENT/);
    expect(text.match(/IFCRELFILLSELEMENT/g)).toHaveLength(2);
    expect(text).toContain("FILE_SCHEMA(('IFC4'));");
  });

  it("keeps every wall at the plan's dimensions within 1 mm (length, thickness, storey height)", () => {
    const scene = buildScene(roomPlan, { storeyHeight: 2.7 });
    const { wallSizes } = readBack(sceneToIfc(scene, { name: 'Room' }));
    expect(wallSizes).toHaveLength(4);
    const expected = scene.walls.map((w) => [w.length, w.thickness]);
    for (const [i, size] of wallSizes.entries()) {
      const [along, across] = size[0]! > size[2]! ? [size[0]!, size[2]!] : [size[2]!, size[0]!];
      expect(Math.abs(along - expected[i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(across - expected[i]![1]!)).toBeLessThan(0.001);
      expect(Math.abs(size[1]! - 2.7)).toBeLessThan(0.001);
    }
  });

  it('gives grids of rooms the right counts, and the same file twice (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), (columns, rows) => {
        const plan: Plan = { space: roomPlan.space, walls: [], openings: [], rooms: [] };
        for (let r = 0; r < rows; r++)
          for (let c = 0; c < columns; c++) {
            const x = c * 5000;
            const y = r * 4000;
            plan.walls.push(
              { a: [x, y], b: [x + 4000, y], thickness: 200 },
              { a: [x + 4000, y], b: [x + 4000, y + 3000], thickness: 200 },
            );
            plan.openings.push({ kind: 'door', a: [x + 1000, y], b: [x + 1900, y] });
            plan.openings.push({ kind: 'window', a: [x + 4000, y + 1000], b: [x + 4000, y + 2000] });
          }
        const scene = buildScene(plan);
        const text = sceneToIfc(scene, { name: 'Grid', timestamp: '2026-11-25T00:00:00Z' });
        expect(sceneToIfc(scene, { name: 'Grid', timestamp: '2026-11-25T00:00:00Z' })).toBe(text);
        const n = columns * rows;
        expect(readBack(text).counts).toMatchObject({ wall: 2 * n, door: n, window: n, opening: 2 * n });
      }),
      { numRuns: 8 },
    );
  });
});

describe('STEP text', () => {
  it('escapes quotes, backslashes and characters outside ASCII', () => {
    expect(stepString("Anne's")).toBe("'Anne''s'");
    expect(stepString('a\\b')).toBe("'a\\\\b'");
    expect(stepString('été')).toBe("'\\X2\\00E9\\X0\\t\\X2\\00E9\\X0\\'");
    expect(stepString('壁')).toBe("'\\X2\\58C1\\X0\\'");
    expect(stepString('a\nb')).toBe("'ab'");
  });

  it('writes reals with a decimal point', () => {
    expect(stepReal(2)).toBe('2.');
    expect(stepReal(-0)).toBe('0.');
    expect(stepReal(0.1 + 0.2)).toBe('0.3');
    expect(stepReal(-1.5)).toBe('-1.5');
  });

  it('makes 22-character GlobalIds in IFC base 64, different per key and the same for a key', () => {
    const a = ifcGlobalId('house:wall-1');
    expect(a).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(ifcGlobalId('house:wall-1')).toBe(a);
    expect(ifcGlobalId('house:wall-2')).not.toBe(a);
  });
});
