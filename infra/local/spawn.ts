/** Runs `npm start`'s entry point as a child process on a free port with a throw-away data directory. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './net';

export interface SpawnedCloud {
  url: string;
  port: number;
  dataDir: string;
  userPoolId: string;
  clientId: string;
  endpoints: { dynamodb: string; s3: string; cognito: string; sfn: string; lambda: string };
  output(): string;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The local cloud exited (code ${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The local cloud did not become healthy in time:\n${output()}`);
}

export async function spawnLocalCloud(env: Record<string, string> = {}): Promise<SpawnedCloud> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'planform-cloud-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', 'tsx', 'infra/local/start.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), PLANFORM_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const append = (d: Buffer) => {
    log = (log + d.toString()).slice(-200_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const pool = JSON.parse(readFileSync(join(dataDir, 'user-pool.json'), 'utf8')) as {
    userPoolId: string;
    clientId: string;
  };
  const endpoints = JSON.parse(
    readFileSync(join(dataDir, 'endpoints.json'), 'utf8'),
  ) as SpawnedCloud['endpoints'];
  return {
    url,
    port,
    dataDir,
    ...pool,
    endpoints,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
