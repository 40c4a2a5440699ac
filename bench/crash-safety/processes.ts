/** bench/crash-safety: killing and restarting the local cloud, and what a kill leaves behind. */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type CloudProcess, startCloudProcess } from '../lib/cloud-process';
import { check, timings } from './checks';
import { CLOUD_ENV } from './config';
import type { Ledger } from './ledger';
import { list } from './verify';
import type { KillSwitch } from './workload';

export function processCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}
export const dynamoPidFile = (dataDir: string) => join(dataDir, 'dynamodb', 'dynamodb-local.pid');
export function dynamoPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(dynamoPidFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
}
export const isDynamoLocal = (pid: number | null) =>
  pid !== null && processCmdline(pid).includes('DynamoDBLocal.jar');

/** Processes whose command line names the data directory (DynamoDB Local's -dbPath): ours to stop. */
export function processesUsing(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => pid !== process.pid && processCmdline(pid).includes(dataDir));
}

// ---------------------------------------------------------------------------------------------------------
// State files a kill can tear: the local cloud writes its JSON state (and s3rver its object metadata) in place,
// so a SIGKILL between the truncation and the write leaves an empty or partial file.

export function walkFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? walkFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

export function tornStateFiles(dataDir: string): string[] {
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

export class RestartFailed extends Error {}

// ---------------------------------------------------------------------------------------------------------
// Kill and restart

export async function killAndRestart(
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
