/**
 * A camera placed on the 3D model (shared/scene: metres, Y up, drawn north −z, origin at the plan's lower-left)
 * brought into the local renderer's world (metres, Z up, its own origin and scale), through the drawing's own
 * units: the two are built from the same drawing, so a point of the model lands on the same point of the render.
 */
import type { SceneCamera } from '../../../shared/scene/cameras';
import type { Scene } from '../../../shared/scene/types';
import type { NormalisedDrawing } from '../drawings/types';
import type { Plan } from './plan';
import type { Vec3 } from './raster';
import { FLOOR_LEVEL } from './scene';

/** Scene metres → renderer world metres. */
export function sceneToWorld(scene: Scene, drawing: NormalisedDrawing, plan: Plan): (p: Vec3) => Vec3 {
  const g = drawing.geometry;
  const t = g.pixelTransform;
  const points = drawing.kind === 'pdf' ? (g.source.pointsPerPixel ?? 1) : 1;
  // The plan model's space (the uploaded file's own units) → the normalised drawing's (read-plan's inverse).
  const toDrawing = (x: number, y: number): [number, number] =>
    drawing.kind === 'cad' || !t
      ? [x, y]
      : [(x / points - t.offsetX) * t.scale, (y / points - t.offsetY) * t.scale];
  const floorToWorld = (sx: number, sz: number): [number, number] => {
    const planX = sx / scene.metresPerUnit + scene.planOrigin[0];
    const planY = (scene.planYDown ? sz : -sz) / scene.metresPerUnit + scene.planOrigin[1];
    return plan.toWorld(...toDrawing(planX, planY));
  };
  // Heights follow the renderer's scale, which differs from the model's when the user corrected the scale.
  const [ax, ay] = floorToWorld(0, 0);
  const [bx, by] = floorToWorld(1, 0);
  const k = Math.hypot(bx - ax, by - ay) || 1;
  return ([sx, sy, sz]) => {
    const [wx, wy] = floorToWorld(sx, sz);
    return [wx, wy, sy * k + FLOOR_LEVEL];
  };
}

export interface WorldCamera {
  eye: Vec3;
  target: Vec3;
  fovDeg: number;
}

export function worldCamera(
  view: { scene: Scene; camera: SceneCamera },
  drawing: NormalisedDrawing,
  plan: Plan,
): WorldCamera {
  const map = sceneToWorld(view.scene, drawing, plan);
  return { eye: map(view.camera.position), target: map(view.camera.target), fovDeg: view.camera.fovDeg };
}
