/**
 * Reads one uploaded drawing into its plan model, asynchronously after the upload completes (and again after a
 * correction): the normalised drawing and the plan are stored, and the file records the outcome. Idempotent: a
 * retry reads the same file into the same plan and overwrites the same objects.
 */
import * as z from 'zod';
import { checkPlan } from '../../shared/plan/check';
import { placeholderPlan } from '../../shared/plan/placeholder';
import { getFile, setFilePlanState, setThumbnailIfNone } from '../lib/db/projects';
import { imagePreview, thumbnailOf } from '../lib/drawings/preview';
import { env } from '../lib/env';
import { drawingKeys, fileThumbnailKey, saveDrawing } from '../lib/generation/drawing-store';
import { logger } from '../lib/logger';
import { savePlan } from '../lib/plan/plan-store';
import { readPlan } from '../lib/plan/read-plan';
import { previewKeyOf, readObject, writeObject } from '../lib/storage';

const UNEXPECTED_FAILURE =
  'Planform could not read this drawing because of an error on our side. Try again later, or save the drawing in another format (PDF, DXF or PNG) and upload it again.';

const eventSchema = z.object({ projectId: z.string().min(1), fileId: z.string().min(1) });
const log = logger.child({ task: 'read-plan' });

export async function handler(raw: unknown): Promise<{ status: string }> {
  const event = eventSchema.parse(raw);
  const file = await getFile(event.projectId, event.fileId);
  if (file?.status !== 'uploaded') return { status: 'skipped' };
  const started = performance.now();
  // Storage errors propagate (Lambda retries the invocation, and a plan left processing is read again later); an
  // unexpected error while reading would fail the same way every time, so the user is told instead.
  const bytes = await readObject(env.uploadsBucket, file.storagePath);
  let result: Awaited<ReturnType<typeof readPlan>>;
  try {
    result = await readPlan({
      bytes,
      fileName: file.originalName,
      contentType: file.contentType,
      ...(file.planCorrections ? { corrections: file.planCorrections } : {}),
    });
  } catch (error) {
    log.error('reading the plan failed unexpectedly', { fileId: file.id, error });
    const failed = placeholderPlan(file.originalName, 'failed', UNEXPECTED_FAILURE);
    result = { plan: { ...failed, check: checkPlan(failed) } };
  }
  const { plan, drawing } = result;
  const preview = file.previewKey ? null : await previewOf(file, bytes);
  if (drawing) await saveDrawing(file.id, drawing);
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
  return { status: plan.status };
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
