import type { BedrockClient } from '@aws-sdk/client-bedrock';
import { type BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_STYLE_DEFINITIONS, VARIATION_SUFFIXES } from '../../../shared/domain';
import { PLAN_MODEL_VERSION, type PlanModel } from '../../../shared/plan/schema';
import { buildScene } from '../../../shared/scene/build';
import { defaultCameras } from '../../../shared/scene/cameras';
import { createBedrockImageProvider } from './bedrock-image';
import {
  ContentFilteredError,
  ModelUnavailableError,
  ProviderServiceError,
  ProviderThrottledError,
  ProviderTimeoutError,
} from './errors';
import { NOVA_CANVAS_LIMITS } from './nova-canvas';
import { seedFor } from './prompt';
import { STABILITY_LIMITS } from './stability';
import type { ImageRequest } from './types';

/** A 6 × 2.4 m box with a partition and a door, as the plan read from a view, and its 3D model's first camera. */
function boxView(): ImageRequest['view'] {
  const plan: PlanModel = {
    version: PLAN_MODEL_VERSION,
    status: 'ready',
    source: { format: 'dxf' },
    space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
    walls: [
      { a: [0, 0], b: [6, 0], thickness: 0.2 },
      { a: [6, 0], b: [6, 2.4], thickness: 0.2 },
      { a: [6, 2.4], b: [0, 2.4], thickness: 0.2 },
      { a: [0, 2.4], b: [0, 0], thickness: 0.2 },
      { a: [3, 0], b: [3, 2.4], thickness: 0.1 },
    ],
    openings: [{ kind: 'door', a: [1, 0], b: [1.9, 0] }],
    rooms: [],
    warnings: [],
  };
  const scene = buildScene(plan);
  return { scene, camera: defaultCameras(scene)[1] };
}

let view: ImageRequest['view'];
let generatedPng: Buffer;
beforeAll(async () => {
  view = boxView();
  generatedPng = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#88aacc' } })
    .png()
    .toBuffer();
});
beforeEach(() => {
  process.env.LOG_LEVEL = 'error';
});
afterEach(() => {
  delete process.env.LOG_LEVEL;
  delete process.env.BEDROCK_STABILITY_MODEL_ID;
  delete process.env.BEDROCK_NOVA_CANVAS_MODEL_ID;
});

/** A Bedrock Runtime client whose InvokeModel answers `answer` (an object is sent back as the JSON body). */
function stubRuntime(answer: unknown | (() => unknown)) {
  const send = vi.fn(async (_command: InvokeModelCommand) => {
    const value = typeof answer === 'function' ? (answer as () => unknown)() : answer;
    if (value instanceof Error) throw value;
    const body = typeof value === 'string' ? value : JSON.stringify(value);
    return { body: new TextEncoder().encode(body), contentType: 'application/json', $metadata: {} };
  });
  return { runtime: { send } as unknown as BedrockRuntimeClient, send };
}

function stubControl(status: 'ACTIVE' | 'LEGACY' | Error) {
  const send = vi.fn(async () => {
    if (status instanceof Error) throw status;
    return { modelDetails: { modelId: 'x', modelLifecycle: { status } } };
  });
  return { control: { send } as unknown as BedrockClient, send };
}

const sdkError = (name: string, message = 'x') => Object.assign(new Error(message), { name, $metadata: {} });

function sentRequest(send: ReturnType<typeof stubRuntime>['send']) {
  const command = send.mock.calls[0]![0];
  expect(command).toBeInstanceOf(InvokeModelCommand);
  const input = command.input;
  return { input, body: JSON.parse(input.body as string) };
}

async function expectConditionImage(base64: string, side: number) {
  const meta = await sharp(Buffer.from(base64, 'base64')).metadata();
  expect(meta.format).toBe('png');
  expect([meta.width, meta.height]).toEqual([side, side]);
  expect(meta.channels).toBe(3);
  expect(meta.hasAlpha).toBe(false);
  // The model's lines on white: the corners are white, the lines are in.
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[y * info.width + x]!;
  expect(at(2, 2)).toBe(255);
  expect(at(side - 3, side - 3)).toBe(255);
  let dark = 0;
  for (let i = 0; i < data.length; i++) if (data[i]! < 128) dark++;
  expect(dark).toBeGreaterThan(side);
}

describe('Stability AI Control Structure provider', () => {
  const documented = () => ({
    seeds: [2130420379],
    finish_reasons: [null],
    images: [generatedPng.toString('base64')],
  });

  it('invokes the model with the documented body and returns the decoded PNG', async () => {
    const { runtime, send } = stubRuntime(documented);
    const { control, send: controlSend } = stubControl('ACTIVE');
    const provider = createBedrockImageProvider('stability-structure', { runtime, control });
    expect(provider.id).toBe('bedrock-stability-structure');

    const request = {
      view,
      prompt: 'Modern villa',
      variation: 2 as const,
      fidelity: 0.7,
      generationId: 'gen-1',
    };
    const out = await provider.generate(request);

    expect(out.png.equals(generatedPng)).toBe(true);
    expect([out.width, out.height]).toEqual([1024, 1024]);
    expect(out.description).toContain('Stability AI Control Structure');
    expect(out.description).toContain(VARIATION_SUFFIXES[1]);

    expect(controlSend).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    const { input, body } = sentRequest(send);
    expect(input.modelId).toBe('us.stability.stable-image-control-structure-v1:0');
    expect(input.contentType).toBe('application/json');
    expect(input.accept).toBe('application/json');
    expect(body.prompt).toBe(
      `Modern villa, ${VARIATION_SUFFIXES[1]}, ${RENDER_STYLE_DEFINITIONS.photorealistic.promptWords}`,
    );
    expect(body.control_strength).toBe(0.7);
    expect(body.output_format).toBe('png');
    expect(body.seed).toBe(seedFor('gen-1', 2, STABILITY_LIMITS.seedMax));
    expect(body.style_preset).toBe('photographic');
    await expectConditionImage(body.image, 1024);
  });

  it('draws the model to the requested square size and reads the model id from the environment', async () => {
    process.env.BEDROCK_STABILITY_MODEL_ID = 'us.stability.stable-image-control-sketch-v1:0';
    const { runtime, send } = stubRuntime(documented);
    const provider = createBedrockImageProvider('stability-structure', { runtime, checkLifecycle: false });
    await provider.generate({ view, prompt: 'isometric massing model', variation: 1, size: 512 });
    const { input, body } = sentRequest(send);
    expect(input.modelId).toBe('us.stability.stable-image-control-sketch-v1:0');
    expect(body.style_preset).toBe('isometric');
    expect('seed' in body).toBe(false);
    await expectConditionImage(body.image, 512);
  });

  it('turns a documented filtered answer into ContentFilteredError', async () => {
    const { runtime } = stubRuntime({ finish_reasons: ['Filter reason: prompt'] });
    const provider = createBedrockImageProvider('stability-structure', { runtime, checkLifecycle: false });
    const err = await provider.generate({ view, prompt: 'p', variation: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(ContentFilteredError);
    expect(err.name).toBe('ContentFiltered');
    expect(err.message).toMatch(/prompt was blocked/);
  });

  it('converts a non-PNG answer to PNG', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const { runtime } = stubRuntime({
      seeds: [1],
      finish_reasons: [null],
      images: [jpeg.toString('base64')],
    });
    const provider = createBedrockImageProvider('stability-structure', { runtime, checkLifecycle: false });
    const out = await provider.generate({ view, prompt: 'p', variation: 3 });
    expect((await sharp(out.png).metadata()).format).toBe('png');
    expect([out.width, out.height]).toEqual([640, 480]);
  });

  it('treats an answer that is not JSON, or an image that is not an image, as a service error', async () => {
    const notJson = createBedrockImageProvider('stability-structure', {
      runtime: stubRuntime('<html>').runtime,
      checkLifecycle: false,
    });
    await expect(notJson.generate({ view, prompt: 'p', variation: 1 })).rejects.toBeInstanceOf(
      ProviderServiceError,
    );
    const garbage = createBedrockImageProvider('stability-structure', {
      runtime: stubRuntime({
        finish_reasons: [null],
        images: [Buffer.from('not an image').toString('base64')],
      }).runtime,
      checkLifecycle: false,
    });
    await expect(garbage.generate({ view, prompt: 'p', variation: 1 })).rejects.toBeInstanceOf(
      ProviderServiceError,
    );
  });
});

describe('Amazon Nova Canvas provider', () => {
  it('invokes the model with the documented conditioning body and returns the decoded PNG', async () => {
    const { runtime, send } = stubRuntime(() => ({ images: [generatedPng.toString('base64')] }));
    const provider = createBedrockImageProvider('nova-canvas', {
      runtime,
      control: stubControl('ACTIVE').control,
    });
    expect(provider.id).toBe('bedrock-nova-canvas');
    const out = await provider.generate({
      view,
      prompt: 'Night scene with ambient lighting',
      variation: 3,
      fidelity: 0,
      seed: 77,
      size: 1000,
    });
    expect(out.png.equals(generatedPng)).toBe(true);
    expect(out.description).toContain('Amazon Nova Canvas');

    const { input, body } = sentRequest(send);
    expect(input.modelId).toBe('amazon.nova-canvas-v1:0');
    expect(input.contentType).toBe('application/json');
    expect(input.accept).toBe('application/json');
    expect(body.taskType).toBe('TEXT_IMAGE');
    expect(body.textToImageParams.text).toBe(
      `Night scene with ambient lighting, ${VARIATION_SUFFIXES[2]}, ${RENDER_STYLE_DEFINITIONS.night.promptWords}`,
    );
    expect(body.textToImageParams.text.length).toBeLessThanOrEqual(NOVA_CANVAS_LIMITS.textMax);
    expect(body.textToImageParams.controlMode).toBe('CANNY_EDGE');
    expect(body.textToImageParams.controlStrength).toBe(0.3);
    expect(body.imageGenerationConfig).toEqual({
      numberOfImages: 1,
      width: 1008,
      height: 1008,
      quality: 'standard',
      cfgScale: 6.5,
      seed: 77,
    });
    await expectConditionImage(body.textToImageParams.conditionImage, 1008);
  });

  it('turns the documented `error` answer into ContentFilteredError', async () => {
    const { runtime } = stubRuntime({
      images: [],
      error: 'The generated image may conflict with the RAI policy.',
    });
    const provider = createBedrockImageProvider('nova-canvas', { runtime, checkLifecycle: false });
    await expect(provider.generate({ view, prompt: 'p', variation: 1 })).rejects.toBeInstanceOf(
      ContentFilteredError,
    );
  });

  it('refuses a LEGACY model before invoking it', async () => {
    const { runtime, send } = stubRuntime({ images: [generatedPng.toString('base64')] });
    const provider = createBedrockImageProvider('nova-canvas', {
      runtime,
      control: stubControl('LEGACY').control,
    });
    const err = await provider.generate({ view, prompt: 'p', variation: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err.message).toBe(
      'amazon.nova-canvas-v1:0 is a legacy model and is not available to new accounts; choose another model in System Settings',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('invokes anyway when the lifecycle check itself cannot be made', async () => {
    const { runtime, send } = stubRuntime({ images: [generatedPng.toString('base64')] });
    const { control } = stubControl(sdkError('ThrottlingException'));
    const provider = createBedrockImageProvider('nova-canvas', { runtime, control });
    await expect(provider.generate({ view, prompt: 'p', variation: 1 })).resolves.toHaveProperty(
      'width',
      1024,
    );
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['ThrottlingException', ProviderThrottledError],
    ['ModelTimeoutException', ProviderTimeoutError],
    ['ServiceUnavailableException', ProviderServiceError],
    ['AccessDeniedException', ModelUnavailableError],
  ])('classifies %s from InvokeModel', async (name, type) => {
    const { runtime } = stubRuntime(() => sdkError(name));
    const provider = createBedrockImageProvider('nova-canvas', { runtime, checkLifecycle: false });
    await expect(provider.generate({ view, prompt: 'p', variation: 1 })).rejects.toBeInstanceOf(type);
  });

  it('uses the explicit model id over the environment', async () => {
    process.env.BEDROCK_NOVA_CANVAS_MODEL_ID = 'from-env';
    const { runtime, send } = stubRuntime({ images: [generatedPng.toString('base64')] });
    const provider = createBedrockImageProvider('nova-canvas', {
      runtime,
      modelId: 'explicit',
      checkLifecycle: false,
    });
    await provider.generate({ view, prompt: 'p', variation: 1 });
    expect(sentRequest(send).input.modelId).toBe('explicit');
  });
});

describe('Refinements on Stability AI', () => {
  let parentPng: Buffer;
  let editedPng: Buffer;
  beforeAll(async () => {
    parentPng = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#aa4433' } })
      .png()
      .toBuffer();
    editedPng = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#eeeeee' } })
      .png()
      .toBuffer();
  });
  const answer = (png: Buffer) => ({ seeds: [7], finish_reasons: [null], images: [png.toString('base64')] });
  const refinement = (followUp: string) => ({
    view,
    prompt: `Brick villa. ${followUp}`,
    variation: 2 as const,
    style: 'photorealistic' as const,
    generationId: 'refinement-gen',
    refines: { image: parentPng, followUp, generationId: 'parent-gen' },
  });

  it('edits only the surfaces a follow-up names, on the refined render, with its seed (Search and Replace)', async () => {
    const { runtime, send } = stubRuntime(() => answer(editedPng));
    const provider = createBedrockImageProvider('stability-structure', { runtime, checkLifecycle: false });
    const out = await provider.generate(refinement('white render walls and a slate roof'));

    expect(out.png.equals(editedPng)).toBe(true);
    expect(out.description).toContain('Search and Replace');
    expect(send).toHaveBeenCalledTimes(2); // walls, then roof on the edited image
    const [walls, roof] = send.mock.calls.map(([command]) => ({
      modelId: command.input.modelId,
      body: JSON.parse(command.input.body as string),
    }));
    expect(walls!.modelId).toBe('us.stability.stable-image-search-replace-v1:0');
    expect(Object.keys(walls!.body).sort()).toEqual(
      ['image', 'negative_prompt', 'output_format', 'prompt', 'search_prompt', 'seed', 'style_preset'].sort(),
    );
    expect(walls!.body.search_prompt).toBe('the building walls');
    expect(walls!.body.prompt).toMatch(/^white smooth rendered stucco walls, /);
    expect(walls!.body.image).toBe(parentPng.toString('base64'));
    expect(walls!.body.seed).toBe(seedFor('parent-gen', 2, STABILITY_LIMITS.seedMax));
    expect(roof!.body.search_prompt).toBe('the roof');
    expect(roof!.body.image).toBe(editedPng.toString('base64'));
  });

  it('renders the view again from the model lines when the follow-up changes more (Control Structure, same seed)', async () => {
    const { runtime, send } = stubRuntime(() => answer(editedPng));
    const provider = createBedrockImageProvider('stability-structure', { runtime, checkLifecycle: false });
    await provider.generate(refinement('white walls, add a flat roof, evening'));

    expect(send).toHaveBeenCalledTimes(1);
    const { input, body } = sentRequest(send);
    expect(input.modelId).toBe('us.stability.stable-image-control-structure-v1:0');
    expect(body.prompt.startsWith('Brick villa. white walls, add a flat roof, evening')).toBe(true);
    expect(body.seed).toBe(seedFor('parent-gen', 2, STABILITY_LIMITS.seedMax));
    expect(body.image).not.toBe(parentPng.toString('base64')); // the conditioning image, not the old render
  });

  it('keeps the typed errors of the edit service', async () => {
    const { runtime } = stubRuntime({ finish_reasons: ['Filter reason: prompt'] });
    const provider = createBedrockImageProvider('stability-structure', { runtime, checkLifecycle: false });
    await expect(provider.generate(refinement('slate roof'))).rejects.toBeInstanceOf(ContentFilteredError);
    const throttled = stubRuntime(() => sdkError('ThrottlingException'));
    const again = createBedrockImageProvider('stability-structure', {
      runtime: throttled.runtime,
      checkLifecycle: false,
    });
    await expect(again.generate(refinement('slate roof'))).rejects.toBeInstanceOf(ProviderThrottledError);
  });
});
