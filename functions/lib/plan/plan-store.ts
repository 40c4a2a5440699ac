/** Where a file's plan model lives: one JSON object in the renders bucket, beside its normalised drawing. */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { isOwnPlanView } from '../../../shared/building/storey-views';
import { MAX_STORED_EDITS, type PlanEdit, planEditSchema } from '../../../shared/plan/edits';
import { withIds } from '../../../shared/plan/ids';
import {
  type DrawingLine,
  drawingLinesResponseSchema,
  type PlanModel,
  planModelSchema,
} from '../../../shared/plan/schema';
import type { FileItem } from '../db/projects';
import { getSetting } from '../db/settings';
import { env } from '../env';
import { notFound } from '../errors';
import { s3 } from '../storage';
import { drawingLinesKey, planEditChunkKey, planEditsKey, planKey, storeyPlanKey } from './plan-key';

/** Stores the file's plan, or with `viewId` the plan of another storey the file holds. */
export async function savePlan(fileId: string, plan: PlanModel, viewId?: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env.rendersBucket,
      Key: viewId ? storeyPlanKey(fileId, viewId) : planKey(fileId),
      Body: JSON.stringify(plan),
      ContentType: 'application/json',
    }),
  );
}

/** Stores the lines of the drawing's latest reading that were not read as walls (none for a picture). */
export async function saveDrawingLines(fileId: string, lines: DrawingLine[]): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env.rendersBucket,
      Key: drawingLinesKey(fileId),
      Body: JSON.stringify({ lines }),
      ContentType: 'application/json',
    }),
  );
}

/** The drawing's lines kept with its latest reading; none when the drawing was read before they were kept. */
export async function loadDrawingLines(fileId: string): Promise<DrawingLine[]> {
  try {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: env.rendersBucket, Key: drawingLinesKey(fileId) }),
    );
    const parsed = drawingLinesResponseSchema.safeParse(
      JSON.parse(await object.Body!.transformToString('utf8')),
    );
    return parsed.success ? parsed.data.lines : [];
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return [];
    throw error;
  }
}

/** The stored plan (of another storey with `viewId`), or null when none was written yet. A stored plan that no longer parses counts as none. */
export async function loadPlan(fileId: string, viewId?: string): Promise<PlanModel | null> {
  try {
    const Key = viewId ? storeyPlanKey(fileId, viewId) : planKey(fileId);
    const object = await s3().send(new GetObjectCommand({ Bucket: env.rendersBucket, Key }));
    const parsed = planModelSchema.safeParse(JSON.parse(await object.Body!.transformToString('utf8')));
    // Plans stored before walls had ids get them now: the same ids a reading gives.
    return parsed.success ? withIds(parsed.data) : null;
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return null;
    throw error;
  }
}

/**
 * The plan as answered and built: its storey height is the drawing's when it states one, else the
 * `rendering.storey_height` setting (never stored, so a change of the setting applies to every plan).
 */
export async function withStoreyHeight(plan: PlanModel): Promise<PlanModel> {
  if (plan.storeyHeight) return plan;
  return { ...plan, storeyHeight: await storeyHeightOf(plan) };
}

/** The height the 3D models of a plan (or of a file with none yet) are built at. */
export async function storeyHeightOf(plan: Pick<PlanModel, 'storeyHeight'> | null): Promise<number> {
  return plan?.storeyHeight ?? getSetting('rendering.storey_height');
}

const storedEditsSchema = z.object({ edits: z.array(planEditSchema).max(MAX_STORED_EDITS) });

/** One object of edits (the whole list of a file edited before chunks, or one chunk); none when it is missing. */
async function loadEditObject(key: string, validate: boolean): Promise<PlanEdit[]> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: env.rendersBucket, Key: key }));
    const json = JSON.parse(await object.Body!.transformToString('utf8'));
    if (!validate) return Array.isArray(json?.edits) ? (json.edits as PlanEdit[]) : [];
    const parsed = storedEditsSchema.safeParse(json);
    return parsed.success ? parsed.data.edits : [];
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return [];
    throw error;
  }
}

/**
 * The user's edits to a file's plan, in the order made: its chunks' edits one after another (the one object of a
 * file edited before chunks); none when there are none, or they no longer parse. Without `validate`, for a caller
 * that only appends to them, they are taken as written.
 */
export async function loadPlanEdits(
  file: Pick<FileItem, 'id' | 'planEditChunks'>,
  { validate = true } = {},
): Promise<PlanEdit[]> {
  const keys = file.planEditChunks
    ? file.planEditChunks.map((chunkId) => planEditChunkKey(file.id, chunkId))
    : [planEditsKey(file.id)];
  const chunks = await Promise.all(keys.map((key) => loadEditObject(key, validate)));
  return chunks.flat();
}

/** Keeps one chunk of edits (see `FileItem.planEditChunks`). */
export async function savePlanEditChunk(
  fileId: string,
  chunkId: string,
  edits: readonly PlanEdit[],
): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env.rendersBucket,
      Key: planEditChunkKey(fileId, chunkId),
      Body: JSON.stringify({ edits }),
      ContentType: 'application/json',
    }),
  );
}

/**
 * The plan a drawing's view stands for (as a level names it): the drawing's own plan, with the user's corrections
 * and edits, when it names no view or the view the plan is read from now; else the other storey stored for that
 * view (read-storey-views.ts), when `storeyViews` (the file's list, when known) holds it. Null when there is none.
 */
export async function planOfView(
  fileId: string,
  viewId: string | undefined,
  storeyViews?: readonly string[],
): Promise<PlanModel | null> {
  const own = await loadPlan(fileId);
  if (isOwnPlanView(viewId, own)) return own;
  return !storeyViews || storeyViews.includes(viewId!) ? loadPlan(fileId, viewId) : null;
}

/** The plan of the storey `file` holds at `viewId` (`planOfView`), at its storey height; 404 else. */
export async function storeyPlan(
  file: Pick<FileItem, 'id' | 'storeyViews'>,
  viewId: string,
): Promise<PlanModel> {
  const plan = await planOfView(file.id, viewId, file.storeyViews ?? []);
  if (!plan) throw notFound(`This drawing holds no other storey at ${viewId.replace('-', ' ')}.`);
  return withStoreyHeight(plan);
}
