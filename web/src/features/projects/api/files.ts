import { api } from '@/lib/api-client';
import { saveFrom } from '@/lib/download';

const enc = encodeURIComponent;

/** `GET /api/projects/{id}/files/{fileId}/download`: a short-lived URL that downloads the original file. */
export const getFileDownload = (projectId: string, fileId: string) =>
  api.get(`/projects/${enc(projectId)}/files/${enc(fileId)}/download`) as Promise<{
    url: string;
    fileName: string;
  }>;

export type ModelFormat = 'glb' | 'ifc';

/** `GET /api/projects/{id}/files/{fileId}/model?format=glb|ifc`: a short-lived URL that downloads the 3D model. */
export const getModelDownload = (projectId: string, fileId: string, format: ModelFormat = 'glb') =>
  api.get(`/projects/${enc(projectId)}/files/${enc(fileId)}/model?format=${format}`) as Promise<{
    url: string;
    fileName: string;
  }>;

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
