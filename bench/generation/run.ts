/**
 * bench/generation: from POST /generations to all three renders settled, from POST …/refine to the
 * refinement settled, and from POST …/exports (4096 px) to the export ready, through the local cloud (API, the real
 * state machine on the local Step Functions endpoint, the local renderer), p50 of 5 runs each, and the time spent
 * in each state (from the execution's history). The export's peak memory is measured apart, in a child process
 * that renders one 4096 px image as the export task does (`export-memory.ts`).
 * Run: npm run bench:generation
 */
import { execFileSync } from 'node:child_process';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { spawnLocalCloud } from '../../infra/local/spawn';
import type { Generation } from '../../shared/schemas/generations';
import { apiClient, signInWithPassword, upload } from '../lib/cloud-client';
import { percentile, printTable } from '../lib/load';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface HistoryEvent {
  timestamp: number;
  type: string;
  stateEnteredEventDetails?: { name: string };
  stateExitedEventDetails?: { name: string };
  mapIterationIndex?: number;
}

/** Seconds per state: entered → exited, summed over retries; Map iterations reported by their slowest. */
function stateTimes(events: HistoryEvent[]): Record<string, number> {
  const open = new Map<string, number>();
  const totals: Record<string, number> = {};
  for (const e of events) {
    const name = e.stateEnteredEventDetails?.name ?? e.stateExitedEventDetails?.name;
    if (!name) continue;
    const key = `${name}#${e.mapIterationIndex ?? ''}`;
    if (e.stateEnteredEventDetails) open.set(key, e.timestamp);
    else if (open.has(key)) {
      const ms = (e.timestamp - open.get(key)!) * 1000;
      totals[key] = (totals[key] ?? 0) + ms;
      open.delete(key);
    }
  }
  const byState: Record<string, number> = {};
  for (const [key, ms] of Object.entries(totals)) {
    const name = key.split('#')[0]!;
    byState[name] = Math.max(byState[name] ?? 0, ms);
  }
  return byState;
}

async function main() {
  const admin = { email: 'bench@planform.local', password: 'Bench-Passw0rd!' };
  console.log('Starting the local cloud...');
  const cloud = await spawnLocalCloud({
    LOCAL_ADMIN_EMAIL: admin.email,
    LOCAL_ADMIN_PASSWORD: admin.password,
  });
  try {
    const token = await signInWithPassword(cloud, admin.email, admin.password);
    const call = apiClient(cloud, token);
    const project = await call<{ id: string }>('/api/projects', {
      method: 'POST',
      body: { title: 'Benchmark house' },
    });
    await upload(cloud, token, project.body.id, 'plan.dxf', Buffer.from(planDxf()));

    /** Posts, then polls the generation until it settles; its time and the time spent in each state. */
    const timed = async (path: string, body: unknown) => {
      const t0 = performance.now();
      const started = await call<{ generation: Generation }>(path, { method: 'POST', body });
      if (started.status !== 202) throw new Error(`POST failed: ${JSON.stringify(started.body)}`);
      const id = started.body.generation.id;
      let generation = started.body.generation;
      while (generation.status === 'running') {
        await new Promise((r) => setTimeout(r, 50));
        generation = (
          await call<{ generation: Generation }>(`/api/projects/${project.body.id}/generations/${id}`)
        ).body.generation;
      }
      const ms = performance.now() - t0;
      const history = await fetch(`${cloud.url}/_local/sfn`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'AWSStepFunctions.GetExecutionHistory',
        },
        body: JSON.stringify({
          executionArn: `arn:aws:states:us-east-1:000000000000:execution:planform-generate:${id}`,
        }),
      }).then((r) => r.json() as Promise<{ events: HistoryEvent[] }>);
      return { generation, ms, times: stateTimes(history.events) };
    };
    const p50 = (values: number[] = []) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const STATES = ['Prepare', 'Generate', 'Store', 'Finalize'] as const;

    /** Runs `request` a warm-up and RUNS times; a row per run and the p50s. */
    const series = async (request: (run: number) => Promise<Awaited<ReturnType<typeof timed>>>) => {
      const rows: (string | number)[][] = [];
      const totals: number[] = [];
      const perState: Record<string, number[]> = {};
      const all: Generation[] = [];
      for (let run = 0; run <= RUNS; run++) {
        const { generation, ms, times } = await request(run);
        all.push(generation);
        rows.push([
          run === 0 ? 'warm-up' : `run ${run}`,
          generation.status,
          generation.succeeded,
          ms,
          ...STATES.map((state) => times[state] ?? 0),
        ]);
        if (run === 0) continue;
        totals.push(ms);
        for (const [state, v] of Object.entries(times)) {
          perState[state] ??= [];
          perState[state].push(v);
        }
      }
      rows.push(['p50', '', '', p50(totals), ...STATES.map((state) => p50(perState[state]))]);
      return { rows, p50: p50(totals), last: all.at(-1)!, all };
    };

    // One warm-up run each (module loading; the drawing's normalisation is cached per file after it).
    const generations = await series(() =>
      timed(`/api/projects/${project.body.id}/generations`, { prompt: 'Photorealistic exterior view' }),
    );
    printTable(
      'POST /generations → three renders settled, through the local cloud (ms; Generate and Store: slowest of the 3 parallel variations)',
      ['run', 'status', 'ok', 'total', ...STATES],
      generations.rows,
    );
    console.log('Target: p50 total <= 6000 ms.');

    const target = generations.last.renders.find((r) => r.status === 'completed');
    if (!target) throw new Error('no completed render to refine');
    const FOLLOW_UPS = [
      'white walls',
      'add a flat roof',
      'evening',
      'timber cladding',
      'snowy winter',
      'on a street',
    ];
    const refinements = await series((run) =>
      timed(`/api/projects/${project.body.id}/renders/${target.id}/refine`, {
        prompt: FOLLOW_UPS[run % FOLLOW_UPS.length],
      }),
    );
    printTable(
      'POST /renders/{id}/refine → the refinement settled, through the local cloud (ms)',
      ['run', 'status', 'ok', 'total', ...STATES],
      refinements.rows,
    );
    console.log('Target: p50 refinement settled <= 3000 ms.');

    // A 4096 px export of a different completed render each run (an export already made is answered at once).
    const exportable = generations.all.flatMap((g) => g.renders.filter((r) => r.status === 'completed'));
    const exportRows: (string | number)[][] = [];
    const exportTimes: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const render = exportable[run % exportable.length]!;
      const t0 = performance.now();
      const asked = await call(`/api/projects/${project.body.id}/renders/${render.id}/exports`, {
        method: 'POST',
        body: { size: 4096 },
      });
      if (asked.status !== 202) throw new Error(`export not started: ${JSON.stringify(asked.body)}`);
      let status = 'processing';
      while (status === 'processing') {
        await new Promise((r) => setTimeout(r, 50));
        const detail = await call<{
          renders: { id: string; exports?: Record<string, { status: string }> }[];
        }>(`/api/projects/${project.body.id}`);
        status = detail.body.renders.find((r) => r.id === render.id)?.exports?.['4096']?.status ?? 'missing';
      }
      const ms = performance.now() - t0;
      exportRows.push([run === 0 ? 'warm-up' : `run ${run}`, status, ms]);
      if (run > 0) exportTimes.push(ms);
    }
    exportRows.push(['p50', '', p50(exportTimes)]);
    printTable(
      'POST /renders/{id}/exports (4096 px) → the export ready, through the local cloud (ms)',
      ['run', 'status', 'total'],
      exportRows,
    );
  } finally {
    await cloud.stop();
  }
  const memory = execFileSync(process.execPath, ['--import', 'tsx', 'bench/generation/export-memory.ts'], {
    encoding: 'utf8',
  });
  console.log(memory.trim());
  console.log('Targets: p50 4096 px export <= 8000 ms; peak memory <= 1024 MB.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
