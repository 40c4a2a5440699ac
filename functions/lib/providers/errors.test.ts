import { describe, expect, it } from 'vitest';
import {
  ContentFilteredError,
  classifyBedrockError,
  ModelUnavailableError,
  PROVIDER_ERROR_NAMES,
  ProviderRequestError,
  ProviderServiceError,
  ProviderThrottledError,
  ProviderTimeoutError,
  RETRYABLE_PROVIDER_ERRORS,
} from './errors';

/** What the SDK throws: a ServiceException subclass with `name`, `message` and `$metadata`. */
const sdkError = (name: string, message = 'boom', httpStatusCode?: number) =>
  Object.assign(new Error(message), { name, $fault: 'client', $metadata: { httpStatusCode } });

describe('provider error types', () => {
  it('have the names Step Functions matches on, and the right retryability', () => {
    const errors = [
      new ProviderThrottledError(),
      new ProviderTimeoutError(),
      new ProviderServiceError(),
      new ContentFilteredError(),
      new ProviderRequestError(),
      new ModelUnavailableError(),
    ];
    expect(errors.map((e) => e.name)).toEqual([...PROVIDER_ERROR_NAMES]);
    for (const e of errors) {
      expect(e).toBeInstanceOf(Error);
      expect(e.retryable).toBe(RETRYABLE_PROVIDER_ERRORS.includes(e.name));
      expect(e.message.length).toBeGreaterThan(20);
      expect(e.message).not.toMatch(/Exception/);
    }
    expect(RETRYABLE_PROVIDER_ERRORS).toEqual([
      'ProviderThrottled',
      'ProviderTimeout',
      'ProviderServiceError',
    ]);
  });

  it('keep the raw detail and cause apart from the user-facing message', () => {
    const cause = new Error('raw');
    const e = new ContentFilteredError('Blocked.', { detail: 'Stability: Filter reason: prompt', cause });
    expect(e.message).toBe('Blocked.');
    expect(e.detail).toBe('Stability: Filter reason: prompt');
    expect(e.cause).toBe(cause);
  });
});

describe('classifyBedrockError', () => {
  it.each([
    ['ThrottlingException', 'ProviderThrottled'],
    ['ServiceQuotaExceededException', 'ProviderThrottled'],
    ['ModelTimeoutException', 'ProviderTimeout'],
    ['ServiceUnavailableException', 'ProviderServiceError'],
    ['InternalServerException', 'ProviderServiceError'],
    ['ModelNotReadyException', 'ProviderServiceError'],
    ['ModelErrorException', 'ProviderServiceError'],
    ['ValidationException', 'ProviderRequestError'],
    ['AccessDeniedException', 'ModelUnavailable'],
    ['ResourceNotFoundException', 'ModelUnavailable'],
  ])('%s → %s', (sdkName, expected) => {
    const e = classifyBedrockError(sdkError(sdkName, 'raw provider text'), 'amazon.nova-canvas-v1:0');
    expect(e.name).toBe(expected);
    expect(e.detail).toBe(`${sdkName}: raw provider text`);
    expect(e.message).not.toContain('raw provider text');
  });

  it('reads content-filter and end-of-life validation errors', () => {
    const filtered = classifyBedrockError(
      sdkError('ValidationException', 'This request has been blocked by our content filters.'),
    );
    expect(filtered).toBeInstanceOf(ContentFilteredError);
    const aup = classifyBedrockError(
      sdkError(
        'ValidationException',
        'The generated image may conflict with our AUP or AWS Responsible AI Policy.',
      ),
    );
    expect(aup).toBeInstanceOf(ContentFilteredError);
    const eol = classifyBedrockError(
      sdkError('ValidationException', 'This model version has reached the end of its life.'),
      'amazon.nova-canvas-v1:0',
    );
    expect(eol).toBeInstanceOf(ModelUnavailableError);
    expect(eol.message).toContain('amazon.nova-canvas-v1:0');
    expect(eol.message).toContain('System Settings');
  });

  it('names the model in access and region errors', () => {
    const denied = classifyBedrockError(sdkError('AccessDeniedException'), 'us.stability.x-v1:0');
    expect(denied.message).toContain('us.stability.x-v1:0');
    expect(denied.message).toMatch(/access denied/i);
    const missing = classifyBedrockError(sdkError('ResourceNotFoundException'), 'us.stability.x-v1:0');
    expect(missing.message).toMatch(/not found in this AWS Region/);
  });

  it('falls back on the HTTP status, then on network codes, then on a retryable service error', () => {
    expect(classifyBedrockError(sdkError('SomethingNew', 'x', 429)).name).toBe('ProviderThrottled');
    expect(classifyBedrockError(sdkError('SomethingNew', 'x', 503)).name).toBe('ProviderServiceError');
    expect(classifyBedrockError(sdkError('SomethingNew', 'x', 400)).name).toBe('ProviderRequestError');
    expect(classifyBedrockError(sdkError('SomethingNew', 'x', 404)).name).toBe('ModelUnavailable');
    expect(
      classifyBedrockError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })).name,
    ).toBe('ProviderServiceError');
    expect(classifyBedrockError(Object.assign(new Error('t'), { name: 'TimeoutError' })).name).toBe(
      'ProviderTimeout',
    );
    expect(classifyBedrockError('a string').name).toBe('ProviderServiceError');
  });

  it('passes provider errors through unchanged', () => {
    const e = new ContentFilteredError();
    expect(classifyBedrockError(e)).toBe(e);
  });
});
