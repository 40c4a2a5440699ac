import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localCloud } from './testing';

const startScript = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', 'infra/local/start.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm start', () => {
  it('says clearly that the port is taken when another copy runs', () => {
    const port = new URL(localCloud().url).port;
    const result = startScript({ PORT: port });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Port ${port} is already in use`);
  });

  it('names the fix when Java is missing', () => {
    const dataDir = `${localCloud().dataDir}-nojava`;
    const result = startScript({ PORT: '0', PATH: '/nonexistent', PLANFORM_DATA_DIR: dataDir });
    rmSync(dataDir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DynamoDB Local needs Java 17 or newer');
    expect(result.stderr).toContain('openjdk-17-jre-headless');
  });
});
