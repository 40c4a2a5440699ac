/**
 * What the readers say when a file cannot be read: a code and words a user can act on. No HTTP here; the API and
 * the tasks map these at their edge (functions/lib/errors.ts `fromDrawingError`).
 */
export const DRAWING_ERROR_CODES = ['UNREADABLE', 'TOO_LARGE'] as const;
export type DrawingErrorCode = (typeof DRAWING_ERROR_CODES)[number];

export class DrawingError extends Error {
  override name = 'DrawingError';
  constructor(
    readonly code: DrawingErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The upload cannot be turned into a drawing; the message is shown to the user as it is. */
export const unprocessable = (message: string, details?: unknown) =>
  new DrawingError('UNREADABLE', message, details);

/** The upload decodes to more than the service will handle. */
export const tooLarge = (message: string, details?: unknown) =>
  new DrawingError('TOO_LARGE', message, details);

/** Rejects after `ms` with an UNREADABLE error carrying `message`. */
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message: string,
  onTimeout?: () => void,
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(unprocessable(message));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
