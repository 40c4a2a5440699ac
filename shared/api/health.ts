/** The API's liveness route. zod/mini: the health Lambda stays small. */
import * as z from 'zod/mini';
import { defineFeature } from './contract';

export const healthSchema = z.object({ status: z.literal('ok') });

export const healthApi = defineFeature('health', {
  'GET /api/health': {
    auth: 'none',
    response: healthSchema,
    summary: 'Liveness of the API.',
    responses: ['200 `{ status: "ok" }`'],
  },
});
