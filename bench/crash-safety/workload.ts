/** bench/crash-safety: the uploads and projects the kill interrupts, every file unique. */

import { planDxf } from '../../engine/drawing/fixtures/plan';
import { pngFixture } from '../../functions/test/upload-fixtures';
import type { CloudProcess } from '../lib/cloud-process';
import { UPLOAD_CLIENTS } from './config';
import { api } from './http';
import type { BenchUser, Ledger, ProjectRecord } from './ledger';

let uploadCounter = 0;
export async function uniqueUpload(): Promise<{ name: string; bytes: Buffer; contentType: string }> {
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
export const PNG = pngFixture();

// ---------------------------------------------------------------------------------------------------------
// The workload the kill interrupts

export interface KillSwitch {
  killed: boolean;
}

export async function tracked<T>(ledger: Ledger, kind: string, fn: () => Promise<T>): Promise<T> {
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
export function noAnswer(
  ledger: Ledger,
  kill: KillSwitch,
  what: string,
  counter: keyof Ledger['unanswered'],
) {
  if (kill.killed) ledger.unanswered[counter]++;
  else ledger.unexpected.push(`${what}: no answer while the cloud was up`);
}

export async function createProject(cloud: CloudProcess, user: BenchUser, ledger: Ledger, kill: KillSwitch) {
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

export async function uploadFile(
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
export function uploadWorkload(cloud: CloudProcess, users: BenchUser[], ledger: Ledger, kill: KillSwitch) {
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
