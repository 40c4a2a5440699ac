import { filesApi } from '@shared/api/files';
import type { ModelFormat } from '@shared/schemas/projects';
import { callApi } from '@/lib/api-call';
import { saveFrom } from '@/lib/download';

export type { ModelFormat };

/** `GET /api/projects/{id}/files/{fileId}/download`: a short-lived URL that downloads the original file. */
export const getFileDownload = (projectId: string, fileId: string) =>
  callApi(filesApi, 'GET /api/projects/{projectId}/files/{fileId}/download', {
    params: { projectId, fileId },
  });

/** `GET /api/projects/{id}/files/{fileId}/model?format=glb|ifc`: a short-lived URL that downloads the 3D model. */
export const getModelDownload = (projectId: string, fileId: string, format: ModelFormat = 'glb') =>
  callApi(filesApi, 'GET /api/projects/{projectId}/files/{fileId}/model', {
    params: { projectId, fileId },
    query: { format },
  });

/** Asks for a download URL and lets the browser download it (the URL answers with an attachment). */
export async function downloadFile(projectId: string, fileId: string): Promise<void> {
  saveFrom(await getFileDownload(projectId, fileId));
}

/** Downloads the drawing's 3D model (glTF binary or IFC4, metres), built from what Planform read. */
export async function downloadModel(
  projectId: string,
  fileId: string,
  format: ModelFormat = 'glb',
): Promise<void> {
  saveFrom(await getModelDownload(projectId, fileId, format));
}
