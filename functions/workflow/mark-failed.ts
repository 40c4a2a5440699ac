import { failRender, getGeneration, getRenders } from '../lib/db/generations';
import { readableFailure } from '../lib/generation/errors';
import { logger } from '../lib/logger';
import { markFailedInputSchema, parseTaskInput } from './types';

/**
 * The Catch of a variation (or of Prepare, with `all`): marks the render(s) and job(s) failed with a readable
 * message. Settling is conditional, so a render completed meanwhile stays completed.
 */
export async function handler(event: unknown): Promise<{ status: 'failed'; error: string }> {
  const input = parseTaskInput(markFailedInputSchema, event, 'mark-failed');
  const message = readableFailure(input.error);
  const log = logger.child({ generationId: input.generationId, task: 'mark-failed' });
  if (input.all) {
    const generation = await getGeneration(input.projectId, input.generationId);
    const renders = generation ? await getRenders(input.projectId, generation.renderIds) : [];
    await Promise.all(renders.map((r) => failRender(r, message)));
  } else {
    const [render] = await getRenders(input.projectId, [input.item.renderId]);
    if (render) await failRender(render, message);
  }
  log.warn('render failed', { error: input.error?.Error, message });
  return { status: 'failed', error: message };
}
