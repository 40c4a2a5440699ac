import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sceneOfFile } from '../../bench/lib/fixture-scene';
import { defaultCameras } from '../../shared/scene/cameras';
import type { Scene } from '../../shared/scene/types';
import { planDxf } from '../drawing/fixtures/plan';
import { edgePixels, geometryKept } from './fidelity';
import { geometryScore } from './geometry-score';
import { renderScene } from './render';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe('geometryKept', () => {
  const W = 64;
  /** A square outline: lines (0 on 255) and its depth (inside the square). */
  function square(offset = 0) {
    const lines = new Uint8Array(W * W).fill(255);
    const depth = new Uint8Array(W * W);
    for (let y = 16; y <= 48; y++)
      for (let x = 16; x <= 48; x++) {
        depth[y * W + x] = 200;
        if (x === 16 || x === 48 || y === 16 || y === 48) lines[y * W + x + offset] = 0;
      }
    return { lines, depth };
  }

  it('is 1 for an image whose edges are the model’s lines, and falls when they move or are missing', () => {
    const { lines, depth } = square();
    const edges = Uint8Array.from(lines, (v) => (v === 0 ? 1 : 0));
    expect(geometryKept(edges, lines, depth, W, W).score).toBeCloseTo(1, 5);
    const moved = Uint8Array.from(square(10).lines, (v) => (v === 0 ? 1 : 0));
    expect(geometryKept(moved, lines, depth, W, W).score).toBeLessThan(0.5);
    expect(geometryKept(new Uint8Array(W * W), lines, depth, W, W)).toEqual({
      recall: 0,
      precision: 0,
      score: 0,
    });
  });

  it('finds the edges of a grey image, not its flat areas', () => {
    const gray = new Uint8Array(W * W).fill(40);
    for (let y = 0; y < W; y++) for (let x = 32; x < W; x++) gray[y * W + x] = 220;
    const edges = edgePixels(gray, W, W);
    expect(edges[20 * W + 32] || edges[20 * W + 31]).toBe(1);
    expect(edges[20 * W + 10]).toBe(0);
    expect(edges[20 * W + 50]).toBe(0);
  });
});

describe('geometryScore of renders', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = (await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf')).scene;
  });

  it('is high for a render from the model’s camera and low from another camera or for noise', async () => {
    const { 1: first, 2: second } = defaultCameras(scene);
    const view = { scene, camera: first! };
    const render = await renderScene(scene, 1, 'photorealistic', 512, { camera: view.camera });
    expect((await geometryScore(render.png, view)).score).toBeGreaterThan(0.7);
    expect((await geometryScore(render.png, { scene, camera: second! })).score).toBeLessThan(0.5);
    // Seeded noise: edges everywhere, few of them on the building's lines.
    let seed = 7;
    const noise = Buffer.alloc(512 * 512 * 3);
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 16807) % 2147483647;
      noise[i] = seed % 256;
    }
    const png = await sharp(noise, { raw: { width: 512, height: 512, channels: 3 } })
      .png()
      .toBuffer();
    expect((await geometryScore(png, view)).score).toBeLessThan(0.5);
  });
});
