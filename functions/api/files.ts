import { MAX_FILE_BYTES } from '../../shared/constants';
import { createFileSchema } from '../../shared/schemas/projects';
import { callerFrom } from '../lib/auth';
import { checkContent } from '../lib/content-check';
import { createFile, deleteFileItem, getFile, markFileError, markFileUploaded } from '../lib/db/projects';
import { env } from '../lib/env';
import { AppError, conflict, notFound } from '../lib/errors';
import { fileRenderKeys } from '../lib/generation/drawing-store';
import { createHttpHandler, json, parseBody } from '../lib/http';
import { isId, ownedProject, toFile } from '../lib/project-views';
import {
  copyObject,
  deleteObjects,
  objectSize,
  presignDownload,
  presignUpload,
  previewKeyOf,
  readHead,
  safeFileName,
} from '../lib/storage';

/** Enough of the head of a file to recognise every accepted format (DXF by its opening structure). */
const HEAD_BYTES = 64 * 1024;

async function ownedFile(
  event: Parameters<typeof callerFrom>[0],
  params: Record<string, string | undefined>,
) {
  const project = await ownedProject(callerFrom(event), params.projectId);
  const file = isId(params.fileId) ? await getFile(project.id, params.fileId) : null;
  if (!file) throw notFound('File not found');
  return { project, file };
}

export const handler = createHttpHandler({
  'POST /api/projects/{projectId}/files': async ({ event, params }) => {
    const caller = callerFrom(event);
    const project = await ownedProject(caller, params.projectId);
    const input = parseBody(event, createFileSchema);
    const name = `${Date.now()}-${safeFileName(input.name)}`;
    const storagePath = `${caller.userId}/${project.id}/${name}`;
    const file = await createFile({
      projectId: project.id,
      userId: caller.userId,
      name,
      originalName: input.name,
      fileType: 'other',
      contentType: input.contentType,
      sizeBytes: input.size,
      storagePath,
    });
    const upload = await presignUpload({
      bucket: env.uploadsBucket,
      key: storagePath,
      contentType: input.contentType,
      maxBytes: MAX_FILE_BYTES,
    });
    return json(201, { file: await toFile(file), upload });
  },

  'POST /api/projects/{projectId}/files/{fileId}/complete': async ({ event, params, log }) => {
    const { file } = await ownedFile(event, params);
    if (file.status === 'uploaded') return json(200, await toFile(file));
    if (file.status === 'error') throw new AppError('UNPROCESSABLE', file.error ?? 'This upload failed');

    const size = await objectSize(env.uploadsBucket, file.storagePath);
    if (size === null) throw new AppError('CONFLICT', `${file.originalName} has not been uploaded yet`);
    const reject = async (code: 'UNPROCESSABLE' | 'PAYLOAD_TOO_LARGE', message: string) => {
      await deleteObjects(env.uploadsBucket, [file.storagePath]);
      await markFileError(file, message);
      log.warn('upload rejected', { fileId: file.id, reason: message });
      return new AppError(code, message);
    };
    if (size > MAX_FILE_BYTES)
      throw await reject('PAYLOAD_TOO_LARGE', `${file.originalName} is larger than 100 MB`);
    if (size === 0) throw await reject('UNPROCESSABLE', `${file.originalName} is empty`);
    const verdict = checkContent(
      file.originalName,
      await readHead(env.uploadsBucket, file.storagePath, Math.min(size, HEAD_BYTES)),
      size > HEAD_BYTES,
    );
    if (!verdict.ok) throw await reject('UNPROCESSABLE', verdict.reason);

    // Images are their own preview until the drawing normaliser makes line drawings of every format.
    let previewKey: string | null = null;
    if (verdict.fileType === 'image') {
      previewKey = previewKeyOf(file.id, verdict.format === 'png' ? 'png' : 'jpg');
      await copyObject(
        { bucket: env.uploadsBucket, key: file.storagePath },
        { bucket: env.rendersBucket, key: previewKey },
        verdict.format === 'png' ? 'image/png' : 'image/jpeg',
      );
    }
    const result = await markFileUploaded(file, { sizeBytes: size, fileType: verdict.fileType, previewKey });
    return json(200, await toFile(result.file));
  },

  'DELETE /api/projects/{projectId}/files/{fileId}': async ({ event, params }) => {
    const { file } = await ownedFile(event, params);
    // Objects first: if this fails the item stays, so a retry finds and removes everything.
    await deleteObjects(env.uploadsBucket, [file.storagePath]);
    await deleteObjects(env.rendersBucket, fileRenderKeys(file));
    try {
      await deleteFileItem(file);
    } catch (error) {
      // Its status changed meanwhile (an upload completed): the caller may try again.
      if ((error as Error).name === 'TransactionCanceledException')
        throw conflict('The file changed; please try again');
      throw error;
    }
    return { statusCode: 204 };
  },

  'GET /api/projects/{projectId}/files/{fileId}/download': async ({ event, params }) => {
    const { file } = await ownedFile(event, params);
    if (file.status !== 'uploaded') throw notFound('File not found');
    const url = await presignDownload(env.uploadsBucket, file.storagePath, file.originalName);
    return json(200, { url, fileName: file.originalName, expiresIn: 300 });
  },
});
