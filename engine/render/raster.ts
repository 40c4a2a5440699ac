/** A small software rasteriser: cameras, near-plane clipping, a z-buffer with triangle ids, and depth-only maps. */
import type { Mesh } from './scene';

export type Vec3 = [number, number, number];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const normalize = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

export interface Camera {
  kind: 'ortho' | 'persp';
  eye: Vec3;
  /** Right, up and forward unit vectors. */
  r: Vec3;
  u: Vec3;
  f: Vec3;
  /** Pixels per metre (ortho) or focal length in pixels (perspective). */
  scale: number;
  /** Screen position of the view axis. */
  cx: number;
  cy: number;
  width: number;
  height: number;
  near: number;
}

/** Direction from the target towards the camera for an azimuth (degrees, 0 = from +x, 90 = from +y) and elevation. */
export function directionFrom(azimuthDeg: number, elevationDeg: number): Vec3 {
  const az = (azimuthDeg * Math.PI) / 180;
  const el = (elevationDeg * Math.PI) / 180;
  return [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)];
}

/**
 * A camera looking at `box` from (azimuth, elevation), framed so the box's corners fill the image less a margin.
 * `distance` (perspective) is in multiples of the box's radius.
 */
export function fitCamera(
  box: Mesh['box'],
  opts: {
    kind: 'ortho' | 'persp';
    azimuth: number;
    elevation: number;
    distance?: number;
    margin: number;
    width: number;
    height: number;
    lookDown?: number;
  },
): Camera {
  const target: Vec3 = [
    (box.minX + box.maxX) / 2,
    (box.minY + box.maxY) / 2,
    (box.minZ + box.maxZ) * (opts.lookDown ?? 0.35),
  ];
  const radius = Math.hypot(box.maxX - box.minX, box.maxY - box.minY, box.maxZ - box.minZ) / 2;
  const dir = directionFrom(opts.azimuth, opts.elevation);
  const dist = opts.kind === 'persp' ? radius * (opts.distance ?? 2.6) : radius * 4;
  const eye: Vec3 = [target[0] + dir[0] * dist, target[1] + dir[1] * dist, target[2] + dir[2] * dist];
  const f = normalize(sub(target, eye));
  const r = normalize(cross(f, [0, 0, 1]));
  const u = cross(r, f);
  const cam: Camera = {
    kind: opts.kind,
    eye,
    r,
    u,
    f,
    scale: 1,
    cx: 0,
    cy: 0,
    width: opts.width,
    height: opts.height,
    near: 0.05,
  };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const x of [box.minX, box.maxX]) {
    for (const y of [box.minY, box.maxY]) {
      for (const z of [box.minZ, box.maxZ]) {
        const v = sub([x, y, z], eye);
        const zv = dot(v, f);
        const k = opts.kind === 'persp' ? 1 / Math.max(zv, 1e-6) : 1;
        const px = dot(v, r) * k;
        const py = dot(v, u) * k;
        minX = Math.min(minX, px);
        maxX = Math.max(maxX, px);
        minY = Math.min(minY, py);
        maxY = Math.max(maxY, py);
      }
    }
  }
  const usableW = opts.width * (1 - 2 * opts.margin);
  const usableH = opts.height * (1 - 2 * opts.margin);
  cam.scale = Math.min(usableW / Math.max(maxX - minX, 1e-9), usableH / Math.max(maxY - minY, 1e-9));
  cam.cx = opts.width / 2 - ((minX + maxX) / 2) * cam.scale;
  cam.cy = opts.height / 2 + ((minY + maxY) / 2) * cam.scale;
  return cam;
}

/** A perspective camera from an eye towards a target (world metres, z up) with a vertical field of view. */
export function lookAtCamera(eye: Vec3, target: Vec3, fovDeg: number, width: number, height: number): Camera {
  const f = normalize(sub(target, eye));
  const helper: Vec3 = Math.abs(f[2]) > 0.999 ? [0, 1, 0] : [0, 0, 1];
  const r = normalize(cross(f, helper));
  const u = cross(r, f);
  const scale = height / 2 / Math.tan((fovDeg * Math.PI) / 360);
  return { kind: 'persp', eye, r, u, f, scale, cx: width / 2, cy: height / 2, width, height, near: 0.05 };
}

/** An orthographic camera looking along `dir` (towards the scene) that covers `box`, for shadow maps. */
export function lightCamera(box: Mesh['box'], towardsLight: Vec3, size: number): Camera {
  const target: Vec3 = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2, (box.minZ + box.maxZ) / 2];
  const radius = Math.hypot(box.maxX - box.minX, box.maxY - box.minY, box.maxZ - box.minZ) / 2;
  const eye: Vec3 = [
    target[0] + towardsLight[0] * radius * 4,
    target[1] + towardsLight[1] * radius * 4,
    target[2] + towardsLight[2] * radius * 4,
  ];
  const f = normalize(sub(target, eye));
  const helper: Vec3 = Math.abs(f[2]) > 0.99 ? [0, 1, 0] : [0, 0, 1];
  const r = normalize(cross(f, helper));
  const u = cross(r, f);
  const scale = size / (2 * radius * 1.05);
  return {
    kind: 'ortho',
    eye,
    r,
    u,
    f,
    scale,
    cx: size / 2,
    cy: size / 2,
    width: size,
    height: size,
    near: 0,
  };
}

/** World → screen: [sx, sy, depth] with depth larger for nearer points (−z for ortho, 1/z for perspective). */
export function project(cam: Camera, x: number, y: number, z: number): [number, number, number] {
  const vx = x - cam.eye[0];
  const vy = y - cam.eye[1];
  const vz = z - cam.eye[2];
  const xv = vx * cam.r[0] + vy * cam.r[1] + vz * cam.r[2];
  const yv = vx * cam.u[0] + vy * cam.u[1] + vz * cam.u[2];
  const zv = vx * cam.f[0] + vy * cam.f[1] + vz * cam.f[2];
  if (cam.kind === 'ortho') return [cam.cx + xv * cam.scale, cam.cy - yv * cam.scale, -zv];
  const inv = 1 / zv;
  return [cam.cx + xv * inv * cam.scale, cam.cy - yv * inv * cam.scale, inv];
}

/** Screen pixel centre + depth → world position. */
export function unproject(cam: Camera, sx: number, sy: number, depth: number, out: Vec3): Vec3 {
  let xv: number;
  let yv: number;
  let zv: number;
  if (cam.kind === 'ortho') {
    xv = (sx - cam.cx) / cam.scale;
    yv = (cam.cy - sy) / cam.scale;
    zv = -depth;
  } else {
    zv = 1 / depth;
    xv = ((sx - cam.cx) / cam.scale) * zv;
    yv = ((cam.cy - sy) / cam.scale) * zv;
  }
  out[0] = cam.eye[0] + cam.r[0] * xv + cam.u[0] * yv + cam.f[0] * zv;
  out[1] = cam.eye[1] + cam.r[1] * xv + cam.u[1] * yv + cam.f[1] * zv;
  out[2] = cam.eye[2] + cam.r[2] * xv + cam.u[2] * yv + cam.f[2] * zv;
  return out;
}

/**
 * The world point seen at a pixel of one image row and a depth: `unproject` at pixel centres, with the row's terms
 * worked out once (the shading pass asks for a million points a frame).
 */
export class RowUnprojector {
  readonly point: Vec3 = [0, 0, 0];
  private readonly persp: boolean;
  private readonly ex: number;
  private readonly ey: number;
  private readonly ez: number;
  /** Change of the point (ortho) or the ray (perspective) per pixel along the row. */
  private readonly rx: number;
  private readonly ry: number;
  private readonly rz: number;
  /** The point (ortho, at depth 0) or the ray (perspective) at the row's pixel 0. */
  private readonly bx: number;
  private readonly by: number;
  private readonly bz: number;
  private readonly fx: number;
  private readonly fy: number;
  private readonly fz: number;
  constructor(cam: Camera, py: number) {
    const x0 = (0.5 - cam.cx) / cam.scale;
    const yv = (cam.cy - py - 0.5) / cam.scale;
    this.persp = cam.kind === 'persp';
    [this.ex, this.ey, this.ez] = cam.eye;
    [this.fx, this.fy, this.fz] = cam.f;
    this.rx = cam.r[0] / cam.scale;
    this.ry = cam.r[1] / cam.scale;
    this.rz = cam.r[2] / cam.scale;
    const start = this.persp ? cam.f : cam.eye;
    this.bx = start[0] + cam.r[0] * x0 + cam.u[0] * yv;
    this.by = start[1] + cam.r[1] * x0 + cam.u[1] * yv;
    this.bz = start[2] + cam.r[2] * x0 + cam.u[2] * yv;
  }

  /** The point at pixel px (of this row) and depth (the frame's: 1/z in perspective, −z in ortho). */
  at(px: number, depth: number): Vec3 {
    const p = this.point;
    if (this.persp) {
      const zv = 1 / depth;
      p[0] = this.ex + (this.bx + this.rx * px) * zv;
      p[1] = this.ey + (this.by + this.ry * px) * zv;
      p[2] = this.ez + (this.bz + this.rz * px) * zv;
    } else {
      p[0] = this.bx + this.rx * px - this.fx * depth;
      p[1] = this.by + this.ry * px - this.fy * depth;
      p[2] = this.bz + this.rz * px - this.fz * depth;
    }
    return p;
  }
}

export interface Frame {
  width: number;
  height: number;
  depth: Float32Array;
  /** Triangle index per pixel, −1 for none. */
  tri: Int32Array;
}

function drawTriangle(
  frame: Frame,
  x0: number,
  y0: number,
  d0: number,
  x1: number,
  y1: number,
  d1: number,
  x2: number,
  y2: number,
  d2: number,
  id: number,
) {
  const { width: W, height: H, depth, tri } = frame;
  let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (area === 0 || !Number.isFinite(area)) return;
  if (area < 0) {
    // Make the winding positive so the edge functions are positive inside.
    let t = x1;
    x1 = x2;
    x2 = t;
    t = y1;
    y1 = y2;
    y2 = t;
    t = d1;
    d1 = d2;
    d2 = t;
    area = -area;
  }
  const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
  const maxX = Math.min(W - 1, Math.ceil(Math.max(x0, x1, x2)));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
  const maxY = Math.min(H - 1, Math.ceil(Math.max(y0, y1, y2)));
  if (minX > maxX || minY > maxY) return;
  const inv = 1 / area;
  // Edge function coefficients: w = A x + B y + C.
  const A0 = y1 - y2;
  const B0 = x2 - x1;
  const C0 = x1 * y2 - x2 * y1;
  const A1 = y2 - y0;
  const B1 = x0 - x2;
  const C1 = x2 * y0 - x0 * y2;
  const A2 = y0 - y1;
  const B2 = x1 - x0;
  const C2 = x0 * y1 - x1 * y0;
  const eps = -1e-7 * area;
  for (let py = minY; py <= maxY; py++) {
    const cy = py + 0.5;
    // The row's span inside all three edges, widened by a pixel each side: the per-pixel test below decides.
    let from = minX;
    let to = maxX;
    for (let e = 0; e < 3; e++) {
      const A = e === 0 ? A0 : e === 1 ? A1 : A2;
      const rest = (e === 0 ? B0 * cy + C0 : e === 1 ? B1 * cy + C1 : B2 * cy + C2) - eps;
      if (A > 0) from = Math.max(from, Math.floor(-rest / A - 0.5) - 1);
      else if (A < 0) to = Math.min(to, Math.ceil(-rest / A - 0.5) + 1);
      else if (rest < 0) to = from - 1;
    }
    const sx = from + 0.5;
    let w0 = A0 * sx + B0 * cy + C0;
    let w1 = A1 * sx + B1 * cy + C1;
    let w2 = A2 * sx + B2 * cy + C2;
    let row = py * W + from;
    for (let px = from; px <= to; px++, row++, w0 += A0, w1 += A1, w2 += A2) {
      if (w0 < eps || w1 < eps || w2 < eps) continue;
      const d = (w0 * d0 + w1 * d1 + w2 * d2) * inv;
      if (d > depth[row]!) {
        depth[row] = d;
        tri[row] = id;
      }
    }
  }
}

/**
 * Rasterises the mesh through the camera. Back faces are culled using face normals (except two-sided materials);
 * triangles crossing the near plane are clipped.
 */
export function rasterize(
  mesh: Mesh,
  cam: Camera,
  opts: { twoSided?: (mat: number) => boolean; skip?: (mat: number) => boolean } = {},
): Frame {
  const frame: Frame = {
    width: cam.width,
    height: cam.height,
    depth: new Float32Array(cam.width * cam.height).fill(Number.NEGATIVE_INFINITY),
    tri: new Int32Array(cam.width * cam.height).fill(-1),
  };
  const { pos, normal, mat } = mesh;
  const vs: number[][] = [[], [], []];
  for (let t = 0; t < mesh.count; t++) {
    const m = mat[t]!;
    if (opts.skip?.(m)) continue;
    const o = t * 9;
    const nx = normal[t * 3]!;
    const ny = normal[t * 3 + 1]!;
    const nz = normal[t * 3 + 2]!;
    if (!opts.twoSided?.(m)) {
      const facing =
        cam.kind === 'ortho'
          ? nx * cam.f[0] + ny * cam.f[1] + nz * cam.f[2]
          : nx * (pos[o]! - cam.eye[0]) + ny * (pos[o + 1]! - cam.eye[1]) + nz * (pos[o + 2]! - cam.eye[2]);
      if (facing >= 0) continue;
    }
    if (cam.kind === 'ortho') {
      const a = project(cam, pos[o]!, pos[o + 1]!, pos[o + 2]!);
      const b = project(cam, pos[o + 3]!, pos[o + 4]!, pos[o + 5]!);
      const c = project(cam, pos[o + 6]!, pos[o + 7]!, pos[o + 8]!);
      drawTriangle(frame, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], t);
      continue;
    }
    // Perspective: clip against the near plane in view space.
    let inside = 0;
    for (let k = 0; k < 3; k++) {
      const x = pos[o + k * 3]!;
      const y = pos[o + k * 3 + 1]!;
      const z = pos[o + k * 3 + 2]!;
      const zv = (x - cam.eye[0]) * cam.f[0] + (y - cam.eye[1]) * cam.f[1] + (z - cam.eye[2]) * cam.f[2];
      vs[k] = [x, y, z, zv];
      if (zv >= cam.near) inside++;
    }
    if (inside === 0) continue;
    let poly = vs;
    if (inside < 3) {
      const out: number[][] = [];
      for (let k = 0; k < 3; k++) {
        const p = vs[k]!;
        const q = vs[(k + 1) % 3]!;
        const pin = p[3]! >= cam.near;
        const qin = q[3]! >= cam.near;
        if (pin) out.push(p);
        if (pin !== qin) {
          const s = (cam.near - p[3]!) / (q[3]! - p[3]!);
          out.push([
            p[0]! + (q[0]! - p[0]!) * s,
            p[1]! + (q[1]! - p[1]!) * s,
            p[2]! + (q[2]! - p[2]!) * s,
            cam.near,
          ]);
        }
      }
      poly = out;
    }
    const pr = poly.map((p) => project(cam, p[0]!, p[1]!, p[2]!));
    for (let k = 1; k + 1 < pr.length; k++) {
      const a = pr[0]!;
      const b = pr[k]!;
      const c = pr[k + 1]!;
      drawTriangle(frame, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], t);
    }
  }
  return frame;
}
