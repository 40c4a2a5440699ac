/**
 * Deferred shading of a rasterised frame, at two rates. A pixel's colour is albedo × gain + add (linear RGB):
 * - the light (gain and add: sun through the shadow map, sky and ground bounce, occlusion, lamps, window glow,
 *   the sky in glass, fog) changes slowly across a face, so it is worked out on every other pixel of every other
 *   row and read between those samples wherever they lie on the pixel's own triangle (else at the pixel itself);
 * - the albedo (bricks, planks, courses, grain) is worked out at every pixel;
 * - the sky, smooth but for its stars, is worked out every SKY_STEP pixels and read between.
 * Then the tone curve turns it into 8-bit sRGB.
 */

import type { Plan } from '../plan/build-plan';
import { gridCellIndex } from './grid-cell';
import { fbm, mix, noise2, rand2, smoothstep } from './noise';
import { type Camera, type Frame, RowUnprojector, unproject, type Vec3 } from './raster';
import { FLOOR_LEVEL, MAT, MAT_CLASS, type Mesh } from './scene';
import { hex, type Look, type RGB } from './styles';

export interface ShadeContext {
  look: Look;
  plan: Plan;
  mesh: Mesh;
  cam: Camera;
  /** Unit vector towards the sun. */
  sunDir: Vec3;
  shadowCam: Camera;
  shadow: Frame;
  /** Window light on the ground, per plan grid cell. */
  glow: Float32Array;
  seed: number;
  /** Height of the wall tops, metres. */
  top: number;
}

/** Pixels between two light samples along a row or a column: 2 ** LIGHT_SHIFT. */
const LIGHT_SHIFT = 2;
const LIGHT_STEP = 1 << LIGHT_SHIFT;
/** Floats per light sample: gain (r, g, b) then add (r, g, b). */
const LIGHT_FLOATS = 6;
/** Pixels between two sky samples. */
const SKY_STEP = 4;
/** Floats per sky sample: colour (r, g, b) and the height of the ray above the horizon (its unit z). */
const SKY_FLOATS = 4;

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
/** Which rotation of the taps a sample uses: a 4 × 4 ordered dither, so neighbours sample the disc differently. */
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

/** Linear light × exposure (already scaled to the table) → 8-bit sRGB. */
function toneByte(scaled: number): number {
  return TONE_LUT[scaled < 0 ? 0 : scaled >= TONE_LUT_SIZE ? TONE_LUT_SIZE : scaled | 0]!;
}

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

/** Share of the ambient light a ceiling gets back from the sunlit floor and walls below it. */
const CEILING_BOUNCE = 0.9;
/** A ceiling's lamp light, as a share of the lamps' (they hang from it). */
const CEILING_LAMP = 0.6;
/** Ceilings are plastered, whatever the walls are built of. */
const PLASTER = hex('#f1ede4');

function shadowAt(
  ctx: ShadeContext,
  x: number,
  y: number,
  z: number,
  radius: number,
  dither: number,
): number {
  const c = ctx.shadowCam;
  const vx = x - c.eye[0];
  const vy = y - c.eye[1];
  const vz = z - c.eye[2];
  const sx = c.cx + (vx * c.r[0] + vy * c.r[1] + vz * c.r[2]) * c.scale;
  const sy = c.cy - (vx * c.u[0] + vy * c.u[1] + vz * c.u[2]) * c.scale;
  const d = -(vx * c.f[0] + vy * c.f[1] + vz * c.f[2]);
  const S = ctx.shadow.width;
  if (sx < 0 || sy < 0 || sx >= S || sy >= S) return 1;
  const taps = ROTATED[TAP_ROTATION[dither]!]!;
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

/** Mortar between bricks (linear RGB). */
const MORTAR: RGB = [0.42, 0.4, 0.37];
/** What `detailAt` returns for a point on the mortar between bricks. */
const ON_MORTAR = -1;
/** The least a wall colour's channel is taken to be when mortar is worked out as a share of it. */
const MIN_CHANNEL = 1e-4;

/**
 * The slowly changing part of a material's colour (linear RGB) at a world point, its normal turned towards the eye:
 * the palette's colour and its broad mottling. The fine pattern on it is `detailAt`'s.
 */
function baseColour(
  ctx: ShadeContext,
  mat: number,
  x: number,
  y: number,
  z: number,
  nz: number,
  out: number[],
) {
  const { palette, detail } = ctx.look;
  const seed = ctx.seed;
  let c: RGB;
  let k = 1;
  switch (mat) {
    case MAT.wall:
      c = palette.wall;
      if (!ctx.look.brick || Math.abs(nz) >= 0.5) k = 0.95 + 0.05 * fbm(x * 3 + y * 3, z * 3, 2, seed);
      break;
    case MAT.wallTop:
      c = palette.wallTop;
      break;
    case MAT.floor:
      c = palette.floor;
      if (detail !== 'rich' || nz <= 0.5) k = 0.92 + 0.08 * fbm(x * 2, y * 2, 2, seed + 4);
      break;
    case MAT.ground: {
      const t = smoothstep(0.3, 0.75, fbm(x * 0.35, y * 0.35, 2, seed + 6));
      const pg = palette.ground;
      const pa = palette.groundAlt;
      out[0] = mix(pg[0], pa[0], t);
      out[1] = mix(pg[1], pa[1], t);
      out[2] = mix(pg[2], pa[2], t);
      return;
    }
    case MAT.slabSide:
      c = palette.slab;
      break;
    case MAT.glass:
      c = palette.glass;
      break;
    case MAT.ceiling:
      c = PLASTER;
      k = 0.97 + 0.03 * noise2(x * 4, y * 4, seed + 14);
      break;
    case MAT.roof:
      c = palette.roof;
      if (!ctx.look.roofCourses || nz >= 0.95) k = 0.9 + 0.1 * fbm(x * 1.5, y * 1.5, 2, seed + 13);
      break;
    default:
      c = palette.frame;
  }
  out[0] = c[0] * k;
  out[1] = c[1] * k;
  out[2] = c[2] * k;
}

/**
 * The fine pattern of a material at a world point (bricks, planks, tile courses, grain), as a factor on its base
 * colour, or ON_MORTAR between bricks. nx, ny, nz: its normal turned towards the eye.
 */
function detailAt(
  ctx: ShadeContext,
  mat: number,
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
) {
  const rich = ctx.look.detail === 'rich';
  const seed = ctx.seed;
  switch (mat) {
    case MAT.wall: {
      if (ctx.look.brick && Math.abs(nz) < 0.5) {
        const u = x * -ny + y * nx;
        const v = z - FLOOR_LEVEL;
        const course = 0.075;
        const row = Math.floor(v / course);
        const fv = v / course - row;
        const bu = u / 0.23 + (row & 1) * 0.5;
        const brick = Math.floor(bu);
        const fu = bu - brick;
        if (fv < 0.13 || fu < 0.045) return ON_MORTAR;
        return 0.78 + 0.34 * rand2(brick, row, seed) + 0.08 * (noise2(u * 40, v * 40, seed) - 0.5);
      }
      return rich ? 0.97 + 0.03 * noise2((x + y) * 25, z * 25, seed + 3) : 1;
    }
    case MAT.wallTop:
      return 0.95 + 0.05 * noise2(x * 20, y * 20, seed + 5);
    case MAT.floor: {
      if (!rich || nz <= 0.5) return 1;
      const w = 0.16;
      const row = Math.floor(y / w);
      const fy = y / w - row;
      const off = rand2(row, 11, seed) * 2.4;
      const plank = Math.floor((x + off) / 1.2);
      const fx = (x + off) / 1.2 - plank;
      if (fy < 0.05 || fx < 0.006) return 0.55;
      return 0.82 + 0.3 * rand2(plank, row, seed + 1) + 0.1 * (noise2(x * 3, y * 60, seed + 2) - 0.5);
    }
    case MAT.ground:
      return rich ? 0.85 + 0.3 * noise2(x * 9, y * 9, seed + 8) : 1;
    case MAT.slabSide:
      return 0.9 + 0.1 * noise2(x * 15 + y * 15, z * 15, seed + 9);
    case MAT.roof: {
      if (!ctx.look.roofCourses || nz >= 0.95) return 1;
      // Courses along the slope: a darker line at each one, and a little variation from tile to tile.
      const course = 0.22 * Math.max(0.3, Math.abs(nz));
      const row = Math.floor(z / course);
      return z / course - row < 0.12 ? 0.6 : 0.85 + 0.25 * rand2(Math.floor((x + y) / 0.3), row, seed + 12);
    }
    default:
      return 1;
  }
}

/** Whether a material has a fine pattern in this look (else its detail is 1 everywhere). */
function hasDetail(look: Look, mat: number): boolean {
  const rich = look.detail === 'rich';
  switch (mat) {
    case MAT.wall:
      return look.brick || rich;
    case MAT.wallTop:
    case MAT.slabSide:
      return true;
    case MAT.floor:
    case MAT.ground:
      return rich;
    case MAT.roof:
      return look.roofCourses === true;
    default:
      return false;
  }
}

/**
 * The sky seen through a point of the image (pixel coordinates, continuous): colour into out[0..2] at `o`, and the
 * unit height of the ray above the horizon into out[o + 3] (0 where the backdrop is flat).
 */
function skyAt(ctx: ShadeContext, sx: number, sy: number, out: Float32Array, o: number) {
  const { sky } = ctx.look;
  const { cam } = ctx;
  if (sky.kind !== 'sky' || cam.kind !== 'persp') {
    const t = smoothstep(0, 1, sy / cam.height);
    out[o] = mix(sky.zenith[0], sky.horizon[0], t);
    out[o + 1] = mix(sky.zenith[1], sky.horizon[1], t);
    out[o + 2] = mix(sky.zenith[2], sky.horizon[2], t);
    out[o + 3] = 0;
    return;
  }
  const xv = (sx - cam.cx) / cam.scale;
  const yv = (cam.cy - sy) / cam.scale;
  let dx = cam.f[0] + cam.r[0] * xv + cam.u[0] * yv;
  let dy = cam.f[1] + cam.r[1] * xv + cam.u[1] * yv;
  let dz = cam.f[2] + cam.r[2] * xv + cam.u[2] * yv;
  const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
  dx /= l;
  dy /= l;
  dz /= l;
  out[o + 3] = dz;
  if (dz < 0) {
    // Below the horizon, beyond the ground plate: the haze.
    const fog = ctx.look.fog.color;
    out[o] = fog[0];
    out[o + 1] = fog[1];
    out[o + 2] = fog[2];
    return;
  }
  const t = smoothstep(0, 0.55, dz);
  const s = Math.max(0, dx * ctx.sunDir[0] + dy * ctx.sunDir[1] + dz * ctx.sunDir[2]);
  const glow = s ** 12 * 0.8 + s ** 400 * 6;
  let r = mix(sky.horizon[0], sky.zenith[0], t) + sky.glow[0] * glow;
  let g = mix(sky.horizon[1], sky.zenith[1], t) + sky.glow[1] * glow;
  let b = mix(sky.horizon[2], sky.zenith[2], t) + sky.glow[2] * glow;
  // Soft clouds in daylight skies.
  if (!sky.stars) {
    const cl =
      smoothstep(0.55, 0.85, fbm((dx / (dz + 0.15)) * 2, (dy / (dz + 0.15)) * 2, 3, ctx.seed + 21)) *
      (1 - t * 0.6);
    r = mix(r, sky.horizon[0] * 1.1, cl * 0.6);
    g = mix(g, sky.horizon[1] * 1.1, cl * 0.6);
    b = mix(b, sky.horizon[2] * 1.1, cl * 0.6);
  }
  out[o] = r;
  out[o + 1] = g;
  out[o + 2] = b;
}

/** A star's brightness at a pixel of a night sky whose ray rises `dz` above the horizon (0 almost everywhere). */
function starAt(ctx: ShadeContext, px: number, py: number, dz: number): number {
  if (!ctx.look.sky.stars || dz <= 0.04) return 0;
  const h = rand2(px, py, ctx.seed + 33);
  return h > 0.9975 ? (h - 0.9975) * 400 * smoothstep(0.04, 0.3, dz) : 0;
}

/** The sky sampled every SKY_STEP pixels over the whole image (SKY_FLOATS per sample), and its row length. */
function skySamples(ctx: ShadeContext, W: number, H: number): { samples: Float32Array; row: number } {
  const row = Math.ceil(W / SKY_STEP) + 1;
  const rows = Math.ceil(H / SKY_STEP) + 1;
  const samples = new Float32Array(row * rows * SKY_FLOATS);
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < row; i++)
      skyAt(ctx, i * SKY_STEP + 0.5, j * SKY_STEP + 0.5, samples, (j * row + i) * SKY_FLOATS);
  return { samples, row };
}

/** Scratch for lightAt's base colour. */
const base = [0, 0, 0];
/** Light a window pane gives off at night, as a share of the lamps'. */
const WINDOW_GLOW = 1.8;

/**
 * The light at a surface point of triangle `t`, seen through the image point (sx, sy) at `depth`: gain into
 * out[o..o+2] and add into out[o+3..o+5], so that its colour is detail × gain + add (the gain holds the material's
 * base colour). `normals`: each triangle's normal turned towards the eye; `dither` (0–15) picks the rotation of the
 * shadow taps. Returns the share of the sun that reaches the point (1 where it faces away).
 */
function lightAt(
  ctx: ShadeContext,
  normals: Float32Array,
  t: number,
  sx: number,
  sy: number,
  depth: number,
  dither: number,
  p: Vec3,
  out: Float32Array,
  o: number,
): number {
  const { look, mesh, cam, sunDir } = ctx;
  unproject(cam, sx, sy, depth, p);
  const mat = mesh.mat[t]!;
  const nx = normals[t * 3]!;
  const ny = normals[t * 3 + 1]!;
  const nz = normals[t * 3 + 2]!;
  const cell = gridCellIndex(ctx.plan, p[0], p[1]);
  const ndl = nx * sunDir[0] + ny * sunDir[1] + nz * sunDir[2];
  let sun = 0;
  let lit = 1;
  if (ndl > 0) {
    const lift = 1.5 / ctx.shadowCam.scale;
    lit = shadowAt(ctx, p[0] + nx * lift, p[1] + ny * lift, p[2] + nz * lift, look.softness, dither);
    sun = ndl * look.sun.intensity * lit;
  }
  const amb = look.ambient;
  // A ceiling faces away from the sky: it is lit by what the floor and walls throw back.
  const hemi =
    mat === MAT.ceiling
      ? amb.intensity * CEILING_BOUNCE
      : (0.5 + 0.5 * nz) * amb.intensity * occlusion(ctx, cell, p[2], nz);
  const up = 0.5 + 0.5 * nz;
  const lamp =
    look.lamps > 0 && mat !== MAT.glass ? lampShare(ctx, mat, cell, p, nx, ny, nz) * look.lamps : 0;
  const glow = mat === MAT.glass ? look.lamps * WINDOW_GLOW : 0;
  baseColour(ctx, mat, p[0], p[1], p[2], nz, base);
  for (let c = 0; c < 3; c++) {
    const ambient = mix(amb.ground[c]!, amb.sky[c]!, up) * hemi;
    out[o + c] = (look.sun.color[c]! * sun + ambient + look.lampColor[c]! * lamp) * base[c]!;
    out[o + 3 + c] = look.lampColor[c]! * glow;
  }
  if (mat === MAT.glass && look.lamps < 0.5) veil(out, o, skyInGlass(cam, p, nx, ny, nz), look.sky.horizon);
  if (look.fog.density > 0 && cam.kind === 'persp') {
    const ex = p[0] - cam.eye[0];
    const ey = p[1] - cam.eye[1];
    const ez = p[2] - cam.eye[2];
    const distance = Math.sqrt(ex * ex + ey * ey + ez * ez);
    veil(out, o, fogAmount(distance * look.fog.density), look.fog.color);
  }
  return lit;
}

/** Ambient occlusion from the plan: corners by walls and the foot of walls are darker. */
function occlusion(ctx: ShadeContext, cell: number, z: number, nz: number): number {
  if (nz > 0.5 && z < FLOOR_LEVEL + 0.02) {
    const d = cell >= 0 ? ctx.plan.grid.wallDist[cell]! : 10;
    return 0.5 + 0.5 * smoothstep(0, 0.7, d);
  }
  return Math.abs(nz) < 0.5 ? 0.7 + 0.3 * smoothstep(0, 1.1, z - FLOOR_LEVEL) : 1;
}

/** How much of the lamps' light reaches a point (not glass): ceilings, floors and walls in rooms, ground by windows. */
function lampShare(
  ctx: ShadeContext,
  mat: number,
  cell: number,
  p: Vec3,
  nx: number,
  ny: number,
  nz: number,
) {
  const g = ctx.plan.grid;
  const F = FLOOR_LEVEL;
  if (mat === MAT.ceiling) return CEILING_LAMP;
  if (cell >= 0 && !g.outside[cell] && p[2] <= ctx.top + 0.01) {
    if (nz > 0.5 && p[2] < F + 0.02) return 0.9 * (0.55 + 0.45 * smoothstep(0, 1.5, g.wallDist[cell]!));
    if (Math.abs(nz) >= 0.5) return 0;
    // Only the faces that look into a room are lit by its lamps.
    const facing = gridCellIndex(ctx.plan, p[0] + nx * g.cell * 2, p[1] + ny * g.cell * 2);
    return facing >= 0 && !g.outside[facing] && !g.wall[facing]
      ? 0.7 * (0.6 + 0.4 * (1 - (p[2] - F) / (ctx.top - F)))
      : 0;
  }
  return cell >= 0 && mat === MAT.ground ? Math.min(1.2, ctx.glow[cell]!) * 0.45 : 0;
}

/** How much of the sky a pane of glass at p, facing n, reflects towards the eye: more at grazing angles. */
function skyInGlass(cam: Camera, p: Vec3, nx: number, ny: number, nz: number): number {
  let vx = -cam.f[0];
  let vy = -cam.f[1];
  let vz = -cam.f[2];
  if (cam.kind === 'persp') {
    vx = cam.eye[0] - p[0];
    vy = cam.eye[1] - p[1];
    vz = cam.eye[2] - p[2];
    const l = Math.sqrt(vx * vx + vy * vy + vz * vz);
    vx /= l;
    vy /= l;
    vz /= l;
  }
  return (0.25 + 0.75 * (1 - Math.abs(nx * vx + ny * vy + nz * vz)) ** 3) * 0.6;
}

/** Lays a share k of a colour over the light at out[o..o+5] (a reflection, fog): gain × (1 − k), add towards it. */
function veil(out: Float32Array, o: number, k: number, colour: RGB) {
  for (let c = 0; c < 3; c++) {
    out[o + c] = out[o + c]! * (1 - k);
    out[o + 3 + c] = out[o + 3 + c]! * (1 - k) + colour[c]! * k;
  }
}

/**
 * Light samples on every LIGHT_STEP-th pixel of every LIGHT_STEP-th row, scaled by `exposure`, with the triangle
 * each lies on (−1: none).
 */
function lightSamples(
  ctx: ShadeContext,
  frame: Frame,
  surface: Int32Array,
  normals: Float32Array,
  exposure: number,
) {
  const W = frame.width;
  const H = frame.height;
  const row = Math.floor((W - 1) / LIGHT_STEP) + 2;
  const rows = Math.floor((H - 1) / LIGHT_STEP) + 2;
  const triangle = new Int32Array(row * rows).fill(-1);
  const light = new Float32Array(row * rows * LIGHT_FLOATS);
  const sunlit = new Float32Array(row * rows);
  const p: Vec3 = [0, 0, 0];
  for (let j = 0; j < rows; j++) {
    const py = j * LIGHT_STEP;
    if (py >= H) continue;
    for (let i = 0; i < row; i++) {
      const px = i * LIGHT_STEP;
      if (px >= W) continue;
      const t = frame.tri[py * W + px]!;
      const s = j * row + i;
      if (t < 0) continue;
      triangle[s] = surface[t]!;
      const o = s * LIGHT_FLOATS;
      const dither = (i & 3) | ((j & 3) << 2);
      sunlit[s] = lightAt(
        ctx,
        normals,
        t,
        px + 0.5,
        py + 0.5,
        frame.depth[py * W + px]!,
        dither,
        p,
        light,
        o,
      );
      for (let n = 0; n < LIGHT_FLOATS; n++) light[o + n] = light[o + n]! * exposure;
    }
  }
  withoutShadowEdges(triangle, sunlit, row);
  return { triangle, light, row };
}

/** Samples whose sunlight differs from a neighbour's by more than this lie by a shadow's edge. */
const SHADOW_EDGE = 0.2;

/**
 * Takes the samples on either side of a shadow's edge out of the reading between samples (surface −1), so that the
 * pixels between them work out their own light and the edge stays as sharp as the shadow map draws it.
 */
function withoutShadowEdges(triangle: Int32Array, sunlit: Float32Array, row: number) {
  const edge = new Uint8Array(triangle.length);
  const differs = (s: number, n: number) =>
    n < triangle.length && triangle[n] === triangle[s] && Math.abs(sunlit[n]! - sunlit[s]!) > SHADOW_EDGE;
  for (let s = 0; s < triangle.length; s++) {
    if (triangle[s]! < 0) continue;
    if (differs(s, s + 1)) edge[s] = edge[s + 1] = 1;
    if (differs(s, s + row)) edge[s] = edge[s + row] = 1;
  }
  for (let s = 0; s < triangle.length; s++) if (edge[s]) triangle[s] = -1;
}

/** Plane offsets within this many metres are one plane (a floor's triangles, a wall face's two halves). */
const PLANE_TOLERANCE = 0.005;

/**
 * A number per triangle that triangles lying in one plane with one material share: light read between samples on
 * one surface is light on that surface, whichever of its triangles the samples fell on.
 */
export function surfaceIds(mesh: Mesh): Int32Array {
  const ids = new Int32Array(mesh.count);
  // Material and normal (each component to a thousandth) → plane offset (to PLANE_TOLERANCE) → surface.
  const byPlane = new Map<number, Map<number, number>>();
  const { pos, normal, mat } = mesh;
  let next = 0;
  for (let t = 0; t < mesh.count; t++) {
    const nx = normal[t * 3]!;
    const ny = normal[t * 3 + 1]!;
    const nz = normal[t * 3 + 2]!;
    const offset = nx * pos[t * 9]! + ny * pos[t * 9 + 1]! + nz * pos[t * 9 + 2]!;
    const q = (v: number) => Math.round(v * 1000) + 1000;
    const facing = ((mat[t]! * 2048 + q(nx)) * 2048 + q(ny)) * 2048 + q(nz);
    let offsets = byPlane.get(facing);
    if (!offsets) {
      offsets = new Map();
      byPlane.set(facing, offsets);
    }
    const key = Math.round(offset / PLANE_TOLERANCE);
    let id = offsets.get(key);
    if (id === undefined) {
      id = next++;
      offsets.set(key, id);
    }
    ids[t] = id;
  }
  return ids;
}

/** Each triangle's material class (MAT_CLASS). */
function triangleClasses(mesh: Mesh): Uint8Array {
  const classes = new Uint8Array(mesh.count);
  for (let t = 0; t < mesh.count; t++) classes[t] = MAT_CLASS[mesh.mat[t]!] ?? 0;
  return classes;
}

/** Each triangle's normal turned towards the eye (a triangle is flat: it faces the eye all over or not at all). */
function normalsTowardsEye(mesh: Mesh, cam: Camera): Float32Array {
  const normals = new Float32Array(mesh.count * 3);
  for (let t = 0; t < mesh.count; t++) {
    const nx = mesh.normal[t * 3]!;
    const ny = mesh.normal[t * 3 + 1]!;
    const nz = mesh.normal[t * 3 + 2]!;
    const facing =
      cam.kind === 'ortho'
        ? -(nx * cam.f[0] + ny * cam.f[1] + nz * cam.f[2])
        : nx * (cam.eye[0] - mesh.pos[t * 9]!) +
          ny * (cam.eye[1] - mesh.pos[t * 9 + 1]!) +
          nz * (cam.eye[2] - mesh.pos[t * 9 + 2]!);
    const sign = facing < 0 ? -1 : 1;
    normals[t * 3] = nx * sign;
    normals[t * 3 + 1] = ny * sign;
    normals[t * 3 + 2] = nz * sign;
  }
  return normals;
}

/**
 * The light samples of the rows above and below an image row, read between them down the column: `light` holds
 * LIGHT_FLOATS per sample column and `surface` the surface they lie on (−1 where the two differ or there is none).
 */
function lightBetweenRows(
  samples: { triangle: Int32Array; light: Float32Array; row: number },
  j: number,
  fy: number,
  light: Float32Array,
  surface: Int32Array,
) {
  const { triangle, row } = samples;
  const from = samples.light;
  for (let i = 0; i < row; i++) {
    const s = j * row + i;
    const id = triangle[s]!;
    const o = i * LIGHT_FLOATS;
    const a = s * LIGHT_FLOATS;
    if (fy === 0) {
      surface[i] = id;
      for (let n = 0; n < LIGHT_FLOATS; n++) light[o + n] = from[a + n]!;
      continue;
    }
    surface[i] = triangle[s + row] === id ? id : -1;
    const b = a + row * LIGHT_FLOATS;
    for (let n = 0; n < LIGHT_FLOATS; n++) light[o + n] = from[a + n]! + (from[b + n]! - from[a + n]!) * fy;
  }
}

/** What the pixel pass reads besides the frame: per-triangle tables, the light and sky samples, row scratch. */
interface PixelTables {
  exposure: number;
  surface: Int32Array;
  triClass: Uint8Array;
  /** 1 where the triangle's material has a fine pattern in this look. */
  triDetail: Uint8Array;
  normals: Float32Array;
  /** Mortar's colour as a share of the walls' (brick walls' base colour is the palette's wall). */
  mortar: number[];
  sky: { samples: Float32Array; row: number };
  samples: { triangle: Int32Array; light: Float32Array; row: number };
  rowLight: Float32Array;
  rowSurface: Int32Array;
}

/**
 * Shades the frame into 8-bit sRGB (3 bytes a pixel) and each pixel's material class (MAT_CLASS; 0 for the sky).
 */
export function shade(ctx: ShadeContext, frame: Frame, out: Uint8ClampedArray, classes: Uint8Array) {
  const { look, mesh, cam } = ctx;
  const exposure = look.exposure * (TONE_LUT_SIZE / TONE_LUT_MAX);
  const surface = surfaceIds(mesh);
  const normals = normalsTowardsEye(mesh, cam);
  const samples = lightSamples(ctx, frame, surface, normals, exposure);
  const tables: PixelTables = {
    exposure,
    surface,
    triClass: triangleClasses(mesh),
    triDetail: mesh.mat.map((m) => (hasDetail(look, m) ? 1 : 0)),
    normals,
    // A wall channel of 0 would make this infinite: its gain is 0 there anyway.
    mortar: MORTAR.map((c, n) => c / Math.max(look.palette.wall[n]!, MIN_CHANNEL)),
    sky: skySamples(ctx, frame.width, frame.height),
    samples,
    rowLight: new Float32Array(samples.row * LIGHT_FLOATS),
    rowSurface: new Int32Array(samples.row),
  };
  for (let py = 0; py < frame.height; py++) shadeRow(ctx, tables, frame, py, out, classes);
}

/** One row of the pixel pass: light read between its samples (or worked out here), times the detail, toned. */
function shadeRow(
  ctx: ShadeContext,
  tables: PixelTables,
  frame: Frame,
  py: number,
  out: Uint8ClampedArray,
  classes: Uint8Array,
) {
  const { exposure, surface, triClass, triDetail, normals, mortar, rowLight, rowSurface } = tables;
  const { tri, depth } = frame;
  const W = frame.width;
  const mat = ctx.mesh.mat;
  const inv = 1 / LIGHT_STEP;
  lightBetweenRows(tables.samples, py >> LIGHT_SHIFT, (py & (LIGHT_STEP - 1)) * inv, rowLight, rowSurface);
  const ray = new RowUnprojector(ctx.cam, py);
  const here = new Float32Array(LIGHT_FLOATS);
  const a = [0, 0, 0];
  // A flat backdrop is one colour along a row.
  const flat = ctx.look.sky.kind !== 'sky' || ctx.cam.kind !== 'persp';
  if (flat) skyAt(ctx, 0.5, py + 0.5, here, 0);
  const flatR = toneByte(here[0]! * exposure);
  const flatG = toneByte(here[1]! * exposure);
  const flatB = toneByte(here[2]! * exposure);
  for (let px = 0; px < W; px++) {
    const i = py * W + px;
    const t = tri[i]!;
    const o = i * 3;
    if (t < 0 && flat) {
      out[o] = flatR;
      out[o + 1] = flatG;
      out[o + 2] = flatB;
      continue;
    }
    if (t < 0) {
      skyPixel(ctx, tables.sky, px, py, a);
      out[o] = toneByte(a[0]! * exposure);
      out[o + 1] = toneByte(a[1]! * exposure);
      out[o + 2] = toneByte(a[2]! * exposure);
      continue;
    }
    classes[i] = triClass[t]!;
    const ii = px >> LIGHT_SHIFT;
    const fx = (px & (LIGHT_STEP - 1)) * inv;
    const id = surface[t]!;
    let light = rowLight;
    let l = ii * LIGHT_FLOATS;
    let r = l + LIGHT_FLOATS;
    let f = fx;
    if (rowSurface[ii] !== id || (fx !== 0 && rowSurface[ii + 1] !== id)) {
      lightAt(ctx, normals, t, px + 0.5, py + 0.5, depth[i]!, (px & 3) | ((py & 3) << 2), ray.point, here, 0);
      for (let n = 0; n < LIGHT_FLOATS; n++) here[n] = here[n]! * exposure;
      light = here;
      l = 0;
      r = 0;
      f = 0;
    }
    let gr = light[l]! + (light[r]! - light[l]!) * f;
    let gg = light[l + 1]! + (light[r + 1]! - light[l + 1]!) * f;
    let gb = light[l + 2]! + (light[r + 2]! - light[l + 2]!) * f;
    if (triDetail[t]) {
      const p = ray.at(px, depth[i]!);
      const k = detailAt(
        ctx,
        mat[t]!,
        p[0],
        p[1],
        p[2],
        normals[t * 3]!,
        normals[t * 3 + 1]!,
        normals[t * 3 + 2]!,
      );
      gr *= k === ON_MORTAR ? mortar[0]! : k;
      gg *= k === ON_MORTAR ? mortar[1]! : k;
      gb *= k === ON_MORTAR ? mortar[2]! : k;
    }
    out[o] = toneByte(gr + light[l + 3]! + (light[r + 3]! - light[l + 3]!) * f);
    out[o + 1] = toneByte(gg + light[l + 4]! + (light[r + 4]! - light[l + 4]!) * f);
    out[o + 2] = toneByte(gb + light[l + 5]! + (light[r + 5]! - light[l + 5]!) * f);
  }
}

/** The sky at a pixel, read between its samples, with its star if it has one. */
function skyPixel(
  ctx: ShadeContext,
  sky: { samples: Float32Array; row: number },
  px: number,
  py: number,
  out: number[],
) {
  const gx = px / SKY_STEP;
  const gy = py / SKY_STEP;
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const fx = gx - x0;
  const fy = gy - y0;
  const a = (y0 * sky.row + x0) * SKY_FLOATS;
  const b = a + SKY_FLOATS;
  const c = a + sky.row * SKY_FLOATS;
  const d = c + SKY_FLOATS;
  const v = sky.samples;
  const wa = (1 - fx) * (1 - fy);
  const wb = fx * (1 - fy);
  const wc = (1 - fx) * fy;
  const wd = fx * fy;
  const star = starAt(ctx, px, py, v[a + 3]! * wa + v[b + 3]! * wb + v[c + 3]! * wc + v[d + 3]! * wd);
  out[0] = v[a]! * wa + v[b]! * wb + v[c]! * wc + v[d]! * wd + star;
  out[1] = v[a + 1]! * wa + v[b + 1]! * wb + v[c + 1]! * wc + v[d + 1]! * wd + star;
  out[2] = v[a + 2]! * wa + v[b + 2]! * wb + v[c + 2]! * wc + v[d + 2]! * wd + star * 1.1;
}

/** Warm light spilling out of windows onto the ground around them, on the plan grid. */
export function windowGlow(plan: Plan): Float32Array {
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
