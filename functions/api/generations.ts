import { generationsApi } from '../../shared/api/generations';
import { type ExportSize, idempotencyKeySchema } from '../../shared/schemas/generations';
import { callerFrom } from '../lib/auth';
import {
  getGenerationView,
  refineRender,
  renderDownload,
  requestExport,
  retryRender,
  type StartResult,
  startGeneration,
} from '../lib/generation/service';
import { startExport } from '../lib/generation/start-export';
import { startExecution } from '../lib/generation/starter';
import { createHttpHandler, json, parseInput } from '../lib/http';

const idempotencyKeyOf = (event: Parameters<typeof callerFrom>[0]) => {
  const raw = event.headers?.['idempotency-key'];
  return raw === undefined ? undefined : parseInput(raw, idempotencyKeySchema);
};

/** 202 with the generation, saying when it answers a request made before (the same Idempotency-Key). */
const accepted = (result: StartResult) =>
  json(202, { generation: result.generation }, result.replayed ? { 'idempotent-replayed': 'true' } : {});

export const handler = createHttpHandler(generationsApi, {
  'POST /api/projects/{projectId}/generations': async ({ event, params, log, body }) => {
    const caller = callerFrom(event);
    const input = body();
    const result = await startGeneration(caller, params.projectId, input, {
      idempotencyKey: idempotencyKeyOf(event),
      start: startExecution,
      log,
    });
    return accepted(result);
  },

  'POST /api/projects/{projectId}/renders/{renderId}/refine': async ({ event, params, log, body }) => {
    const caller = callerFrom(event);
    const input = body();
    const result = await refineRender(caller, params.projectId, params.renderId, input, {
      idempotencyKey: idempotencyKeyOf(event),
      start: startExecution,
      log,
    });
    return accepted(result);
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
    return accepted(result);
  },

  'POST /api/projects/{projectId}/renders/{renderId}/exports': async ({ event, params, log, body }) => {
    // The body is read once the caller is known to own the project: a stranger gets the same 404 whatever they send.
    const result = await requestExport(
      callerFrom(event),
      params.projectId,
      params.renderId,
      () => body().size,
      { start: startExport, log },
    );
    return json(result.started ? 202 : 200, { export: { size: result.size, ...result.export } });
  },

  'GET /api/projects/{projectId}/renders/{renderId}/download': async ({ event, params, query }) => {
    const { size } = query();
    const download = await renderDownload(
      callerFrom(event),
      params.projectId,
      params.renderId,
      size ? (Number(size) as ExportSize) : undefined,
    );
    return json(200, download);
  },
});
