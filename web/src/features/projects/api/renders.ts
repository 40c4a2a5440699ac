import { generationsApi } from '@shared/api/generations';
import type { ExportSize, Generation } from '@shared/schemas/generations';
import { callApi } from '@/lib/api-call';
import { saveFrom } from '@/lib/download';

/** `GET /api/projects/{id}/renders/{renderId}/download`: a short-lived URL for the render's PNG. */
export async function downloadRender(projectId: string, renderId: string): Promise<void> {
  saveFrom(
    await callApi(generationsApi, 'GET /api/projects/{projectId}/renders/{renderId}/download', {
      params: { projectId, renderId },
    }),
  );
}

/**
 * `POST /api/projects/{id}/renders/{renderId}/retry`: runs one failed variation again (202). Idempotent: asking
 * again while that retry runs answers the same run.
 */
export async function retryRender(projectId: string, renderId: string): Promise<Generation> {
  const body = await callApi(generationsApi, 'POST /api/projects/{projectId}/renders/{renderId}/retry', {
    params: { projectId, renderId },
  });
  return body.generation;
}

/**
 * `POST /api/projects/{id}/renders/{renderId}/refine`: one new render of the same variation and camera with the
 * follow-up words (202). The same `idempotencyKey` answers the refinement it already started.
 */
export async function refineRender(
  projectId: string,
  renderId: string,
  prompt: string,
  idempotencyKey: string,
): Promise<Generation> {
  const body = await callApi(generationsApi, 'POST /api/projects/{projectId}/renders/{renderId}/refine', {
    params: { projectId, renderId },
    body: { prompt },
    headers: { 'idempotency-key': idempotencyKey },
  });
  return body.generation;
}

/** `POST /api/projects/{id}/renders/{renderId}/exports`: asks for the render at 2048 or 4096 px (made asynchronously). */
export const exportRender = (projectId: string, renderId: string, size: ExportSize) =>
  callApi(generationsApi, 'POST /api/projects/{projectId}/renders/{renderId}/exports', {
    params: { projectId, renderId },
    body: { size },
  });

/** Downloads a render's high-resolution export once it is ready. */
export async function downloadRenderExport(
  projectId: string,
  renderId: string,
  size: ExportSize,
): Promise<void> {
  saveFrom(
    await callApi(generationsApi, 'GET /api/projects/{projectId}/renders/{renderId}/download', {
      params: { projectId, renderId },
      query: { size: `${size}` },
    }),
  );
}
