/** A shared project, read through its link's token without signing in. */
import * as z from 'zod';
import { projectBuildingSchema } from '../building/schema';
import { planResponseSchema } from '../plan/schema';
import { publicPlanQuerySchema, publicProjectQuerySchema, publicProjectSchema } from '../schemas/projects';
import { defineFeature } from './contract';

export const publicApi = defineFeature('public', {
  'GET /api/public/projects/{projectId}': {
    auth: 'none',
    response: publicProjectSchema,
    summary: 'The read-only view of a shared project (no auth). Never e-mails, user ids or storage keys.',
    query: publicProjectQuerySchema,
    responses: [
      '200 `PublicProject` with `Referrer-Policy: no-referrer`, `X-Robots-Tag: noindex`',
      '404 wrong or revoked link',
    ],
  },
  'GET /api/public/projects/{projectId}/files/{fileId}/plan': {
    auth: 'none',
    response: planResponseSchema,
    summary:
      "What Planform read in a shared drawing (the share page's 3D view): the plan as its owner corrected and edited it, read-only, without the list of corrections or the revision. Never starts a reading. `?view=page-3` answers another storey the drawing holds (a level of the shared building).",
    query: publicPlanQuerySchema,
    responses: [
      "200 `{ plan }` (`PlanModel`; `processing` until the owner's upload has been read) with `Referrer-Policy: no-referrer`",
      '404 wrong or revoked link, or no such file in the shared project',
    ],
  },
  'GET /api/public/projects/{projectId}/building': {
    auth: 'none',
    response: z.object({ building: projectBuildingSchema }),
    summary:
      "The shared project's building (the share page's 3D view of all its levels): the levels its owner saved, else those proposed from its drawings, read-only.",
    query: publicProjectQuerySchema,
    responses: ['200 `{ building }` with `Referrer-Policy: no-referrer`', '404 wrong or revoked link'],
  },
});
