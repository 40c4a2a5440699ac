/**
 * The 3D model (shared/scene) as the renderer's plan: its walls and openings on the floor, and the plan grid over
 * them (floor, rooms, distance to the walls) for the shading. The renderer reads nothing else, so a render shows the
 * building the viewer and the exports show, corrections included.
 *
 * World space: metres, Z up, x = the scene's x, y = −(the scene's z) (north on the sheet is +y), the floor at
 * FLOOR_LEVEL above the ground; `toWorld` takes a point on the scene's floor (x, z).
 */
import { median } from '../../shared/plan/geometry';
import { gridOfWalls, lengthenedPiece, type Opening, type WallPiece } from '../../shared/plan/plan-grid';
import type { Scene, SceneBox } from '../../shared/scene/types';
import type { Plan } from '../plan/build-plan';

const floorToWorld = (x: number, z: number): [number, number] => [x, -z];

/** A box's centreline on the floor, in world metres. */
function boxCentreline(box: SceneBox, thickness: number): WallPiece {
  const half = box.size[0] / 2;
  const dx = Math.cos(box.rotationY) * half;
  const dz = -Math.sin(box.rotationY) * half;
  const [x1, y1] = floorToWorld(box.center[0] - dx, box.center[2] - dz);
  const [x2, y2] = floorToWorld(box.center[0] + dx, box.center[2] + dz);
  return { x1, y1, x2, y2, t: thickness };
}

/** The renderer's plan of a 3D model; throws when the model has no walls (there is nothing to render). */
export function modelPlan(scene: Scene): Plan {
  if (scene.walls.length === 0) throw new Error('The 3D model has no walls to render.');
  const walls: WallPiece[] = scene.walls.map((w) => {
    const [x1, y1] = floorToWorld(...w.start);
    const [x2, y2] = floorToWorld(...w.end);
    return lengthenedPiece(x1, y1, x2, y2, w.thickness);
  });
  const openings: Opening[] = scene.openings.map((o) => ({
    ...boxCentreline(o.void, o.void.size[2]),
    kind: o.kind,
  }));
  const { grid, rooms, bounds } = gridOfWalls(walls, openings);
  return {
    source: 'vector',
    walls,
    openings,
    grid,
    rooms,
    bounds,
    wallHeight: scene.storeyHeight,
    wallThickness: median(scene.walls.map((w) => w.thickness)) ?? 0,
    metresPerUnit: 1,
    scaleGuessed: false,
    toWorld: floorToWorld,
    fromWorld: (x, y) => [x, -y],
    wallCount: scene.walls.length,
  };
}
