/** A small closed-loop load generator: `clients` concurrent loops, each sending one request after another. */
export interface LoadResult {
  requests: number;
  errors: number;
  durationMs: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  rps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export async function runLoad(options: {
  clients: number;
  /** Stops after this many requests in total, or after durationMs, whichever comes first. */
  totalRequests: number;
  durationMs: number;
  request: (client: number, n: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      while (issued < options.totalRequests && performance.now() < deadline) {
        const n = issued++;
        const t0 = performance.now();
        let ok = false;
        try {
          ok = await options.request(client, n);
        } catch {
          ok = false;
        }
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const durationMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    durationMs,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((s, v) => s + v, 0) / Math.max(1, latencies.length),
    rps: (latencies.length / durationMs) * 1000,
  };
}

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) => `| ${r.map((c, i) => String(c).padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of cells.slice(1)) console.log(line(r));
  console.log('');
}

const formatNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
