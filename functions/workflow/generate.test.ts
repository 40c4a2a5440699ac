import type { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NormalisedDrawing } from '../lib/drawings/types';
import { createBedrockImageProvider, overrideImageProvider } from '../lib/providers';
import { seedFor } from '../lib/providers/prompt';
import { STABILITY_LIMITS } from '../lib/providers/stability';
import { handler, imageRequest } from './generate';
import type { VariationInput } from './types';

// The task's S3 side: the normalised drawing comes from memory, the PNG goes nowhere.
const stored = vi.hoisted(() => ({ drawing: null as NormalisedDrawing | null }));
vi.mock('../lib/generation/drawing-store', () => ({ loadDrawing: async () => stored.drawing }));
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

beforeAll(async () => {
  Object.assign(process.env, { RENDERS_BUCKET: 'renders', LOG_LEVEL: 'error' });
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  stored.drawing = {
    png,
    width: 300,
    height: 200,
    kind: 'image',
    geometry: {
      bounds: { minX: 0, minY: 0, maxX: 300, maxY: 200 },
      units: 'px',
      metresPerUnit: null,
      yDown: true,
      source: { format: 'png' },
      warnings: [],
    },
  };
});

afterAll(() => {
  overrideImageProvider(null);
  delete process.env.LOG_LEVEL;
});

describe('Generate task', () => {
  it('asks the provider for the generation it belongs to', () => {
    expect(imageRequest(input('01gengengengengengengengen1', 2), stored.drawing!)).toMatchObject({
      generationId: '01gengengengengengengengen1',
      variation: 2,
      prompt: 'A courtyard house',
      style: 'photorealistic',
      fidelity: 0.7,
      storeyHeight: 3.1,
    });
  });

  it('a retried Generate of the same generation and variation sends the same seed to Bedrock', async () => {
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
