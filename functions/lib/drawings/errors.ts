import { AppError } from '../errors';

/** The upload cannot be turned into a drawing; the message is shown to the user as it is. */
export const unprocessable = (message: string, details?: unknown) =>
  new AppError('UNPROCESSABLE', message, details);

/** The upload decodes to more than the service will handle. */
export const tooLarge = (message: string, details?: unknown) =>
  new AppError('PAYLOAD_TOO_LARGE', message, details);

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
