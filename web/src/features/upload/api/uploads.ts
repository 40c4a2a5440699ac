import { filesApi } from '@shared/api/files';
import type { ProjectFile, UploadTicket } from '@shared/schemas/projects';
import { callApi } from '@/lib/api-call';

/** `POST /api/projects/{id}/files`: registers a file and answers with a presigned POST to upload it to. */
export const requestUpload = (
  projectId: string,
  input: { name: string; size: number; contentType: string },
): Promise<UploadTicket> =>
  callApi(filesApi, 'POST /api/projects/{projectId}/files', { params: { projectId }, body: input });

/** `POST /api/projects/{id}/files/{fileId}/complete`: the server checks the stored bytes and marks it uploaded. */
export const completeUpload = (projectId: string, fileId: string): Promise<ProjectFile> =>
  callApi(filesApi, 'POST /api/projects/{projectId}/files/{fileId}/complete', {
    params: { projectId, fileId },
  });

/** The <Message> of an S3 XML error body, if any. */
function storageMessage(body: string): string | null {
  const match = /<Message>([^<]*)<\/Message>/.exec(body);
  return match?.[1]?.trim() || null;
}

/**
 * Uploads `file` to the presigned POST of `ticket` as multipart form data (the policy fields first, the file
 * last, under "file"), with XMLHttpRequest so the upload reports progress (0–1).
 */
export function sendToStorage(
  ticket: UploadTicket,
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.upload.url);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(
          new Error(
            storageMessage(xhr.responseText ?? '') ?? `The file could not be stored (HTTP ${xhr.status}).`,
          ),
        );
      }
    });
    xhr.addEventListener('error', () =>
      reject(new Error('The upload was interrupted. Check your connection and try again.')),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    for (const [key, value] of Object.entries(ticket.upload.fields)) form.append(key, value);
    form.append('file', file);
    xhr.send(form);
  });
}
