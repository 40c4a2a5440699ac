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

/** Smooth value noise in [0, 1). */
export function noise2(x: number, y: number, seed = 0): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = fade(x - xi);
  const fy = fade(y - yi);
  const a = rand2(xi, yi, seed);
  const b = rand2(xi + 1, yi, seed);
  const c = rand2(xi, yi + 1, seed);
  const d = rand2(xi + 1, yi + 1, seed);
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
