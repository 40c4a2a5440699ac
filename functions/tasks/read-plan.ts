/**
 * Reads one uploaded drawing into its plan model, asynchronously after the upload completes (and again after a
 * correction): the normalised drawing and the plan are stored, and the file records the outcome. Idempotent: a
 * retry reads the same file into the same plan and overwrites the same objects.
 */
import * as z from 'zod';
import { placeholderPlan } from '../../shared/plan/placeholder';
import { getFile, setFilePlanState } from '../lib/db/projects';
import { env } from '../lib/env';
import { drawingKeys, saveDrawing } from '../lib/generation/drawing-store';
import { logger } from '../lib/logger';
import { savePlan } from '../lib/plan/plan-store';
import { readPlan } from '../lib/plan/read-plan';
import { readObject } from '../lib/storage';

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
    result = { plan: placeholderPlan(file.originalName, 'failed', UNEXPECTED_FAILURE) };
  }
  const { plan, drawing } = result;
  if (drawing) await saveDrawing(file.id, drawing);
  await savePlan(file.id, plan);
  const message = plan.message ?? (plan.status === 'failed' ? 'The drawing could not be read.' : undefined);
  await setFilePlanState(file, {
    status: plan.status,
    ...(message ? { message } : {}),
    // PDF and CAD files show their line drawing until they have renders; images are their own preview.
    ...(drawing && !file.previewKey ? { previewKey: drawingKeys(file.id).png } : {}),
  });
  log.info('plan read', {
    fileId: file.id,
    status: plan.status,
    walls: plan.walls.length,
    rooms: plan.rooms.length,
    ms: Math.round(performance.now() - started),
  });
  return { status: plan.status };
}
