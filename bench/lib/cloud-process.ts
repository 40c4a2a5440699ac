/**
 * `npm start`'s entry point as a child process on a data directory the caller owns, so that a bench can kill
 * it (SIGKILL included) and start it again on the same data. Unlike infra/local/spawn.ts it never creates or
 * removes the data directory: the caller does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/net';
import type { SpawnedCloud } from '../../infra/local/spawn';

const ROOT = resolve(import.meta.dirname, '../..');

export interface CloudProcess {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  userPoolId: string;
  clientId: string;
  endpoints: SpawnedCloud['endpoints'];
  /** From spawn to the first 200 of /api/health. */
  startMs: number;
  output(): string;
  /** Sends `signal` to the node process and waits for it to exit (its DynamoDB Local survives a SIGKILL). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Graceful stop (SIGTERM; SIGKILL after 15 s). Leaves the data directory in place. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A bench that dies must not leave a local cloud behind.
process.once('exit', () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((r) => {
    const timer = setTimeout(() => r(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      r(true);
    });
  });
}

export async function startCloudProcess(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<CloudProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = resolve(options.dataDir);
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', 'tsx', 'infra/local/start.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), PLANFORM_DATA_DIR: dataDir, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  const append = (d: Buffer) => {
    log = (log + d.toString()).slice(-200_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  let healthy = false;
  while (!healthy) {
    if (exited(child)) throw new Error(`The local cloud exited (code ${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The local cloud did not become healthy in time:\n${log}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      healthy = response.status === 200;
    } catch {
      // not listening yet
    }
    if (!healthy) await new Promise((r) => setTimeout(r, 100));
  }
  const startMs = performance.now() - t0;
  const readJson = <T>(name: string): T => {
    const path = join(dataDir, name);
    if (!existsSync(path)) throw new Error(`${path} is missing`);
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  };
  const pool = readJson<{ userPoolId: string; clientId: string }>('user-pool.json');
  return {
    child,
    url,
    port,
    dataDir,
    userPoolId: pool.userPoolId,
    clientId: pool.clientId,
    endpoints: readJson<SpawnedCloud['endpoints']>('endpoints.json'),
    startMs,
    output: () => log,
    kill: async (signal) => {
      if (exited(child)) return;
      child.kill(signal);
      await waitForExit(child, 30_000);
    },
    stop: async () => {
      if (exited(child)) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    },
  };
}
