import { finalizeGeneration } from '../lib/generation/finalize';
import { logger } from '../lib/logger';
import { executionInputSchema, parseTaskInput } from './types';

/** Last state: closes the generation (project status, quota, template usage and success rate). */
export async function handler(event: unknown) {
  const input = parseTaskInput(executionInputSchema, event, 'finalize');
  return finalizeGeneration(
    input.projectId,
    input.generationId,
    logger.child({ generationId: input.generationId, task: 'finalize' }),
  );
}
