/** Deterministic randomness: integer hashing, a seeded PRNG and value noise. No Math.random, no clocks. */
import type { Scene } from '../../shared/scene/types';

/** 32-bit integer hash of two integers (and a seed), spread over [0, 2^32). */
export function hash2(x: number, y: number, seed = 0): number {
  let h =
    (Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Hash of two integers as a float in [0, 1). */
export const rand2 = (x: number, y: number, seed = 0) => hash2(x, y, seed) / 4294967296;

/** FNV-1a over bytes, for seeding from an input. */
export function hashBytes(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  // Every 7th byte is plenty to tell inputs apart and keeps this cheap for large PNGs.
  const step = bytes.length > 65_536 ? 7 : 1;
  for (let i = 0; i < bytes.length; i += step) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193) >>> 0;
  return Math.imul(h ^ bytes.length, 0x01000193) >>> 0;
}

/** The seed of a model's renders: a hash of its walls, so one building always gets the same sky, grain and stars. */
export function sceneSeed(scene: Pick<Scene, 'walls'>): number {
  const numbers = new Float64Array(scene.walls.length * 5);
  scene.walls.forEach((w, i) => {
    numbers.set([...w.start, ...w.end, w.thickness], i * 5);
  });
  return hashBytes(new Uint8Array(numbers.buffer));
}

const fade = (t: number) => t * t * (3 - 2 * t);

const LATTICE_BITS = 8;
const LATTICE_MASK = (1 << LATTICE_BITS) - 1;
const LATTICE_SEED = 0x51ed27;
let latticeValues: Float32Array | undefined;

/**
 * The value noise's random lattice: 256 × 256 values hashed once, each seed reading it from its own offset (a
 * table lookup costs a fraction of hashing four corners per sample). 256 KB stays in the processor's cache where
 * a 1024² table (4 MB) does not; the pattern repeats every 256 cells, 28 m at the finest grain the renderer draws
 * on the ground.
 */
function lattice(): Float32Array {
  if (latticeValues) return latticeValues;
  const size = LATTICE_MASK + 1;
  latticeValues = new Float32Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) latticeValues[y * size + x] = rand2(x, y, LATTICE_SEED);
  return latticeValues;
}

/** Smooth value noise in [0, 1). */
export function noise2(x: number, y: number, seed = 0): number {
  const values = lattice();
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = fade(x - xi);
  const fy = fade(y - yi);
  const x0 = (xi + (Math.imul(seed, 0x9e3779b9) >>> (32 - LATTICE_BITS))) & LATTICE_MASK;
  const row0 = (yi + (Math.imul(seed ^ 0x5bd1e995, 0x85ebca6b) >>> (32 - LATTICE_BITS))) & LATTICE_MASK;
  const x1 = (x0 + 1) & LATTICE_MASK;
  const y0 = row0 << LATTICE_BITS;
  const y1 = ((row0 + 1) & LATTICE_MASK) << LATTICE_BITS;
  const a = values[y0 + x0]!;
  const b = values[y0 + x1]!;
  const c = values[y1 + x0]!;
  const d = values[y1 + x1]!;
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Fractal value noise (octaves of noise2), in [0, 1). */
export function fbm(x: number, y: number, octaves: number, seed = 0): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  let f = 1;
  for (let i = 0; i < octaves; i++) {
    sum += amp * noise2(x * f, y * f, seed + i * 101);
    norm += amp;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}

export const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
export const smoothstep = (a: number, b: number, v: number) => {
  const t = clamp01((v - a) / (b - a));
  return t * t * (3 - 2 * t);
};
export const mix = (a: number, b: number, t: number) => a + (b - a) * t;
