import type { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { upscaleWithStability } from './bedrock-upscale';
import { ModelUnavailableError, ProviderServiceError } from './errors';

const square = (side: number, colour: string) =>
  sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .png()
    .toBuffer();

function stubRuntime(answer: () => unknown) {
  const send = vi.fn(async (_command: InvokeModelCommand) => {
    const value = answer();
    if (value instanceof Error) throw value;
    return { body: new TextEncoder().encode(JSON.stringify(value)), $metadata: {} };
  });
  return { runtime: { send } as unknown as BedrockRuntimeClient, send };
}

let render: Buffer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'error';
  render = await square(1024, '#557799');
});

const request = (size: number) => ({
  png: render,
  size,
  prompt: 'Brick villa',
  variation: 1 as const,
  style: 'photorealistic' as const,
  generationId: 'gen-1',
});

describe('upscaleWithStability', () => {
  it('4096 px: Fast Upscale of the stored render, exactly 4096 px on the long side', async () => {
    const upscaled = await square(4096, '#557799');
    const { runtime, send } = stubRuntime(() => ({
      finish_reasons: [null],
      images: [upscaled.toString('base64')],
    }));
    const out = await upscaleWithStability(request(4096), { runtime, checkLifecycle: false });
    expect(out.service).toBe('fast');
    const command = send.mock.calls[0]![0];
    expect(command.input.modelId).toBe('us.stability.stable-fast-upscale-v1:0');
    expect(JSON.parse(command.input.body as string)).toEqual({
      image: render.toString('base64'),
      output_format: 'png',
    });
    const meta = await sharp(out.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 4096, 4096]);
  });

  it('fits what the model returns to the offered size (2048 px from a 4× answer)', async () => {
    const upscaled = await square(4096, '#557799');
    const { runtime } = stubRuntime(() => ({
      finish_reasons: [null],
      images: [upscaled.toString('base64')],
    }));
    const out = await upscaleWithStability(request(2048), { runtime, checkLifecycle: false });
    const meta = await sharp(out.png).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 2048]);
  });

  it('a render over Fast Upscale’s input goes to Conservative Upscale with its prompt', async () => {
    const large = await square(1536, '#557799');
    const upscaled = await square(2048, '#557799');
    const { runtime, send } = stubRuntime(() => ({
      finish_reasons: [null],
      images: [upscaled.toString('base64')],
    }));
    const out = await upscaleWithStability(
      { ...request(4096), png: large },
      { runtime, checkLifecycle: false },
    );
    expect(out.service).toBe('conservative');
    const command = send.mock.calls[0]![0];
    expect(command.input.modelId).toBe('us.stability.stable-conservative-upscale-v1:0');
    expect(JSON.parse(command.input.body as string)).toMatchObject({ creativity: 0.2, output_format: 'png' });
    expect((await sharp(out.png).metadata()).width).toBe(4096);
  });

  it('maps access denied to ModelUnavailable and an empty answer to a service error', async () => {
    const denied = stubRuntime(() =>
      Object.assign(new Error('no'), { name: 'AccessDeniedException', $metadata: {} }),
    );
    await expect(
      upscaleWithStability(request(4096), { runtime: denied.runtime, checkLifecycle: false }),
    ).rejects.toBeInstanceOf(ModelUnavailableError);
    const empty = stubRuntime(() => ({ finish_reasons: [null], images: [] }));
    await expect(
      upscaleWithStability(request(4096), { runtime: empty.runtime, checkLifecycle: false }),
    ).rejects.toBeInstanceOf(ProviderServiceError);
  });
});
