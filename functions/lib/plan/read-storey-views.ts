/**
 * The other storeys a drawing holds (a set of floor plans on the pages of a PDF, titled plans on a CAD sheet):
 * each read as a plan of its own and stored beside the file's plan, so the project's building can take them as
 * levels. Looked for once, at the file's first read; a correction of the file's plan does not read them again.
 */
import { readPlan } from '../../../engine/plan/read-plan';
import { isStoreyPlan, storeyViews } from '../../../shared/building/storey-views';
import type { PlanModel } from '../../../shared/plan/schema';
import { type FileItem, setFileStoreyViews } from '../db/projects';
import { logger } from '../logger';
import { savePlan } from './plan-store';

/** Reading stops starting new storeys after this long, well within the task's time (each takes seconds). */
const STOREY_READING_BUDGET_MS = 45_000;

const log = logger.child({ task: 'read-plan' });

/** Reads and stores the storeys `plan`'s drawing holds besides its own; records which were plans. */
export async function readStoreyViews(file: FileItem, bytes: Buffer, plan: PlanModel): Promise<void> {
  if (file.storeyViews || plan.status !== 'ready') return;
  const started = performance.now();
  const found: string[] = [];
  for (const view of storeyViews(plan)) {
    if (performance.now() - started > STOREY_READING_BUDGET_MS) {
      log.warn('storey reading budget spent', { fileId: file.id, read: found.length });
      break;
    }
    const { plan: storey } = await readPlan({
      bytes,
      fileName: file.originalName,
      contentType: file.contentType,
      corrections: { viewId: view.id },
    });
    if (!isStoreyPlan(storey)) continue;
    await savePlan(file.id, storey, view.id);
    found.push(view.id);
  }
  await setFileStoreyViews(file, found);
  if (found.length)
    log.info('storeys read', { fileId: file.id, views: found, ms: Math.round(performance.now() - started) });
}
