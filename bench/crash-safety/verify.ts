/** bench/crash-safety: after each restart, nothing acknowledged lost and every generation settled. */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../../infra/local/names';
import type { ProjectDetail, ProjectSummary } from '../../shared/schemas/projects';
import { signInWithPassword } from '../lib/cloud-client';
import type { CloudProcess } from '../lib/cloud-process';
import { check } from './checks';
import { type Answer, api, mapLimit } from './http';
import { type BenchUser, type Ledger, sha256 } from './ledger';

export interface Snapshot {
  summaries: Map<string, ProjectSummary & { owner: BenchUser }>;
  details: Map<string, ProjectDetail>;
  listFailures: string[];
  detailFailures: string[];
}

export async function snapshot(cloud: CloudProcess, users: BenchUser[]): Promise<Snapshot> {
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

export const list = (items: string[], max = 3) =>
  items.length === 0 ? '' : ` (${items.slice(0, max).join('; ')}${items.length > max ? '; …' : ''})`;

export async function verifyData(cloud: CloudProcess, users: BenchUser[], ledger: Ledger, label: string) {
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
export async function resumeUploads(cloud: CloudProcess, ledger: Ledger, label: string) {
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

export function dynamo(cloud: CloudProcess) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: cloud.endpoints.dynamodb,
    }),
  );
}

export async function scanAll(cloud: CloudProcess): Promise<Record<string, unknown>[]> {
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

export async function verifySettled(cloud: CloudProcess, users: BenchUser[], label: string) {
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
