import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sceneOfFile } from '../../bench/lib/fixture-scene';
import { type ClassStats, classStats } from '../../bench/lib/image-stats';
import type { VariationNumber } from '../../shared/domain';
import { readPrompt } from '../../shared/prompt/scene-settings';
import type { Scene } from '../../shared/scene/types';
import { planDxf } from '../drawing/fixtures/plan';
import { lookWithSettings } from './prompt-look';
import { renderScene } from './render';
import { lookFor } from './styles';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let scene: Scene;
beforeAll(async () => {
  scene = (await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf')).scene;
});

const SIZE = 320;

/** Renders the prompt's variation like the local provider does, and measures it per pixel class. */
async function measured(prompt: string, variation: VariationNumber = 2, neutral = false) {
  const reading = readPrompt(prompt);
  const r = await renderScene(scene, variation, 'photorealistic', SIZE, {
    settings: reading.settings,
    neutral,
  });
  const raw = await sharp(r.png).removeAlpha().raw().toBuffer();
  const stats = classStats(new Uint8Array(raw), r.classes);
  return {
    r,
    raw,
    stats,
    at: (name: 'sky' | 'ground' | 'wall' | 'roof') => stats[classIndex[name]] as ClassStats,
  };
}
const classIndex = { sky: 0, ground: 1, wall: 3, roof: 5 } as const;
/** The whole image's mean lightness. */
const mean = (stats: ClassStats[]) => {
  const pixels = stats.reduce((n, s) => n + s.pixels, 0);
  return stats.reduce((sum, s) => sum + s.lightness * s.pixels, 0) / pixels;
};

describe('the prompt drives the local renderer', () => {
  it('white stucco walls are lighter than the default brick; night darkens the image; the roof is the model’s unless asked', async () => {
    const base = await measured('Photorealistic exterior view');
    const white = await measured('white stucco walls');
    const night = await measured('exterior at night');
    const roof = await measured('flat roof');
    const roofless = await measured('no roof');
    expect(white.at('wall').lightness).toBeGreaterThan(base.at('wall').lightness + 0.15);
    expect(mean(night.stats)).toBeLessThan(mean(base.stats) * 0.4);
    // The 3D model's flat roof, as the viewer shows it; none when the prompt says so.
    expect(base.at('roof').pixels).toBeGreaterThan(SIZE * SIZE * 0.03);
    expect(roofless.at('roof').pixels).toBe(0);
    expect(roof.at('roof').pixels).toBeGreaterThan(SIZE * SIZE * 0.03);
    // The roof sits on the walls: they stand as high as before.
    expect(roof.r.wallTop).toBeCloseTo(base.r.wallTop, 5);
  });

  it('reads the street, winter and a pitched slate roof into the image', async () => {
    const base = await measured('Photorealistic exterior view');
    const street = await measured('on a city street');
    const winter = await measured('snowy winter');
    const pitched = await measured('red brick house with a grey slate roof');
    const [r, g, b] = base.at('ground').rgb;
    expect(g).toBeGreaterThan(r); // a lawn
    const [sr, sg, sb] = street.at('ground').rgb;
    expect(Math.max(sr, sg, sb) - Math.min(sr, sg, sb)).toBeLessThan(12); // asphalt grey
    expect(winter.at('ground').lightness).toBeGreaterThan(0.85);
    expect(winter.at('ground').lightness).toBeGreaterThan(base.at('ground').lightness + 0.05);
    expect(pitched.at('roof').pixels).toBeGreaterThan(SIZE * SIZE * 0.03);
    expect(b).toBeLessThan(g);
  });

  it('variation 1 brings out light and materials: visibly different from the neutral baseline, with more contrast', async () => {
    const emphasised = await measured('Photorealistic exterior view', 1);
    const neutral = await measured('Photorealistic exterior view', 1, true);
    let diff = 0;
    for (let i = 0; i < emphasised.raw.length; i++) diff += Math.abs(emphasised.raw[i]! - neutral.raw[i]!);
    expect(diff / emphasised.raw.length).toBeGreaterThan(4);
    expect(emphasised.at('wall').spread).toBeGreaterThan(neutral.at('wall').spread);
  });

  it('keeps the same materials in all three variations, and moves only variation 3 to another time of day', () => {
    const s = readPrompt('white stucco villa, grey slate roof, on a street, night').settings;
    const looks = ([1, 2, 3] as const).map((v) =>
      lookWithSettings((x) => lookFor('photorealistic', x), v, s),
    );
    for (const look of looks) {
      expect(look.palette.wall).toEqual(looks[0]!.palette.wall);
      expect(look.palette.ground).toEqual(looks[0]!.palette.ground);
      expect(look.brick).toBe(false);
    }
    expect(looks[0]!.sky.stars).toBe(true);
    expect(looks[1]!.sky.stars).toBe(true);
    expect(looks[2]!.sky.stars).toBe(false); // dusk
    expect(looks[2]!.sun).not.toEqual(looks[1]!.sun);
  });
});
