/**
 * bench/admin-stats: GET /api/admin/stats with 100 and with 20,000 projects in the table (each project with an
 * uploaded file, a render and an AI job, spread over 200 users), through the local HTTP API. The statistics come
 * from counters, so the latency and the DynamoDB calls per request must not grow with the data:
 * p50 and p95 at 20,000 over those at 100 must stay <= 1.2. Run: npm run bench:admin-stats
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/lib/db/keys';
import { searchTextOf } from '../../functions/lib/db/projects';
import { newId } from '../../functions/lib/ids';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../../infra/local/names';
import { spawnLocalCloud } from '../../infra/local/spawn';
import { dynamoCalls, signInWithPassword } from '../lib/cloud-client';
import { printTable, runLoad } from '../lib/load';

const SIZES = [100, Number(process.env.BENCH_PROJECTS ?? 20_000)];
const USERS = 200;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const MAX_RATIO = 1.2;
const FILE_BYTES = 250_000;

async function writeAll(doc: DynamoDBDocumentClient, items: Record<string, unknown>[]) {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  // A few batches in flight at once.
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < chunks.length) {
        let requests = chunks[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length) {
          const result = await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: requests } }));
          requests = (result.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof requests;
        }
      }
    }),
  );
}

/** Profiles for the bench users (counted as the sign-up transaction would count them). */
async function seedUsers(doc: DynamoDBDocumentClient): Promise<string[]> {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const ids = Array.from({ length: USERS }, (_, i) => `bench-user-${i}`);
  await writeAll(
    doc,
    ids.map((id, i) => {
      const at = new Date(base + i * 1000).toISOString();
      return {
        ...keys.profile(id),
        ...keys.profileIndex(at, id),
        type: 'profile',
        id,
        email: `${id}@bench.local`,
        role: 'user',
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await addCounters(doc, { users: USERS });
  return ids;
}

async function addCounters(doc: DynamoDBDocumentClient, deltas: Record<string, number>) {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = Object.entries(deltas).map(([name, delta], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = delta;
    return `#c${i} :c${i}`;
  });
  await doc.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.stats('TOTAL'),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Projects `from`..`to`-1, each with an uploaded file, a completed render and its completed AI job. */
async function seedProjects(doc: DynamoDBDocumentClient, users: string[], from: number, to: number) {
  const base = Date.parse('2026-02-01T00:00:00Z');
  const items: Record<string, unknown>[] = [];
  for (let i = from; i < to; i++) {
    const ms = base + i * 1000;
    const at = new Date(ms).toISOString();
    const userId = users[i % users.length]!;
    const id = newId(ms);
    const project = {
      id,
      userId,
      title: `Bench project ${i}`,
      description: null,
      tags: ['Residential'],
      settings: {},
      status: 'processing',
      thumbnailKey: null,
      fileCount: 1,
      renderCount: 1,
      shareToken: null,
      createdAt: at,
      updatedAt: at,
    };
    const fileId = newId(ms + 1);
    const renderId = newId(ms + 2);
    const jobId = newId(ms + 3);
    items.push(
      {
        ...keys.project(id),
        ...keys.projectIndex(userId, at, id),
        type: 'project',
        searchText: searchTextOf(project),
        ...project,
      },
      {
        ...keys.file(id, fileId),
        type: 'file',
        id: fileId,
        projectId: id,
        userId,
        name: 'plan.png',
        originalName: 'plan.png',
        fileType: 'image',
        contentType: 'image/png',
        sizeBytes: FILE_BYTES,
        status: 'uploaded',
        storagePath: `${userId}/${id}/plan.png`,
        createdAt: at,
      },
      {
        ...keys.render(id, renderId),
        type: 'render',
        id: renderId,
        projectId: id,
        userId,
        fileId,
        prompt: 'Photorealistic exterior view',
        style: 'variation-1',
        status: 'completed',
        createdAt: at,
      },
      {
        ...keys.job(id, jobId),
        GSI1PK: keys.jobsPartition,
        GSI1SK: `${at}#${jobId}`,
        type: 'job',
        id: jobId,
        userId,
        projectId: id,
        renderId,
        jobType: 'visualization_generation',
        status: 'completed',
        inputData: { prompt: 'Photorealistic exterior view', variation: 1 },
        createdAt: at,
        completedAt: at,
      },
    );
  }
  await writeAll(doc, items);
  const n = to - from;
  await addCounters(doc, {
    projects: n,
    files: n,
    storageBytes: n * FILE_BYTES,
    renders: n,
    rendersCompleted: n,
    jobs: n,
    jobsCompleted: n,
  });
  return items.length;
}

async function main() {
  const admin = { email: 'bench-admin@planform.local', password: 'Bench-Passw0rd!' };
  console.log('Starting the local cloud (DynamoDB metrics on)...');
  const cloud = await spawnLocalCloud({
    PLANFORM_DYNAMODB_METRICS: '1',
    LOCAL_ADMIN_EMAIL: admin.email,
    LOCAL_ADMIN_PASSWORD: admin.password,
  });
  try {
    const token = await signInWithPassword(cloud, admin.email, admin.password);
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        endpoint: cloud.endpoints.dynamodb,
      }),
    );
    const headers = { authorization: `Bearer ${token}` };
    const get = async () => {
      const response = await fetch(`${cloud.url}/api/admin/stats`, { headers });
      const body = (await response.json()) as { projects?: { total: number } };
      return { ok: response.status === 200 && typeof body.projects?.total === 'number', body };
    };

    const users = await seedUsers(doc);
    const rows: (string | number)[][] = [];
    const results: { p50: number; p95: number }[] = [];
    let seeded = 0;
    let items = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      items += await seedProjects(doc, users, seeded, size);
      seeded = size;
      console.log(
        `Seeded up to ${size} projects (${items} items) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );

      const check = await get();
      if (check.body.projects?.total !== size)
        throw new Error(`stats say ${check.body.projects?.total} projects, not ${size}`);
      // Warm up (connections, JIT, the activity write), then DynamoDB calls per request, then latency.
      await runLoad({
        clients: 1,
        totalRequests: 200,
        durationMs: 20_000,
        request: async () => (await get()).ok,
      });
      const before = await dynamoCalls(cloud.url);
      for (let i = 0; i < 10; i++) await get();
      const calls = ((await dynamoCalls(cloud.url)) - before) / 10;
      const result = await runLoad({
        clients: 1,
        totalRequests: REQUESTS,
        durationMs: 60_000,
        request: async () => (await get()).ok,
      });
      results.push(result);
      rows.push([
        size,
        items,
        result.requests,
        result.errors,
        calls,
        result.p50,
        result.p95,
        result.p99,
        result.rps,
      ]);
    }
    const p50Ratio = results[1]!.p50 / results[0]!.p50;
    const p95Ratio = results[1]!.p95 / results[0]!.p95;
    printTable(
      'GET /api/admin/stats through the local HTTP API, 1 client (ms)',
      ['projects', 'items', 'requests', 'errors', 'DynamoDB calls', 'p50', 'p95', 'p99', 'req/s'],
      rows,
    );
    printTable(
      `Ratio ${SIZES[1]} / ${SIZES[0]} projects (target <= ${MAX_RATIO})`,
      ['metric', 'ratio', 'ok'],
      [
        ['p50', p50Ratio, p50Ratio <= MAX_RATIO ? 'yes' : 'NO'],
        ['p95', p95Ratio, p95Ratio <= MAX_RATIO ? 'yes' : 'NO'],
      ],
    );
    if (p50Ratio > MAX_RATIO || p95Ratio > MAX_RATIO) process.exitCode = 1;
  } finally {
    await cloud.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
