/**
 * bench/dashboard: seeds 1,000 projects (each with files and renders) for one user, then measures
 * GET /api/projects through the local HTTP API at 1 and 20 concurrent clients, and counts the DynamoDB calls
 * each request costs (through the local cloud's counting proxy). Run: npm run bench:dashboard
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

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1000);
const FILES_PER_PROJECT = 2;
const RENDERS_PER_PROJECT = 3;
const PAGE = 24;

async function seed(doc: DynamoDBDocumentClient, userId: string) {
  const items: Record<string, unknown>[] = [];
  const base = Date.parse('2026-01-01T00:00:00Z');
  const statuses = ['draft', 'processing', 'completed'] as const;
  for (let i = 0; i < PROJECTS; i++) {
    const at = new Date(base + i * 60_000).toISOString();
    const id = newId(base + i * 60_000);
    const project = {
      id,
      userId,
      title: `Project ${i} ${i % 10 === 0 ? 'Library' : 'House'}`,
      description: i % 3 === 0 ? 'Timber frame, two storeys' : null,
      tags: i % 2 ? ['Residential'] : ['Commercial', 'Modern'],
      settings: {},
      status: statuses[i % 3],
      thumbnailKey: null,
      fileCount: FILES_PER_PROJECT,
      renderCount: RENDERS_PER_PROJECT,
      shareToken: null,
      createdAt: at,
      updatedAt: at,
    };
    items.push({
      ...keys.project(id),
      ...keys.projectIndex(userId, at, id),
      type: 'project',
      searchText: searchTextOf(project),
      ...project,
    });
    for (let f = 0; f < FILES_PER_PROJECT; f++) {
      const fileId = newId(base + i * 60_000 + f);
      items.push({
        ...keys.file(id, fileId),
        type: 'file',
        id: fileId,
        projectId: id,
        userId,
        name: `${f}-plan.png`,
        originalName: 'plan.png',
        fileType: 'image',
        contentType: 'image/png',
        sizeBytes: 1000,
        status: 'uploaded',
        storagePath: `${userId}/${id}/${f}-plan.png`,
        createdAt: at,
      });
    }
    for (let r = 0; r < RENDERS_PER_PROJECT; r++) {
      const renderId = newId(base + i * 60_000 + 10 + r);
      items.push({
        ...keys.render(id, renderId),
        type: 'render',
        id: renderId,
        projectId: id,
        userId,
        fileId: null,
        prompt: 'Photorealistic exterior view',
        style: `variation-${r + 1}`,
        status: 'completed',
        createdAt: at,
      });
    }
  }
  for (let i = 0; i < items.length; i += 25) {
    const chunk = items.slice(i, i + 25);
    let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const result = await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: requests } }));
      requests = (result.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof requests;
    }
  }
  await doc.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.profile(userId),
      UpdateExpression: 'SET projectCount = :n',
      ExpressionAttributeValues: { ':n': PROJECTS },
    }),
  );
  return items.length;
}

async function main() {
  const admin = { email: 'bench@planform.local', password: 'Bench-Passw0rd!' };
  console.log('Starting the local cloud (DynamoDB metrics on)...');
  const cloud = await spawnLocalCloud({
    PLANFORM_DYNAMODB_METRICS: '1',
    LOCAL_ADMIN_EMAIL: admin.email,
    LOCAL_ADMIN_PASSWORD: admin.password,
  });
  try {
    const token = await signInWithPassword(cloud, admin.email, admin.password);
    const me = (await (
      await fetch(`${cloud.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string };
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        endpoint: cloud.endpoints.dynamodb,
      }),
    );
    const t0 = performance.now();
    const count = await seed(doc, me.id);
    console.log(
      `Seeded ${PROJECTS} projects (${count} items) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const headers = { authorization: `Bearer ${token}` };
    const get = async (query: string) => {
      const response = await fetch(`${cloud.url}/api/projects?${query}`, { headers });
      const body = (await response.json()) as { items?: unknown[]; nextCursor?: string | null };
      return { ok: response.status === 200 && Array.isArray(body.items), body };
    };

    // DynamoDB calls per request, for a first page, a deep page, a search and a status filter.
    const callRows: (string | number)[][] = [];
    let deepCursor = '';
    for (let i = 0; i < 20; i++) {
      const page = await get(`limit=${PAGE}${deepCursor ? `&cursor=${deepCursor}` : ''}`);
      deepCursor = page.body.nextCursor ?? '';
    }
    const cases: [string, string][] = [
      ['first page', `limit=${PAGE}`],
      ['page 21 (cursor)', `limit=${PAGE}&cursor=${deepCursor}`],
      ['search q=library', `limit=${PAGE}&q=library`],
      ['status=completed', `limit=${PAGE}&status=completed`],
    ];
    for (const [label, query] of cases) {
      await get(query); // warm (activity write, connections)
      const before = await dynamoCalls(cloud.url);
      const runs = 10;
      let items = 0;
      for (let i = 0; i < runs; i++) items = (await get(query)).body.items?.length ?? 0;
      const calls = ((await dynamoCalls(cloud.url)) - before) / runs;
      callRows.push([label, items, calls]);
    }
    printTable(
      `DynamoDB calls per GET /api/projects (${PROJECTS} projects, page size ${PAGE})`,
      ['request', 'items', 'DynamoDB calls'],
      callRows,
    );

    const latencyRows: (string | number)[][] = [];
    for (const clients of [1, 20]) {
      await runLoad({
        clients,
        totalRequests: 50,
        durationMs: 5_000,
        request: async () => (await get(`limit=${PAGE}`)).ok,
      });
      const result = await runLoad({
        clients,
        totalRequests: clients === 1 ? 500 : 2000,
        durationMs: 20_000,
        request: async () => (await get(`limit=${PAGE}`)).ok,
      });
      latencyRows.push([
        clients,
        result.requests,
        result.errors,
        result.p50,
        result.p95,
        result.p99,
        result.rps,
      ]);
    }
    printTable(
      'GET /api/projects?limit=24 through the local HTTP API (ms)',
      ['clients', 'requests', 'errors', 'p50', 'p95', 'p99', 'req/s'],
      latencyRows,
    );
    console.log('Targets: <= 2 DynamoDB calls per page whatever the number of projects; p95 <= 30 ms.');
  } finally {
    await cloud.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
