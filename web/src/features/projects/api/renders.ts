import type { ExportSize, Generation, RenderExport } from '@shared/schemas/generations';
import { api } from '@/lib/api-client';
import { saveFrom } from '@/lib/download';

const enc = encodeURIComponent;

/** `GET /api/projects/{id}/renders/{renderId}/download`: a short-lived URL for the render's PNG. */
export async function downloadRender(projectId: string, renderId: string): Promise<void> {
  saveFrom(
    (await api.get(`/projects/${enc(projectId)}/renders/${enc(renderId)}/download`)) as {
      url: string;
      fileName: string;
    },
  );
}

/**
 * `POST /api/projects/{id}/renders/{renderId}/retry`: runs one failed variation again (202). Idempotent: asking
 * again while that retry runs answers the same run.
 */
export async function retryRender(projectId: string, renderId: string): Promise<Generation> {
  const body = (await api.post(`/projects/${enc(projectId)}/renders/${enc(renderId)}/retry`, {})) as {
    generation: Generation;
  };
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
  const body = (await api.post(
    `/projects/${enc(projectId)}/renders/${enc(renderId)}/refine`,
    { prompt },
    { headers: { 'idempotency-key': idempotencyKey } },
  )) as { generation: Generation };
  return body.generation;
}

/** `POST /api/projects/{id}/renders/{renderId}/exports`: asks for the render at 2048 or 4096 px (made asynchronously). */
export const exportRender = (projectId: string, renderId: string, size: ExportSize) =>
  api.post(`/projects/${enc(projectId)}/renders/${enc(renderId)}/exports`, { size }) as Promise<{
    export: RenderExport & { size: ExportSize };
  }>;

/** Downloads a render's high-resolution export once it is ready. */
export async function downloadRenderExport(
  projectId: string,
  renderId: string,
  size: ExportSize,
): Promise<void> {
  saveFrom(
    (await api.get(`/projects/${enc(projectId)}/renders/${enc(renderId)}/download?size=${size}`)) as {
      url: string;
      fileName: string;
    },
  );
}
