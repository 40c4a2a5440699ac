/**
 * A user's correction of a file's plan (`PATCH …/plan`): a scale applies at once; edits (shared/plan/edits.ts)
 * apply at once and are kept, in order, to be applied on top of every later reading; another view, or a reset of
 * the edits, reads the drawing again. Under optimistic concurrency: a stale `If-Match` writes nothing.
 */
import { applyCorrections } from '../../../shared/plan/corrections';
import {
  type EditOutcome,
  editLimitProblem,
  finishEdits,
  MAX_EDITED_WALLS,
  MAX_STORED_EDITS,
  type PlanEdit,
  type PlanPatch,
  type StagedEdits,
  stageEdits,
} from '../../../shared/plan/edits';
import type { PlanModel } from '../../../shared/plan/schema';
import { type FileItem, setFilePlanState, setFilePlanVerdict } from '../db/projects';
import { env } from '../env';
import { AppError, conflict } from '../errors';
import { newId } from '../ids';
import { deleteObjects } from '../storage';
import { planEditKeys } from './plan-key';
import { loadPlan, loadPlanEdits, savePlan, savePlanEditChunk } from './plan-store';
import { recentPlan, rememberPlan } from './recent-plans';
import { stalePlan } from './revision';

export type CorrectionOutcome =
  | { kind: 'applied'; plan: PlanModel; revision: number }
  /** The drawing is read again with the corrections and edits (kept in `editChunks` when they changed). */
  | { kind: 'read-again'; corrections: Corrections; editChunks?: string[] };

type Corrections = NonNullable<FileItem['planCorrections']>;

/** The file item's new plan state besides the plan's own: the corrections and, when edits were kept, their chunks. */
interface KeptState {
  corrections: Corrections;
  editChunks?: string[];
}

/** At most this many chunks hold a file's edits: the request that would make one more keeps them all as one. */
const MAX_EDIT_CHUNKS = 50;

/** How a request's edits are kept: as one more chunk, or with every edit before them as the first chunk. */
interface EditChunk {
  chunkId: string;
  edits: readonly PlanEdit[];
  /** The file's chunks once it is kept. */
  chunks: string[];
  /** The chunks (and the object of a file edited before chunks) it takes the place of. */
  replaces: string[];
}

/** Every edit kept as one chunk, in place of the file's chunks (and the one object of a file edited before them). */
const wholeChunk = (file: FileItem, edits: readonly PlanEdit[]): EditChunk => {
  const chunkId = newId();
  return { chunkId, edits, chunks: [chunkId], replaces: planEditKeys(file) };
};

function editChunkOf(
  file: FileItem,
  newEdits: readonly PlanEdit[],
  allEdits: readonly PlanEdit[],
): EditChunk {
  const existing = file.planEditChunks;
  if (!existing || existing.length >= MAX_EDIT_CHUNKS) return wholeChunk(file, allEdits);
  const chunkId = newId();
  return { chunkId, edits: newEdits, chunks: [...existing, chunkId], replaces: [] };
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

const doesNotFit = (dropped: EditOutcome['dropped']) => {
  const first = dropped[0];
  return first
    ? invalid(`Edit ${first.index + 1} (${first.edit.op}) does not fit the plan: ${first.reason}.`)
    : null;
};

/** The new edits on the stored plan's walls and openings; a 400 when one does not fit or the plan grows too large. */
function stagedEdits(plan: PlanModel, edits: readonly PlanEdit[]): StagedEdits {
  if (plan.status !== 'ready')
    throw new AppError('UNPROCESSABLE', 'This drawing could not be read, so there is no plan to edit.');
  const problem = editLimitProblem(plan, edits);
  if (problem) throw invalid(problem);
  const staged = stageEdits(plan, edits);
  const misfit = doesNotFit(staged.dropped);
  if (misfit) throw misfit;
  if (staged.walls.length > MAX_EDITED_WALLS)
    throw invalid(
      `A plan holds at most ${MAX_EDITED_WALLS} walls; these edits would make ${staged.walls.length}.`,
    );
  return staged;
}

/** The staged plan with its rooms and check; a 400 when a room to name is not there. */
function finishedPlan(staged: StagedEdits): PlanModel {
  const { plan, dropped } = finishEdits(staged);
  const misfit = doesNotFit(dropped);
  if (misfit) throw misfit;
  return plan;
}

/** The plan's new state recorded, under the revision the correction was made against; a 412 when it moved on. */
async function recordPlanState(
  file: FileItem,
  plan: Pick<PlanModel, 'status' | 'check'>,
  kept: KeptState,
  revision: number,
): Promise<number> {
  try {
    return await setFilePlanState(file, {
      status: plan.status,
      ...(file.planMessage ? { message: file.planMessage } : {}),
      ...(plan.check ? { verdict: plan.check.verdict } : {}),
      ...kept,
      expectedRevision: revision,
    });
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw stalePlan();
    throw error;
  }
}

/**
 * The edited plan and its new revision. The rooms are found again and the plan checked while the file's state is
 * recorded (DynamoDB works meanwhile; it carries the verdict the plan had, and the new one follows when it differs),
 * unless a room is named: whether its point lies in a room is known only then, and a 400 must write nothing.
 */
async function editedPlanRecorded(
  file: FileItem,
  scaled: PlanModel,
  newEdits: readonly PlanEdit[],
  kept: KeptState,
  revision: number,
): Promise<{ plan: PlanModel; next: number }> {
  const staged = stagedEdits(scaled, newEdits);
  if (newEdits.some((edit) => edit.op === 'name-room')) {
    const plan = finishedPlan(staged);
    return { plan, next: await recordPlanState(file, plan, kept, revision) };
  }
  const recorded = recordPlanState(file, scaled, kept, revision);
  // One turn of the event loop first, so that the request is on its way before the rooms are found.
  await new Promise((resolve) => setImmediate(resolve));
  let plan: PlanModel;
  try {
    plan = finishedPlan(staged);
  } catch (error) {
    await recorded.catch(() => undefined);
    throw error;
  }
  const next = await recorded;
  if (plan.check?.verdict !== scaled.check?.verdict)
    await setFilePlanVerdict(file, plan.check?.verdict, next);
  return { plan, next };
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
  // Both at once, from memory when this instance wrote them; the kept edits are only appended to here, so they are
  // not validated again (a reading does that).
  const recent = recentPlan(file.id, revision);
  const keptWanted = !resetEdits && newEdits !== undefined;
  const [stored, keptEdits] = await Promise.all([
    recent ? recent.plan : loadPlan(file.id),
    !keptWanted ? [] : (recent?.edits ?? loadPlanEdits(file, { validate: false })),
  ]);
  const edits = [...keptEdits, ...(newEdits ?? [])];
  if (edits.length > MAX_STORED_EDITS)
    throw invalid(`A plan keeps at most ${MAX_STORED_EDITS} edits; reset it to what was read to edit again.`);
  const otherView = given.viewId !== undefined && given.viewId !== file.planCorrections?.viewId;
  if (!stored || otherView || resetEdits) {
    if (!newEdits && !resetEdits) return { kind: 'read-again', corrections };
    // Kept before the read starts (a chunk no item names yet is never read); what they replace goes once the
    // caller has recorded them.
    const chunk = edits.length ? wholeChunk(file, edits) : null;
    if (chunk) await savePlanEditChunk(file.id, chunk.chunkId, chunk.edits);
    return { kind: 'read-again', corrections, editChunks: chunk ? chunk.chunks : [] };
  }
  const scaled = applyCorrections(stored, corrections);
  const chunk = newEdits?.length ? editChunkOf(file, newEdits, edits) : null;
  const state: KeptState = { corrections, ...(chunk ? { editChunks: chunk.chunks } : {}) };
  const { plan, next } = newEdits?.length
    ? await editedPlanRecorded(file, scaled, newEdits, state, revision)
    : { plan: scaled, next: await recordPlanState(file, scaled, state, revision) };
  await Promise.all([
    chunk ? savePlanEditChunk(file.id, chunk.chunkId, chunk.edits) : null,
    savePlan(file.id, plan),
  ]);
  if (chunk?.replaces.length) await deleteObjects(env.rendersBucket, chunk.replaces);
  rememberPlan(file.id, { revision: next, plan, edits: keptWanted ? edits : null });
  return { kind: 'applied', plan, revision: next };
}
