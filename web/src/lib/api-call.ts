/**
 * Calls by the API contract (shared/api): typed path parameters, body and query in, the route's validated response
 * out. Apart from the transport (api-client.ts), so a test can stand in for the transport alone.
 */
import {
  type ApiFeature,
  type FeatureContract,
  type FeatureRoutes,
  fillPath,
  type PathParams,
  type RequestBodyInput,
  type RequestQueryInput,
  type ResponseData,
  type RouteSpec,
  splitRouteKey,
} from '@shared/api/contract';
import type { $ZodType } from 'zod/v4/core';
import { apiRequest } from './api-client';

type ParamsOption<K> = [keyof PathParams<K>] extends [never] ? { params?: never } : { params: PathParams<K> };
type BodyOption<S extends RouteSpec> = S['body'] extends $ZodType
  ? { body: RequestBodyInput<S> }
  : { body?: never };
type QueryOption<S extends RouteSpec> = S['query'] extends $ZodType
  ? { query?: Partial<RequestQueryInput<S>> }
  : { query?: never };

/** What a call of one route takes: its path parameters, body and query as its contract types them. */
export type CallOptions<K extends string, S extends RouteSpec> = ParamsOption<K> &
  BodyOption<S> &
  QueryOption<S> & { signal?: AbortSignal; headers?: Record<string, string> };

type CallArgs<K extends string, S extends RouteSpec> =
  Record<string, never> extends CallOptions<K, S>
    ? [options?: CallOptions<K, S>]
    : [options: CallOptions<K, S>];

/** `?a=1&b=x`, leaving out what is unset or empty. */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  return search.toString();
}

/**
 * Calls one route of the API contract (shared/api): the path is built from the route with its parameters, the ID
 * token is sent when the route needs one, and the answer is validated with the route's response schema, so what
 * comes back has the contract's type (an `ApiError` `INVALID_RESPONSE` when it does not fit).
 */
export function callApi<R extends FeatureRoutes, K extends keyof R & string>(
  contract: FeatureContract<ApiFeature, R>,
  key: K,
  ...[options]: CallArgs<K, R[K] & RouteSpec>
): Promise<ResponseData<R[K] & RouteSpec>> {
  const spec = contract.routes[key] as RouteSpec;
  const { method, path } = splitRouteKey(key);
  const { params, body, query, signal, headers } = (options ?? {}) as {
    params?: Record<string, string>;
    body?: unknown;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const search = query ? queryString(query) : '';
  const url = `${fillPath(path, params ?? {}).replace(/^\/api/, '')}${search ? `?${search}` : ''}`;
  return apiRequest(url, {
    method,
    body,
    schema: spec.response,
    auth: spec.auth === 'jwt',
    signal,
    headers,
  }) as Promise<ResponseData<R[K] & RouteSpec>>;
}
