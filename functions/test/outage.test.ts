/**
 * A dependency outage, with real SDK clients pointed at a port where nothing listens (DynamoDB and S3 "down"):
 * data routes answer 503 with Retry-After and the error shape, not a 500; the admin health report still answers
 * and says the database is down.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpEvent } from '../lib/http';

/** A loopback port that was free a moment ago: connections to it are refused. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const event = (routeKey: string, groups: string[] = []) =>
  ({
    routeKey,
    rawPath: routeKey.split(' ')[1],
    isBase64Encoded: false,
    pathParameters: {},
    headers: {},
    requestContext: {
      requestId: 'outage-test',
      authorizer: {
        jwt: {
          claims: {
            sub: 'user-outage',
            email: 'outage@example.com',
            'cognito:groups': `[${groups.join(' ')}]`,
          },
          scopes: [],
        },
      },
    },
  }) as unknown as HttpEvent;

const saved = { ...process.env };

beforeAll(async () => {
  const dead = `http://127.0.0.1:${await deadPort()}`;
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dead,
    AWS_ENDPOINT_URL_S3: dead,
    AWS_MAX_ATTEMPTS: '1',
    S3_FORCE_PATH_STYLE: 'true',
    TABLE_NAME: 'planform-outage',
    UPLOADS_BUCKET: 'uploads-outage',
    RENDERS_BUCKET: 'renders-outage',
    LOG_LEVEL: 'silent',
  });
});

afterAll(() => {
  process.env = saved;
});

describe('a dependency outage', () => {
  it('answers a data route with 503, Retry-After and the error shape', async () => {
    const { handler } = await import('../api/projects');
    const result = await handler(event('GET /api/projects'));
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe('30');
    expect(JSON.parse(result.body!)).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/cannot reach.*try again/) },
    });
  });

  it('still reports health to an administrator, with the database and storage down', async () => {
    const { handler } = await import('../api/admin');
    const result = await handler(event('GET /api/admin/health', ['admin']));
    expect(result.statusCode, result.body).toBe(200);
    const health = JSON.parse(result.body!);
    expect(health.database.status).toBe('error');
    expect(health.storage.status).toBe('error');
  });

  it('refuses the health report to a caller without an admin group while the role cannot be read', async () => {
    const { handler } = await import('../api/admin');
    const result = await handler(event('GET /api/admin/health'));
    expect(result.statusCode).toBe(403);
  });
});
