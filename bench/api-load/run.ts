/**
 * bench/api-load: a mixed workload against the local cloud, BENCH_CLIENTS (50) concurrent clients for
 * BENCH_SECONDS (30) s. Users: the seeded admin plus BENCH_USERS (4) users signed up the SPA's way (SignUp, code
 * from the dev mailbox, ConfirmSignUp). Each client loops over a weighted mix: list projects, project detail,
 * create project, upload (POST /files → presigned POST to S3 → POST /complete, a small PNG), and the status of
 * BENCH_GENERATIONS (3) generations started before the run (rendering is CPU-heavy, so no more are started).
 * Any non-2xx answer or network error counts as an error; the bench exits non-zero when there is one.
 * Run: npm run bench:api-load
 */
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { pngFixture } from '../../functions/test/upload-fixtures';
import { spawnLocalCloud } from '../../infra/local/spawn';
import { apiClient, signInWithPassword, signUpUser, upload } from '../lib/cloud-client';
import { printTable } from '../lib/load';
import { RouteStats, timedFetch } from '../lib/route-stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 4);
const GENERATIONS = Number(process.env.BENCH_GENERATIONS ?? 3);
const PROJECTS_PER_USER = 3;
const PASSWORD = 'Load-Bench-Passw0rd!';

/** The mix, by weight (percent). */
const MIX = [
  { op: 'list', weight: 35 },
  { op: 'detail', weight: 25 },
  { op: 'generation', weight: 15 },
  { op: 'create', weight: 12 },
  { op: 'upload', weight: 13 },
] as const;
type Op = (typeof MIX)[number]['op'];

const ROUTE = {
  list: 'GET /api/projects',
  detail: 'GET /api/projects/{projectId}',
  create: 'POST /api/projects',
  file: 'POST /api/projects/{projectId}/files',
  s3: 'POST <s3 presigned upload>',
  complete: 'POST /api/projects/{projectId}/files/{fileId}/complete',
  generation: 'GET /api/projects/{projectId}/generations/{generationId}',
} as const;

interface User {
  email: string;
  token: string;
  projects: string[];
}

interface StartedGeneration {
  user: User;
  projectId: string;
  id: string;
  startedAt: number;
  status?: string;
  settledAt?: number;
  succeeded?: number;
  failed?: number;
}

function pickOp(random: number): Op {
  let acc = 0;
  const total = MIX.reduce((s, m) => s + m.weight, 0);
  for (const m of MIX) {
    acc += m.weight;
    if (random * total < acc) return m.op;
  }
  return 'list';
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

async function main() {
  const admin = { email: 'load-admin@planform.local', password: 'Load-Admin-Passw0rd!' };
  console.log(
    `api-load: ${CLIENTS} clients for ${SECONDS} s, ${USERS} signed-up users + the admin, ${GENERATIONS} generations polled`,
  );
  console.log('Starting the local cloud...');
  const cloud = await spawnLocalCloud({
    LOCAL_ADMIN_EMAIL: admin.email,
    LOCAL_ADMIN_PASSWORD: admin.password,
  });
  const png = await pngFixture();
  const dxf = Buffer.from(planDxf());
  try {
    // Users: the seeded admin and USERS signed up through Cognito and the dev mailbox.
    const users: User[] = [
      {
        email: admin.email,
        token: await signInWithPassword(cloud, admin.email, admin.password),
        projects: [],
      },
    ];
    const stamp = Date.now().toString(36);
    for (let i = 0; i < USERS; i++) {
      const email = `load-${stamp}-${i}@example.com`;
      users.push({ email, token: await signUpUser(cloud, email, PASSWORD), projects: [] });
    }

    // Each user starts with a few projects holding a PNG.
    for (const user of users) {
      const call = apiClient(cloud, user.token);
      for (let p = 0; p < PROJECTS_PER_USER; p++) {
        const created = await call<{ id: string }>('/api/projects', {
          method: 'POST',
          body: { title: `Load house ${p}`, tags: ['load'] },
        });
        if (created.status !== 201) throw new Error(`setup: POST /api/projects ${created.status}`);
        await upload(cloud, user.token, created.body.id, 'elevation.png', png);
        user.projects.push(created.body.id);
      }
    }

    // A few generations, one per user (the limit is 2 running per user), started before the run and polled in it.
    const generations: StartedGeneration[] = [];
    for (let g = 0; g < GENERATIONS; g++) {
      const user = users[g % users.length]!;
      const call = apiClient(cloud, user.token);
      const project = await call<{ id: string }>('/api/projects', {
        method: 'POST',
        body: { title: `Generation house ${g}` },
      });
      await upload(cloud, user.token, project.body.id, 'plan.dxf', dxf);
      user.projects.push(project.body.id);
      const started = await call<{ generation: { id: string } }>(
        `/api/projects/${project.body.id}/generations`,
        { method: 'POST', body: { prompt: 'Photorealistic exterior view at dusk' } },
      );
      if (started.status !== 202)
        throw new Error(`setup: POST /generations ${started.status} ${JSON.stringify(started.body)}`);
      generations.push({
        user,
        projectId: project.body.id,
        id: started.body.generation.id,
        startedAt: performance.now(),
      });
    }

    // Warm-up (unmeasured): every handler module loaded once.
    const warm = new RouteStats();
    for (const user of users) {
      const auth = { authorization: `Bearer ${user.token}` };
      await timedFetch(warm, 'warm', `${cloud.url}/api/projects`, { headers: auth });
      await timedFetch(warm, 'warm', `${cloud.url}/api/projects/${user.projects[0]}`, { headers: auth });
    }

    const stats = new RouteStats();
    const uploadFlow = new RouteStats();
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const opCounts: Record<Op, number> = { list: 0, detail: 0, generation: 0, create: 0, upload: 0 };

    const runOp = async (client: number, op: Op) => {
      const user = users[client % users.length]!;
      const auth = { authorization: `Bearer ${user.token}` };
      const jsonAuth = { ...auth, 'content-type': 'application/json' };
      switch (op) {
        case 'list': {
          await timedFetch(stats, ROUTE.list, `${cloud.url}/api/projects`, { headers: auth });
          return;
        }
        case 'detail': {
          await timedFetch(stats, ROUTE.detail, `${cloud.url}/api/projects/${pick(user.projects)}`, {
            headers: auth,
          });
          return;
        }
        case 'create': {
          const r = await timedFetch(stats, ROUTE.create, `${cloud.url}/api/projects`, {
            method: 'POST',
            headers: jsonAuth,
            body: JSON.stringify({
              title: `Client ${client} house`,
              description: 'Load test',
              tags: ['load'],
            }),
          });
          if (r.status === 201) user.projects.push((JSON.parse(r.text) as { id: string }).id);
          return;
        }
        case 'upload': {
          const t0 = performance.now();
          const projectId = pick(user.projects);
          const created = await timedFetch(
            stats,
            ROUTE.file,
            `${cloud.url}/api/projects/${projectId}/files`,
            {
              method: 'POST',
              headers: jsonAuth,
              body: JSON.stringify({ name: 'sketch.png', size: png.length, contentType: 'image/png' }),
            },
          );
          if (created.status !== 201) return;
          const body = JSON.parse(created.text) as {
            file: { id: string };
            upload: { url: string; fields: Record<string, string> };
          };
          const form = new FormData();
          for (const [k, v] of Object.entries(body.upload.fields)) form.append(k, v);
          form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
          const posted = await timedFetch(stats, ROUTE.s3, body.upload.url, { method: 'POST', body: form });
          if (posted.status < 200 || posted.status >= 300) return;
          const completed = await timedFetch(
            stats,
            ROUTE.complete,
            `${cloud.url}/api/projects/${projectId}/files/${body.file.id}/complete`,
            { method: 'POST', headers: auth },
          );
          if (completed.status === 200) uploadFlow.record('upload flow (3 requests)', performance.now() - t0);
          return;
        }
        case 'generation': {
          if (generations.length === 0) return runOp(client, 'list');
          const g = pick(generations);
          const r = await timedFetch(
            stats,
            ROUTE.generation,
            `${cloud.url}/api/projects/${g.projectId}/generations/${g.id}`,
            { headers: { authorization: `Bearer ${g.user.token}` } },
          );
          if (r.status === 200) {
            const gen = (
              JSON.parse(r.text) as { generation: { status: string; succeeded: number; failed: number } }
            ).generation;
            if (gen.status !== 'running' && !g.settledAt) {
              Object.assign(g, {
                status: gen.status,
                succeeded: gen.succeeded,
                failed: gen.failed,
                settledAt: performance.now(),
              });
            }
          }
          return;
        }
      }
    };

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (performance.now() < deadline) {
          const op = pickOp(Math.random());
          opCounts[op]++;
          await runOp(client, op);
        }
      }),
    );
    const durationMs = performance.now() - started;

    stats.print(
      `api-load: ${CLIENTS} clients, ${(durationMs / 1000).toFixed(1)} s, ${users.length} users (latency per request, ms)`,
      durationMs,
    );
    uploadFlow.print('Upload flow end to end (not in the totals above)', durationMs);
    printTable(
      'Operations issued (weighted mix)',
      ['op', 'weight %', 'count'],
      MIX.map((m) => [m.op, m.weight, opCounts[m.op]]),
    );
    printTable(
      'Generations started before the run (status as last polled)',
      ['generation', 'status', 'ok', 'failed', 'settled after s'],
      generations.map((g) => [
        g.id,
        g.status ?? 'running',
        g.succeeded ?? '',
        g.failed ?? '',
        g.settledAt ? (g.settledAt - g.startedAt) / 1000 : '',
      ]),
    );
    const total = stats.totalRequests;
    console.log(
      `Total: ${total} requests, ${stats.totalErrors} errors, ${((total / durationMs) * 1000).toFixed(1)} req/s`,
    );
    if (stats.totalErrors > 0) {
      stats.printErrors();
      console.error(`FAIL: ${stats.totalErrors} errors (0 expected)`);
      process.exitCode = 1;
    } else {
      console.log('OK: zero errors');
    }
  } finally {
    await cloud.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
