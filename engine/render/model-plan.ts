/**
 * The 3D model (shared/scene) as the renderer's plan: its walls and openings on the floor, and the plan grid over
 * them (floor, rooms, distance to the walls) for the shading. The renderer reads nothing else, so a render shows the
 * building the viewer and the exports show, corrections included.
 *
 * World space: metres, Z up, x = the scene's x, y = −(the scene's z) (north on the sheet is +y), the floor at
 * FLOOR_LEVEL above the ground; `toWorld` takes a point on the scene's floor (x, z).
 */
import { median } from '../../shared/plan/geometry';
import {
  finishGrid,
  GRID_SIDE,
  gridOver,
  MIN_CELL_M,
  type Opening,
  stampPiece,
  type WallPiece,
} from '../../shared/plan/plan-grid';
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
    // Lengthened by half the thickness at each end, so that corners close on the grid.
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ex = ((x2 - x1) / len) * (w.thickness / 2);
    const ey = ((y2 - y1) / len) * (w.thickness / 2);
    return { x1: x1 - ex, y1: y1 - ey, x2: x2 + ex, y2: y2 + ey, t: w.thickness };
  });
  const openings: Opening[] = scene.openings.map((o) => ({
    ...boxCentreline(o.void, o.void.size[2]),
    kind: o.kind,
  }));
  const bounds = {
    minX: Math.min(...walls.map((w) => Math.min(w.x1, w.x2) - w.t / 2)),
    maxX: Math.max(...walls.map((w) => Math.max(w.x1, w.x2) + w.t / 2)),
    minY: Math.min(...walls.map((w) => Math.min(w.y1, w.y2) - w.t / 2)),
    maxY: Math.max(...walls.map((w) => Math.max(w.y1, w.y2) + w.t / 2)),
  };
  const side = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  const base = gridOver(bounds, Math.max(side / GRID_SIDE, MIN_CELL_M));
  const wall = new Uint8Array(base.w * base.h);
  for (const p of walls) stampPiece(wall, base, p);
  const { grid, rooms } = finishGrid(base, wall, openings);
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
