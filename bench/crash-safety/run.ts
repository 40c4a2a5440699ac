/**
 * bench/crash-safety: SIGKILLs the local cloud during uploads, and again during uploads and generations, starts
 * it again on the same data directory each time, and checks that nothing acknowledged was lost, that the
 * reconciler settles every generation the kill interrupted (no render or job left pending/queued, quotas
 * released), that the API answers every project consistently, and that the SPA still serves /dashboard.
 * Prints a table of checks and exits non-zero when one fails. Run: npm run bench:crash-safety
 * Environment: CRASH_CLIENTS (12 upload clients), CRASH_USERS (3 signed-up users besides the admin),
 * CRASH_KEEP_DATA=1 keeps the data directory for a post-mortem.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { freePort } from '../../infra/local/net';
import { signInWithPassword, signUpUser, upload } from '../lib/cloud-client';
import { type CloudProcess, startCloudProcess } from '../lib/cloud-process';
import { printTable } from '../lib/load';
import { check, checks, timings } from './checks';
import { ADMIN, CLOUD_ENV, PASSWORD, UPLOAD_CLIENTS, USERS } from './config';
import { api, sleep, userIdOf } from './http';
import { type BenchUser, Ledger } from './ledger';
import { killAndRestart, processesUsing, RestartFailed } from './processes';
import { list, resumeUploads, verifyData, verifySettled } from './verify';
import { type KillSwitch, uploadWorkload } from './workload';

// ---------------------------------------------------------------------------------------------------------

async function pollGeneration(cloud: CloudProcess, g: { id: string; projectId: string; owner: BenchUser }) {
  const r = await api<{
    generation: { status: string; succeeded: number; failed: number; renders: { status: string }[] };
  }>(cloud, g.owner.token, 'GET', `/api/projects/${g.projectId}/generations/${g.id}`);
  return r?.status === 200 ? r.body.generation : null;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'planform-crash-'));
  const port = await freePort();
  const ledger = new Ledger();
  let cloud: CloudProcess | undefined;
  console.log(`crash-safety: data dir ${dataDir}, port ${port}, ${UPLOAD_CLIENTS} upload clients`);
  try {
    console.log('Starting the local cloud...');
    cloud = await startCloudProcess({ dataDir, port, env: CLOUD_ENV });
    timings.push(['first start → /api/health 200', cloud.startMs]);

    // Users: the admin and USERS signed up through Cognito and the dev mailbox.
    const users: BenchUser[] = [];
    const adminToken = await signInWithPassword(cloud, ADMIN.email, ADMIN.password);
    users.push({ ...ADMIN, token: adminToken, userId: userIdOf(adminToken) });
    const stamp = Date.now().toString(36);
    for (let i = 0; i < USERS; i++) {
      const email = `crash-${stamp}-${i}@example.com`;
      const token = await signUpUser(cloud, email, PASSWORD);
      users.push({ email, password: PASSWORD, token, userId: userIdOf(token) });
    }
    // Each user: a project with a drawing (for the generations), acknowledged before any kill.
    for (const user of users) {
      const project = await api<{ id: string }>(cloud, user.token, 'POST', '/api/projects', {
        title: 'Drawing house',
      });
      if (project?.status !== 201) throw new Error(`setup: POST /api/projects ${project?.status}`);
      const record = ledger.addProject(project.body.id, user);
      const bytes = Buffer.from(planDxf());
      const fileId = await upload(cloud, user.token, record.id, 'plan.dxf', bytes);
      ledger.addFile(record.id, fileId, 'plan.dxf', bytes).state = 'uploaded';
      user.drawingProjectId = record.id;
    }

    // ---- Round 1: SIGKILL during uploads.
    {
      const kill: KillSwitch = { killed: false };
      const workload = uploadWorkload(cloud, users, ledger, kill);
      const delay = 2000 + Math.random() * 2000;
      await sleep(delay);
      while (ledger.inFlight === 0) await sleep(5);
      console.log(`[kill 1] after ${(delay / 1000).toFixed(1)} s of uploads`);
      cloud = await killAndRestart(cloud, 'kill 1 (uploads)', kill, ledger, workload);
      check(
        'kill 1 (uploads): requests in flight at the kill',
        '≥ 1',
        Object.values(ledger.unanswered).reduce((s, n) => s + n, 0),
        Object.values(ledger.unanswered).some((n) => n > 0),
      );
      await verifyData(cloud, users, ledger, 'after kill 1');
      await resumeUploads(cloud, ledger, 'after kill 1');
    }

    // ---- Round 2: SIGKILL during generations (and uploads).
    {
      const kill: KillSwitch = { killed: false };
      for (const user of users) {
        const r = await api<{ generation: { id: string } }>(
          cloud,
          user.token,
          'POST',
          `/api/projects/${user.drawingProjectId}/generations`,
          { prompt: 'Photorealistic exterior view, crash test' },
        );
        if (r?.status !== 202) throw new Error(`POST /generations: ${r?.status} ${JSON.stringify(r?.body)}`);
        ledger.generations.push({
          id: r.body.generation.id,
          projectId: user.drawingProjectId!,
          owner: user,
          statusBeforeKill: 'running',
          rendersCompletedBeforeKill: 0,
        });
      }
      const workload = uploadWorkload(cloud, users, ledger, kill);
      // Kill once a render has finished (so some generations are part-way), or after 20 s.
      const t0 = performance.now();
      for (;;) {
        await sleep(250);
        const polled = await Promise.all(ledger.generations.map((g) => pollGeneration(cloud!, g)));
        polled.forEach((p, i) => {
          if (!p) return;
          ledger.generations[i]!.statusBeforeKill = p.status;
          ledger.generations[i]!.rendersCompletedBeforeKill = p.renders.filter(
            (r) => r.status === 'completed',
          ).length;
        });
        const anyRenderDone = ledger.generations.some((g) => g.rendersCompletedBeforeKill > 0);
        if (anyRenderDone || performance.now() - t0 > 20_000) break;
      }
      while (ledger.inFlight === 0) await sleep(5);
      const runningAtKill = ledger.generations.filter((g) => g.statusBeforeKill === 'running');
      console.log(
        `[kill 2] after ${((performance.now() - t0) / 1000).toFixed(1)} s: generations ${ledger.generations
          .map((g) => `${g.statusBeforeKill} (${g.rendersCompletedBeforeKill}/3 done)`)
          .join(', ')}`,
      );
      const executionsFile = join(dataDir, 'sfn-executions.json');
      cloud = await killAndRestart(cloud, 'kill 2 (generations)', kill, ledger, workload);
      const restartedAt = performance.now();
      check(
        'kill 2 (generations): generations running at the kill',
        '≥ 1',
        `${runningAtKill.length} of ${ledger.generations.length}`,
        runningAtKill.length > 0,
      );
      const executions = JSON.parse(readFileSync(executionsFile, 'utf8')) as {
        name: string;
        status: string;
      }[];
      const ours = executions.filter((e) => runningAtKill.some((g) => g.id === e.name));
      check(
        'kill 2 (generations): their executions ABORTED on restart',
        runningAtKill.length,
        ours.filter((e) => e.status === 'ABORTED').length,
      );

      // The reconciler (at start-up, then every 2 s) settles the interrupted generations.
      const deadline = restartedAt + 60_000;
      let final: Awaited<ReturnType<typeof pollGeneration>>[] = [];
      for (;;) {
        final = await Promise.all(ledger.generations.map((g) => pollGeneration(cloud!, g)));
        if (final.every((g) => g && g.status !== 'running') || performance.now() > deadline) break;
        await sleep(250);
      }
      const settledMs = performance.now() - restartedAt;
      timings.push(['kill 2: restart healthy → every generation settled', settledMs]);
      check(
        'after kill 2: interrupted generations settled by the reconciler',
        ledger.generations.length,
        `${final.filter((g) => g && g.status !== 'running').length} in ${(settledMs / 1000).toFixed(1)} s (${final
          .map((g) => (g ? `${g.status} ${g.succeeded}/3` : 'no answer'))
          .join(', ')})`,
        final.every((g) => g && g.status !== 'running'),
      );
      const keptRenders = ledger.generations.filter(
        (g, i) => (final[i]?.succeeded ?? 0) < g.rendersCompletedBeforeKill,
      );
      check(
        'after kill 2: renders completed before the kill kept',
        0,
        `${keptRenders.length} generations lost completed renders`,
        keptRenders.length === 0,
      );
      const unsettled = final.flatMap((g) =>
        (g?.renders ?? []).filter((r) => r.status === 'pending' || r.status === 'processing'),
      );
      check('after kill 2: renders of those generations pending (API)', 0, unsettled.length);

      await verifyData(cloud, users, ledger, 'after kill 2');
      await resumeUploads(cloud, ledger, 'after kill 2');
      await verifySettled(cloud, users, 'after kill 2');

      // Quotas released: a new generation starts and completes after the crash.
      const admin = users[0]!;
      const t1 = performance.now();
      const fresh = await api<{ generation: { id: string } }>(
        cloud,
        admin.token,
        'POST',
        `/api/projects/${admin.drawingProjectId}/generations`,
        { prompt: 'After the crash' },
      );
      let after: Awaited<ReturnType<typeof pollGeneration>> = null;
      if (fresh?.status === 202) {
        const g = { id: fresh.body.generation.id, projectId: admin.drawingProjectId!, owner: admin };
        const until = performance.now() + 120_000;
        do {
          await sleep(250);
          after = await pollGeneration(cloud, g);
        } while (after?.status === 'running' && performance.now() < until);
      }
      timings.push(['new generation after the restarts: POST → settled', performance.now() - t1]);
      check(
        'after kill 2: a new generation starts (202) and completes',
        '202, completed 3/3',
        `${fresh?.status ?? 'no answer'}, ${after ? `${after.status} ${after.succeeded}/3` : '-'}`,
        fresh?.status === 202 && after?.status === 'completed' && after.succeeded === 3,
      );
      await verifyData(cloud, users, ledger, 'final');
      await verifySettled(cloud, users, 'final');
    }

    // ---- The SPA.
    const spa = await fetch(`${cloud.url}/dashboard`);
    const html = await spa.text();
    check(
      'SPA: GET /dashboard',
      '200 with <div id="root">',
      `${spa.status}${html.includes('<div id="root">') ? ' with <div id="root">' : ' without the root div'}`,
      spa.status === 200 && html.includes('<div id="root">'),
    );

    const unexpected = ledger.unexpected;
    check(
      'errors while the cloud was up (non-2xx or no answer)',
      0,
      `${unexpected.length}${list(unexpected)}`,
      unexpected.length === 0,
    );
    const t2 = performance.now();
    await cloud.stop();
    timings.push(['graceful stop (SIGTERM)', performance.now() - t2]);
    const left = processesUsing(dataDir);
    check('graceful stop: no process left on the data dir', 0, left.length);
    cloud = undefined;
  } catch (error) {
    if (!(error instanceof RestartFailed)) {
      console.error(error);
      check('bench ran to the end', 'yes', (error as Error).message.slice(0, 200), false);
      if (cloud) console.error(`--- local cloud output (tail) ---\n${cloud.output().slice(-4000)}`);
    } else console.error(`--- the restart failed ---\n${error.message.slice(-3000)}`);
  } finally {
    if (cloud) await cloud.stop().catch(() => undefined);
    // A DynamoDB Local the bench's own cloud started (left by a kill the bench did not follow with a start).
    for (const pid of processesUsing(dataDir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    if (process.env.CRASH_KEEP_DATA === '1') console.log(`Data dir kept (CRASH_KEEP_DATA=1): ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }

  const files = ledger.files.size;
  const acked = ledger.filesIn('uploaded').length;
  console.log(
    `\nWorkload: ${ledger.projects.size} projects and ${acked} uploads acknowledged (${files} files created), ` +
      `${ledger.generations.length} generations interrupted; unanswered at the kills: ${JSON.stringify(ledger.unanswered)}`,
  );
  printTable('Timings (ms)', ['step', 'ms'], timings);
  printTable(
    'crash-safety checks',
    ['check', 'expected', 'found', 'ok'],
    checks.map((c) => [c.check, c.expected, c.found, c.ok ? 'ok' : 'FAIL']),
  );
  const failed = checks.filter((c) => !c.ok);
  if (failed.length > 0) {
    console.error(`FAIL: ${failed.length} of ${checks.length} checks failed`);
    process.exit(1);
  }
  console.log(`OK: all ${checks.length} checks passed`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
