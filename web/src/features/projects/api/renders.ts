import type { Generation } from '@shared/schemas/generations';
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
