/**
 * Is the configured model still usable? Bedrock's GetFoundationModel answers `modelDetails.modelLifecycle.status`
 * ACTIVE or LEGACY; a LEGACY model is not offered to accounts that have not used it and stops working at its end
 * of life, so it is refused with a message that points the admin to System Settings.
 *
 * API: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_GetFoundationModel.html
 * Lifecycle: https://docs.aws.amazon.com/bedrock/latest/userguide/model-lifecycle.html
 * Needs `bedrock:GetFoundationModel`.
 */
import { BedrockClient, GetFoundationModelCommand } from '@aws-sdk/client-bedrock';
import { classifyBedrockError, ModelUnavailableError, ProviderRequestError } from './errors';

/** Prefixes of cross-Region inference profile ids (`us.stability.…`, `eu.amazon.…`, `global.…`). */
const INFERENCE_PROFILE_PREFIX = /^(us|us-gov|eu|apac|ap|jp|au|ca|global)\./;

/**
 * The foundation-model id GetFoundationModel understands for a model id, inference profile id or ARN:
 * `us.stability.x-v1:0` → `stability.x-v1:0`; `arn:…:foundation-model/amazon.y` → `amazon.y`;
 * `arn:…:inference-profile/us.amazon.y` → `amazon.y`.
 */
export function foundationModelId(modelId: string): string {
  let id = modelId.trim();
  if (id.startsWith('arn:')) id = id.slice(id.lastIndexOf('/') + 1);
  return id.replace(INFERENCE_PROFILE_PREFIX, '');
}

export const legacyModelMessage = (modelId: string) =>
  `${modelId} is a legacy model and is not available to new accounts; choose another model in System Settings`;

let defaultClient: BedrockClient | undefined;
const bedrockClient = () => {
  defaultClient ??= new BedrockClient({ region: process.env.BEDROCK_REGION || undefined });
  return defaultClient;
};

/**
 * Per container and client: model id → the lifecycle check's outcome (answers only; failures are retried). Keyed by
 * the client too, so each client (the one container client, or a test's own) has answers of its own.
 */
const caches = new WeakMap<BedrockClient, Map<string, Promise<void>>>();

async function check(modelId: string, client: BedrockClient): Promise<void> {
  const id = foundationModelId(modelId);
  let status: string | undefined;
  try {
    const out = await client.send(new GetFoundationModelCommand({ modelIdentifier: id }));
    status = out.modelDetails?.modelLifecycle?.status;
  } catch (err) {
    // Without bedrock:GetFoundationModel nothing is known about the model: say so, do not blame the model.
    if ((err as { name?: unknown })?.name === 'AccessDeniedException') {
      throw new ProviderRequestError(`Could not check the lifecycle of ${modelId}: access denied`, {
        detail: `GetFoundationModel ${id}: ${(err as Error).message}`,
        cause: err,
      });
    }
    throw classifyBedrockError(err, modelId);
  }
  if (status !== 'ACTIVE') {
    throw new ModelUnavailableError(legacyModelMessage(modelId), {
      detail: `GetFoundationModel ${id}: lifecycle status ${status ?? 'missing'}`,
    });
  }
}

/**
 * Resolves when `modelId` is ACTIVE; otherwise throws ModelUnavailableError (LEGACY or any other status, model
 * not found in the Region). That answer is cached for the life of the container. A call that fails for another
 * reason (throttling, network, no permission to call GetFoundationModel) is not cached and surfaces as its
 * classified provider error (ProviderRequestError for access denied).
 */
export function assertModelActive(modelId: string, client?: BedrockClient): Promise<void> {
  const key = foundationModelId(modelId);
  const bedrock = client ?? bedrockClient();
  let cache = caches.get(bedrock);
  if (!cache) {
    cache = new Map();
    caches.set(bedrock, cache);
  }
  let pending = cache.get(key);
  if (!pending) {
    pending = check(modelId, bedrock).catch((err) => {
      if (!(err instanceof ModelUnavailableError)) cache?.delete(key);
      throw err;
    });
    cache.set(key, pending);
  }
  return pending;
}
