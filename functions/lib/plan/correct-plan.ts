/**
 * A user's correction of a file's plan (`PATCH …/plan`): a scale applies at once; edits (shared/plan/edits.ts)
 * apply at once and are kept, in order, to be applied on top of every later reading; another view, or a reset of
 * the edits, reads the drawing again. Under optimistic concurrency: a stale `If-Match` writes nothing.
 */
import { applyCorrections } from '../../../shared/plan/corrections';
import {
  applyEdits,
  editLimitProblem,
  MAX_EDITED_WALLS,
  MAX_STORED_EDITS,
  type PlanEdit,
  type PlanPatch,
} from '../../../shared/plan/edits';
import type { PlanModel } from '../../../shared/plan/schema';
import { type FileItem, setFilePlanState } from '../db/projects';
import { AppError, conflict } from '../errors';
import { loadPlan, loadPlanEdits, savePlan, savePlanEdits } from './plan-store';
import { stalePlan } from './revision';

export type CorrectionOutcome =
  | { kind: 'applied'; plan: PlanModel; revision: number }
  /** The drawing is read again with the corrections and edits; the caller starts the read. */
  | { kind: 'read-again'; corrections: NonNullable<FileItem['planCorrections']> };

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** The stored plan with the new edits on top; a 400 when one does not fit or the plan grows too large. */
function editedPlan(plan: PlanModel, edits: readonly PlanEdit[]): PlanModel {
  if (plan.status !== 'ready')
    throw new AppError('UNPROCESSABLE', 'This drawing could not be read, so there is no plan to edit.');
  const problem = editLimitProblem(plan, edits);
  if (problem) throw invalid(problem);
  const { plan: edited, dropped } = applyEdits(plan, edits);
  const first = dropped[0];
  if (first)
    throw invalid(`Edit ${first.index + 1} (${first.edit.op}) does not fit the plan: ${first.reason}.`);
  if (edited.walls.length > MAX_EDITED_WALLS)
    throw invalid(
      `A plan holds at most ${MAX_EDITED_WALLS} walls; these edits would make ${edited.walls.length}.`,
    );
  return edited;
}

export async function correctPlan(
  file: FileItem,
  patch: PlanPatch,
  expectedRevision: number | undefined,
): Promise<CorrectionOutcome> {
  if (file.planStatus === 'processing') throw conflict('The plan is still being read; try again in a moment');
  const revision = file.planRevision ?? 0;
  if (expectedRevision !== undefined && expectedRevision !== revision) throw stalePlan();
  const { edits: newEdits, resetEdits, ...given } = patch;
  const corrections = { ...file.planCorrections, ...given };
  // Both at once; the kept edits are only appended to here, so they are not validated again (a reading does that).
  const [stored, kept] = await Promise.all([
    loadPlan(file.id),
    resetEdits || !newEdits ? [] : loadPlanEdits(file.id, { validate: false }),
  ]);
  const edits = [...kept, ...(newEdits ?? [])];
  if (edits.length > MAX_STORED_EDITS)
    throw invalid(`A plan keeps at most ${MAX_STORED_EDITS} edits; reset it to what was read to edit again.`);
  const otherView = given.viewId !== undefined && given.viewId !== file.planCorrections?.viewId;
  if (!stored || otherView || resetEdits) {
    if (newEdits || resetEdits) await savePlanEdits(file.id, edits);
    return { kind: 'read-again', corrections };
  }
  const scaled = applyCorrections(stored, corrections);
  const plan = newEdits?.length ? editedPlan(scaled, newEdits) : scaled;
  let next: number;
  try {
    next = await setFilePlanState(file, {
      status: plan.status,
      ...(file.planMessage ? { message: file.planMessage } : {}),
      ...(plan.check ? { verdict: plan.check.verdict } : {}),
      corrections,
      expectedRevision: revision,
    });
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw stalePlan();
    throw error;
  }
  await Promise.all([newEdits?.length ? savePlanEdits(file.id, edits) : null, savePlan(file.id, plan)]);
  return { kind: 'applied', plan, revision: next };
}
