/**
 * Cameras on the scene, in its metres (Y up, north = −z): the three default views the variations are rendered
 * from, a view from inside a room at eye height, and the fitting rule they share. Pure; the viewer, the renderer
 * and the conditioning images all use these.
 */
import { pointInPolygon } from '../plan/geometry';
import type { Scene, SceneRoom, Vec3 } from './types';

export interface SceneCamera {
  position: Vec3;
  target: Vec3;
  /** Vertical field of view, degrees. */
  fovDeg: number;
}

/** A standing person's eyes, metres above the floor. */
export const EYE_HEIGHT = 1.6;
export const DEFAULT_FOV_DEG = 45;
const INTERIOR_FOV_DEG = 70;

export function sceneCentre(scene: Scene): Vec3 {
  const { min, max } = scene.bounds;
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

/** Radius of the sphere around the scene's bounds. */
export function sceneRadius(scene: Scene): number {
  const { min, max } = scene.bounds;
  return Math.max(0.5, Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2);
}

/** How far from its target a camera must stand for a sphere of `radius` to fill the view with a margin. */
export function fitDistance(radius: number, fovDeg: number, aspect = 1): number {
  const half = (fovDeg * Math.PI) / 360;
  // The narrower of the two fields of view decides.
  const narrow = aspect < 1 ? Math.atan(Math.tan(half) * aspect) : half;
  return radius / Math.sin(narrow);
}

/** A camera on the scene's bounding sphere, looking at its centre from a direction (x, y, z; any length). */
export function orbitCamera(
  scene: Scene,
  direction: Vec3,
  fovDeg = DEFAULT_FOV_DEG,
  aspect = 1,
): SceneCamera {
  const c = sceneCentre(scene);
  const target: Vec3 = [c[0], Math.min(c[1], scene.storeyHeight * 0.45), c[2]];
  const length = Math.hypot(...direction) || 1;
  const d = fitDistance(sceneRadius(scene), fovDeg, aspect);
  return {
    position: [
      target[0] + (direction[0] / length) * d,
      target[1] + (direction[1] / length) * d,
      target[2] + (direction[2] / length) * d,
    ],
    target,
    fovDeg,
  };
}

/**
 * The three variations' cameras, as the spec means them: 1 the main exterior three-quarter view from the
 * south-west; 2 a clearly different camera, the opposite (north-east) corner from lower down; 3 the first camera
 * again (the variation changes the time of day, not the view).
 */
export function defaultCameras(scene: Scene): [SceneCamera, SceneCamera, SceneCamera] {
  const main = orbitCamera(scene, [-1, 0.75, 1]);
  const opposite = orbitCamera(scene, [1, 0.35, -1]);
  return [main, opposite, { ...main, position: [...main.position], target: [...main.target] }];
}

/**
 * Standing in a room at eye height: at one end of the room's longer side, looking along it toward the far end.
 * Falls back on the room's centre when the chosen spot is outside an irregular outline.
 */
export function roomCamera(room: SceneRoom): SceneCamera {
  const xs = room.outline.map((p) => p[0]);
  const zs = room.outline.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const cx = (x0 + x1) / 2;
  const cz = (z0 + z1) / 2;
  const alongX = x1 - x0 >= z1 - z0;
  let from: [number, number] = alongX ? [x0 + (x1 - x0) * 0.12, cz] : [cx, z1 - (z1 - z0) * 0.12];
  let to: [number, number] = alongX ? [x1, cz] : [cx, z0];
  if (!pointInPolygon(from, room.outline)) {
    const centroid = outlineCentroid(room.outline);
    from = centroid;
    to = alongX ? [x1, centroid[1]] : [centroid[0], z0];
  }
  return {
    position: [from[0], EYE_HEIGHT, from[1]],
    target: [to[0], EYE_HEIGHT, to[1]],
    fovDeg: INTERIOR_FOV_DEG,
  };
}

function outlineCentroid(outline: [number, number][]): [number, number] {
  let sx = 0;
  let sz = 0;
  for (const [x, z] of outline) {
    sx += x;
    sz += z;
  }
  return [sx / outline.length, sz / outline.length];
}
