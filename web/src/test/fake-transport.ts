/**
 * A stand-in for the API transport (`apiRequest`) in component tests: each call goes to `api.get(path)`,
 * `api.post(path, body)`, `api.patch(path, body)` or `api.delete(path)` (with `{ headers }` last when the call sends
 * any), and what the test answers is validated with the route's response schema as the real transport does, so a
 * fixture that the contract would refuse fails the test instead of passing unnoticed.
 */
import type { Mock } from 'vitest';
import { safeParse } from 'zod/v4/core';
import type { ApiRequestOptions } from '@/lib/api-client';

export interface FakeApi {
  get: Mock;
  post: Mock;
  put: Mock;
  patch: Mock;
  delete: Mock;
}

export function fakeTransport(api: FakeApi) {
  return async (path: string, options: ApiRequestOptions<never> = {}) => {
    const {
      method = 'GET',
      body,
      headers,
      schema,
    } = options as ApiRequestOptions<never> & {
      schema?: Parameters<typeof safeParse>[0];
    };
    const extra = headers ? [{ headers }] : [];
    const handler = api[method.toLowerCase() as keyof FakeApi];
    const answer =
      method === 'GET' || method === 'DELETE'
        ? await handler(path, ...extra)
        : await handler(path, ...(body === undefined && !headers ? [] : [body]), ...extra);
    if (!schema) return answer;
    const parsed = safeParse(schema, answer);
    if (!parsed.success) {
      throw new Error(
        `The test's answer to ${method} ${path} does not fit the route's response schema: ${JSON.stringify(parsed.error.issues)}`,
      );
    }
    return parsed.data;
  };
}
