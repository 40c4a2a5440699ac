import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { STORAGE_WARNING_BYTES } from '../../../shared/constants';
import type { HealthProbe, HealthStatus, SystemHealth } from '../../../shared/schemas/admin';
import { getSetting } from '../db/settings';
import { type Counters, readTotalsItem } from '../db/stats';
import { env } from '../env';
import type { Logger } from '../logger';
import { s3 } from '../storage';

export const PROBE_TIMEOUT_MS = 3_000;
/** A database round trip slower than this is reported as a warning. */
export const SLOW_DATABASE_MS = 1_000;
/** Failed jobs (today and yesterday) from which a mostly failing provider is reported. */
export const AI_FAILURE_MIN = 3;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: Math.round(performance.now() - t0) };
}

/** A real read of the table (the totals item). */
export async function probeDatabase(log?: Logger): Promise<HealthProbe> {
  try {
    const { ms } = await timed(() => withTimeout(readTotalsItem(), PROBE_TIMEOUT_MS, 'The database'));
    const slow = ms > SLOW_DATABASE_MS;
    return {
      status: slow ? 'warning' : 'healthy',
      latencyMs: ms,
      message: slow ? `Slow answer (${ms} ms)` : 'Reads answer normally',
    };
  } catch (error) {
    log?.warn('database probe failed', { error });
    return { status: 'error', latencyMs: null, message: (error as Error).message };
  }
}

/** Both buckets answer HeadBucket; storage used (from the counters) against the 80 GB warning. */
export async function probeStorage(usedBytes: number, log?: Logger): Promise<SystemHealth['storage']> {
  const base = { usedBytes, warningBytes: STORAGE_WARNING_BYTES };
  try {
    const { ms } = await timed(() =>
      withTimeout(
        Promise.all(
          [env.uploadsBucket, env.rendersBucket].map((Bucket) =>
            s3().send(new HeadBucketCommand({ Bucket })),
          ),
        ),
        PROBE_TIMEOUT_MS,
        'Storage',
      ),
    );
    const over = usedBytes > STORAGE_WARNING_BYTES;
    return {
      ...base,
      status: over ? 'warning' : 'healthy',
      latencyMs: ms,
      message: over ? 'More than 80 GB used' : 'Buckets reachable',
    };
  } catch (error) {
    log?.warn('storage probe failed', { error });
    return { ...base, status: 'error', latencyMs: null, message: 'Storage buckets unreachable' };
  }
}

/**
 * The image provider: the one the `ai_model_primary` setting selects, judged by what it did recently (jobs
 * completed and failed today and yesterday, from the daily counters): mostly failing is a warning.
 */
export async function probeAi(
  recent: { completed: number; failed: number },
  log?: Logger,
): Promise<SystemHealth['ai']> {
  let provider = 'unknown';
  try {
    const { value, ms } = await timed(() =>
      withTimeout(getSetting('ai_model_primary'), PROBE_TIMEOUT_MS, 'The settings store'),
    );
    provider = value;
    const failing = recent.failed >= AI_FAILURE_MIN && recent.failed > recent.completed;
    let status: HealthStatus = 'healthy';
    let message = `${provider}: ${recent.completed} completed, ${recent.failed} failed since yesterday`;
    if (failing) {
      status = 'warning';
      message = `${provider}: most recent jobs failed (${recent.failed} of ${recent.completed + recent.failed})`;
    }
    return { status, latencyMs: ms, message, provider };
  } catch (error) {
    log?.warn('AI probe failed', { error });
    return { status: 'error', latencyMs: null, message: (error as Error).message, provider };
  }
}

/** Today's and yesterday's job outcomes from their daily buckets. */
export function recentJobOutcomes(days: Counters[]): { completed: number; failed: number } {
  const [today = {}, yesterday = {}] = days;
  return {
    completed: (today.jobsCompleted ?? 0) + (yesterday.jobsCompleted ?? 0),
    failed: (today.jobsFailed ?? 0) + (yesterday.jobsFailed ?? 0),
  };
}

/** Every probe, in parallel, given the recent daily buckets (today first) and the storage used. */
export async function checkHealth(options: {
  days: Counters[];
  usedBytes: number;
  log?: Logger;
  now?: Date;
}): Promise<SystemHealth> {
  const { log } = options;
  const [database, ai, storage] = await Promise.all([
    probeDatabase(log),
    probeAi(recentJobOutcomes(options.days), log),
    probeStorage(options.usedBytes, log),
  ]);
  return { database, ai, storage, checkedAt: (options.now ?? new Date()).toISOString() };
}
