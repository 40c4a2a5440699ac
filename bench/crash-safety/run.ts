/**
 * bench/crash-safety: SIGKILLs the local cloud during uploads, and again during uploads and generations, starts
 * it again on the same data directory each time, and checks that nothing acknowledged was lost, that the
 * reconciler settles every generation the kill interrupted (no render or job left pending/queued, quotas
 * released), that the API answers every project consistently, and that the SPA still serves /dashboard.
 * Prints a table of checks and exits non-zero when one fails. Run: npm run bench:crash-safety
 * Environment: CRASH_CLIENTS (12 upload clients), CRASH_USERS (3 signed-up users besides the admin),
 * CRASH_KEEP_DATA=1 keeps the data directory for a post-mortem.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { planDxf } from '../../functions/lib/drawings/fixtures/plan';
import { pngFixture } from '../../functions/test/upload-fixtures';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../../infra/local/names';
import { freePort } from '../../infra/local/net';
import type { ProjectDetail, ProjectSummary } from '../../shared/schemas/projects';
import { signInWithPassword, signUpUser, upload } from '../lib/cloud-client';
import { type CloudProcess, startCloudProcess } from '../lib/cloud-process';
import { printTable } from '../lib/load';
import { type BenchUser, Ledger, type ProjectRecord, sha256 } from './ledger';

const UPLOAD_CLIENTS = Number(process.env.CRASH_CLIENTS ?? 12);
const USERS = Number(process.env.CRASH_USERS ?? 3);
const PASSWORD = 'Crash-Bench-Passw0rd!';
const ADMIN = { email: 'crash-admin@planform.local', password: 'Crash-Admin-Passw0rd!' };
const CLOUD_ENV = {
  LOCAL_ADMIN_EMAIL: ADMIN.email,
  LOCAL_ADMIN_PASSWORD: ADMIN.password,
  PLANFORM_RECONCILE_INTERVAL_MS: '2000',
};

// ---------------------------------------------------------------------------------------------------------
// Checks and timings

interface Check {
  check: string;
  expected: string | number;
  found: string | number;
  ok: boolean;
}
const checks: Check[] = [];
function check(name: string, expected: string | number, found: string | number, ok?: boolean): boolean {
  const passed = ok ?? String(expected) === String(found);
  checks.push({ check: name, expected, found, ok: passed });
  return passed;
}
const timings: (string | number)[][] = [];

// ---------------------------------------------------------------------------------------------------------
// HTTP

type Answer<T = Record<string, unknown>> = { status: number; body: T } | null;

/** An API call; null when there was no answer (connection refused or reset: the cloud is down). */
async function api<T = Record<string, unknown>>(
  cloud: CloudProcess,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${cloud.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await response.text();
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = { raw: text.slice(0, 200) };
  }
  return { status: response.status, body: parsed as T };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const userIdOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

// ---------------------------------------------------------------------------------------------------------
// Upload bytes: every file unique, so that a mix-up of objects would show in the download check.

let uploadCounter = 0;
async function uniqueUpload(): Promise<{ name: string; bytes: Buffer; contentType: string }> {
  const n = uploadCounter++;
  if (n % 3 === 2) {
    // A leading 999 comment is allowed in an ASCII DXF.
    return {
      name: `plan-${n}.dxf`,
      bytes: Buffer.from(`999\ncrash-safety ${n} ${Date.now()}\n${planDxf()}`),
      contentType: 'application/dxf',
    };
  }
  // Bytes after IEND are ignored by decoders but change the object.
  return {
    name: `sketch-${n}.png`,
    bytes: Buffer.concat([await PNG, Buffer.from(`crash-safety ${n} ${Date.now()}`)]),
    contentType: 'image/png',
  };
}
const PNG = pngFixture();

// ---------------------------------------------------------------------------------------------------------
// The workload the kill interrupts

interface KillSwitch {
  killed: boolean;
}

async function tracked<T>(ledger: Ledger, kind: string, fn: () => Promise<T>): Promise<T> {
  ledger.inFlight++;
  ledger.inFlightAtKill[kind] = (ledger.inFlightAtKill[kind] ?? 0) + 1;
  try {
    return await fn();
  } finally {
    ledger.inFlight--;
    ledger.inFlightAtKill[kind]!--;
  }
}

/** No answer: expected once the kill is under way, an error before it. */
function noAnswer(ledger: Ledger, kill: KillSwitch, what: string, counter: keyof Ledger['unanswered']) {
  if (kill.killed) ledger.unanswered[counter]++;
  else ledger.unexpected.push(`${what}: no answer while the cloud was up`);
}

async function createProject(cloud: CloudProcess, user: BenchUser, ledger: Ledger, kill: KillSwitch) {
  if (kill.killed) return;
  const r = await tracked(ledger, 'POST /projects', () =>
    api<{ id: string }>(cloud, user.token, 'POST', '/api/projects', {
      title: `Crash house ${ledger.projects.size}`,
      tags: ['crash-safety'],
    }),
  );
  if (r === null) return noAnswer(ledger, kill, 'POST /api/projects', 'projectPosts');
  if (r.status === 201) ledger.addProject(r.body.id, user);
  else ledger.unexpected.push(`POST /api/projects: ${r.status} ${JSON.stringify(r.body)}`);
}

async function uploadFile(
  cloud: CloudProcess,
  user: BenchUser,
  project: ProjectRecord,
  ledger: Ledger,
  kill: KillSwitch,
) {
  if (kill.killed) return;
  const file = await uniqueUpload();
  const created = await tracked(ledger, 'POST /files', () =>
    api<{ file: { id: string }; upload: { url: string; fields: Record<string, string> } }>(
      cloud,
      user.token,
      'POST',
      `/api/projects/${project.id}/files`,
      { name: file.name, size: file.bytes.length, contentType: file.contentType },
    ),
  );
  if (created === null) return noAnswer(ledger, kill, 'POST /files', 'filePosts');
  if (created.status !== 201) {
    ledger.unexpected.push(`POST /files: ${created.status} ${JSON.stringify(created.body)}`);
    return;
  }
  const record = ledger.addFile(project.id, created.body.file.id, file.name, file.bytes);
  if (kill.killed) return;
  const form = new FormData();
  for (const [k, v] of Object.entries(created.body.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }));
  const stored = await tracked(ledger, 'POST S3', async () => {
    try {
      const response = await fetch(created.body.upload.url, { method: 'POST', body: form });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return null;
    }
  });
  if (stored === null) return noAnswer(ledger, kill, 'POST S3', 's3Posts');
  if (stored < 200 || stored >= 300) {
    ledger.unexpected.push(`POST S3: ${stored}`);
    return;
  }
  record.state = 'stored';
  if (kill.killed) return;
  record.state = 'completing';
  const completed = await tracked(ledger, 'POST /complete', () =>
    api<{ status: string }>(
      cloud,
      user.token,
      'POST',
      `/api/projects/${project.id}/files/${record.id}/complete`,
    ),
  );
  if (completed === null) return noAnswer(ledger, kill, 'POST /complete', 'completes');
  if (completed.status === 200 && completed.body.status === 'uploaded') record.state = 'uploaded';
  else ledger.unexpected.push(`POST /complete: ${completed.status} ${JSON.stringify(completed.body)}`);
}

/** UPLOAD_CLIENTS loops creating projects and uploading files until the kill. */
function uploadWorkload(cloud: CloudProcess, users: BenchUser[], ledger: Ledger, kill: KillSwitch) {
  return Promise.all(
    Array.from({ length: UPLOAD_CLIENTS }, async (_, client) => {
      const user = users[client % users.length]!;
      while (!kill.killed) {
        const own = [...ledger.projects.values()].filter((p) => p.owner === user);
        if (own.length === 0 || Math.random() < 0.2) await createProject(cloud, user, ledger, kill);
        else await uploadFile(cloud, user, own[Math.floor(Math.random() * own.length)]!, ledger, kill);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// DynamoDB Local left behind by the kill

function processCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}
const dynamoPidFile = (dataDir: string) => join(dataDir, 'dynamodb', 'dynamodb-local.pid');
function dynamoPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(dynamoPidFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
}
const isDynamoLocal = (pid: number | null) =>
  pid !== null && processCmdline(pid).includes('DynamoDBLocal.jar');

/** Processes whose command line names the data directory (DynamoDB Local's -dbPath): ours to stop. */
function processesUsing(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => pid !== process.pid && processCmdline(pid).includes(dataDir));
}

// ---------------------------------------------------------------------------------------------------------
// State files a kill can tear: the local cloud writes its JSON state (and s3rver its object metadata) in place,
// so a SIGKILL between the truncation and the write leaves an empty or partial file.

function walkFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? walkFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

function tornStateFiles(dataDir: string): string[] {
  const candidates = [
    ...readdirSync(dataDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dataDir, f)),
    ...walkFiles(join(dataDir, 'cognito')).filter((f) => f.endsWith('.json')),
    ...walkFiles(join(dataDir, 's3')).filter((f) => f.endsWith('._S3rver_metadata.json')),
  ];
  return candidates
    .filter((file) => {
      try {
        JSON.parse(readFileSync(file, 'utf8'));
        return false;
      } catch {
        return true;
      }
    })
    .map((file) => `${relative(dataDir, file)} (${statSync(file).size} bytes)`);
}

class RestartFailed extends Error {}

// ---------------------------------------------------------------------------------------------------------
// Kill and restart

async function killAndRestart(
  cloud: CloudProcess,
  label: string,
  kill: KillSwitch,
  ledger: Ledger,
  workload: Promise<unknown>,
): Promise<CloudProcess> {
  const inFlight = Object.entries(ledger.inFlightAtKill)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
  kill.killed = true;
  const t0 = performance.now();
  await cloud.kill('SIGKILL');
  const killMs = performance.now() - t0;
  await workload;
  console.log(`[${label}] SIGKILLed the local cloud with ${inFlight || 'nothing'} in flight`);
  const survivor = dynamoPid(cloud.dataDir);
  check(
    `${label}: DynamoDB Local survived the SIGKILL (pid file)`,
    'alive',
    isDynamoLocal(survivor) ? `alive (pid ${survivor})` : 'gone',
    isDynamoLocal(survivor),
  );
  // s3rver writes an object's metadata after the object, asynchronously: a kill can tear it. Those objects were
  // never acknowledged, and the next start removes them (infra/local/s3.ts); the local cloud's own state files
  // (executions, Cognito, mailbox) are written atomically and must never be torn.
  const torn = tornStateFiles(cloud.dataDir);
  const tornS3 = torn.filter((f) => f.includes('_S3rver_metadata'));
  const tornState = torn.filter((f) => !f.includes('_S3rver_metadata'));
  check(
    `${label}: state files torn by the kill (executions, Cognito, mailbox)`,
    0,
    `${tornState.length}${list(tornState)}`,
    tornState.length === 0,
  );
  check(
    `${label}: s3rver objects half-written by the kill (repaired at the next start)`,
    'any',
    `${tornS3.length}${list(tornS3)}`,
    true,
  );
  timings.push([`${label}: SIGKILL → process exit`, killMs]);
  let restarted: CloudProcess;
  try {
    restarted = await startCloudProcess({ dataDir: cloud.dataDir, port: cloud.port, env: CLOUD_ENV });
  } catch (error) {
    const message = (error as Error).message;
    const reason =
      message.split('\n').find((l) => l.includes('failed to start')) ?? message.split('\n')[0] ?? message;
    check(`${label}: restarted on the same data dir and port`, 'healthy', reason.trim().slice(0, 160), false);
    throw new RestartFailed(message);
  }
  timings.push([`${label}: restart → /api/health 200`, restarted.startMs]);
  check(
    `${label}: restarted on the same data dir and port`,
    'healthy',
    `healthy in ${(restarted.startMs / 1000).toFixed(1)} s`,
    true,
  );
  check(
    `${label}: stale DynamoDB Local stopped by the restart`,
    'stopped',
    isDynamoLocal(survivor) ? `still running (pid ${survivor})` : 'stopped',
    !isDynamoLocal(survivor),
  );
  return restarted;
}

// ---------------------------------------------------------------------------------------------------------
// Verification

interface Snapshot {
  summaries: Map<string, ProjectSummary & { owner: BenchUser }>;
  details: Map<string, ProjectDetail>;
  listFailures: string[];
  detailFailures: string[];
}

async function snapshot(cloud: CloudProcess, users: BenchUser[]): Promise<Snapshot> {
  const summaries: Snapshot['summaries'] = new Map();
  const listFailures: string[] = [];
  for (const user of users) {
    let cursor: string | null = null;
    do {
      const page: Answer<{ items: ProjectSummary[]; nextCursor: string | null }> = await api(
        cloud,
        user.token,
        'GET',
        `/api/projects?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      if (page?.status !== 200) {
        listFailures.push(`${user.email}: ${page?.status ?? 'no answer'}`);
        break;
      }
      for (const item of page.body.items) summaries.set(item.id, { ...item, owner: user });
      cursor = page.body.nextCursor;
    } while (cursor);
  }
  const details: Snapshot['details'] = new Map();
  const detailFailures: string[] = [];
  await mapLimit([...summaries.values()], 8, async (s) => {
    const r = await api<ProjectDetail>(cloud, s.owner.token, 'GET', `/api/projects/${s.id}`);
    if (r?.status === 200) details.set(s.id, r.body);
    else detailFailures.push(`${s.id}: ${r?.status ?? 'no answer'}`);
  });
  return { summaries, details, listFailures, detailFailures };
}

const list = (items: string[], max = 3) =>
  items.length === 0 ? '' : ` (${items.slice(0, max).join('; ')}${items.length > max ? '; …' : ''})`;

async function verifyData(cloud: CloudProcess, users: BenchUser[], ledger: Ledger, label: string) {
  // Users survive: each signs in again.
  let signedIn = 0;
  for (const user of users) {
    try {
      user.token = await signInWithPassword(cloud, user.email, user.password);
      signedIn++;
    } catch {
      // counted below
    }
  }
  check(`${label}: every user signs in again`, users.length, signedIn);

  const snap = await snapshot(cloud, users);
  check(
    `${label}: GET /api/projects 200 for every user`,
    users.length,
    users.length - snap.listFailures.length,
  );
  check(
    `${label}: GET /api/projects/{id} 200 for every listed project`,
    snap.summaries.size,
    `${snap.details.size}${list(snap.detailFailures)}`,
    snap.detailFailures.length === 0,
  );

  // Every acknowledged project is there, with its owner.
  const missingProjects = [...ledger.projects.values()]
    .filter((p) => !snap.details.has(p.id))
    .map((p) => p.id);
  check(
    `${label}: acknowledged projects present`,
    ledger.projects.size,
    `${ledger.projects.size - missingProjects.length}${list(missingProjects)}`,
    missingProjects.length === 0,
  );
  const extra = [...snap.summaries.keys()].filter((id) => !ledger.projects.has(id));
  check(
    `${label}: unacknowledged projects (POST in flight at a kill) ≤ in-flight POSTs`,
    `≤ ${ledger.unanswered.projectPosts}`,
    extra.length,
    extra.length <= ledger.unanswered.projectPosts,
  );

  // Counts agree with the items, in the list and in the detail.
  const countProblems: string[] = [];
  for (const [id, detail] of snap.details) {
    const summary = snap.summaries.get(id)!;
    const uploaded = detail.files.filter((f) => f.status === 'uploaded').length;
    if (detail.fileCount !== uploaded)
      countProblems.push(`${id} fileCount ${detail.fileCount} ≠ ${uploaded}`);
    if (detail.renderCount !== detail.renders.length)
      countProblems.push(`${id} renderCount ${detail.renderCount} ≠ ${detail.renders.length}`);
    if (summary.fileCount !== detail.fileCount || summary.renderCount !== detail.renderCount)
      countProblems.push(`${id} list counts ≠ detail counts`);
  }
  check(
    `${label}: fileCount/renderCount = items (list and detail, every project)`,
    0,
    `${countProblems.length}${list(countProblems)}`,
    countProblems.length === 0,
  );

  // Acknowledged uploads: present, uploaded, same size; projects' fileCount within what was acknowledged plus
  // the completes in flight at a kill.
  const filesById = new Map(
    [...snap.details.values()].flatMap((d) => d.files.map((f) => [f.id, f] as const)),
  );
  const acked = ledger.filesIn('uploaded');
  const lostFiles = acked
    .filter((f) => {
      const found = filesById.get(f.id);
      return found?.status !== 'uploaded' || found.sizeBytes !== f.size;
    })
    .map((f) => `${f.id} ${filesById.get(f.id)?.status ?? 'missing'}`);
  check(
    `${label}: acknowledged uploads present as uploaded, same size`,
    acked.length,
    `${acked.length - lostFiles.length}${list(lostFiles)}`,
    lostFiles.length === 0,
  );
  const unexplained = [...filesById.values()]
    .filter((f) => f.status === 'uploaded')
    .filter((f) => {
      const state = ledger.files.get(f.id)?.state;
      return state !== 'uploaded' && state !== 'completing';
    })
    .map((f) => f.id);
  check(
    `${label}: every uploaded file was acknowledged or its /complete was in flight`,
    0,
    `${unexplained.length}${list(unexplained)}`,
  );
  const fileCountProblems: string[] = [];
  for (const project of ledger.projects.values()) {
    const detail = snap.details.get(project.id);
    if (!detail) continue;
    const low = project.files.filter((f) => f.state === 'uploaded').length;
    const high = low + project.files.filter((f) => f.state === 'completing').length;
    if (detail.fileCount < low || detail.fileCount > high)
      fileCountProblems.push(`${project.id} ${detail.fileCount} not in [${low}, ${high}]`);
  }
  check(
    `${label}: each project's fileCount within [acknowledged, + completes in flight]`,
    0,
    `${fileCountProblems.length}${list(fileCountProblems)}`,
    fileCountProblems.length === 0,
  );
  const errored = [...filesById.values()].filter((f) => f.status === 'error').map((f) => f.id);
  check(`${label}: files in status error`, 0, `${errored.length}${list(errored)}`, errored.length === 0);
  const uploading = [...filesById.values()].filter((f) => f.status === 'uploading');
  const uploadingStates = uploading.map((f) => ledger.files.get(f.id)?.state ?? 'POST /files unanswered');
  const byState = [...new Set(uploadingStates)]
    .map((s) => `${uploadingStates.filter((x) => x === s).length} ${s}`)
    .join(', ');
  check(
    `${label}: uploads left 'uploading' (never completed; acceptable)`,
    'none acknowledged',
    `${uploading.length}${byState ? ` (${byState})` : ''}`,
    uploading.every((f) => ledger.files.get(f.id)?.state !== 'uploaded'),
  );

  // The bytes of every acknowledged upload, through GET /download and the presigned URL.
  const badBytes: string[] = [];
  await mapLimit(acked, 8, async (f) => {
    const project = ledger.projects.get(f.projectId)!;
    const r = await api<{ url: string }>(
      cloud,
      project.owner.token,
      'GET',
      `/api/projects/${f.projectId}/files/${f.id}/download`,
    );
    if (r?.status !== 200) {
      badBytes.push(`${f.id} download ${r?.status ?? 'no answer'}`);
      return;
    }
    try {
      const object = await fetch(r.body.url);
      const bytes = new Uint8Array(await object.arrayBuffer());
      if (object.status !== 200 || sha256(bytes) !== f.sha256)
        badBytes.push(`${f.id} ${object.status} ${bytes.length} bytes`);
    } catch (error) {
      badBytes.push(`${f.id} ${(error as Error).message}`);
    }
  });
  check(
    `${label}: acknowledged uploads' bytes intact (download, sha256)`,
    acked.length,
    `${acked.length - badBytes.length}${list(badBytes)}`,
    badBytes.length === 0,
  );
  return snap;
}

/**
 * A client whose upload the kill interrupted after S3 had the object retries POST /complete: it must succeed
 * (and the bytes, checked by the next verification, be the ones sent before the kill).
 */
async function resumeUploads(cloud: CloudProcess, ledger: Ledger, label: string) {
  const interrupted = [...ledger.files.values()].filter(
    (f) => f.state === 'stored' || f.state === 'completing',
  );
  const problems: string[] = [];
  await mapLimit(interrupted, 4, async (f) => {
    const owner = ledger.projects.get(f.projectId)!.owner;
    const r = await api<{ status: string }>(
      cloud,
      owner.token,
      'POST',
      `/api/projects/${f.projectId}/files/${f.id}/complete`,
    );
    if (r?.status === 200 && r.body.status === 'uploaded') f.state = 'uploaded';
    else problems.push(`${f.id} ${r?.status ?? 'no answer'} ${JSON.stringify(r?.body ?? '').slice(0, 80)}`);
  });
  check(
    `${label}: retried POST /complete of uploads the kill interrupted (object in S3) → 200 uploaded`,
    interrupted.length,
    `${interrupted.length - problems.length}${list(problems)}`,
    problems.length === 0,
  );
}

// ---------------------------------------------------------------------------------------------------------
// DynamoDB, read directly: jobs, quotas, the running index and the platform counters

function dynamo(cloud: CloudProcess) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: cloud.endpoints.dynamodb,
    }),
  );
}

async function scanAll(cloud: CloudProcess): Promise<Record<string, unknown>[]> {
  const doc = dynamo(cloud);
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: TABLE_NAME, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

async function verifySettled(cloud: CloudProcess, users: BenchUser[], label: string) {
  const doc = dynamo(cloud);
  const items = await scanAll(cloud);
  const ofType = (type: string) => items.filter((i) => i.type === type);
  const renders = ofType('render');
  const jobs = ofType('job');
  const generations = ofType('generation');
  const pendingRenders = renders.filter((r) => r.status === 'pending' || r.status === 'processing');
  const queuedJobs = jobs.filter((j) => j.status === 'queued' || j.status === 'processing');
  const running = generations.filter((g) => g.status === 'running');
  check(`${label}: renders pending/processing (DynamoDB)`, 0, pendingRenders.length);
  check(`${label}: jobs queued/processing (DynamoDB)`, 0, queuedJobs.length);
  check(`${label}: generations running (DynamoDB)`, 0, running.length);
  const index = await doc.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'GENERATIONS#running' },
    }),
  );
  check(`${label}: reconciler's running-generations index empty`, 0, index.Items?.length ?? 0);
  const quotas: string[] = [];
  for (const user of users) {
    const usage = await doc.send(
      new GetCommand({ TableName: TABLE_NAME, Key: { PK: `USER#${user.userId}`, SK: 'USAGE' } }),
    );
    quotas.push(String(usage.Item?.running ?? 0));
  }
  check(
    `${label}: users' running-generation quota released (USAGE.running per user)`,
    users.map(() => '0').join(','),
    quotas.join(','),
  );

  // The platform counters move in the same transactions as the items they count.
  const total = items.find((i) => i.PK === 'STATS' && i.SK === 'TOTAL') ?? {};
  const uploadedFiles = ofType('file').filter((f) => f.status === 'uploaded');
  const num = (v: unknown) => Number(v ?? 0);
  const counters: [string, number, number][] = [
    ['projects', num(total.projects), ofType('project').length],
    ['files', num(total.files), uploadedFiles.length],
    ['storageBytes', num(total.storageBytes), uploadedFiles.reduce((s, f) => s + num(f.sizeBytes), 0)],
    ['generations', num(total.generations), generations.length],
    ['renders', num(total.renders), renders.length],
    ['rendersCompleted', num(total.rendersCompleted), renders.filter((r) => r.status === 'completed').length],
    ['rendersFailed', num(total.rendersFailed), renders.filter((r) => r.status === 'failed').length],
    ['jobsQueued', num(total.jobsQueued), queuedJobs.length],
  ];
  const off = counters.filter(([, counter, actual]) => counter !== actual);
  check(
    `${label}: STATS/TOTAL counters = items (${counters.map(([n]) => n).join(', ')})`,
    'all equal',
    off.length === 0 ? 'all equal' : off.map(([n, c, a]) => `${n} ${c}≠${a}`).join('; '),
    off.length === 0,
  );
  // The owners' profile counters too.
  const profileProblems: string[] = [];
  for (const user of users) {
    const profile = items.find((i) => i.PK === `USER#${user.userId}` && i.SK === 'PROFILE') ?? {};
    const projects = ofType('project').filter((p) => p.userId === user.userId).length;
    const files = uploadedFiles.filter((f) => f.userId === user.userId).length;
    if (num(profile.projectCount) !== projects) profileProblems.push(`${user.email} projectCount`);
    if (num(profile.fileCount) !== files) profileProblems.push(`${user.email} fileCount`);
  }
  check(
    `${label}: profile projectCount/fileCount = items, every user`,
    0,
    `${profileProblems.length}${list(profileProblems)}`,
    profileProblems.length === 0,
  );
}

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
