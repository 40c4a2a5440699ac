/**
 * The 3D model's space (shared/scene: metres, Y up, north −z) and the local renderer's world (metres, Z up, north
 * +y, the floor at FLOOR_LEVEL above the ground) are one space turned about the x axis: a point of the model lands on
 * the same point of the render, and the renderer's cameras map back onto the model for "Open in 3D".
 */
import type { SceneCamera } from '../../shared/scene/cameras';
import { dot3, sub3, unit3 } from '../../shared/scene/vec3';
import type { Camera, Vec3 } from './raster';
import { FLOOR_LEVEL } from './scene';

/** Scene metres → renderer world metres. */
export const sceneToWorld = ([x, y, z]: Vec3): Vec3 => [x, -z, y + FLOOR_LEVEL];

/** Renderer world metres → scene metres: the inverse of `sceneToWorld`. */
export const worldToScene = ([x, y, z]: Vec3): Vec3 => [x, z - FLOOR_LEVEL, -y];

export interface WorldCamera {
  eye: Vec3;
  target: Vec3;
  fovDeg: number;
}

/** A camera on the model in the renderer's world. */
export function worldCamera(camera: SceneCamera): WorldCamera {
  return { eye: sceneToWorld(camera.position), target: sceneToWorld(camera.target), fovDeg: camera.fovDeg };
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
