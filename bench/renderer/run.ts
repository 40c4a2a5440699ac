/**
 * Renderer benchmark. Bundles worker.ts with esbuild the way a Lambda would be bundled (dependencies external),
 * then runs each fixture in its own plain `node` process so that its peak memory is its own: p50 time per
 * variation over the 5 styles × repeats at 1024 × 1024, sharp on one thread.
 *
 *   npx tsx bench/renderer/run.ts [repeats=3]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const TARGET_MS = 150;
const TARGET_MB = 512;
const FIXTURES = ['DXF (ASCII)', 'DXF (binary)', 'PNG', 'PDF', 'DXF dense (20k lines)'];
const repeats = Math.max(1, Number(process.argv[2] ?? 3));

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
// Inside node_modules so that the bundle's external imports resolve from the project's node_modules.
const outDir = join(root, 'node_modules', '.cache', 'planform-bench');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'renderer-worker.mjs');
await build({
  entryPoints: [join(here, 'worker.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  logLevel: 'error',
});

interface Result {
  name: string;
  normaliseMs: number;
  times: Record<string, number[]>;
  cpu: Record<string, number[]>;
  baseline: number;
  afterNormalise: number;
  peak: number;
}
const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? 0;
};
const num = (v: number, n = 6) => v.toFixed(0).padStart(n);

const rows: string[] = [];
let worstP50 = 0;
let worstCpuP50 = 0;
let worstMax = 0;
let worstPeak = 0;
for (const name of FIXTURES) {
  const out = execFileSync(process.execPath, [outfile, name, String(repeats)], {
    cwd: root,
    encoding: 'utf8',
  });
  const line = out.trim().split('\n').pop() ?? '{}';
  const r = JSON.parse(line) as Result;
  const all = Object.values(r.times).flat();
  const p = [1, 2, 3].map((v) => p50(r.times[v] ?? []));
  const c = [1, 2, 3].map((v) => p50(r.cpu[v] ?? []));
  worstP50 = Math.max(worstP50, ...p);
  worstCpuP50 = Math.max(worstCpuP50, ...c);
  worstMax = Math.max(worstMax, ...all);
  worstPeak = Math.max(worstPeak, r.peak);
  rows.push(
    `| ${name.padEnd(22)} | ${num(r.normaliseMs, 9)} | ${p.map((v, i) => `${num(v, 5)} / ${num(c[i] ?? 0, 5)}`).join(' | ')} | ${num(Math.max(...all), 6)} | ${num(r.peak, 7)} |`,
  );
}
console.log(
  `\nRenderer benchmark: 1024 × 1024 PNG per render, 5 styles × ${repeats} repeats per variation, one node process per fixture, sharp on 1 thread\n`,
);
console.log(
  'p50 per variation as wall ms / CPU ms (CPU time is what one core spends; wall time grows when the machine is busy)\n',
);
console.log(
  `| ${'fixture'.padEnd(22)} | normalise |  v1 p50 wall/CPU |  v2 p50 wall/CPU |  v3 p50 wall/CPU | max ms | peak MB |`,
);
console.log(
  `|${'-'.repeat(24)}|-----------|-------------------|-------------------|-------------------|--------|---------|`,
);
for (const r of rows) console.log(r);
console.log(
  `\nworst p50: ${worstP50.toFixed(0)} ms wall, ${worstCpuP50.toFixed(0)} ms CPU (target ≤ ${TARGET_MS} ms per render on one core); slowest single render ${worstMax.toFixed(0)} ms wall; worst peak RSS ${worstPeak.toFixed(0)} MB (target ≤ ${TARGET_MB} MB)`,
);
if (worstCpuP50 > TARGET_MS || worstPeak > TARGET_MB) {
  console.log('TARGET MISSED');
  process.exitCode = 1;
}
