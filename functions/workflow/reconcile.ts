import { DescribeExecutionCommand, ExecutionDoesNotExist, SFNClient } from '@aws-sdk/client-sfn';
import { listRunningGenerations } from '../lib/db/generations';
import { finalizeGeneration } from '../lib/generation/finalize';
import { executionArnOf } from '../lib/generation/starter';
import { logger } from '../lib/logger';

/** A generation whose execution is missing this long after it was recorded will not start any more. */
export const START_GRACE_MS = 2 * 60_000;
/** Longer than the state machine's own timeout: such an execution is stuck. */
export const STUCK_AFTER_MS = 20 * 60_000;
const INTERRUPTED = 'The generation was interrupted. Please try again.';

let client: SFNClient | undefined;

async function executionStatus(generationId: string, attempt?: number): Promise<string> {
  client ??= new SFNClient({});
  try {
    const execution = await client.send(
      new DescribeExecutionCommand({ executionArn: executionArnOf(generationId, attempt) }),
    );
    return execution.status ?? 'UNKNOWN';
  } catch (error) {
    if (error instanceof ExecutionDoesNotExist || (error as Error).name === 'ExecutionDoesNotExist')
      return 'MISSING';
    throw error;
  }
}

/**
 * Nothing may stay pending forever: generations still marked running whose execution ended, vanished or hangs
 * are finalized, failing what never settled. Scheduled in AWS; run at start-up and periodically locally.
 */
export async function handler(options: { now?: number; graceMs?: number } = {}) {
  const now = options.now ?? Date.now();
  const grace = options.graceMs ?? START_GRACE_MS;
  const log = logger.child({ task: 'reconcile' });
  const repaired: string[] = [];
  for (const generation of await listRunningGenerations()) {
    const age = now - Date.parse(generation.startedAt ?? generation.createdAt);
    const status = await executionStatus(generation.id, generation.attempt);
    const ended = ['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'].includes(status);
    const vanished = status === 'MISSING' && age > grace;
    const stuck = status === 'RUNNING' && age > STUCK_AFTER_MS;
    if (!ended && !vanished && !stuck) continue;
    const outcome = await finalizeGeneration(generation.projectId, generation.id, log, INTERRUPTED);
    if (outcome.status !== 'already-closed') repaired.push(generation.id);
    log.warn('reconciled generation', { generationId: generation.id, execution: status, ...outcome });
  }
  return { repaired };
}
