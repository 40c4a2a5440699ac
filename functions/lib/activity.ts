import { ACTIVITY_WRITE_INTERVAL_MS } from '../../shared/constants';
import { touchActivity } from './db/profiles';
import type { Logger } from './logger';

// Per warm container: a busy user costs one conditional write a minute, not one per request.
const lastWritten = new Map<string, number>();

/** Records that the user was active; never fails the request it rides on. */
export async function recordActivity(userId: string, log: Logger, now = Date.now()): Promise<void> {
  const previous = lastWritten.get(userId);
  if (previous !== undefined && now - previous < ACTIVITY_WRITE_INTERVAL_MS) return;
  lastWritten.set(userId, now);
  if (lastWritten.size > 10_000) lastWritten.clear();
  try {
    await touchActivity(userId, new Date(now));
  } catch (error) {
    lastWritten.delete(userId);
    log.warn('could not record activity', { error });
  }
}
