/**
 * Vitest global setup for the integration and browser tests: runs `npm start`'s entry point (the whole local
 * cloud with the built SPA) on a free port with a throw-away data directory, and stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './net';
import type { LocalCloudInfo } from './testing';

const ADMIN = { email: 'admin@planform.test', password: 'Admin-Passw0rd!' };

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The local cloud exited (code ${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The local cloud did not become healthy in time:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'planform-test-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', 'tsx', 'infra/local/start.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        PLANFORM_DATA_DIR: dataDir,
        LOCAL_ADMIN_EMAIL: ADMIN.email,
        LOCAL_ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, () => output);
  const pool = JSON.parse(readFileSync(join(dataDir, 'user-pool.json'), 'utf8')) as {
    userPoolId: string;
    clientId: string;
  };
  const endpoints = JSON.parse(
    readFileSync(join(dataDir, 'endpoints.json'), 'utf8'),
  ) as LocalCloudInfo['endpoints'];
  const info: LocalCloudInfo = { url, ...pool, admin: ADMIN, dataDir, endpoints };
  project.provide('localCloud', info);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (process.env.PLANFORM_TEST_LOGS) console.log(output);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
