import { publicProjectQuerySchema } from '../../shared/schemas/projects';
import { getProjectBundle, getShare } from '../lib/db/projects';
import { notFound } from '../lib/errors';
import { createHttpHandler, json } from '../lib/http';
import { isId, toPublic } from '../lib/project-views';

const PUBLIC_HEADERS = { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };
const UNAVAILABLE = 'This link is no longer available';

export const handler = createHttpHandler({
  'GET /api/public/projects/{projectId}': async ({ event, params }) => {
    const query = publicProjectQuerySchema.safeParse(event.queryStringParameters ?? {});
    const projectId = params.projectId;
    // Wrong, revoked or malformed tokens all look the same: a 404 with no hint.
    if (!query.success || !isId(projectId)) throw notFound(UNAVAILABLE);
    const share = await getShare(query.data.k);
    if (!share || share.projectId !== projectId) throw notFound(UNAVAILABLE);
    const bundle = await getProjectBundle(projectId);
    if (!bundle || bundle.project.shareToken !== query.data.k) throw notFound(UNAVAILABLE);
    return json(200, await toPublic(bundle), PUBLIC_HEADERS);
  },
});
