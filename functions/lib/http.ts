import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { recordActivity } from './activity';
import { AppError, badRequest, isDependencyOutage, notFound, serviceUnavailable } from './errors';
import { type Logger, logger as rootLogger } from './logger';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export interface RouteContext {
  event: HttpEvent;
  log: Logger;
  params: Record<string, string | undefined>;
}
export type RouteHandler = (ctx: RouteContext) => Promise<HttpResult>;

/** Every API answer: JSON, never cached, not sniffed, not framed, no full referrer to other origins. */
export const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The headers every answer carries, whatever its body (a 204 too). */
const SECURITY_HEADERS = {
  'cache-control': BASE_HEADERS['cache-control'],
  'x-content-type-options': BASE_HEADERS['x-content-type-options'],
  'x-frame-options': BASE_HEADERS['x-frame-options'],
  'referrer-policy': BASE_HEADERS['referrer-policy'],
};

/** 204: done, nothing to say (with the security headers). */
export const noContent = (): HttpResult => ({ statusCode: 204, headers: { ...SECURITY_HEADERS } });

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode: status, headers: { ...BASE_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export function errorResult(error: AppError): HttpResult {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  return json(error.status, { error: body }, error.headers);
}

/** Keys that reach object prototypes when copied: refused at any depth of any body. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class PrototypeKeyError extends Error {}

/** Parses a JSON body with a zod schema; anything malformed is the client's mistake (400), never a 500. */
export function parseBody<S extends z.ZodType>(event: HttpEvent, schema: S): z.infer<S> {
  let raw: unknown = {};
  if (event.body) {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    try {
      raw = JSON.parse(text, (key, value) => {
        if (PROTOTYPE_KEYS.has(key)) throw new PrototypeKeyError(key);
        return value;
      });
    } catch (error) {
      if (error instanceof PrototypeKeyError) {
        throw new AppError('VALIDATION_FAILED', `The key "${error.message}" is not allowed`, [
          { path: error.message, message: `The key "${error.message}" is not allowed` },
        ]);
      }
      throw badRequest('Request body must be valid JSON');
    }
  }
  return parseInput(raw, schema);
}

export function parseInput<S extends z.ZodType>(raw: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', issues);
  }
  return result.data;
}

/**
 * A feature's Lambda handler: dispatches on the HTTP API route key (`GET /api/me`), maps typed errors to
 * their status in one place and logs anything unexpected as a 500 without leaking its details.
 */
export function createHttpHandler(routes: Record<string, RouteHandler>) {
  return async (event: HttpEvent): Promise<HttpResult> => {
    const log = rootLogger.child({ requestId: event.requestContext?.requestId, route: event.routeKey });
    try {
      const route = routes[event.routeKey];
      if (!route) throw notFound(`No route for ${event.routeKey}`);
      const userId = event.requestContext?.authorizer?.jwt?.claims?.sub;
      const [result] = await Promise.all([
        route({ event, log, params: event.pathParameters ?? {} }),
        typeof userId === 'string' ? recordActivity(userId, log) : undefined,
      ]);
      return { ...result, headers: { ...SECURITY_HEADERS, ...result.headers } };
    } catch (error) {
      if (error instanceof AppError) {
        if (error.status >= 500) log.error('request failed', { error });
        return errorResult(error);
      }
      if (isDependencyOutage(error)) {
        log.error('dependency unavailable', { error });
        return errorResult(serviceUnavailable());
      }
      log.error('unhandled error', { error });
      return errorResult(new AppError('INTERNAL', 'Something went wrong. Please try again.'));
    }
  };
}
