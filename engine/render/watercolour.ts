/**
 * Watercolour treatment of a rendered frame: wobbling edges (a displaced lookup), flattened washes, pigment pooling
 * at region edges, a loose ink line, granulation and paper grain, washes fading out towards the sheet's border.
 */
import { fbm, noise2 } from './noise';
import type { Frame } from './raster';
import type { Mesh } from './scene';

const PAPER: [number, number, number] = [246, 240, 226];
const STEP = 8;

/** A low-frequency field sampled every STEP pixels and read back bilinearly. */
function coarseField(W: number, H: number, f: (x: number, y: number) => number) {
  const cw = Math.ceil(W / STEP) + 2;
  const ch = Math.ceil(H / STEP) + 2;
  const v = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) v[y * cw + x] = f(x * STEP, y * STEP);
  return (x: number, y: number) => {
    const gx = x / STEP;
    const gy = y / STEP;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const i = y0 * cw + x0;
    const a = v[i]!;
    const b = v[i + 1]!;
    const c = v[i + cw]!;
    const d = v[i + cw + 1]!;
    return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
  };
}

const BLUR_RADIUS = 3;

/**
 * One pass of the wash blur along lines of pixels: each pixel the mean of the pixels within BLUR_RADIUS along the
 * line that share its region. `lines` lines of `length` pixels, `step` between pixels of a line and `stride`
 * between lines (1 and W across the rows, W and 1 down the columns).
 */
function blurWithinRegions(
  from: Float32Array,
  to: Float32Array,
  region: Int32Array,
  length: number,
  lines: number,
  step: number,
  stride: number,
) {
  for (let line = 0; line < lines; line++) {
    const first = line * stride;
    for (let a = 0; a < length; a++) {
      const i = first + a * step;
      const key = region[i]!;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let count = 0;
      const end = Math.min(length - 1, a + BLUR_RADIUS);
      for (let b = Math.max(0, a - BLUR_RADIUS); b <= end; b++) {
        const j = first + b * step;
        if (region[j] !== key) continue;
        sr += from[j * 3]!;
        sg += from[j * 3 + 1]!;
        sb += from[j * 3 + 2]!;
        count++;
      }
      to[i * 3] = sr / count;
      to[i * 3 + 1] = sg / count;
      to[i * 3 + 2] = sb / count;
    }
  }
}

export function watercolour(
  src: Uint8ClampedArray,
  frame: Frame,
  mesh: Mesh,
  W: number,
  H: number,
  seed: number,
): Uint8ClampedArray {
  const n = W * H;
  // Region key per triangle: material and facing direction, so that faces read as separate washes.
  const regionOf = (t: number) => {
    if (t < 0) return 0;
    const nx = mesh.normal[t * 3]!;
    const ny = mesh.normal[t * 3 + 1]!;
    const nz = mesh.normal[t * 3 + 2]!;
    const dir = nz > 0.5 ? 1 : Math.abs(nx) > Math.abs(ny) ? (nx > 0 ? 2 : 3) : ny > 0 ? 4 : 5;
    return mesh.mat[t]! * 8 + dir;
  };
  const regionOfTriangle = new Int32Array(mesh.mat.length + 1);
  for (let t = 0; t < mesh.mat.length; t++) regionOfTriangle[t + 1] = regionOf(t);
  const region = new Int32Array(n);
  const col = new Float32Array(n * 3);
  const scale = W / 1024;
  const wobbleX = coarseField(
    W,
    H,
    (x, y) => (noise2(x / (38 * scale), y / (38 * scale), seed) - 0.5) * 7 * scale,
  );
  const wobbleY = coarseField(
    W,
    H,
    (x, y) => (noise2(x / (38 * scale), y / (38 * scale), seed + 1) - 0.5) * 7 * scale,
  );
  const borderNoise = coarseField(
    W,
    H,
    (x, y) => (fbm(x / (90 * scale), y / (90 * scale), 3, seed + 4) - 0.5) * 0.08,
  );
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const dx = wobbleX(x, y);
      const dy = wobbleY(x, y);
      const sx = Math.min(W - 1, Math.max(0, Math.round(x + dx)));
      const sy = Math.min(H - 1, Math.max(0, Math.round(y + dy)));
      const j = sy * W + sx;
      const i = y * W + x;
      region[i] = regionOfTriangle[frame.tri[j]! + 1]!;
      col[i * 3] = src[j * 3]!;
      col[i * 3 + 1] = src[j * 3 + 1]!;
      col[i * 3 + 2] = src[j * 3 + 2]!;
    }
  }
  // Flatten each wash: a box blur that does not cross region boundaries (two separable passes, radius 3).
  const across = new Float32Array(col.length);
  blurWithinRegions(col, across, region, W, H, 1, W);
  const blurred = new Float32Array(col.length);
  blurWithinRegions(across, blurred, region, H, W, W, 1);
  const out = new Uint8ClampedArray(n * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const key = region[i]!;
      let edge = 0;
      if (x > 0 && region[i - 1] !== key) edge++;
      if (x < W - 1 && region[i + 1] !== key) edge++;
      if (y > 0 && region[i - W] !== key) edge++;
      if (y < H - 1 && region[i + W] !== key) edge++;
      const grain = 0.92 + 0.08 * noise2(x / (1.7 * scale), y / (1.7 * scale), seed + 2);
      const gran = 0.9 + 0.1 * noise2(x / (6 * scale), y / (6 * scale), seed + 3);
      // Washes thin out towards the sheet's border, irregularly.
      const bx = Math.min(x, W - 1 - x) / W;
      const by = Math.min(y, H - 1 - y) / H;
      const border = Math.min(bx, by) + borderNoise(x, y);
      let opacity = key === 0 ? 0.35 : 0.88;
      opacity *= Math.max(0, Math.min(1, (border - 0.01) / 0.07));
      for (let c = 0; c < 3; c++) {
        let v = blurred[i * 3 + c]! / 255;
        // Lighter, more transparent pigment; pooling darkens edges.
        v = 1 - (1 - v) * 0.85 * gran;
        if (edge) v *= 0.78;
        const paper = (PAPER[c]! / 255) * grain;
        let res = paper * (1 - opacity * (1 - v));
        if (edge >= 2 && key !== 0) res *= 0.55; // ink line
        out[i * 3 + c] = res * 255; // a clamped array clamps and rounds
      }
    }
  }
  return out;
}
