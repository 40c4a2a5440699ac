import { errorBodySchema } from '@shared/schemas/boot';
import { type $ZodType, type output, safeParse } from 'zod/v4/core';
import { amplifyAuth, mayHaveStoredSession } from './amplify';
import { getConfig } from './config';

/** An error answered by the API (`{ "error": { "code", "message" } }`) or a failure to reach it (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ApiRequestOptions<S extends $ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the response body; its output type becomes the result type. */
  schema?: S;
  /** Send the signed-in user's ID token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Result<S> = S extends $ZodType ? output<S> : unknown;

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

async function idToken(): Promise<string | undefined> {
  if (!mayHaveStoredSession()) return undefined;
  try {
    const { tokens } = await (await amplifyAuth()).fetchAuthSession();
    return tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

/**
 * Calls the Planform API: `path` is relative to `apiBaseUrl` (`/me` → `/api/me`). Sends JSON with the ID token as a
 * bearer token, and throws an `ApiError` for any non-2xx answer.
 */
export async function apiRequest<S extends $ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<Result<S>> {
  const { method = 'GET', body, schema, auth = true, signal, headers: extra } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth) {
    const token = await idToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(joinUrl(getConfig().apiBaseUrl, path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }

  const text = await response.text();
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(data);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      throw new ApiError(response.status, code, message, details);
    }
    // The API Gateway authorizer answers 401 without the error shape: the token is missing or has expired.
    if (response.status === 401)
      throw new ApiError(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.');
    throw new ApiError(response.status, 'HTTP_ERROR', `Request failed (HTTP ${response.status})`);
  }

  if (!schema) return data as Result<S>;
  const parsed = safeParse(schema, data);
  if (!parsed.success)
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'Unexpected response from the server');
  return parsed.data as Result<S>;
}
