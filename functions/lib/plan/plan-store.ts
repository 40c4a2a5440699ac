/** Where a file's plan model lives: one JSON object in the renders bucket, beside its normalised drawing. */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { MAX_STORED_EDITS, type PlanEdit, planEditSchema } from '../../../shared/plan/edits';
import { withIds } from '../../../shared/plan/ids';
import { type PlanModel, planModelSchema } from '../../../shared/plan/schema';
import type { FileItem } from '../db/projects';
import { getSetting } from '../db/settings';
import { env } from '../env';
import { notFound } from '../errors';
import { s3 } from '../storage';
import { planEditsKey, planKey, storeyPlanKey } from './plan-key';

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

/**
 * The user's edits to a file's plan, in the order made (none when there are none, or they no longer parse). Without
 * `validate`, for a caller that only appends to them, they are taken as written.
 */
export async function loadPlanEdits(fileId: string, { validate = true } = {}): Promise<PlanEdit[]> {
  try {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: env.rendersBucket, Key: planEditsKey(fileId) }),
    );
    const json = JSON.parse(await object.Body!.transformToString('utf8'));
    if (!validate) return Array.isArray(json?.edits) ? (json.edits as PlanEdit[]) : [];
    const parsed = storedEditsSchema.safeParse(json);
    return parsed.success ? parsed.data.edits : [];
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return [];
    throw error;
  }
}

export async function savePlanEdits(fileId: string, edits: readonly PlanEdit[]): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env.rendersBucket,
      Key: planEditsKey(fileId),
      Body: JSON.stringify({ edits }),
      ContentType: 'application/json',
    }),
  );
}

/** The plan of another storey `file` holds at `viewId` (see read-storey-views.ts), at its storey height; 404 else. */
export async function storeyPlan(
  file: Pick<FileItem, 'id' | 'storeyViews'>,
  viewId: string,
): Promise<PlanModel> {
  const plan = file.storeyViews?.includes(viewId) ? await loadPlan(file.id, viewId) : null;
  if (!plan) throw notFound(`This drawing holds no other storey at ${viewId.replace('-', ' ')}.`);
  return withStoreyHeight(plan);
}
