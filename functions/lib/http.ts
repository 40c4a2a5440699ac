import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type $ZodType, type output, safeParse } from 'zod/v4/core';
import {
  type ApiFeature,
  DEFAULT_ROUTE_KEY,
  type FeatureContract,
  type FeatureRoutes,
  type PathParams,
  type RequestBody,
  type RequestQuery,
  type ResponseBody,
  type RouteKey,
  type RouteSpec,
} from '../../shared/api/contract';
import { recordActivity } from './activity';
import {
  AppError,
  badRequest,
  fromDrawingError,
  isDependencyOutage,
  notFound,
  serviceUnavailable,
} from './errors';
import { type Logger, logger as rootLogger } from './logger';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/**
 * An answer that says, in its type only, what its body is: a handler of a route whose contract says
 * `response: projectSummarySchema` must return `Reply<ProjectSummary>` (what `json(200, summary)` gives), so a
 * wrong shape fails type-checking. Nothing of it exists at run time.
 */
declare const replyBody: unique symbol;
export type Reply<Body> = HttpResult & { readonly [replyBody]?: Body };

export interface RouteContext<K extends string, S extends RouteSpec> {
  event: HttpEvent;
  log: Logger;
  /** The route's path parameters (API Gateway matched them). */
  params: PathParams<K>;
  /** The JSON body parsed with the route's schema (400 when it does not fit), when the handler asks for it. */
  body: () => RequestBody<S>;
  /** The query string parsed with the route's schema (400 when it does not fit), when the handler asks for it. */
  query: () => RequestQuery<S>;
}
export type RouteHandler<K extends string, S extends RouteSpec> = (
  ctx: RouteContext<K, S>,
) => Promise<Reply<ResponseBody<S>>>;

/** One handler for each route of a feature's contract: a missing or unknown route fails type-checking. */
export type FeatureHandlers<R extends FeatureRoutes> = {
  [K in keyof R & string]: RouteHandler<K, R[K] & RouteSpec>;
};

/** The HTTP API's `$default` route (no route matched), answered by the health Lambda. */
export type FallbackHandler = (ctx: { event: HttpEvent; log: Logger }) => Promise<HttpResult>;

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
export const noContent = (): Reply<undefined> => ({ statusCode: 204, headers: { ...SECURITY_HEADERS } });

export function json<Body>(status: number, body: Body, headers: Record<string, string> = {}): Reply<Body> {
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
export function parseBody<S extends $ZodType>(event: HttpEvent, schema: S): output<S> {
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

export function parseInput<S extends $ZodType>(raw: unknown, schema: S): output<S> {
  const result = safeParse(schema, raw);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', issues);
  }
  return result.data;
}

/**
 * A feature's Lambda handler: dispatches on the HTTP API route key (`GET /api/me`) to the handler of that route of
 * the feature's contract, parses the body and query with the route's schemas when the handler asks, maps typed
 * errors to their status in one place and logs anything unexpected as a 500 without leaking its details.
 */
export function createHttpHandler<R extends FeatureRoutes>(
  contract: FeatureContract<ApiFeature, R>,
  handlers: FeatureHandlers<R>,
  fallback?: FallbackHandler,
) {
  const routes = contract.routes as FeatureRoutes;
  const byKey = handlers as unknown as Record<string, RouteHandler<string, RouteSpec>>;
  const dispatch = (event: HttpEvent, log: Logger): Promise<HttpResult> => {
    const spec = Object.hasOwn(routes, event.routeKey) ? routes[event.routeKey as RouteKey] : undefined;
    const route = spec && byKey[event.routeKey];
    if (!spec || !route) {
      if (fallback && event.routeKey === DEFAULT_ROUTE_KEY) return fallback({ event, log });
      throw notFound(`No route for ${event.routeKey}`);
    }
    const { body, query } = spec;
    return route({
      event,
      log,
      params: (event.pathParameters ?? {}) as PathParams<string>,
      body: () => (body ? parseBody(event, body) : undefined) as RequestBody<RouteSpec>,
      query: () =>
        (query ? parseInput(event.queryStringParameters ?? {}, query) : undefined) as RequestQuery<RouteSpec>,
    });
  };
  return async (event: HttpEvent): Promise<HttpResult> => {
    const log = rootLogger.child({ requestId: event.requestContext?.requestId, route: event.routeKey });
    try {
      const userId = event.requestContext?.authorizer?.jwt?.claims?.sub;
      const [result] = await Promise.all([
        dispatch(event, log),
        typeof userId === 'string' ? recordActivity(userId, log) : undefined,
      ]);
      return { ...result, headers: { ...SECURITY_HEADERS, ...result.headers } };
    } catch (thrown) {
      const error = fromDrawingError(thrown);
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
