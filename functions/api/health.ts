import { allowedMethods, DEFAULT_ROUTE_KEY } from '../../shared/routes';
import { AppError } from '../lib/errors';
import { createHttpHandler, json } from '../lib/http';

export const handler = createHttpHandler({
  'GET /api/health': async () => json(200, { status: 'ok' }),
  /**
   * Requests no route matches reach the HTTP API's `$default` route, so that even the gateway's own "no such
   * route" answers carry the `{ error: { code, message } }` shape (API Gateway's built-in 404 does not).
   */
  [DEFAULT_ROUTE_KEY]: async ({ event }) => {
    const path = event.rawPath ?? event.requestContext?.http?.path ?? '';
    const allowed = path.startsWith('/api/') ? allowedMethods(path) : [];
    if (allowed.length > 0) {
      throw new AppError('METHOD_NOT_ALLOWED', 'Method not allowed on this resource', undefined, {
        allow: allowed.join(', '),
      });
    }
    throw new AppError('NOT_FOUND', 'Not found');
  },
});
