/**
 * A local cloud of its own whose DynamoDB Local dies mid-run: data routes answer 503 with Retry-After, the admin
 * health report says the database is down, and stopping the local cloud is still prompt and frees its port.
 */
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedCloud, spawnLocalCloud } from './spawn';

let cloud: SpawnedCloud;
let token: string;

async function signInAdmin(): Promise<string> {
  const admin = JSON.parse(readFileSync(join(cloud.dataDir, 'local-admin.json'), 'utf8')) as {
    email: string;
    password: string;
  };
  const response = await fetch(cloud.endpoints.cognito, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cloud.clientId,
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }),
  });
  const body = (await response.json()) as { AuthenticationResult: { IdToken: string } };
  return body.AuthenticationResult.IdToken;
}

const get = (path: string) =>
  fetch(`${cloud.url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({
    status: r.status,
    retryAfter: r.headers.get('retry-after'),
    json: (await r.json()) as Record<string, { status?: string; code?: string; message?: string }>,
  }));

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => resolve(!!socket.destroy()));
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  cloud = await spawnLocalCloud();
  token = await signInAdmin();
  expect((await get('/api/projects')).status).toBe(200);
  const javaPid = Number(readFileSync(join(cloud.dataDir, 'dynamodb', 'dynamodb-local.pid'), 'utf8'));
  process.kill(javaPid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
});

describe('the database dies under a running local cloud', () => {
  it('data routes answer 503 with Retry-After and the error shape', async () => {
    const answer = await get('/api/projects');
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('30');
    expect(answer.json.error?.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('the admin health report says the database is down, and storage is up', async () => {
    const answer = await get('/api/admin/health');
    expect(answer.status).toBe(200);
    expect(answer.json.database?.status).toBe('error');
    expect(answer.json.storage?.status).not.toBe('error');
  });

  it('stopping is prompt and frees the port', async () => {
    const started = Date.now();
    await cloud.stop();
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await portOpen(cloud.port)).toBe(false);
  });
});
