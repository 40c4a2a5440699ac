/**
 * A camera placed on the 3D model (shared/scene: metres, Y up, drawn north −z, origin at the plan's lower-left)
 * brought into the local renderer's world (metres, Z up, its own origin and scale), through the drawing's own
 * units: the two are built from the same drawing, so a point of the model lands on the same point of the render.
 */
import type { SceneCamera } from '../../../shared/scene/cameras';
import type { Scene } from '../../../shared/scene/types';
import { cross3, dot3, sub3, unit3 } from '../../../shared/scene/vec3';
import { type NormalisedDrawing, readFromVectors } from '../drawings/types';
import type { Plan } from './plan';
import type { Camera, Vec3 } from './raster';
import { FLOOR_LEVEL } from './scene';

/** Scene metres → renderer world metres. */
export function sceneToWorld(scene: Scene, drawing: NormalisedDrawing, plan: Plan): (p: Vec3) => Vec3 {
  const g = drawing.geometry;
  const t = g.pixelTransform;
  const points = drawing.kind === 'pdf' ? (g.source.pointsPerPixel ?? 1) : 1;
  // The plan model's space (the uploaded file's own units) → the normalised drawing's (read-plan's inverse).
  const toDrawing = (x: number, y: number): [number, number] =>
    readFromVectors(drawing) || !t
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

/** Renderer world metres → scene metres: the inverse of `sceneToWorld` (an affine map). */
export function worldToScene(toWorld: (p: Vec3) => Vec3): (p: Vec3) => Vec3 {
  const o = toWorld([0, 0, 0]);
  const [a, b, c] = (
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ] as Vec3[]
  ).map((p) => sub3(toWorld(p), o)) as [Vec3, Vec3, Vec3];
  // Inverse of the matrix whose columns are a, b, c: rows b × c, c × a, a × b over the determinant a · (b × c).
  const rows = [cross3(b, c), cross3(c, a), cross3(a, b)];
  const det = dot3(a, rows[0]!);
  return (p) => {
    const d = sub3(p, o);
    return rows.map((r) => dot3(r, d) / det) as Vec3;
  };
}

/** Field of view given to the camera standing in for an orthographic (isometric) render. */
const ORTHO_STAND_IN_FOV = 20;

/**
 * The camera on the 3D model nearest to a render drawn in the style's own projection (the isometric's parallel
 * projection, the cut-away interior's framing): looking down the ray through the image's centre, as wide as the
 * image. What "Open in 3D" opens such a render at; not exact for the isometric, whose lines do not converge.
 */
export function viewpointOf(
  cam: Camera,
  lookAt: Vec3,
  toScene: (p: Vec3) => Vec3,
): { position: Vec3; target: Vec3; fovDeg: number } {
  const a = (cam.width / 2 - cam.cx) / cam.scale;
  const b = (cam.cy - cam.height / 2) / cam.scale;
  const along = (o: Vec3, d: Vec3, t: number): Vec3 => [o[0] + d[0] * t, o[1] + d[1] * t, o[2] + d[2] * t];
  if (cam.kind === 'persp') {
    const dir = unit3(along(along(cam.f, cam.r, a), cam.u, b));
    const reach = Math.max(1, dot3(sub3(lookAt, cam.eye), dir));
    const fovDeg = (2 * Math.atan(cam.height / 2 / cam.scale) * 180) / Math.PI;
    return { position: toScene(cam.eye), target: toScene(along(cam.eye, dir, reach)), fovDeg };
  }
  // The orthographic view's centre ray, and a narrow perspective camera far back along it framing as much.
  const origin = along(along(cam.eye, cam.r, a), cam.u, b);
  const t = dot3(sub3(lookAt, origin), cam.f);
  const target = along(origin, cam.f, t);
  const distance = cam.height / 2 / cam.scale / Math.tan((ORTHO_STAND_IN_FOV * Math.PI) / 360);
  return {
    position: toScene(along(target, cam.f, -distance)),
    target: toScene(target),
    fovDeg: ORTHO_STAND_IN_FOV,
  };
}
