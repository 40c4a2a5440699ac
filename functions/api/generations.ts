import { createGenerationSchema, idempotencyKeySchema } from '../../shared/schemas/generations';
import { callerFrom } from '../lib/auth';
import { getGenerationView, renderDownload, retryRender, startGeneration } from '../lib/generation/service';
import { startExecution } from '../lib/generation/starter';
import { createHttpHandler, json, parseBody, parseInput } from '../lib/http';

export const handler = createHttpHandler({
  'POST /api/projects/{projectId}/generations': async ({ event, params, log }) => {
    const caller = callerFrom(event);
    const input = parseBody(event, createGenerationSchema);
    const rawKey = event.headers?.['idempotency-key'];
    const idempotencyKey = rawKey === undefined ? undefined : parseInput(rawKey, idempotencyKeySchema);
    const result = await startGeneration(caller, params.projectId, input, {
      idempotencyKey,
      start: startExecution,
      log,
    });
    return json(
      202,
      { generation: result.generation },
      result.replayed ? { 'idempotent-replayed': 'true' } : {},
    );
  },

  'GET /api/projects/{projectId}/generations/{generationId}': async ({ event, params }) => {
    const generation = await getGenerationView(callerFrom(event), params.projectId, params.generationId);
    return json(200, { generation });
  },

  'POST /api/projects/{projectId}/renders/{renderId}/retry': async ({ event, params, log }) => {
    const result = await retryRender(callerFrom(event), params.projectId, params.renderId, {
      start: startExecution,
      log,
    });
    return json(
      202,
      { generation: result.generation },
      result.replayed ? { 'idempotent-replayed': 'true' } : {},
    );
  },

  'GET /api/projects/{projectId}/renders/{renderId}/download': async ({ event, params }) =>
    json(200, await renderDownload(callerFrom(event), params.projectId, params.renderId)),
});
