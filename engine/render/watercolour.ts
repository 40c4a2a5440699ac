/**
 * Watercolour treatment of a rendered frame: wobbling edges (a displaced lookup), flattened washes, pigment pooling
 * at region edges, a loose ink line, granulation and paper grain, washes fading out towards the sheet's border.
 */
import { fbm, noise2 } from './noise';
import type { Frame } from './raster';
import type { Mesh } from './scene';

const PAPER: [number, number, number] = [246, 240, 226];
const STEP = 8;

/**
 * A low-frequency field sampled every STEP pixels and read back bilinearly, a row at a time: `row(y, out)` fills
 * `out` with the field along image row y.
 */
function coarseField(W: number, H: number, f: (x: number, y: number) => number) {
  const cw = Math.ceil(W / STEP) + 2;
  const ch = Math.ceil(H / STEP) + 2;
  const v = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) v[y * cw + x] = f(x * STEP, y * STEP);
  const column = new Float32Array(cw);
  return (y: number, out: Float32Array) => {
    const y0 = Math.floor(y / STEP);
    const fy = y / STEP - y0;
    for (let x = 0; x < cw; x++) {
      const a = v[y0 * cw + x]!;
      column[x] = a + (v[(y0 + 1) * cw + x]! - a) * fy;
    }
    for (let x = 0; x < W; x++) {
      const x0 = Math.floor(x / STEP);
      const a = column[x0]!;
      out[x] = a + (column[x0 + 1]! - a) * (x / STEP - x0);
    }
  };
}

const BLUR_RADIUS = 3;

/**
 * One pass of the wash blur along lines of pixels: each pixel the mean of the pixels within BLUR_RADIUS along the
 * line in its own run of one region (the blur does not cross a region's edge). `lines` lines of `length` pixels,
 * `step` between pixels of a line and `stride` between lines (1 and W across the rows, W and 1 down the columns).
 * Running sums: the work is the same for any radius.
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
  // Sums of the run so far, per channel: sums[k] over the run's first k pixels.
  const sums = new Float64Array((length + 1) * 3);
  for (let line = 0; line < lines; line++) {
    const first = line * stride;
    let start = 0;
    while (start < length) {
      const key = region[first + start * step]!;
      let end = start + 1;
      while (end < length && region[first + end * step] === key) end++;
      for (let a = start; a < end; a++) {
        const j = (first + a * step) * 3;
        const k = (a - start) * 3;
        sums[k + 3] = sums[k]! + from[j]!;
        sums[k + 4] = sums[k + 1]! + from[j + 1]!;
        sums[k + 5] = sums[k + 2]! + from[j + 2]!;
      }
      for (let a = start; a < end; a++) {
        const lo = (Math.max(start, a - BLUR_RADIUS) - start) * 3;
        const hi = (Math.min(end - 1, a + BLUR_RADIUS) - start + 1) * 3;
        const count = (hi - lo) / 3;
        const i = (first + a * step) * 3;
        to[i] = (sums[hi]! - sums[lo]!) / count;
        to[i + 1] = (sums[hi + 1]! - sums[lo + 1]!) / count;
        to[i + 2] = (sums[hi + 2]! - sums[lo + 2]!) / count;
      }
      start = end;
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
  const rowX = new Float32Array(W);
  const rowY = new Float32Array(W);
  for (let y = 0; y < H; y++) {
    wobbleX(y, rowX);
    wobbleY(y, rowY);
    for (let x = 0; x < W; x++) {
      const sx = Math.min(W - 1, Math.max(0, Math.round(x + rowX[x]!)));
      const sy = Math.min(H - 1, Math.max(0, Math.round(y + rowY[x]!)));
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
  const rowBorder = new Float32Array(W);
  for (let y = 0; y < H; y++) {
    borderNoise(y, rowBorder);
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
      const border = Math.min(bx, by) + rowBorder[x]!;
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
