/**
 * Cameras on the scene, in its metres (Y up, north = −z): the three default views the variations are rendered
 * from, a view from inside a room at eye height, and the fitting rule they share. Pure; the viewer, the renderer
 * and the conditioning images all use these.
 */
import { VARIATION_NUMBERS, VARIATIONS, type VariationCamera, type VariationNumber } from '../domain';
import { pointInPolygon } from '../plan/geometry';
import type { Scene, SceneRoom, Vec3 } from './types';
import { cross3, dot3, sub3, unit3 } from './vec3';

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

/**
 * A camera looking at the scene's centre from a direction (x, y, z; any length), as close as it can stand with
 * every corner of the scene's bounds in view with a margin (the bounding sphere's distance is the upper bound).
 */
export function orbitCamera(
  scene: Scene,
  direction: Vec3,
  fovDeg = DEFAULT_FOV_DEG,
  aspect = 1,
): SceneCamera {
  const c = sceneCentre(scene);
  const target: Vec3 = [c[0], Math.min(c[1], scene.storeyHeight * 0.45), c[2]];
  const length = Math.hypot(...direction) || 1;
  const unitDir: Vec3 = [direction[0] / length, direction[1] / length, direction[2] / length];
  const at = (d: number): Vec3 => [
    target[0] + unitDir[0] * d,
    target[1] + unitDir[1] * d,
    target[2] + unitDir[2] * d,
  ];
  const margin = 0.9;
  let far = fitDistance(sceneRadius(scene), fovDeg, aspect);
  let near = far * 0.2;
  for (let i = 0; i < 40; i++) {
    const mid = (near + far) / 2;
    if (cornersFit(scene, { position: at(mid), target, fovDeg }, aspect, margin)) far = mid;
    else near = mid;
  }
  return { position: at(far), target, fovDeg };
}

/** Whether every corner of the scene's bounds is inside `margin` of the camera's view (aspect = width / height). */
export function cornersFit(scene: Scene, camera: SceneCamera, aspect = 1, margin = 1): boolean {
  const f = unit3(sub3(camera.target, camera.position));
  const r = unit3(cross3(f, [0, 1, 0]));
  const u = cross3(r, f);
  const tanV = Math.tan((camera.fovDeg * Math.PI) / 360) * margin;
  const tanH = tanV * aspect;
  const { min, max } = scene.bounds;
  for (const x of [min[0], max[0]])
    for (const y of [min[1], max[1]])
      for (const z of [min[2], max[2]]) {
        const v = sub3([x, y, z], camera.position);
        const depth = dot3(v, f);
        if (depth <= 0 || Math.abs(dot3(v, r)) / depth > tanH || Math.abs(dot3(v, u)) / depth > tanV)
          return false;
      }
  return true;
}

/**
 * Where the default cameras look from: `main` the exterior three-quarter view from the south-west and above,
 * `opposite` a clearly different view from the north-east corner, lower down.
 */
const CAMERA_DIRECTIONS: Record<VariationCamera, Vec3> = { main: [-1, 0.75, 1], opposite: [1, 0.35, -1] };

/** The default camera of one variation, by the variation's camera rule (shared/domain.ts). */
export const variationCamera = (scene: Scene, variation: VariationNumber): SceneCamera =>
  orbitCamera(scene, CAMERA_DIRECTIONS[VARIATIONS[variation].camera]);

/** Every variation's default camera (each its own object, so moving one moves no other). */
export function defaultCameras(scene: Scene): Record<VariationNumber, SceneCamera> {
  return Object.fromEntries(VARIATION_NUMBERS.map((n) => [n, variationCamera(scene, n)])) as Record<
    VariationNumber,
    SceneCamera
  >;
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
  const eye = (room.elevation ?? 0) + EYE_HEIGHT;
  return {
    position: [from[0], eye, from[1]],
    target: [to[0], eye, to[1]],
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

/**
 * Where an interior is seen from when no camera was placed: standing at eye height in the largest room (`roomCamera`),
 * in the next largest for variation 2 (the variation of the camera); none when the model has no rooms.
 */
export function interiorCamera(
  scene: Pick<Scene, 'rooms'>,
  variation: VariationNumber,
): SceneCamera | undefined {
  if (scene.rooms.length === 0) return undefined;
  const bySize = [...scene.rooms].sort((a, b) => b.areaM2 - a.areaM2);
  return roomCamera(bySize[variation === 2 ? Math.min(1, bySize.length - 1) : 0]!);
}
