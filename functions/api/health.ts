import { healthApi } from '../../shared/api/health';
import { allowedMethods } from '../../shared/api/paths';
import { AppError } from '../lib/errors';
import { createHttpHandler, json } from '../lib/http';

export const handler = createHttpHandler(
  healthApi,
  { 'GET /api/health': async () => json(200, { status: 'ok' as const }) },
  /**
   * Requests no route matches reach the HTTP API's `$default` route, so that even the gateway's own "no such
   * route" answers carry the `{ error: { code, message } }` shape (API Gateway's built-in 404 does not).
   */
  async ({ event }) => {
    const path = event.rawPath ?? event.requestContext?.http?.path ?? '';
    const allowed = path.startsWith('/api/') ? allowedMethods(path) : [];
    if (allowed.length > 0) {
      throw new AppError('METHOD_NOT_ALLOWED', 'Method not allowed on this resource', undefined, {
        allow: allowed.join(', '),
      });
    }
    throw new AppError('NOT_FOUND', 'Not found');
  },
);
