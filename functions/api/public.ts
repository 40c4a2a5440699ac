import { publicApi } from '../../shared/api/public';
import { placeholderPlan } from '../../shared/plan/placeholder';
import type { PlanModel } from '../../shared/plan/schema';
import { publicProjectQuerySchema } from '../../shared/schemas/projects';
import { projectBuilding } from '../lib/building/project-building';
import type { ProjectBundle } from '../lib/db/projects';
import { getProjectBundle, getShare } from '../lib/db/projects';
import { notFound } from '../lib/errors';
import { createHttpHandler, json } from '../lib/http';
import { planReadInProgress } from '../lib/plan/plan-state';
import { loadPlan, storeyPlan, withStoreyHeight } from '../lib/plan/plan-store';
import { isId, toPublic } from '../lib/project-views';

const PUBLIC_HEADERS = { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };
const UNAVAILABLE = 'This link is no longer available';

/** The shared project behind a link; wrong, revoked or malformed tokens all look the same: a 404 with no hint. */
async function sharedBundle(
  query: Record<string, string | undefined> | undefined,
  projectId: string | undefined,
): Promise<ProjectBundle> {
  const parsed = publicProjectQuerySchema.safeParse(query ?? {});
  if (!parsed.success || !projectId || !isId(projectId)) throw notFound(UNAVAILABLE);
  const share = await getShare(parsed.data.k);
  if (!share || share.projectId !== projectId) throw notFound(UNAVAILABLE);
  const bundle = await getProjectBundle(projectId);
  if (!bundle || bundle.project.shareToken !== parsed.data.k) throw notFound(UNAVAILABLE);
  return bundle;
}

export const handler = createHttpHandler(publicApi, {
  'GET /api/public/projects/{projectId}': async ({ event, params }) => {
    const bundle = await sharedBundle(event.queryStringParameters, params.projectId);
    return json(200, await toPublic(bundle), PUBLIC_HEADERS);
  },

  'GET /api/public/projects/{projectId}/building': async ({ event, params }) => {
    const { building } = await projectBuilding(
      await sharedBundle(event.queryStringParameters, params.projectId),
    );
    return json(200, { building }, PUBLIC_HEADERS);
  },

  // What Planform read in a shared drawing, for the 3D view of the share page: the building as the owner corrected
  // and edited it, read-only. A link never starts a reading (the owner's visit does); what the corrections and edits
  // were, and the plan's revision, stay the owner's.
  'GET /api/public/projects/{projectId}/files/{fileId}/plan': async ({ event, params, query }) => {
    const bundle = await sharedBundle(event.queryStringParameters, params.projectId);
    const { view } = query();
    const file = bundle.files.find((f) => f.id === params.fileId && f.status === 'uploaded');
    if (!file) throw notFound('File not found');
    if (view) return json(200, { plan: readOnly(await storeyPlan(file, view)) }, PUBLIC_HEADERS);
    const stored =
      !planReadInProgress(file) && file.planStatus && file.planStatus !== 'processing'
        ? await loadPlan(file.id)
        : null;
    if (!stored) return json(200, { plan: placeholderPlan(file.originalName, 'processing') }, PUBLIC_HEADERS);
    return json(200, { plan: readOnly(await withStoreyHeight(stored)) }, PUBLIC_HEADERS);
  },
});

/** A plan as a share link sees it: what the corrections and edits were stays the owner's. */
function readOnly({
  corrections: _,
  editCount: _count,
  ...plan
}: PlanModel): Omit<PlanModel, 'corrections' | 'editCount'> {
  return plan;
}
