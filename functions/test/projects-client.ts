/** Test helpers for the projects API on the local cloud. */
import { api } from '../../infra/local/testing';
import type { ProjectSummary, UploadTicket } from '../../shared/schemas/projects';

export async function newProject(
  token: string,
  body: Record<string, unknown> = { title: 'Riverside House' },
) {
  const response = await api('/api/projects', { token, method: 'POST', body });
  if (response.status !== 201) throw new Error(`create project: ${response.status} ${response.text}`);
  return response.json as unknown as ProjectSummary;
}

/** Uploads through the presigned POST as the browser does (multipart form, file last). */
export async function postToS3(
  ticket: UploadTicket,
  bytes: Buffer,
  contentType = 'application/octet-stream',
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(ticket.upload.fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const response = await fetch(ticket.upload.url, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`S3 POST failed: ${response.status} ${await response.text()}`);
}

export async function uploadFile(
  token: string,
  projectId: string,
  name: string,
  bytes: Buffer,
  contentType?: string,
) {
  const created = await api(`/api/projects/${projectId}/files`, {
    token,
    method: 'POST',
    body: { name, size: bytes.length, contentType: contentType ?? 'application/octet-stream' },
  });
  if (created.status !== 201) throw new Error(`create file: ${created.status} ${created.text}`);
  const ticket = created.json as unknown as UploadTicket;
  await postToS3(ticket, bytes, contentType);
  const completed = await api(`/api/projects/${projectId}/files/${ticket.file.id}/complete`, {
    token,
    method: 'POST',
  });
  return { ticket, completed };
}

/** Waits until the plan read that the upload started has finished (the file's preview is made then). */
export async function planRead(token: string, projectId: string, fileId: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { json } = await api(`/api/projects/${projectId}/files/${fileId}/plan`, { token });
    if ((json as { plan?: { status: string } }).plan?.status !== 'processing') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the plan is still being read');
}
