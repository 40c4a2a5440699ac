/**
 * The HTTP API's contract: each route declared once, in its feature's module beside this one, with its auth,
 * request and response schemas and its documentation. CDK, the local gateway, the handlers' dispatch types,
 * docs/api.md and the web client all derive from these declarations.
 */
import type { $ZodType, input, output } from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'jwt' | 'none';

/** A Lambda per feature: functions/api/<feature>.ts exports `handler`. */
export const API_FEATURES = ['health', 'me', 'projects', 'files', 'public', 'generations', 'admin'] as const;
export type ApiFeature = (typeof API_FEATURES)[number];

/** `GET /api/projects/{projectId}`: the method and the API Gateway path with `{param}` placeholders. */
export type RouteKey = `${HttpMethod} /api/${string}`;

export interface RouteSpec {
  auth: RouteAuth;
  summary: string;
  /** The JSON body, validated by the handler (400 `VALIDATION_FAILED` when it does not fit). */
  body?: $ZodType;
  /** The query string's parameters. */
  query?: $ZodType;
  /** Request headers the route reads, in words. */
  headers?: string;
  /** The body of a successful answer; a route without one answers 204 with no body. */
  response?: $ZodType;
  /** Every answer, in words: the status and when. */
  responses: readonly string[];
}

export type FeatureRoutes = Record<RouteKey, RouteSpec>;

export interface FeatureContract<F extends ApiFeature = ApiFeature, R extends FeatureRoutes = FeatureRoutes> {
  feature: F;
  routes: R;
}

/** A feature's routes; `as const` keeps each key and schema's own type. */
export const defineFeature = <const F extends ApiFeature, const R extends FeatureRoutes>(
  feature: F,
  routes: R,
): FeatureContract<F, R> => ({ feature, routes });

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** The path parameters of a route key: `{ projectId: string; fileId: string }`. */
export type PathParams<K> = K extends `${HttpMethod} ${infer Path}`
  ? { [Name in PathParamNames<Path>]: string }
  : never;

/** What the handler must send for a route (the response schema's input); undefined for a 204. */
export type ResponseBody<S extends RouteSpec> = S['response'] extends $ZodType
  ? input<S['response']>
  : undefined;
/** What a client reads from a route (the response schema's output); undefined for a 204. */
export type ResponseData<S extends RouteSpec> = S['response'] extends $ZodType
  ? output<S['response']>
  : undefined;
/** The parsed body a handler works with. */
export type RequestBody<S extends RouteSpec> = S['body'] extends $ZodType ? output<S['body']> : undefined;
/** What a client sends as the body. */
export type RequestBodyInput<S extends RouteSpec> = S['body'] extends $ZodType ? input<S['body']> : undefined;
export type RequestQuery<S extends RouteSpec> = S['query'] extends $ZodType ? output<S['query']> : undefined;
export type RequestQueryInput<S extends RouteSpec> = S['query'] extends $ZodType
  ? input<S['query']>
  : undefined;

/** The parts of a route key. */
export function splitRouteKey(key: string): { method: HttpMethod; path: `/api/${string}` } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) as `/api/${string}` };
}

/** A route's path with its parameters filled in (each URL-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** The route key API Gateway gives a request no route matched: its `$default` route. */
export const DEFAULT_ROUTE_KEY = '$default';
