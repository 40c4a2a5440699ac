import { finalizeGeneration } from '../lib/generation/finalize';
import { logger } from '../lib/logger';
import type { ExecutionInput } from './types';

/** Last state: closes the generation (project status, quota, template usage and success rate). */
export async function handler(input: ExecutionInput) {
  return finalizeGeneration(
    input.projectId,
    input.generationId,
    logger.child({ generationId: input.generationId, task: 'finalize' }),
  );
}
