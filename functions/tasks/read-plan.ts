/**
 * Reads one uploaded drawing into its plan model, asynchronously after the upload completes (and again after a
 * correction): see `readFilePlan`. Idempotent: a retry reads the same file into the same plan.
 */
import * as z from 'zod';
import { getFile } from '../lib/db/projects';
import { readFilePlan } from '../lib/plan/read-file-plan';

const eventSchema = z.object({ projectId: z.string().min(1), fileId: z.string().min(1) });

export async function handler(raw: unknown): Promise<{ status: string }> {
  const event = eventSchema.parse(raw);
  const file = await getFile(event.projectId, event.fileId);
  if (file?.status !== 'uploaded') return { status: 'skipped' };
  const plan = await readFilePlan(file);
  return { status: plan.status };
}
