/** Latencies and errors per route (a route pattern such as `GET /api/projects/{id}`), printed as a table. */
import { percentile, printTable } from './load';

export interface RouteError {
  route: string;
  /** HTTP status, or 0 for a network error. */
  status: number;
  message: string;
}

export class RouteStats {
  private readonly latencies = new Map<string, number[]>();
  private readonly errorCounts = new Map<string, number>();
  readonly errors: RouteError[] = [];

  record(route: string, ms: number, error?: { status: number; message: string }): void {
    let list = this.latencies.get(route);
    if (!list) {
      list = [];
      this.latencies.set(route, list);
    }
    list.push(ms);
    if (error) {
      this.errorCounts.set(route, (this.errorCounts.get(route) ?? 0) + 1);
      if (this.errors.length < 10_000) this.errors.push({ route, ...error });
    }
  }

  get totalRequests(): number {
    return [...this.latencies.values()].reduce((n, l) => n + l.length, 0);
  }

  get totalErrors(): number {
    return [...this.errorCounts.values()].reduce((n, c) => n + c, 0);
  }

  print(title: string, durationMs: number): void {
    const row = (name: string, values: number[], errors: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        name,
        values.length,
        errors,
        percentile(sorted, 50),
        percentile(sorted, 95),
        percentile(sorted, 99),
        (values.length / durationMs) * 1000,
      ];
    };
    const rows = [...this.latencies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, values]) => row(route, values, this.errorCounts.get(route) ?? 0));
    rows.push(row('TOTAL', [...this.latencies.values()].flat(), this.totalErrors));
    printTable(title, ['route', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'], rows);
  }

  /** Errors grouped by route, status and message, most frequent first. */
  printErrors(limit = 30): void {
    if (this.errors.length === 0) return;
    const groups = new Map<string, { route: string; status: number; message: string; count: number }>();
    for (const e of this.errors) {
      const key = `${e.route}\u0000${e.status}\u0000${e.message}`;
      const group = groups.get(key) ?? { ...e, count: 0 };
      group.count++;
      groups.set(key, group);
    }
    const rows = [...groups.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, limit)
      .map((g) => [g.route, g.status === 0 ? 'network' : String(g.status), g.count, g.message.slice(0, 120)]);
    printTable('Errors by route', ['route', 'status', 'count', 'message'], rows);
  }
}

/**
 * fetch that times the whole exchange (body included) and records it under `route`; anything but 2xx, or a
 * network error, is an error. Returns the response status and text (status 0 on a network error).
 */
export async function timedFetch(
  stats: RouteStats,
  route: string,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; text: string }> {
  const t0 = performance.now();
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    const ms = performance.now() - t0;
    const ok = response.status >= 200 && response.status < 300;
    stats.record(route, ms, ok ? undefined : { status: response.status, message: errorMessage(text) });
    return { status: response.status, text };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    stats.record(route, performance.now() - t0, {
      status: 0,
      message: cause?.code ?? cause?.message ?? (error as Error).message,
    });
    return { status: 0, text: '' };
  }
}

function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string }; message?: string };
    if (body.error) return `${body.error.code ?? ''} ${body.error.message ?? ''}`.trim();
    if (body.message) return body.message;
  } catch {
    // not JSON (S3 answers XML)
  }
  return text.replace(/\s+/g, ' ').slice(0, 200);
}
