import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineFeature } from '../../shared/api/contract';
import { parseGroupsClaim } from './auth';
import { AppError, notFound } from './errors';
import { createHttpHandler, type HttpEvent, json, noContent } from './http';

const event = (routeKey: string, body?: string) =>
  ({ routeKey, body, isBase64Encoded: false, requestContext: { requestId: 'r1' } }) as unknown as HttpEvent;

const thing = z.strictObject({ title: z.string().trim().min(1, 'Title is required') });
const thingsApi = defineFeature('projects', {
  'POST /api/things': {
    auth: 'jwt',
    summary: 'Creates a thing.',
    body: thing,
    response: thing,
    responses: [],
  },
  'GET /api/things/{thingId}': {
    auth: 'jwt',
    summary: 'A thing.',
    query: z.strictObject({ full: z.enum(['yes', 'no']).optional() }),
    response: thing,
    responses: [],
  },
  'GET /api/missing': { auth: 'jwt', summary: 'Never there.', responses: [] },
  'GET /api/boom': { auth: 'jwt', summary: 'Breaks.', responses: [] },
  'DELETE /api/things': { auth: 'jwt', summary: 'Deletes them.', responses: [] },
});

describe('createHttpHandler', () => {
  const handler = createHttpHandler(thingsApi, {
    'POST /api/things': async ({ body }) => json(201, body()),
    'GET /api/things/{thingId}': async ({ params, query }) =>
      json(200, { title: `${params.thingId} ${query().full ?? 'no'}` }),
    'GET /api/missing': async () => {
      throw notFound('Project not found');
    },
    'GET /api/boom': async () => {
      throw new Error('database exploded: secret detail');
    },
    'DELETE /api/things': async () => noContent(),
  });

  it('holds a handler to its contract: every route, its parameters, its response shape', () => {
    // Type-checking is the test (npm run lint runs tsc over this file); the handlers are never called.
    const respond = async () => noContent();
    // @ts-expect-error a route of the contract has no handler
    createHttpHandler(thingsApi, { 'POST /api/things': async ({ body }) => json(201, body()) });
    createHttpHandler(thingsApi, {
      // @ts-expect-error the response misses the contract's `title`
      'POST /api/things': async () => json(201, { name: 'x' }),
      // @ts-expect-error the route has no `projectId` parameter
      'GET /api/things/{thingId}': async ({ params }) => json(200, { title: params.projectId }),
      'GET /api/missing': respond,
      'GET /api/boom': respond,
      'DELETE /api/things': respond,
    });
    createHttpHandler(thingsApi, {
      'POST /api/things': async ({ body }) => json(201, body()),
      'GET /api/things/{thingId}': async () => json(200, { title: 'x' }),
      'GET /api/missing': respond,
      'GET /api/boom': respond,
      // @ts-expect-error a 204 route answers no body
      'DELETE /api/things': async () => json(200, { title: 'x' }),
    });
    createHttpHandler(thingsApi, {
      'POST /api/things': async ({ body }) => json(201, body()),
      'GET /api/things/{thingId}': async () => json(200, { title: 'x' }),
      'GET /api/missing': respond,
      'GET /api/boom': respond,
      'DELETE /api/things': respond,
      // @ts-expect-error a route the contract does not have
      'GET /api/other': respond,
    });
  });

  it('parses the query with the route’s schema and hands over the path parameters', async () => {
    const result = await handler({
      ...event('GET /api/things/{thingId}'),
      pathParameters: { thingId: 't1' },
      queryStringParameters: { full: 'yes' },
    } as HttpEvent);
    expect(JSON.parse(result.body!)).toEqual({ title: 't1 yes' });
    const bad = await handler({
      ...event('GET /api/things/{thingId}'),
      pathParameters: { thingId: 't1' },
      queryStringParameters: { full: 'maybe' },
    } as HttpEvent);
    expect(bad.statusCode).toBe(400);
  });

  it('sends the security headers on every answer, a 204 with no body too', async () => {
    const bare = handler;
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
