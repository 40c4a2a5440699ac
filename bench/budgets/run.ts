/**
 * `npm run bench:budgets`: every performance budget of the issue "Quality gates", measured and printed as tables:
 * Lambda bundle sizes and import times (from a bundled synth), the SPA's initial JavaScript (from web/dist, built
 * first), and Lighthouse on `/` and `/dashboard` against a local cloud started for the run (mobile and desktop,
 * median of 3). Exits 1 when a budget is exceeded.
 *
 * Options: --skip-lighthouse, --runs N (Lighthouse runs per page, default 3).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { importTimeMs, lambdaBundles } from '../../infra/lib/lambda-bundles';
import { createTestApp } from '../../infra/lib/testing';
import { spawnLocalCloud } from '../../infra/local/spawn';
import { apiClient, signInWithPassword, signUpUser } from '../lib/cloud-client';
import { printTable } from '../lib/load';
import { BUDGETS, kb } from './budgets';
import { type LighthouseRun, runLighthouse } from './lighthouse';
import { measureSpa } from './spa';

const ROOT = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const skipLighthouse = args.includes('--skip-lighthouse');
const runsIndex = args.indexOf('--runs');
const lighthouseRuns = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  return ok ? 'ok' : 'OVER';
};

function lambdas() {
  const { app, stack } = createTestApp({ nag: false });
  const bundles = lambdaBundles(stack, app.synth().directory);
  printTable(
    'Lambda bundles (bundled synth, minified ESM; import = fresh Node process, median of 3)',
    ['function', 'bundle KB', 'import ms', 'budget'],
    bundles.map((bundle) => {
      const ms = importTimeMs(bundle);
      const within =
        check(bundle.bytes <= BUDGETS.lambdaBundleBytes, `${bundle.name}: bundle ${kb(bundle.bytes)} KB`) ===
          'ok' && check(ms <= BUDGETS.lambdaImportMs, `${bundle.name}: import ${ms.toFixed(0)} ms`) === 'ok';
      return [bundle.name, kb(bundle.bytes), ms.toFixed(0), within ? 'ok' : 'OVER'];
    }),
  );
  console.log(
    `Budgets: ≤ ${BUDGETS.lambdaBundleBytes / 1024} KiB (${kb(BUDGETS.lambdaBundleBytes)} KB) per bundle, import ≤ ${BUDGETS.lambdaImportMs} ms.`,
  );
}

function spa() {
  execFileSync('npm', ['run', 'build:web', '--silent'], { cwd: ROOT, stdio: 'ignore' });
  const report = measureSpa();
  printTable(
    'SPA chunks (web/dist, freshly built; gzip level 9)',
    ['chunk', 'loaded', 'KB', 'gzip KB'],
    [
      ...report.initial.map((c) => [c.file, 'initial', kb(c.bytes), kb(c.gzipBytes)]),
      ...report.lazy.map((c) => [c.file, 'on demand', kb(c.bytes), kb(c.gzipBytes)]),
    ],
  );
  const verdict = check(report.initialGzipBytes <= BUDGETS.spaInitialGzipBytes, 'SPA initial JS');
  console.log(
    `\nInitial JavaScript for /: ${kb(report.initialGzipBytes)} KB gzipped (budget ${kb(BUDGETS.spaInitialGzipBytes)} KB): ${verdict}`,
  );
}

async function lighthouse() {
  const cloud = await spawnLocalCloud();
  const results: LighthouseRun[] = [];
  try {
    // An architect with a few projects, so /dashboard shows its cards, not the empty state.
    const user = { email: 'architect@budgets.test', password: 'Budget-Passw0rd!' };
    await signUpUser(cloud, user.email, user.password);
    const call = apiClient(cloud, await signInWithPassword(cloud, user.email, user.password));
    for (const title of ['Riverside House', 'Harbour Library', 'Courtyard School'])
      await call('/api/projects', {
        method: 'POST',
        body: { title, description: 'Massing study', tags: ['concept'] },
      });
    for (const formFactor of ['mobile', 'desktop'] as const) {
      results.push(
        ...(await runLighthouse({
          baseUrl: cloud.url,
          user,
          formFactor,
          runs: lighthouseRuns,
        })),
      );
    }
  } finally {
    await cloud.stop();
  }
  const { performance, accessibility, bestPractices } = BUDGETS.lighthouse;
  printTable(
    `Lighthouse 12 (local cloud, built SPA; median of ${lighthouseRuns} runs per page)`,
    [
      'page',
      'form factor',
      'performance',
      'accessibility',
      'best practices',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'budget',
    ],
    results.map((r) => {
      const within =
        r.performance >= performance && r.accessibility >= accessibility && r.bestPractices >= bestPractices;
      check(
        within,
        `Lighthouse ${r.path} (${r.formFactor}): ${r.performance}/${r.accessibility}/${r.bestPractices}`,
      );
      return [
        r.path,
        r.formFactor,
        r.performance,
        r.accessibility,
        r.bestPractices,
        r.metrics.fcp.toFixed(0),
        r.metrics.lcp.toFixed(0),
        r.metrics.tbt.toFixed(0),
        r.metrics.cls.toFixed(3),
        within ? 'ok' : 'OVER',
      ];
    }),
  );
  for (const r of results)
    for (const audit of r.failedAudits) console.log(`  ${r.path} (${r.formFactor}) ${audit}`);
  console.log(
    `Budgets: performance ≥ ${performance}, accessibility ${accessibility}, best practices ≥ ${bestPractices}.`,
  );
}

lambdas();
spa();
if (!skipLighthouse) await lighthouse();
if (failures.length > 0) {
  console.log(`\nOver budget:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nEvery budget met.');
