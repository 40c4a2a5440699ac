/**
 * The scene seen from a camera as a clean line drawing (and a depth image): what image models conditioned on
 * structure are given, so a render keeps the building's geometry from that camera instead of re-imagining a plan.
 * Hidden lines are removed: triangles are rasterised into a depth buffer that also keeps which surface (plane) each
 * pixel shows, and a line is drawn where that surface changes: silhouettes, creases, the edges of openings. Pure
 * and deterministic; no WebGL.
 */
import type { SceneCamera } from './cameras';
import { MATERIALS, type MaterialName, sceneLayers } from './nodes';
import type { Scene, Vec3 } from './types';
import { cross3 as cross, dot3 as dot, sub3 as sub, unit3 as unit } from './vec3';

export interface LineRender {
  width: number;
  height: number;
  /** One byte a pixel: 0 where a line is, 255 elsewhere (dark lines on white). */
  lines: Uint8Array;
  /** One byte a pixel: near surfaces bright, far ones dark, nothing (sky) 0. */
  depth: Uint8Array;
}

export interface LineRenderOptions {
  width: number;
  height: number;
  /** Line width in pixels (lines are drawn on both sides of an edge from this width on). */
  lineWidth?: number;
  /** Leave out these layers (the roof, for a view from inside). */
  without?: MaterialName[];
}

type V3 = Vec3;

export function renderLines(scene: Scene, camera: SceneCamera, options: LineRenderOptions): LineRender {
  const { width: W, height: H } = options;
  const forward = unit(sub(camera.target, camera.position));
  const right = unit(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const focal = H / 2 / Math.tan((camera.fovDeg * Math.PI) / 360);
  const near = 0.05;
  // Camera space: x right, y up, z forward (depth).
  const toCamera = (p: V3): V3 => {
    const d = sub(p, camera.position);
    return [dot(d, right), dot(d, up), dot(d, forward)];
  };

  const depth = new Float32Array(W * H).fill(Number.POSITIVE_INFINITY);
  const surface = new Int32Array(W * H).fill(-1);
  const planes = new Map<string, number>();
  const layers = sceneLayers(scene);
  const skip = new Set(options.without ?? []);

  for (const material of MATERIALS) {
    if (skip.has(material.name)) continue;
    const mesh = layers[material.name];
    for (let t = 0; t < mesh.indices.length; t += 3) {
      const world = [0, 1, 2].map((k) => {
        const i = mesh.indices[t + k]! * 3;
        return [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!] as V3;
      });
      // The triangle's plane, quantised: coplanar triangles of one face (and flush faces) share a surface.
      const n = unit(cross(sub(world[1]!, world[0]!), sub(world[2]!, world[0]!)));
      const key = `${material.name}:${Math.round(n[0] * 50)},${Math.round(n[1] * 50)},${Math.round(n[2] * 50)},${Math.round(dot(n, world[0]!) * 50)}`;
      let id = planes.get(key);
      if (id === undefined) {
        id = planes.size;
        planes.set(key, id);
      }
      for (const polygon of clipNear(world.map(toCamera), near)) {
        const screen = polygon.map(
          ([x, y, z]) => [W / 2 + (x * focal) / z, H / 2 - (y * focal) / z, z] as V3,
        );
        for (let k = 1; k + 1 < screen.length; k++)
          fill(screen[0]!, screen[k]!, screen[k + 1]!, id, W, H, depth, surface);
      }
    }
  }

  const lines = new Uint8Array(W * H).fill(255);
  const edge = (a: number, b: number) => {
    if (surface[a] === surface[b]) return false;
    return surface[a]! >= 0 || surface[b]! >= 0;
  };
  const half = Math.max(0, Math.floor(((options.lineWidth ?? 2) - 1) / 2));
  const mark = (x: number, y: number) => {
    for (let dy = -half; dy <= half; dy++)
      for (let dx = -half; dx <= half; dx++) {
        const px = x + dx;
        const py = y + dy;
        if (px >= 0 && py >= 0 && px < W && py < H) lines[py * W + px] = 0;
      }
  };
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      // The nearer of the two pixels carries the line, so a silhouette sits on the building, not beside it.
      if (x + 1 < W && edge(i, i + 1)) depth[i]! <= depth[i + 1]! ? mark(x, y) : mark(x + 1, y);
      if (y + 1 < H && edge(i, i + W)) depth[i]! <= depth[i + W]! ? mark(x, y) : mark(x, y + 1);
    }

  let nearest = Number.POSITIVE_INFINITY;
  let farthest = 0;
  for (const d of depth)
    if (Number.isFinite(d)) {
      nearest = Math.min(nearest, d);
      farthest = Math.max(farthest, d);
    }
  const shades = new Uint8Array(W * H);
  const span = Math.max(farthest - nearest, 1e-6);
  for (let i = 0; i < depth.length; i++)
    if (Number.isFinite(depth[i]!)) shades[i] = Math.round(255 - ((depth[i]! - nearest) / span) * 223);
  return { width: W, height: H, lines, depth: shades };
}

/** The part of a triangle (camera space) in front of the near plane, as a convex polygon (or nothing). */
function clipNear(points: V3[], near: number): V3[][] {
  const out: V3[] = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const aIn = a[2] >= near;
    const bIn = b[2] >= near;
    if (aIn) out.push(a);
    if (aIn !== bIn) {
      const t = (near - a[2]) / (b[2] - a[2]);
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, near]);
    }
  }
  return out.length >= 3 ? [out] : [];
}

/** Fills a screen triangle into the depth and surface buffers (depth interpolated as 1/z, perspective-correct). */
function fill(
  a: V3,
  b: V3,
  c: V3,
  id: number,
  W: number,
  H: number,
  depth: Float32Array,
  surface: Int32Array,
) {
  const minX = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
  const maxX = Math.min(W - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
  const minY = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
  const maxY = Math.min(H - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
  const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  if (Math.abs(area) < 1e-9 || minX > maxX || minY > maxY) return;
  const [ia, ib, ic] = [1 / a[2], 1 / b[2], 1 / c[2]];
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5;
      const w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
      const w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      const z = 1 / (w0 * ia + w1 * ib + w2 * ic);
      const i = y * W + x;
      if (z < depth[i]! - 1e-5) {
        depth[i] = z;
        surface[i] = id;
      }
    }
  }
}
