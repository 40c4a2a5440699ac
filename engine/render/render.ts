/**
 * The local renderer: plan → massing mesh → z-buffer rasterisation → deferred shading (sun with a PCF shadow map,
 * hemisphere ambient, cheap ambient occlusion from the plan's wall distance, procedural materials, interior lamps
 * and window glow, sky and fog) → anti-aliasing or a watercolour treatment → PNG. Deterministic: the only
 * randomness is hashed from the input and the variation.
 */

import sharp from 'sharp';
import type { RenderStyle, VariationNumber } from '../../shared/domain';
import { pointInPolygon } from '../../shared/plan/geometry';
import type { SceneSettings } from '../../shared/prompt/scene-settings';
import { interiorCamera, type SceneCamera } from '../../shared/scene/cameras';
import type { Scene } from '../../shared/scene/types';
import type { Plan } from '../plan/build-plan';
import { gridCellIndex } from './grid-cell';
import { modelPlan } from './model-plan';
import { fbm, mix, noise2, rand2, sceneSeed, smoothstep } from './noise';
import { describeRender, lookWithSettings, roofFor } from './prompt-look';
import {
  type Camera,
  directionFrom,
  type Frame,
  fitCamera,
  lightCamera,
  lookAtCamera,
  project,
  rasterize,
  unproject,
  type Vec3,
} from './raster';
import { buildMesh, FLOOR_LEVEL, MAT, MAT_CLASS, type Mesh } from './scene';
import { hex, type Look, lookFor, type RGB } from './styles';
import { sceneToWorld, viewpointOf, worldCamera, worldToScene } from './view-camera';
import { watercolour } from './watercolour';

export interface SceneRender {
  png: Buffer;
  width: number;
  height: number;
  description: string;
  /** Per-pixel class: 0 sky/background, 1 ground, 2 floor/slab, 3 wall (incl. lintels, sills, frames), 4 glass, 5 roof. */
  classes: Uint8Array;
  /** A point of the 3D model (scene metres, Y up) → image pixel [x, y]. */
  projectScene: (p: Vec3) => [number, number];
  /** Whether that point of the model is the nearest surface at its pixel (not hidden). */
  visible: (p: Vec3) => boolean;
  /** Height of the wall tops in this render (cut-away views cut them), metres above the ground. */
  wallTop: number;
  plan: Plan;
  /**
   * Rendered with the 3D model in the style's own projection (no camera given): the camera on the model nearest
   * to it, for "Open in 3D".
   */
  viewpoint?: SceneCamera;
  timings: Record<string, number>;
}

const SHADOW_SIZE = 1024;
/** zlib level of the PNG: 3 writes a render in about half the time of 6 for 3–8 % more bytes. */
const PNG_COMPRESSION = 3;
/**
 * Styles seen from outside that show the 3D model's roof, as the viewer and the exports do (the prompt may ask for
 * another roof, or none); the isometric and the interior are cut-away views into the rooms.
 */
const ROOFED_STYLES: ReadonlySet<RenderStyle> = new Set(['photorealistic', 'artistic', 'night']);
/** PCF taps looked at before deciding a point is wholly lit or wholly shadowed (the first of POISSON span the disc). */
const EARLY_TAPS = 5;
const POISSON: [number, number][] = [
  [-0.613, 0.617],
  [0.17, -0.04],
  [-0.299, -0.783],
  [0.645, 0.493],
  [-0.651, -0.218],
  [0.421, -0.732],
  [0.931, -0.102],
  [-0.046, 0.976],
  [-0.915, 0.296],
  [0.177, 0.473],
  [0.535, 0.1],
  [-0.318, 0.205],
];
/** Which rotation of the taps a pixel uses: a 4 × 4 ordered dither, so neighbours sample the disc differently. */
const TAP_ROTATION = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
const ROTATED: [number, number][][] = Array.from({ length: 16 }, (_, k) => {
  const a = (k / 16) * Math.PI * 2;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return POISSON.map(([x, y]) => [x * c - y * s, x * s + y * c] as [number, number]);
});

function toneMap(x: number): number {
  // ACES filmic (Narkowicz), then sRGB gamma.
  const v = (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14);
  const c = Math.max(0, Math.min(1, v));
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
}

const TONE_LUT_SIZE = 16384;
const TONE_LUT_MAX = 16;
/** Tone curve as a table over [0, 16] (linear light) → 8-bit sRGB. */
const TONE_LUT = (() => {
  const lut = new Uint8Array(TONE_LUT_SIZE + 1);
  for (let i = 0; i <= TONE_LUT_SIZE; i++)
    lut[i] = Math.round(toneMap(((i + 0.5) / TONE_LUT_SIZE) * TONE_LUT_MAX) * 255);
  return lut;
})();

const FOG_LUT_SIZE = 1024;
/** Optical depth past which fog hides everything (1 − e^−8 ≈ 0.9997). */
const FOG_LUT_MAX = 8;
const FOG_LUT = Float32Array.from(
  { length: FOG_LUT_SIZE + 2 },
  (_, i) => 1 - Math.exp((-i / FOG_LUT_SIZE) * FOG_LUT_MAX),
);

/** Share of a surface's colour fog hides at an optical depth (distance × density): 1 − e^−depth, from a table. */
function fogAmount(depth: number): number {
  const u = (depth / FOG_LUT_MAX) * FOG_LUT_SIZE;
  if (u >= FOG_LUT_SIZE) return FOG_LUT[FOG_LUT_SIZE]!;
  const i = Math.floor(u);
  const a = FOG_LUT[i]!;
  return a + (FOG_LUT[i + 1]! - a) * (u - i);
}

interface Ctx {
  look: Look;
  plan: Plan;
  mesh: Mesh;
  cam: Camera;
  sunDir: Vec3;
  shadowCam: Camera;
  shadow: Frame;
  glow: Float32Array;
  seed: number;
  top: number;
}

/** Warm light spilling out of windows onto the ground around them, on the plan grid. */
function windowGlow(plan: Plan): Float32Array {
  const g = plan.grid;
  const glow = new Float32Array(g.w * g.h);
  const R = 2.5;
  const rc = Math.ceil(R / g.cell);
  for (const o of plan.openings) {
    if (o.kind !== 'window') continue;
    const mx = (o.x1 + o.x2) / 2;
    const my = (o.y1 + o.y2) / 2;
    const len = Math.hypot(o.x2 - o.x1, o.y2 - o.y1);
    const gx = Math.floor((mx - g.ox) / g.cell);
    const gy = Math.floor((my - g.oy) / g.cell);
    for (let y = Math.max(0, gy - rc); y <= Math.min(g.h - 1, gy + rc); y++) {
      for (let x = Math.max(0, gx - rc); x <= Math.min(g.w - 1, gx + rc); x++) {
        const d = Math.hypot(g.ox + (x + 0.5) * g.cell - mx, g.oy + (y + 0.5) * g.cell - my);
        if (d < R) glow[y * g.w + x] = glow[y * g.w + x]! + (1 - d / R) ** 2 * Math.min(1.5, len / 1.2);
      }
    }
  }
  return glow;
}

function shadowAt(ctx: Ctx, x: number, y: number, z: number, radius: number, px: number, py: number): number {
  const c = ctx.shadowCam;
  const vx = x - c.eye[0];
  const vy = y - c.eye[1];
  const vz = z - c.eye[2];
  const sx = c.cx + (vx * c.r[0] + vy * c.r[1] + vz * c.r[2]) * c.scale;
  const sy = c.cy - (vx * c.u[0] + vy * c.u[1] + vz * c.u[2]) * c.scale;
  const d = -(vx * c.f[0] + vy * c.f[1] + vz * c.f[2]);
  const S = ctx.shadow.width;
  if (sx < 0 || sy < 0 || sx >= S || sy >= S) return 1;
  const taps = ROTATED[TAP_ROTATION[(px & 3) | ((py & 3) << 2)]!]!;
  const depth = ctx.shadow.depth;
  const limit = d + 0.03;
  let lit = 0;
  for (let k = 0; k < taps.length; k++) {
    const tap = taps[k]!;
    const tx = Math.floor(sx + tap[0] * radius);
    const ty = Math.floor(sy + tap[1] * radius);
    if (tx < 0 || ty < 0 || tx >= S || ty >= S || depth[ty * S + tx]! <= limit) lit++;
    // Most points are wholly lit or wholly in shadow: when the first taps, spread over the kernel, agree, so do the rest.
    if (k === EARLY_TAPS - 1 && (lit === 0 || lit === EARLY_TAPS)) return lit / EARLY_TAPS;
  }
  return lit / taps.length;
}

/** Procedural material colour (linear RGB) at a world point. */
function albedo(
  ctx: Ctx,
  mat: number,
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
  out: number[],
) {
  const { palette, detail } = ctx.look;
  const seed = ctx.seed;
  let c: RGB;
  let k = 1;
  switch (mat) {
    case MAT.wall: {
      c = palette.wall;
      if (ctx.look.brick && Math.abs(nz) < 0.5) {
        const u = x * -ny + y * nx;
        const v = z - FLOOR_LEVEL;
        const course = 0.075;
        const row = Math.floor(v / course);
        const fv = v / course - row;
        const bu = u / 0.23 + (row & 1) * 0.5;
        const brick = Math.floor(bu);
        const fu = bu - brick;
        if (fv < 0.13 || fu < 0.045) {
          out[0] = 0.42;
          out[1] = 0.4;
          out[2] = 0.37;
          return;
        }
        k = 0.78 + 0.34 * rand2(brick, row, seed) + 0.08 * (noise2(u * 40, v * 40, seed) - 0.5);
      } else {
        k = 0.95 + 0.05 * fbm(x * 3 + y * 3, z * 3, 2, seed);
        if (detail === 'rich') k *= 0.97 + 0.03 * noise2((x + y) * 25, z * 25, seed + 3);
      }
      break;
    }
    case MAT.wallTop:
      c = palette.wallTop;
      k = 0.95 + 0.05 * noise2(x * 20, y * 20, seed + 5);
      break;
    case MAT.floor: {
      c = palette.floor;
      if (detail === 'rich' && nz > 0.5) {
        const w = 0.16;
        const row = Math.floor(y / w);
        const fy = y / w - row;
        const off = rand2(row, 11, seed) * 2.4;
        const plank = Math.floor((x + off) / 1.2);
        const fx = (x + off) / 1.2 - plank;
        if (fy < 0.05 || fx < 0.006) k = 0.55;
        else k = 0.82 + 0.3 * rand2(plank, row, seed + 1) + 0.1 * (noise2(x * 3, y * 60, seed + 2) - 0.5);
      } else {
        k = 0.92 + 0.08 * fbm(x * 2, y * 2, 2, seed + 4);
      }
      break;
    }
    case MAT.ground: {
      const n = fbm(x * 0.35, y * 0.35, 2, seed + 6);
      const pg = ctx.look.palette.ground;
      const pa = ctx.look.palette.groundAlt;
      const t = smoothstep(0.3, 0.75, n);
      out[0] = mix(pg[0], pa[0], t);
      out[1] = mix(pg[1], pa[1], t);
      out[2] = mix(pg[2], pa[2], t);
      if (detail === 'rich') {
        const f = 0.85 + 0.3 * noise2(x * 9, y * 9, seed + 8);
        out[0] *= f;
        out[1] *= f;
        out[2] *= f;
      }
      return;
    }
    case MAT.slabSide:
      c = palette.slab;
      k = 0.9 + 0.1 * noise2(x * 15 + y * 15, z * 15, seed + 9);
      break;
    case MAT.glass:
      c = palette.glass;
      break;
    case MAT.ceiling:
      c = PLASTER;
      k = 0.97 + 0.03 * noise2(x * 4, y * 4, seed + 14);
      break;
    case MAT.roof: {
      c = palette.roof;
      if (ctx.look.roofCourses && nz < 0.95) {
        // Courses along the slope: a darker line at each one, and a little variation from tile to tile.
        const course = 0.22;
        const row = Math.floor(z / (course * Math.max(0.3, Math.abs(nz))));
        const f = z / (course * Math.max(0.3, Math.abs(nz))) - row;
        k = f < 0.12 ? 0.6 : 0.85 + 0.25 * rand2(Math.floor((x + y) / 0.3), row, seed + 12);
      } else k = 0.9 + 0.1 * fbm(x * 1.5, y * 1.5, 2, seed + 13);
      break;
    }
    default:
      c = palette.frame;
  }
  out[0] = c[0] * k;
  out[1] = c[1] * k;
  out[2] = c[2] * k;
}

function skyColour(ctx: Ctx, px: number, py: number, out: number[]) {
  const { sky } = ctx.look;
  const { cam } = ctx;
  if (sky.kind !== 'sky' || cam.kind !== 'persp') {
    const t = smoothstep(0, 1, py / cam.height);
    out[0] = mix(sky.zenith[0], sky.horizon[0], t);
    out[1] = mix(sky.zenith[1], sky.horizon[1], t);
    out[2] = mix(sky.zenith[2], sky.horizon[2], t);
    return;
  }
  const xv = (px + 0.5 - cam.cx) / cam.scale;
  const yv = (cam.cy - py - 0.5) / cam.scale;
  let dx = cam.f[0] + cam.r[0] * xv + cam.u[0] * yv;
  let dy = cam.f[1] + cam.r[1] * xv + cam.u[1] * yv;
  let dz = cam.f[2] + cam.r[2] * xv + cam.u[2] * yv;
  const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
  dx /= l;
  dy /= l;
  dz /= l;
  if (dz < 0) {
    // Below the horizon, beyond the ground plate: the haze.
    out[0] = ctx.look.fog.color[0];
    out[1] = ctx.look.fog.color[1];
    out[2] = ctx.look.fog.color[2];
    return;
  }
  const t = smoothstep(0, 0.55, dz);
  const s = Math.max(0, dx * ctx.sunDir[0] + dy * ctx.sunDir[1] + dz * ctx.sunDir[2]);
  const glow = s ** 12 * 0.8 + s ** 400 * 6;
  out[0] = mix(sky.horizon[0], sky.zenith[0], t) + sky.glow[0] * glow;
  out[1] = mix(sky.horizon[1], sky.zenith[1], t) + sky.glow[1] * glow;
  out[2] = mix(sky.horizon[2], sky.zenith[2], t) + sky.glow[2] * glow;
  // Soft clouds in daylight skies.
  if (!sky.stars) {
    const cl =
      smoothstep(0.55, 0.85, fbm((dx / (dz + 0.15)) * 2, (dy / (dz + 0.15)) * 2, 3, ctx.seed + 21)) *
      (1 - t * 0.6);
    out[0] = mix(out[0], sky.horizon[0] * 1.1, cl * 0.6);
    out[1] = mix(out[1], sky.horizon[1] * 1.1, cl * 0.6);
    out[2] = mix(out[2], sky.horizon[2] * 1.1, cl * 0.6);
  } else if (dz > 0.04) {
    const h = rand2(px, py, ctx.seed + 33);
    if (h > 0.9975) {
      const b = (h - 0.9975) * 400 * smoothstep(0.04, 0.3, dz);
      out[0] += b;
      out[1] += b;
      out[2] += b * 1.1;
    }
  }
}

/** Share of the ambient light a ceiling gets back from the sunlit floor and walls below it. */
const CEILING_BOUNCE = 0.9;
/** A ceiling's lamp light, as a share of the lamps' (they hang from it). */
const CEILING_LAMP = 0.6;
/** Ceilings are plastered, whatever the walls are built of. */
const PLASTER = hex('#f1ede4');

/** Whether a camera placed on the model stands in one of its rooms, between the floor and the wall tops. */
function standsInRoom(scene: Scene, camera: SceneCamera): boolean {
  const [x, y, z] = camera.position;
  const wallHeight = scene.walls.reduce((top, w) => Math.max(top, w.height), 0);
  return scene.rooms.some((room) => {
    const floor = room.elevation ?? 0;
    return y > floor && y < floor + wallHeight && pointInPolygon([x, z], room.outline);
  });
}

/** Renders one variation of the 3D model and keeps what tests and the benchmark need (classes, projection, timings). */
export async function renderScene(
  scene: Scene,
  variation: VariationNumber,
  style: RenderStyle,
  size = 1024,
  options: {
    /** A camera on the model to render from (else the style's framing). */
    camera?: SceneCamera;
    /** What the prompt asked for (materials, roof, site, season, time, weather, mood). */
    settings?: SceneSettings;
    /** Without variation 1's emphasis on light and materials: the neutral baseline it is compared with. */
    neutral?: boolean;
  } = {},
): Promise<SceneRender> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };
  const plan = modelPlan(scene);
  lap('plan');
  const settings = options.settings ?? {};
  const styled = lookWithSettings((v) => lookFor(style, v), variation, settings, options.neutral);
  const roof = roofFor(settings, styled, scene.roof && ROOFED_STYLES.has(style) ? 'flat' : undefined);
  const look: Look = roof
    ? { ...styled, palette: { ...styled.palette, roof: roof.colour }, roofCourses: roof.courses }
    : styled;
  // A prompt asking for an interior, with no camera placed: standing in a room, as the viewer's room view does.
  const roomView =
    options.camera || settings.view !== 'interior' ? undefined : interiorCamera(scene, variation);
  const camera = options.camera ?? roomView;
  // A camera standing in a room sees its walls whole and the ceiling over it, whatever the style would cut away.
  const inRoom = camera !== undefined && standsInRoom(scene, camera);
  const mesh = buildMesh(
    plan,
    {
      groundScale: look.groundScale,
      ...(look.cutHeight !== undefined && !inRoom ? { cutHeight: look.cutHeight } : {}),
      ...(roof ? { roof: roof.kind } : {}),
      ...(inRoom ? { ceilings: true } : {}),
    },
    { scene, toWorld: sceneToWorld },
  );
  const W = size;
  const H = size;
  // A camera the user placed on the 3D model (or in a room for an interior), else the style's own framing.
  const placed = camera ? worldCamera(camera) : null;
  const cam = placed
    ? lookAtCamera(placed.eye, placed.target, placed.fovDeg, W, H)
    : fitCamera(mesh.box, { ...look.camera, width: W, height: H });
  const frame = rasterize(mesh, cam, { twoSided: (m) => m === MAT.glass });
  const box = mesh.box;
  const viewpoint = placed
    ? roomView
    : viewpointOf(
        cam,
        [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2, (box.minZ + box.maxZ) / 2],
        worldToScene,
      );
  lap('raster');
  const sunDir = directionFrom(look.sun.azimuth, look.sun.elevation);
  const shadowLen = Math.min(mesh.box.maxZ / Math.tan((Math.max(look.sun.elevation, 5) * Math.PI) / 180), 60);
  const sbox = {
    ...mesh.box,
    minX: mesh.box.minX - shadowLen,
    maxX: mesh.box.maxX + shadowLen,
    minY: mesh.box.minY - shadowLen,
    maxY: mesh.box.maxY + shadowLen,
  };
  const shadowCam = lightCamera(sbox, sunDir, SHADOW_SIZE);
  const shadow = rasterize(mesh, shadowCam, {
    skip: (m) => m === MAT.ground || m === MAT.glass,
    // A ceiling faces down, away from the sun, and still keeps it out of the room.
    twoSided: (m) => m === MAT.ceiling,
  });
  lap('shadow');
  const seed = sceneSeed(scene);
  const ctx: Ctx = {
    look,
    plan,
    mesh,
    cam,
    sunDir,
    shadowCam,
    shadow,
    glow: windowGlow(plan),
    seed,
    top: mesh.wallTop,
  };
  const rgb = new Float32Array(W * H * 3);
  const classes = new Uint8Array(W * H);
  shade(ctx, frame, rgb, classes);
  lap('shade');
  const out = new Uint8ClampedArray(W * H * 3);
  const lutScale = TONE_LUT_SIZE / TONE_LUT_MAX;
  const k = look.exposure * lutScale;
  for (let i = 0; i < rgb.length; i++) {
    const j = rgb[i]! * k;
    out[i] = TONE_LUT[j < 0 ? 0 : j >= TONE_LUT_SIZE ? TONE_LUT_SIZE : Math.floor(j)]!;
  }
  const final = look.watercolour
    ? watercolour(out, frame, mesh, W, H, seed + variation)
    : antialias(out, frame, W, H);
  lap('post');
  const png = await sharp(Buffer.from(final.buffer, final.byteOffset, final.byteLength), {
    raw: { width: W, height: H, channels: 3 },
  })
    .png({ compressionLevel: PNG_COMPRESSION })
    .toBuffer();
  lap('encode');
  const projectScene = (p: Vec3): [number, number] => {
    const [sx, sy] = project(cam, ...sceneToWorld(p));
    return [sx, sy];
  };
  const visible = (p: Vec3) => {
    const [sx, sy, d] = project(cam, ...sceneToWorld(p));
    const px = Math.floor(sx);
    const py = Math.floor(sy);
    if (px < 0 || py < 0 || px >= W || py >= H) return false;
    const buf = frame.depth[py * W + px]!;
    const tol = cam.kind === 'ortho' ? 0.05 : Math.abs(d) * 0.01;
    return d >= buf - tol;
  };
  return {
    png,
    width: W,
    height: H,
    description: describeRender(look.description, settings, variation),
    classes,
    projectScene,
    visible,
    wallTop: mesh.wallTop,
    plan,
    ...(viewpoint ? { viewpoint } : {}),
    timings,
  };
}

function shade(ctx: Ctx, frame: Frame, rgb: Float32Array, classes: Uint8Array) {
  const { look, mesh, cam, plan, sunDir } = ctx;
  const W = frame.width;
  const H = frame.height;
  const p: Vec3 = [0, 0, 0];
  const a = [0, 0, 0];
  const g = plan.grid;
  const F = FLOOR_LEVEL;
  const wallH = ctx.top - F;
  const texel = 1 / ctx.shadowCam.scale;
  const sunI = look.sun.intensity;
  const [sr, sg, sb] = look.sun.color;
  const amb = look.ambient;
  const lamps = look.lamps;
  const [lr, lg, lb] = look.lampColor;
  const fogD = look.fog.density;
  const [fr, fg, fb] = look.fog.color;
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const i = py * W + px;
      const t = frame.tri[i]!;
      const o = i * 3;
      if (t < 0) {
        skyColour(ctx, px, py, a);
        rgb[o] = a[0]!;
        rgb[o + 1] = a[1]!;
        rgb[o + 2] = a[2]!;
        continue;
      }
      const mat = mesh.mat[t]!;
      classes[i] = MAT_CLASS[mat] ?? 0;
      unproject(cam, px + 0.5, py + 0.5, frame.depth[i]!, p);
      let nx = mesh.normal[t * 3]!;
      let ny = mesh.normal[t * 3 + 1]!;
      let nz = mesh.normal[t * 3 + 2]!;
      // View vector (towards the eye).
      let vx: number;
      let vy: number;
      let vz: number;
      if (cam.kind === 'ortho') {
        vx = -cam.f[0];
        vy = -cam.f[1];
        vz = -cam.f[2];
      } else {
        vx = cam.eye[0] - p[0];
        vy = cam.eye[1] - p[1];
        vz = cam.eye[2] - p[2];
        const l = Math.sqrt(vx * vx + vy * vy + vz * vz);
        vx /= l;
        vy /= l;
        vz /= l;
      }
      if (nx * vx + ny * vy + nz * vz < 0) {
        nx = -nx;
        ny = -ny;
        nz = -nz;
      }
      albedo(ctx, mat, p[0], p[1], p[2], nx, ny, nz, a);
      const gi = gridCellIndex(plan, p[0], p[1]);
      // Ambient occlusion from the plan: corners by walls and the foot of walls are darker.
      let ao = 1;
      if (nz > 0.5 && p[2] < F + 0.02) {
        const d = gi >= 0 ? g.wallDist[gi]! : 10;
        ao = 0.5 + 0.5 * smoothstep(0, 0.7, d);
      } else if (Math.abs(nz) < 0.5) {
        ao = 0.7 + 0.3 * smoothstep(0, 1.1, p[2] - F);
      }
      const ndl = nx * sunDir[0] + ny * sunDir[1] + nz * sunDir[2];
      let sun = 0;
      if (ndl > 0) {
        sun =
          ndl *
          sunI *
          shadowAt(
            ctx,
            p[0] + nx * texel * 1.5,
            p[1] + ny * texel * 1.5,
            p[2] + nz * texel * 1.5,
            look.softness,
            px,
            py,
          );
      }
      // A ceiling faces away from the sky: it is lit by what the floor and walls throw back.
      const hemi =
        mat === MAT.ceiling ? amb.intensity * CEILING_BOUNCE : (0.5 + 0.5 * nz) * amb.intensity * ao;
      let lightR = sr * sun + mix(amb.ground[0], amb.sky[0], 0.5 + 0.5 * nz) * hemi;
      let lightG = sg * sun + mix(amb.ground[1], amb.sky[1], 0.5 + 0.5 * nz) * hemi;
      let lightB = sb * sun + mix(amb.ground[2], amb.sky[2], 0.5 + 0.5 * nz) * hemi;
      let er = 0;
      let eg = 0;
      let eb = 0;
      if (lamps > 0) {
        let lamp = 0;
        if (mat === MAT.ceiling) {
          lamp = CEILING_LAMP;
        } else if (mat === MAT.glass) {
          er = lr * lamps * 1.8;
          eg = lg * lamps * 1.8;
          eb = lb * lamps * 1.8;
        } else if (gi >= 0 && !g.outside[gi] && p[2] <= ctx.top + 0.01) {
          if (nz > 0.5 && p[2] < F + 0.02) {
            lamp = 0.9 * (0.55 + 0.45 * smoothstep(0, 1.5, g.wallDist[gi]!));
          } else if (Math.abs(nz) < 0.5) {
            // Only the faces that look into a room are lit by its lamps.
            const gj = gridCellIndex(plan, p[0] + nx * g.cell * 2, p[1] + ny * g.cell * 2);
            if (gj >= 0 && !g.outside[gj] && !g.wall[gj]) lamp = 0.7 * (0.6 + 0.4 * (1 - (p[2] - F) / wallH));
          }
        } else if (gi >= 0 && mat === MAT.ground) {
          lamp = Math.min(1.2, ctx.glow[gi]!) * 0.45;
        }
        lightR += lr * lamp * lamps;
        lightG += lg * lamp * lamps;
        lightB += lb * lamp * lamps;
      }
      let r = a[0]! * lightR + er;
      let gg = a[1]! * lightG + eg;
      let b = a[2]! * lightB + eb;
      if (mat === MAT.glass && lamps < 0.5) {
        // Reflect the sky at grazing angles.
        const fres = 0.25 + 0.75 * (1 - Math.abs(nx * vx + ny * vy + nz * vz)) ** 3;
        r = mix(r, look.sky.horizon[0], fres * 0.6);
        gg = mix(gg, look.sky.horizon[1], fres * 0.6);
        b = mix(b, look.sky.horizon[2], fres * 0.6);
      }
      if (fogD > 0) {
        const ex = p[0] - cam.eye[0];
        const ey = p[1] - cam.eye[1];
        const ez = p[2] - cam.eye[2];
        const dist = cam.kind === 'persp' ? Math.sqrt(ex * ex + ey * ey + ez * ez) : 0;
        const f = fogAmount(dist * fogD);
        r = mix(r, fr, f);
        gg = mix(gg, fg, f);
        b = mix(b, fb, f);
      }
      rgb[o] = r;
      rgb[o + 1] = gg;
      rgb[o + 2] = b;
    }
  }
}

/** Softens polygon edges: pixels on a triangle-id boundary are blended with their neighbours. */
function antialias(src: Uint8ClampedArray, frame: Frame, W: number, H: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(src);
  const tri = frame.tri;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const t = tri[i]!;
      if (t === tri[i + 1] && t === tri[i - 1] && t === tri[i + W] && t === tri[i - W]) continue;
      for (let c = 0; c < 3; c++) {
        const o = i * 3 + c;
        out[o] = (src[o]! * 4 + src[o + 3]! + src[o - 3]! + src[o + W * 3]! + src[o - W * 3]!) / 8;
      }
    }
  }
  return out;
}
