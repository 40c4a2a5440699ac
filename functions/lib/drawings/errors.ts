import { AppError } from '../errors';

/** The upload cannot be turned into a drawing; the message is shown to the user as it is. */
export const unprocessable = (message: string, details?: unknown) =>
  new AppError('UNPROCESSABLE', message, details);

/** The upload decodes to more than the service will handle. */
export const tooLarge = (message: string, details?: unknown) =>
  new AppError('PAYLOAD_TOO_LARGE', message, details);

/** Runs `work`, turning anything that is not already an AppError into an UNPROCESSABLE one with `message`. */
export async function asUnprocessable<T>(message: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unprocessable(message, { cause: err instanceof Error ? err.message : String(err) });
  }
}

/** Rejects after `ms` with an UNPROCESSABLE error carrying `message`. */
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
