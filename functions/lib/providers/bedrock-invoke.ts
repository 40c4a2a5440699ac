/**
 * One Bedrock model call as every image service makes it: the model's lifecycle checked first (advisory, cached
 * per container), then InvokeModel with a JSON body and a JSON answer. Every failure is a typed provider error.
 *
 * InvokeModel: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html
 */
import type { BedrockClient } from '@aws-sdk/client-bedrock';
import { type BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import type { Logger } from '../logger';
import { bedrockRuntimeClient } from './config';
import { classifyBedrockError, ModelUnavailableError, ProviderServiceError } from './errors';
import { assertModelActive } from './lifecycle';

export interface BedrockInvokeDeps {
  runtime?: BedrockRuntimeClient;
  /** Control-plane client for the lifecycle check. */
  control?: BedrockClient;
  /** Check the model's lifecycle (GetFoundationModel, cached per container) before invoking; default true. */
  checkLifecycle?: boolean;
}

export type InvokeJson = (modelId: string, body: unknown) => Promise<unknown>;

/** `invoke(modelId, body)`: the lifecycle check, then InvokeModel; the answer parsed as JSON. */
export function bedrockJsonInvoker(deps: BedrockInvokeDeps, log: Logger): InvokeJson {
  async function ensureActive(modelId: string) {
    if (deps.checkLifecycle === false) return;
    try {
      await assertModelActive(modelId, deps.control);
    } catch (err) {
      if (err instanceof ModelUnavailableError) throw err;
      // The lifecycle check is advisory: when it cannot be made, InvokeModel gives the real answer.
      log.warn('Model lifecycle check failed; invoking anyway', { modelId, error: err });
    }
  }

  return async (modelId, body) => {
    await ensureActive(modelId);
    let raw: Uint8Array | undefined;
    try {
      const out = await (deps.runtime ?? bedrockRuntimeClient()).send(
        new InvokeModelCommand({
          modelId,
          contentType: 'application/json',
          accept: 'application/json',
          body: JSON.stringify(body),
        }),
      );
      raw = out.body;
    } catch (err) {
      const classified = classifyBedrockError(err, modelId);
      log.warn('InvokeModel failed', { modelId, errorName: classified.name, detail: classified.detail });
      throw classified;
    }
    try {
      return JSON.parse(new TextDecoder().decode(raw));
    } catch (err) {
      throw new ProviderServiceError(undefined, { detail: `${modelId}: response is not JSON`, cause: err });
    }
  };
}
