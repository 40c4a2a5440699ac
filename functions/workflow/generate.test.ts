import type { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VariationNumber } from '../../shared/domain';
import { PLAN_MODEL_VERSION, type PlanModel } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { defaultCameras } from '../../shared/scene/cameras';
import { createBedrockImageProvider } from '../lib/providers';
import { sceneConditionImage } from '../lib/providers/conditioning';
import { seedFor } from '../lib/providers/prompt';
import { STABILITY_LIMITS, stabilityCanvasSide } from '../lib/providers/stability';
import { overrideImageProvider } from '../test/image-provider-stand-in';
import { handler, imageRequest } from './generate';
import type { VariationInput } from './types';

vi.mock('../lib/providers', async (importOriginal) =>
  (await import('../test/image-provider-stand-in')).withStandIn(await importOriginal()),
);

// The task's S3 side: the stored plan comes from memory, the PNG goes nowhere.
const stored = vi.hoisted(() => ({ plan: null as PlanModel | null }));
vi.mock('../lib/plan/plan-store', () => ({ loadPlan: async () => stored.plan }));
// No table here: the settings are their defaults, except that a low geometry score asks for no second render (the
// workflow's integration test covers that one).
vi.mock('../lib/db/settings', async () => {
  const { KNOWN_SETTINGS } = await import('../../shared/schemas/settings');
  return {
    getSetting: async (key: keyof typeof KNOWN_SETTINGS) =>
      key === 'rendering.min_geometry_kept' ? 0 : KNOWN_SETTINGS[key].default,
  };
});
vi.mock('../lib/storage', async (original) => ({
  ...(await original<typeof import('../lib/storage')>()),
  writeObject: vi.fn(async () => undefined),
}));

/** A Stability provider on a stubbed Bedrock Runtime client: every InvokeModel body is kept. */
async function stabilityProvider() {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#88aacc' } })
    .png()
    .toBuffer();
  const bodies: { seed?: number }[] = [];
  const send = vi.fn(async (command: InvokeModelCommand) => {
    bodies.push(JSON.parse(String(command.input.body)));
    const answer = { seeds: [1], finish_reasons: [null], images: [image.toString('base64')] };
    return { body: new TextEncoder().encode(JSON.stringify(answer)), $metadata: {} };
  });
  const provider = createBedrockImageProvider('stability-structure', {
    runtime: { send } as unknown as BedrockRuntimeClient,
    checkLifecycle: false,
  });
  return { provider, bodies };
}

const input = (generationId: string, variation: 1 | 2 | 3): VariationInput => ({
  generationId,
  projectId: '01aaaaaaaaaaaaaaaaaaaaaaaa',
  userId: 'user',
  provider: 'bedrock-stability-structure',
  style: 'photorealistic',
  fidelity: 0.7,
  storeyHeight: 3.1,
  fileId: '01bbbbbbbbbbbbbbbbbbbbbbbb',
  analysis: '',
  item: {
    variation,
    renderId: `render-${generationId}-${variation}`,
    jobId: 'job',
    prompt: 'A courtyard house',
  },
});

beforeAll(() => {
  Object.assign(process.env, { RENDERS_BUCKET: 'renders', LOG_LEVEL: 'error' });
});

afterAll(() => {
  overrideImageProvider(null);
  delete process.env.LOG_LEVEL;
});

/** An 8 × 5 m box of 0.2 m walls with a door, as the plan read from a drawing. */
const boxPlan: PlanModel = {
  version: PLAN_MODEL_VERSION,
  status: 'ready',
  source: { format: 'dxf' },
  space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
  walls: [
    { a: [0, 0], b: [8, 0], thickness: 0.2 },
    { a: [8, 0], b: [8, 5], thickness: 0.2 },
    { a: [8, 5], b: [0, 5], thickness: 0.2 },
    { a: [0, 5], b: [0, 0], thickness: 0.2 },
  ],
  openings: [{ kind: 'door', a: [3, 0], b: [4, 0] }],
  rooms: [],
  warnings: [],
};

const raw = async (png: Buffer) => (await sharp(png).raw().toBuffer({ resolveWithObject: true })).data;

describe('Generate task', () => {
  it('asks the provider for the generation it belongs to', () => {
    const scene = buildScene(boxPlan, { storeyHeight: 3.1 });
    const view = { scene, camera: defaultCameras(scene)[2] };
    expect(imageRequest(input('01gengengengengengengengen1', 2), view)).toMatchObject({
      generationId: '01gengengengengengengengen1',
      variation: 2,
      prompt: 'A courtyard house',
      style: 'photorealistic',
      fidelity: 0.7,
      view,
    });
  });

  it('conditions Bedrock on the 3D model seen from each variation’s camera, not on the plan', async () => {
    stored.plan = boxPlan;
    try {
      const { provider, bodies } = await stabilityProvider();
      overrideImageProvider(provider);
      for (const variation of [1, 2, 3] as const)
        await handler(input('01gengengengengengengengen3', variation));
      const sent = bodies.map((b) => Buffer.from((b as { image: string }).image, 'base64'));
      // The model at the generation's storey height, from the cameras of shared/scene/cameras.ts.
      const scene = buildScene(boxPlan, { storeyHeight: 3.1 });
      const cameras = defaultCameras(scene);
      for (const [i, png] of sent.entries()) {
        const expected = await sceneConditionImage(
          { scene, camera: cameras[(i + 1) as VariationNumber] },
          stabilityCanvasSide(undefined),
        );
        expect((await raw(png)).equals(await raw(expected.png)), `variation ${i + 1}`).toBe(true);
      }
      // 2 is another camera; 3 is 1's camera at another time of day.
      expect((await raw(sent[0]!)).equals(await raw(sent[1]!))).toBe(false);
      expect((await raw(sent[0]!)).equals(await raw(sent[2]!))).toBe(true);
      // A line drawing: dark lines on white.
      const pixels = await raw(sent[0]!);
      const dark = pixels.filter((v) => v < 128).length / pixels.length;
      expect(dark).toBeGreaterThan(0.002);
      expect(dark).toBeLessThan(0.2);
    } finally {
      stored.plan = null;
    }
  });

  it('asks nothing of the provider when the stored plan has no walls (there is no building to visualise)', async () => {
    const { provider, bodies } = await stabilityProvider();
    overrideImageProvider(provider);
    stored.plan = { ...boxPlan, walls: [], openings: [] };
    await expect(handler(input('01gengengengengengengengen4', 1))).rejects.toMatchObject({
      name: 'DrawingUnreadable',
      message: expect.stringMatching(/No walls were read/),
    });
    expect(bodies).toHaveLength(0);
  });

  it('a retried Generate of the same generation and variation sends the same seed to Bedrock', async () => {
    stored.plan = boxPlan;
    const { provider, bodies } = await stabilityProvider();
    overrideImageProvider(provider);
    const generationId = '01gengengengengengengengen1';
    await handler(input(generationId, 1));
    await handler(input(generationId, 1)); // the Step Functions retry
    await handler(input(generationId, 2));
    await handler(input('01gengengengengengengengen2', 1));

    const seeds = bodies.map((b) => b.seed);
    expect(seeds[0]).toBe(seedFor(generationId, 1, STABILITY_LIMITS.seedMax));
    expect(seeds[1]).toBe(seeds[0]);
    expect(seeds[2]).toBe(seedFor(generationId, 2, STABILITY_LIMITS.seedMax));
    expect(new Set([seeds[0], seeds[2], seeds[3]]).size).toBe(3);
  });
});
