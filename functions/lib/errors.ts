import { DrawingError, type DrawingErrorCode } from '../../engine/drawing/errors';
import type { ErrorCode } from '../../shared/schemas/common';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  NO_DRAWING: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** An error meant for the client: its code, message and status reach the response as they are. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

/** A reader's code as the API answers it: a file it cannot read is 422, one too large to read 413. */
const DRAWING_ERROR_CODES: Record<DrawingErrorCode, ErrorCode> = {
  UNREADABLE: 'UNPROCESSABLE',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

/** An engine's DrawingError as the API's error; anything else unchanged. */
export function fromDrawingError(error: unknown): unknown {
  return error instanceof DrawingError
    ? new AppError(DRAWING_ERROR_CODES[error.code], error.message, error.details)
    : error;
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError('BAD_REQUEST', message, details);
export const unauthorized = (message = 'Not authenticated') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** Error names the AWS SDK gives when a service is down, overloaded or unreachable (not the caller's mistake). */
const OUTAGE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'ThrottlingException',
  'Throttling',
  'SlowDown',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
]);
/** Socket errors of a dependency that cannot be reached. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Whether an error means a dependency (the database, storage, Step Functions) is down or overloaded: such errors
 * answer 503 with Retry-After instead of looking like a bug.
 */
export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as {
    name?: string;
    code?: string;
    errno?: string;
    $metadata?: { httpStatusCode?: number };
    $fault?: string;
    cause?: unknown;
    errors?: unknown[];
  };
  if (e.name && OUTAGE_NAMES.has(e.name)) return true;
  if ((e.code && OUTAGE_CODES.has(e.code)) || (e.errno && OUTAGE_CODES.has(e.errno))) return true;
  if (e.$fault === 'server' && (e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return (
    isDependencyOutage(e.cause, depth + 1) ||
    (Array.isArray(e.errors) && e.errors.some((inner) => isDependencyOutage(inner, depth + 1)))
  );
}

/** How long a client should wait after an outage answer before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

export const serviceUnavailable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Planform cannot reach one of its services right now. Nothing was lost; please try again in a minute.',
    undefined,
    { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) },
  );
