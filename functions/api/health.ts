import { createHttpHandler, json } from '../lib/http';

export const handler = createHttpHandler({
  'GET /api/health': async () => json(200, { status: 'ok' }),
});
