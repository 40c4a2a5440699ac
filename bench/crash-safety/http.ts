/** bench/crash-safety: API calls that tell a refused connection (the cloud is down) from an answer. */

import type { CloudProcess } from '../lib/cloud-process';

export type Answer<T = Record<string, unknown>> = { status: number; body: T } | null;

/** An API call; null when there was no answer (connection refused or reset: the cloud is down). */
export async function api<T = Record<string, unknown>>(
  cloud: CloudProcess,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${cloud.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await response.text();
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = { raw: text.slice(0, 200) };
  }
  return { status: response.status, body: parsed as T };
}

export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const userIdOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
