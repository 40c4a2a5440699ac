/** The caller's own profile. zod/mini: this runs on every page's start-up path in the SPA. */
import { meSchema } from '../schemas/boot';
import { defineFeature } from './contract';

export const meApi = defineFeature('me', {
  'GET /api/me': {
    auth: 'jwt',
    response: meSchema,
    summary:
      'The caller, with the role the server stores (created on first call for administrator-made users).',
    responses: ['200 `{ id, email, role }`'],
  },
});
