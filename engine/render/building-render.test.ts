/**
 * Renders of a building of storeys (the flattened scene the 3D tab shows, as a generation of the whole building
 * renders it): the upper storey stands on its own floor slab, the roof covers the top storey only, and a cut-away
 * cuts the top storey while the storeys below stand whole.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Level } from '../../shared/building/schema';
import type { PlanModel, PlanStair } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { buildBuilding, flattenBuilding } from '../../shared/scene/building';
import type { SceneCamera } from '../../shared/scene/cameras';
import type { Scene, Vec3 } from '../../shared/scene/types';
import { modelPlan } from './model-plan';
import { renderScene, type SceneRender } from './render';
import { buildMesh, FLOOR_LEVEL, MAT } from './scene';
import { sceneToWorld } from './view-camera';

vi.setConfig({ testTimeout: 60_000 });

type Plan = Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'>;

/** A closed box of walls from (x0, y0) to (x1, y1), millimetres, 200 mm thick. */
function boxPlan(x0: number, y0: number, x1: number, y1: number): Plan {
  const corners: [number, number][] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  return {
    space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, yDown: false },
    walls: corners.map((a, i) => ({ a, b: corners[(i + 1) % 4]!, thickness: 200 })),
    openings: [],
    rooms: [],
  };
}

const level = (name: string, elevationM: number): Level => ({
  name,
  fileId: 'f1',
  elevationM,
  rotationDeg: 0,
  offsetM: [0, 0],
});

const STOREY = 3;
/** A 12 × 8 m ground floor under a 6 × 8 m upper storey over its west half (x 0–6 m). */
const building: Scene = flattenBuilding(
  buildBuilding(
    [
      { level: level('Ground floor', 0), plan: boxPlan(0, 0, 12_000, 8000) },
      { level: level('First floor', STOREY), plan: boxPlan(0, 0, 6000, 8000) },
    ],
    { storeyHeight: STOREY },
  ),
);

/** Scene z of the plan's y (north up on the sheet is −z). */
const sceneZ = (yMm: number) => -(yMm / 1000 - building.planOrigin[1] * building.metresPerUnit);
const sceneX = (xMm: number) => xMm / 1000 - building.planOrigin[0] * building.metresPerUnit;

function classAt(r: SceneRender, p: Vec3): number {
  const [px, py] = r.projectScene(p);
  return r.classes[Math.floor(py) * r.width + Math.floor(px)]!;
}

/** Looking straight down on the building from high above. */
function fromAbove(): SceneCamera {
  const centre: Vec3 = [sceneX(6000), 0, sceneZ(4000)];
  return { position: [centre[0], 80, centre[2] + 0.01], target: centre, fovDeg: 25 };
}

describe('a render of a building of storeys', () => {
  it('roofs the top storey only: the lower storey past it is open to the sky', async () => {
    const r = await renderScene(building, 1, 'photorealistic', 256, { camera: fromAbove() });
    const top = 2 * STOREY;
    expect(classAt(r, [sceneX(3000), top, sceneZ(4000)])).toBe(5);
    // Over the east half stands no storey: seen from above, the ground floor's floor, no roof.
    expect(classAt(r, [sceneX(9000), 0, sceneZ(4000)])).toBe(2);
  });

  it('stands the upper storey on a floor slab seen from below as the ceiling of the storey under it', async () => {
    // Standing in the ground floor's east half, looking west under the upper storey.
    const camera: SceneCamera = {
      position: [sceneX(11_000), 1.6, sceneZ(4000)],
      target: [sceneX(3000), 2.6, sceneZ(4000)],
      fovDeg: 60,
    };
    const r = await renderScene(building, 1, 'photorealistic', 256, { camera });
    expect(classAt(r, [sceneX(2000), STOREY - 0.01, sceneZ(4000)])).toBe(6);
  });

  it('cuts a cut-away in the top storey and keeps the storeys below whole', async () => {
    const r = await renderScene(building, 1, 'interior', 256, { camera: fromAbove() });
    const meshTop = r.wallTop;
    // The top storey's walls are cut at the style's height above its floor, not at the ground floor's.
    expect(meshTop).toBeGreaterThan(STOREY + 1);
    expect(meshTop).toBeLessThan(2 * STOREY - 0.5);
  });
});

describe('stairs in a render of a building', () => {
  /** A 6 × 8 m storey: a stairwell (west, x 0–3 m) and a kitchen. */
  const storey: Plan = {
    ...boxPlan(0, 0, 6000, 8000),
    rooms: [
      {
        polygon: [
          [0, 0],
          [3000, 0],
          [3000, 8000],
          [0, 8000],
        ],
        areaM2: 24,
        label: 'Stair',
      },
      {
        polygon: [
          [3000, 0],
          [6000, 0],
          [6000, 8000],
          [3000, 8000],
        ],
        areaM2: 24,
        label: 'Kitchen',
      },
    ],
  };
  const twoStoreys = flattenBuilding(
    buildBuilding([
      { level: level('Ground floor', 0), plan: storey },
      { level: level('First floor', STOREY), plan: storey },
    ]),
  );
  /** The ceilings of the mesh (faces seen from below), in square metres of floor. */
  const ceilingArea = (scene: Scene) => {
    const mesh = buildMesh(modelPlan(scene), { groundScale: 1 }, { scene, toWorld: sceneToWorld });
    let area = 0;
    for (let t = 0; t < mesh.mat.length; t++) {
      if (mesh.mat[t] !== MAT.ceiling) continue;
      // Nine floats a triangle; the render's world is z up, so the floor is x and y.
      const p = mesh.pos.subarray(t * 9, t * 9 + 9);
      area += Math.abs((p[3]! - p[0]!) * (p[7]! - p[1]!) - (p[4]! - p[1]!) * (p[6]! - p[0]!)) / 2;
    }
    return area;
  };

  it('stands the flight’s steps in the stairwell, each tread a floor rising to the storey above', () => {
    const flight = {
      outline: [
        [500, 1000],
        [1500, 1000],
        [1500, 4300],
        [500, 4300],
      ],
      treads: 12,
    } satisfies PlanStair;
    const withFlight = buildScene({
      ...storey,
      stairs: [flight],
    } as Plan);
    const treadsAbove = (scene: Scene) => {
      const mesh = buildMesh(modelPlan(scene), { groundScale: 1 }, { scene, toWorld: sceneToWorld });
      const heights = new Set<string>();
      for (let t = 0; t < mesh.mat.length; t++) {
        const z = mesh.pos[t * 9 + 2]!;
        // A tread: floor seen from above, above the ground floor's own slab.
        if (mesh.mat[t] === MAT.floor && mesh.normal[t * 3 + 2]! > 0.99 && z > FLOOR_LEVEL + 0.05)
          heights.add(z.toFixed(3));
      }
      return heights.size;
    };
    expect(treadsAbove(withFlight)).toBeGreaterThanOrEqual(12);
    expect(treadsAbove(buildScene(storey))).toBe(0);
  });

  it('has no slab over the stair: the kitchen has a ceiling, the stairwell is open to the storey above', () => {
    expect(twoStoreys.rooms.map((r) => [r.name, !!r.openFloor])).toEqual([
      ['Stair', false],
      ['Kitchen', false],
      ['Stair', true],
      ['Kitchen', false],
    ]);
    // The first floor's kitchen slab only: 3 × 8 m (the rooms' outlines run along the walls' outer faces).
    expect(ceilingArea(twoStoreys)).toBeGreaterThan(20);
    expect(ceilingArea(twoStoreys)).toBeLessThan(30);
  });
});
