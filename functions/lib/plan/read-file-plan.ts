/**
 * Reads one uploaded file into its plan model and stores it: the plan, the drawing's line picture, the file's
 * preview and thumbnail at the first read, and the outcome on the file. The read-plan task runs it after an upload
 * or a correction, and applies the user's edits on top; a generation of a file with no stored plan (uploaded before plans were read) runs it once too.
 * Idempotent: reading again gives the same plan and overwrites the same objects.
 */

import { imagePreview, thumbnailOf } from '../../../engine/drawing/preview';
import { drawingLinesOf, readPlan } from '../../../engine/plan/read-plan';
import { checkPlan } from '../../../shared/plan/check';
import { withUserEdits } from '../../../shared/plan/edits';
import { placeholderPlan } from '../../../shared/plan/placeholder';
import type { PlanModel } from '../../../shared/plan/schema';
import { type FileItem, setFilePlanState, setThumbnailIfNone } from '../db/projects';
import { env } from '../env';
import { drawingKeys, fileThumbnailKey, saveDrawingPicture } from '../generation/drawing-store';
import { logger } from '../logger';
import { previewKeyOf, readObject, writeObject } from '../storage';
import { loadPlanEdits, saveDrawingLines, savePlan } from './plan-store';
import { readStoreyViews } from './read-storey-views';

const UNEXPECTED_FAILURE =
  'Planform could not read this drawing because of an error on our side. Try again later, or save the drawing in another format (PDF, DXF or PNG) and upload it again.';

const UPLOAD_LOST = 'The uploaded file is no longer available. Upload the drawing again.';

const log = logger.child({ task: 'read-plan' });

/** The uploaded bytes; null when the object is gone (it will not come back by retrying). */
async function uploadOf(file: FileItem): Promise<Buffer | null> {
  try {
    return await readObject(env.uploadsBucket, file.storagePath);
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return null;
    throw error;
  }
}

/**
 * Storage errors propagate (the caller retries); an upload that is gone, or an unexpected error while reading, would
 * fail the same way every time, so the plan says so instead.
 */
export async function readFilePlan(file: FileItem): Promise<PlanModel> {
  const started = performance.now();
  const bytes = await uploadOf(file);
  const { plan: reading, drawing } = bytes
    ? await readUpload(file, bytes)
    : { plan: failedPlan(file, UPLOAD_LOST) };
  const plan = withUserEdits(reading, await loadPlanEdits(file));
  const preview = file.previewKey || !bytes ? null : await previewOf(file, bytes);
  if (drawing) await saveDrawingPicture(file.id, drawing.png);
  // Every reading replaces them: another view's lines, or none, never the last reading's.
  await saveDrawingLines(file.id, drawing && plan.status === 'ready' ? drawingLinesOf(drawing) : []);
  await savePlan(file.id, plan);
  const message = plan.message ?? (plan.status === 'failed' ? 'The drawing could not be read.' : undefined);
  await setFilePlanState(file, {
    status: plan.status,
    ...(message ? { message } : {}),
    ...(plan.check ? { verdict: plan.check.verdict } : {}),
    // Images show a bounded copy of themselves; PDF and CAD files (and images that cannot be decoded) their
    // line drawing.
    ...(preview
      ? { previewKey: preview }
      : drawing && !file.previewKey
        ? { previewKey: drawingKeys(file.id).png }
        : {}),
  });
  // Once, at the first read (a correction reads the plan again, not the picture).
  if (!file.previewKey)
    await storeThumbnail(file, preview ? await readObject(env.rendersBucket, preview) : drawing?.png);
  log.info('plan read', {
    fileId: file.id,
    status: plan.status,
    walls: plan.walls.length,
    rooms: plan.rooms.length,
    ms: Math.round(performance.now() - started),
  });
  if (bytes && drawing) await readOtherStoreys(file, bytes, reading, started);
  return plan;
}

/** The other storeys the drawing holds, once; a failure there leaves the file's own plan as it is. */
async function readOtherStoreys(file: FileItem, bytes: Buffer, reading: PlanModel, taskStarted: number) {
  try {
    await readStoreyViews(file, bytes, reading, taskStarted);
  } catch (error) {
    log.error('reading the other storeys failed', { fileId: file.id, error });
  }
}

const failedPlan = (file: FileItem, message: string): PlanModel => {
  const failed = placeholderPlan(file.originalName, 'failed', message);
  return { ...failed, check: checkPlan(failed) };
};

async function readUpload(file: FileItem, bytes: Buffer): Promise<Awaited<ReturnType<typeof readPlan>>> {
  try {
    return await readPlan({
      bytes,
      fileName: file.originalName,
      contentType: file.contentType,
      ...(file.planCorrections ? { corrections: file.planCorrections } : {}),
    });
  } catch (error) {
    log.error('reading the plan failed unexpectedly', { fileId: file.id, error });
    return { plan: failedPlan(file, UNEXPECTED_FAILURE) };
  }
}

/** Stores the file's card thumbnail and makes it the project's picture when the project has none yet. */
async function storeThumbnail(file: { id: string; projectId: string }, image: Buffer | undefined) {
  if (!image) return;
  try {
    const key = fileThumbnailKey(file.id);
    await writeObject(env.rendersBucket, key, await thumbnailOf(image), 'image/webp');
    await setThumbnailIfNone(file.projectId, key);
  } catch (error) {
    log.warn('no thumbnail for this file', { fileId: file.id, error });
  }
}

/** Stores an image upload's preview and answers its key; null for other files or an image that cannot be decoded. */
async function previewOf(
  file: { id: string; fileType?: string | null },
  bytes: Buffer,
): Promise<string | null> {
  if (file.fileType !== 'image') return null;
  try {
    const key = previewKeyOf(file.id, 'webp');
    await writeObject(env.rendersBucket, key, await imagePreview(bytes), 'image/webp');
    return key;
  } catch (error) {
    log.warn('no preview for this image', { fileId: file.id, error });
    return null;
  }
}
