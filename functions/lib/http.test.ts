import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { parseGroupsClaim } from './auth';
import { AppError, notFound } from './errors';
import { createHttpHandler, type HttpEvent, json, parseBody } from './http';

const event = (routeKey: string, body?: string) =>
  ({ routeKey, body, isBase64Encoded: false, requestContext: { requestId: 'r1' } }) as unknown as HttpEvent;

describe('createHttpHandler', () => {
  const schema = z.strictObject({ title: z.string().trim().min(1, 'Title is required') });
  const handler = createHttpHandler({
    'POST /api/things': async ({ event }) => json(201, parseBody(event, schema)),
    'GET /api/missing': async () => {
      throw notFound('Project not found');
    },
    'GET /api/boom': async () => {
      throw new Error('database exploded: secret detail');
    },
  });

  it('sends the security headers on every answer, a 204 with no body too', async () => {
    const bare = createHttpHandler({ 'DELETE /api/things': async () => ({ statusCode: 204 }) });
    const result = await bare(event('DELETE /api/things'));
    expect(result.statusCode).toBe(204);
    expect(result.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': 'no-store',
    });
  });

  it('answers the route', async () => {
    const result = await handler(event('POST /api/things', '{"title":" Villa "}'));
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body!)).toEqual({ title: 'Villa' });
  });

  it('maps malformed JSON, schema failures and unknown fields to 400 with the error shape', async () => {
    for (const body of ['{not json', '{"title":""}', '{"title":"x","owner":"me"}', '[]']) {
      const result = await handler(event('POST /api/things', body));
      expect(result.statusCode).toBe(400);
      const parsed = JSON.parse(result.body!);
      expect(parsed.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('maps typed errors to their status and hides unexpected ones behind a 500', async () => {
    const missing = await handler(event('GET /api/missing'));
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body!)).toEqual({ error: { code: 'NOT_FOUND', message: 'Project not found' } });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = await handler(event('GET /api/boom'));
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret detail');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('answers 404 for a route the function does not serve', async () => {
    expect((await handler(event('GET /api/other'))).statusCode).toBe(404);
  });

  it('gives every error code a status', () => {
    expect(new AppError('TOO_MANY_REQUESTS', 'slow down').status).toBe(429);
  });
});

describe('parseGroupsClaim', () => {
  it('reads the HTTP API flattened form and real arrays', () => {
    expect(parseGroupsClaim('[admin super_admin]')).toEqual(['admin', 'super_admin']);
    expect(parseGroupsClaim('[admin]')).toEqual(['admin']);
    expect(parseGroupsClaim(['admin'])).toEqual(['admin']);
    expect(parseGroupsClaim(undefined)).toEqual([]);
    expect(parseGroupsClaim('')).toEqual([]);
  });
});
