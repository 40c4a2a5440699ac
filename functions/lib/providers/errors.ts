/**
 * Typed image-provider errors. A Lambda's error `name` becomes the Step Functions error type, so these names
 * are what the generation state machine's Retry / Catch match on:
 *
 * - retryable: `ProviderThrottled`, `ProviderTimeout`, `ProviderServiceError`
 * - final:     `ContentFiltered`, `ProviderRequestError`, `ModelUnavailable`
 *
 * `message` is written for the user (it ends up on the failed render); the raw provider message, when there
 * is one, stays in `detail` (and `cause`) for logs.
 */

export const PROVIDER_ERROR_NAMES = [
  'ProviderThrottled',
  'ProviderTimeout',
  'ProviderServiceError',
  'ContentFiltered',
  'ProviderRequestError',
  'ModelUnavailable',
] as const;
export type ProviderErrorName = (typeof PROVIDER_ERROR_NAMES)[number];

/** Error names Step Functions should retry (with backoff); the others are final. */
export const RETRYABLE_PROVIDER_ERRORS: readonly ProviderErrorName[] = [
  'ProviderThrottled',
  'ProviderTimeout',
  'ProviderServiceError',
];

export interface ProviderErrorOptions {
  /** The provider's own message (not shown to users). */
  detail?: string;
  cause?: unknown;
}

export abstract class ProviderError extends Error {
  abstract override readonly name: ProviderErrorName;
  abstract readonly retryable: boolean;
  readonly detail?: string;

  constructor(message: string, options: ProviderErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.detail = options.detail;
  }
}

/** Rate limit or quota reached; try again later. */
export class ProviderThrottledError extends ProviderError {
  override readonly name = 'ProviderThrottled' as const;
  readonly retryable = true;
  constructor(
    message = 'The image service is busy right now (rate limit reached). The render will be retried shortly.',
    options?: ProviderErrorOptions,
  ) {
    super(message, options);
  }
}

/** The model took too long to answer. */
export class ProviderTimeoutError extends ProviderError {
  override readonly name = 'ProviderTimeout' as const;
  readonly retryable = true;
  constructor(
    message = 'The image service took too long to answer. The render will be retried.',
    options?: ProviderErrorOptions,
  ) {
    super(message, options);
  }
}

/** A transient failure on the provider's side (5xx, model error, model still loading, bad answer). */
export class ProviderServiceError extends ProviderError {
  override readonly name = 'ProviderServiceError' as const;
  readonly retryable = true;
  constructor(
    message = 'The image service had a temporary problem. The render will be retried.',
    options?: ProviderErrorOptions,
  ) {
    super(message, options);
  }
}

/** The prompt, the drawing or the generated image was blocked by the provider's content moderation. */
export class ContentFilteredError extends ProviderError {
  override readonly name = 'ContentFiltered' as const;
  readonly retryable = false;
  constructor(
    message = "The image was blocked by the image service's content filter. Please rephrase the prompt and try again.",
    options?: ProviderErrorOptions,
  ) {
    super(message, options);
  }
}

/** The provider rejected the request as invalid; retrying the same request will not help. */
export class ProviderRequestError extends ProviderError {
  override readonly name = 'ProviderRequestError' as const;
  readonly retryable = false;
  constructor(
    message = 'The image service rejected the request. Try a different prompt or drawing.',
    options?: ProviderErrorOptions,
  ) {
    super(message, options);
  }
}

/** The configured model cannot be used (legacy / end of life, no access, not in this region). */
export class ModelUnavailableError extends ProviderError {
  override readonly name = 'ModelUnavailable' as const;
  readonly retryable = false;
  constructor(
    message = 'The configured image model is not available; choose another model in System Settings.',
    options?: ProviderErrorOptions,
  ) {
    super(message, options);
  }
}

export const isProviderError = (err: unknown): err is ProviderError => err instanceof ProviderError;

const THROTTLED = new Set([
  'ThrottlingException',
  'ServiceQuotaExceededException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
]);
const TIMEOUT = new Set([
  'ModelTimeoutException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const SERVICE = new Set([
  'ServiceUnavailableException',
  'InternalServerException',
  'ModelErrorException',
  'ModelNotReadyException',
  'ModelStreamErrorException',
]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT']);

const CONTENT_FILTER_RE = /content filters?|responsible ai|\bAUP\b|acceptable use|moderation|safety system/i;
const END_OF_LIFE_RE =
  /end of (its )?life|reached (its )?end|\blegacy\b|no longer (available|supported)|deprecated|has been retired/i;

interface SdkLikeError {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  $metadata?: { httpStatusCode?: number };
  $response?: { statusCode?: number };
  $retryable?: unknown;
}

function errorName(err: SdkLikeError): string {
  if (typeof err.name === 'string' && err.name !== 'Error') return err.name;
  if (typeof err.code === 'string') return err.code;
  return typeof err.name === 'string' ? err.name : '';
}

/**
 * Maps an error thrown by the Bedrock SDK (or by us) to a typed provider error. Provider errors pass through;
 * SDK exceptions are mapped by name, then by HTTP status; anything else is treated as a transient service error.
 * `modelId` only makes the messages more specific.
 */
export function classifyBedrockError(err: unknown, modelId?: string): ProviderError {
  if (isProviderError(err)) return err;
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as SdkLikeError;
  const name = errorName(e);
  const raw = typeof e.message === 'string' ? e.message : String(err);
  const options: ProviderErrorOptions = { detail: raw ? `${name}: ${raw}` : name, cause: err };
  const model = modelId ? `The model ${modelId}` : 'The configured model';

  if (THROTTLED.has(name)) return new ProviderThrottledError(undefined, options);
  if (TIMEOUT.has(name)) return new ProviderTimeoutError(undefined, options);
  if (name === 'ModelNotReadyException') {
    return new ProviderServiceError(
      'The image model is starting up and not ready yet. The render will be retried.',
      options,
    );
  }
  if (SERVICE.has(name)) return new ProviderServiceError(undefined, options);
  if (name === 'ValidationException') {
    if (CONTENT_FILTER_RE.test(raw)) return new ContentFilteredError(undefined, options);
    if (END_OF_LIFE_RE.test(raw)) {
      return new ModelUnavailableError(
        `${model} has reached end of life and can no longer be used; choose another model in System Settings.`,
        options,
      );
    }
    return new ProviderRequestError(undefined, options);
  }
  if (name === 'AccessDeniedException') {
    return new ModelUnavailableError(
      `${model} is not available to this account (access denied). Enable model access in Amazon Bedrock or choose another model in System Settings.`,
      options,
    );
  }
  if (name === 'ResourceNotFoundException') {
    return new ModelUnavailableError(
      `${model} was not found in this AWS Region; choose another model in System Settings.`,
      options,
    );
  }
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) {
    return e.code === 'ETIMEDOUT'
      ? new ProviderTimeoutError(undefined, options)
      : new ProviderServiceError(undefined, options);
  }

  const status = e.$metadata?.httpStatusCode ?? e.$response?.statusCode;
  if (status === 429) return new ProviderThrottledError(undefined, options);
  if (status === 408 || status === 504) return new ProviderTimeoutError(undefined, options);
  if (typeof status === 'number' && status >= 500) return new ProviderServiceError(undefined, options);
  if (status === 403) {
    return new ModelUnavailableError(
      `${model} is not available to this account (access denied). Enable model access in Amazon Bedrock or choose another model in System Settings.`,
      options,
    );
  }
  if (status === 404) {
    return new ModelUnavailableError(
      `${model} was not found in this AWS Region; choose another model in System Settings.`,
      options,
    );
  }
  if (typeof status === 'number' && status >= 400) return new ProviderRequestError(undefined, options);
  return new ProviderServiceError(undefined, options);
}
