/** A fake of the admin API for component tests: handlers by "METHOD /api/path/{param}", calls recorded. */
import type { AdminStats, SystemHealth } from '@shared/schemas/admin';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
}
type Handler = (req: FakeRequest) => unknown;

export function fakeApi(handlers: Record<string, Handler | object>) {
  const calls: FakeRequest[] = [];
  const routes = Object.entries(handlers).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const names: string[] = [];
    const regex = new RegExp(
      `^${pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    return { method, regex, names, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    for (const route of routes) {
      const match = route.method === method ? route.regex.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
      const req: FakeRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        params,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(req);
      const result = typeof route.handler === 'function' ? (route.handler as Handler)(req) : route.handler;
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(result), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(
      JSON.stringify({ error: { code: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` } }),
      {
        status: 404,
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const apiError = (status: number, message: string, code = 'BAD_REQUEST') =>
  new Response(JSON.stringify({ error: { code, message } }), { status });

export const health = (overrides: Partial<SystemHealth> = {}): SystemHealth => ({
  database: { status: 'healthy', latencyMs: 4, message: 'Reads answer normally' },
  ai: {
    status: 'healthy',
    latencyMs: 3,
    message: 'local: 5 completed, 0 failed since yesterday',
    provider: 'local',
  },
  storage: {
    status: 'healthy',
    latencyMs: 6,
    message: 'Buckets reachable',
    usedBytes: 5 * 1024 ** 2,
    warningBytes: 80 * 1024 ** 3,
  },
  checkedAt: '2026-03-15T10:00:00.000Z',
  ...overrides,
});

export const stats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
  users: {
    total: 1234,
    active7d: 87,
    new30d: 40,
    admins: 3,
    superAdmins: 1,
    change: { current: 12, previous: 10, percent: 20 },
  },
  projects: { total: 456, change: { current: 5, previous: 8, percent: -38 } },
  renders: { total: 900, completed: 850, failed: 30, change: { current: 9, previous: 0, percent: null } },
  jobs: { pending: 12, total: 2700, queue: 'high', change: { current: 0, previous: 0, percent: 0 } },
  storage: { usedBytes: 5 * 1024 ** 2, files: 77 },
  health: health(),
  generatedAt: '2026-03-15T10:00:00.000Z',
  ...overrides,
});
