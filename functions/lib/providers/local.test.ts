import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sceneOfFile } from '../../../bench/lib/fixture-scene';
import { planDxf, planPng } from '../../../engine/drawing/fixtures/plan';
import { defaultCameras } from '../../../shared/scene/cameras';
import type { Scene } from '../../../shared/scene/types';
import { localImageProvider } from './local';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let house: Scene;
let scanned: Scene;
beforeAll(async () => {
  house = (await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf')).scene;
  scanned = (await sceneOfFile(await planPng(), 'plan.png')).scene;
});

describe('the image provider `local`', () => {
  it('renders the model from its camera for a perspective style, and says what it read in the brief', async () => {
    const camera = defaultCameras(scanned)[2];
    const out = await localImageProvider.generate({
      prompt: 'Night scene with ambient lighting',
      variation: 2,
      size: 256,
      view: { scene: scanned, camera },
    });
    expect(localImageProvider.id).toBe('local');
    expect([out.width, out.height]).toEqual([256, 256]);
    expect(out.description).toMatch(/night/i);
    expect(out.reading).toEqual({ understood: ['Time of day: night'], notUnderstood: [] });
    expect(out.camera).toEqual(camera);
  });

  it('changes nothing for words it does not understand, and says so', async () => {
    const view = { scene: house, camera: defaultCameras(house)[2] };
    const plain = await localImageProvider.generate({
      view,
      prompt: 'x',
      brief: 'Photorealistic exterior view',
      variation: 2,
      size: 128,
    });
    const odd = await localImageProvider.generate({
      view,
      prompt: 'x',
      brief: 'Photorealistic exterior view with flamingos',
      variation: 2,
      size: 128,
    });
    expect(odd.png.equals(plain.png)).toBe(true);
    expect(odd.reading).toEqual({ understood: ['View: exterior'], notUnderstood: ['flamingos'] });
  });
});
