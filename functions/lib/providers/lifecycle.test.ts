import { type BedrockClient, GetFoundationModelCommand } from '@aws-sdk/client-bedrock';
import { describe, expect, it, vi } from 'vitest';
import { ModelUnavailableError, ProviderRequestError, ProviderThrottledError } from './errors';
import { assertModelActive, foundationModelId, legacyModelMessage } from './lifecycle';

/** A GetFoundationModel answer as documented (modelDetails.modelLifecycle.status ACTIVE | LEGACY). */
const details = (modelId: string, status: string) => ({
  modelDetails: {
    modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${modelId}`,
    modelId,
    modelName: modelId,
    providerName: 'Amazon',
    inputModalities: ['TEXT', 'IMAGE'],
    outputModalities: ['IMAGE'],
    modelLifecycle: { status },
  },
});

function stubClient(answer: (id: string) => unknown) {
  const send = vi.fn(async (command: GetFoundationModelCommand) => {
    expect(command).toBeInstanceOf(GetFoundationModelCommand);
    const result = answer(command.input.modelIdentifier!);
    if (result instanceof Error) throw result;
    return result;
  });
  return { client: { send } as unknown as BedrockClient, send };
}

describe('foundationModelId', () => {
  it('strips cross-Region inference profile prefixes and ARNs, but not provider names', () => {
    expect(foundationModelId('us.stability.stable-image-control-structure-v1:0')).toBe(
      'stability.stable-image-control-structure-v1:0',
    );
    expect(foundationModelId('eu.amazon.nova-lite-v1:0')).toBe('amazon.nova-lite-v1:0');
    expect(foundationModelId('global.amazon.nova-2-lite-v1:0')).toBe('amazon.nova-2-lite-v1:0');
    expect(foundationModelId('apac.amazon.nova-lite-v1:0')).toBe('amazon.nova-lite-v1:0');
    expect(foundationModelId('amazon.nova-canvas-v1:0')).toBe('amazon.nova-canvas-v1:0');
    expect(foundationModelId('stability.stable-image-control-sketch-v1:0')).toBe(
      'stability.stable-image-control-sketch-v1:0',
    );
    expect(foundationModelId('arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-canvas-v1:0')).toBe(
      'amazon.nova-canvas-v1:0',
    );
    expect(
      foundationModelId('arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.amazon.nova-lite-v1:0'),
    ).toBe('amazon.nova-lite-v1:0');
  });
});

describe('assertModelActive', () => {
  it('resolves for an ACTIVE model, asking for the foundation model id of an inference profile', async () => {
    const { client, send } = stubClient((id) => details(id, 'ACTIVE'));
    await expect(assertModelActive('us.stability.stable-image-control-structure-v1:0', client)).resolves.toBe(
      undefined,
    );
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].input).toEqual({
      modelIdentifier: 'stability.stable-image-control-structure-v1:0',
    });
  });

  it('refuses a LEGACY model with a message that points to System Settings', async () => {
    const { client } = stubClient((id) => details(id, 'LEGACY'));
    const err = await assertModelActive('amazon.nova-canvas-v1:0', client).catch((e) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err.name).toBe('ModelUnavailable');
    expect(err.message).toBe(legacyModelMessage('amazon.nova-canvas-v1:0'));
    expect(err.message).toBe(
      'amazon.nova-canvas-v1:0 is a legacy model and is not available to new accounts; choose another model in System Settings',
    );
  });

  it('refuses any other or missing status', async () => {
    const { client } = stubClient((id) => ({ modelDetails: { modelId: id } }));
    await expect(assertModelActive('amazon.x-v1:0', client)).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('caches the answer per container, for ACTIVE and for LEGACY', async () => {
    const { client, send } = stubClient((id) => details(id, id.includes('canvas') ? 'LEGACY' : 'ACTIVE'));
    await assertModelActive('us.amazon.nova-lite-v1:0', client);
    await assertModelActive('us.amazon.nova-lite-v1:0', client);
    await assertModelActive('amazon.nova-lite-v1:0', client); // same foundation model
    await expect(assertModelActive('amazon.nova-canvas-v1:0', client)).rejects.toThrow(/legacy/);
    await expect(assertModelActive('amazon.nova-canvas-v1:0', client)).rejects.toThrow(/legacy/);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('maps a model missing from the Region to ModelUnavailable', async () => {
    const { client } = stubClient(() =>
      Object.assign(new Error('Model not found'), { name: 'ResourceNotFoundException', $metadata: {} }),
    );
    await expect(assertModelActive('amazon.gone-v1:0', client)).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('does not cache a failed check; no permission is a ProviderRequestError, not the model’s fault', async () => {
    let calls = 0;
    const { client, send } = stubClient((id) => {
      calls++;
      if (calls === 1)
        return Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: {} });
      if (calls === 2)
        return Object.assign(new Error('not authorized'), { name: 'AccessDeniedException', $metadata: {} });
      return details(id, 'ACTIVE');
    });
    await expect(assertModelActive('amazon.nova-lite-v1:0', client)).rejects.toBeInstanceOf(
      ProviderThrottledError,
    );
    await expect(assertModelActive('amazon.nova-lite-v1:0', client)).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
    await expect(assertModelActive('amazon.nova-lite-v1:0', client)).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(3);
  });
});
