/**
 * The other storeys a drawing holds (a set of floor plans on the pages of a PDF, titled plans on a CAD sheet):
 * each read as a plan of its own and stored beside the file's plan, so the project's building can take them as
 * levels. Looked for once, at the file's first read; a correction of the file's plan does not read them again.
 */
import { readPlan } from '../../../engine/plan/read-plan';
import { isStoreyPlan, planViewId, storeyViews } from '../../../shared/building/storey-views';
import type { PlanModel } from '../../../shared/plan/schema';
import { type FileItem, setFileStoreyViews } from '../db/projects';
import { logger } from '../logger';
import { savePlan } from './plan-store';

/**
 * No new storey is started this long after the task started (the file's own reading included), so the task ends well
 * within its two minutes (a storey takes seconds, bounded by the reader's own limits).
 */
const STOREY_READING_DEADLINE_MS = 60_000;

const log = logger.child({ task: 'read-plan' });

/**
 * Reads and stores the storeys `plan`'s drawing holds besides its own (and then its own, as read). Each is listed on
 * the file before its plan is written, so a task cut short never leaves a stored storey the file's deletion cannot
 * find; the list is written empty first, so such a task is not retried into the same cut. A drawing holding no
 * other storey costs no write at all.
 */
export async function readStoreyViews(
  file: FileItem,
  bytes: Buffer,
  plan: PlanModel,
  taskStarted: number,
): Promise<void> {
  if (file.storeyViews || plan.status !== 'ready') return;
  const views = storeyViews(plan);
  if (!views.length) return;
  await setFileStoreyViews(file, []);
  const found: string[] = [];
  const keep = async (viewId: string, storey: PlanModel) => {
    await setFileStoreyViews(file, [...found, viewId]);
    await savePlan(file.id, storey, viewId);
    found.push(viewId);
  };
  for (const view of views) {
    if (performance.now() - taskStarted > STOREY_READING_DEADLINE_MS) {
      log.warn('no time left to read more storeys', { fileId: file.id, read: found.length });
      break;
    }
    const { plan: storey } = await readPlan({
      bytes,
      fileName: file.originalName,
      contentType: file.contentType,
      corrections: { viewId: view.id },
    });
    if (isStoreyPlan(storey)) await keep(view.id, storey);
  }
  // The file's own storey too, as read: it stays a level when the user later picks another page as the plan.
  const ownView = planViewId(plan);
  if (!found.length || !ownView) return;
  await keep(ownView, plan);
  log.info('storeys read', {
    fileId: file.id,
    views: found,
    ms: Math.round(performance.now() - taskStarted),
  });
}
