import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../../infra/local/names';
import { api, createUser, localCloud } from '../../infra/local/testing';
import { keys } from '../lib/db/keys';
import { newId } from '../lib/ids';
import { localAws } from '../test/local-aws';
import { newProject } from '../test/projects-client';
import { migrateProjectStatuses, statusFromGenerations } from './migrate-project-status';

beforeAll(() => {
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: localCloud().endpoints.dynamodb,
    TABLE_NAME,
  });
});

const doc = () => localAws.doc();

/** A project as the code before this migration left it: an old status, no lastGenerationId. */
async function oldProject(token: string, title: string, status: string) {
  const project = await newProject(token, { title });
  await doc().send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.project(project.id),
      UpdateExpression: 'SET #status = :status REMOVE lastGenerationId',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
  return project.id;
}

async function oldGeneration(projectId: string, status: string, createdAt: string, previewKey?: string) {
  const id = newId();
  const renderId = newId();
  await doc().send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.generation(projectId, id),
        type: 'generation',
        id,
        projectId,
        status,
        createdAt,
        renderIds: [renderId],
      },
    }),
  );
  await doc().send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.render(projectId, renderId),
        type: 'render',
        id: renderId,
        projectId,
        variation: 1,
        status: previewKey ? 'completed' : 'failed',
        ...(previewKey ? { previewKey } : {}),
      },
    }),
  );
  return id;
}

const stored = async (projectId: string) =>
  (await doc().send(new GetCommand({ TableName: TABLE_NAME, Key: keys.project(projectId) }))).Item!;

describe('project status migration', () => {
  it('takes the status of the latest generation', () => {
    expect(statusFromGenerations([])).toEqual({ status: 'draft', latest: null });
    const older = { id: 'a', status: 'completed' as const, createdAt: '2026-01-01T00:00:00Z' };
    const newer = { id: 'b', status: 'failed' as const, createdAt: '2026-02-01T00:00:00Z' };
    expect(statusFromGenerations([newer, older])).toEqual({ status: 'failed', latest: 'b' });
    expect(statusFromGenerations([older])).toEqual({ status: 'completed', latest: 'a' });
    expect(statusFromGenerations([{ ...newer, status: 'running' }])).toEqual({
      status: 'processing',
      latest: 'b',
    });
  });

  it('moves old projects to the status their generations give, with a thumbnail, once', async () => {
    const user = await createUser('migration');
    const token = user.tokens.idToken;
    await api('/api/me', { token });
    // "Processing forever" after a success; "Draft with 3 renders" after all failed; a draft never generated.
    const finished = await oldProject(token, 'Finished', 'processing');
    await oldGeneration(finished, 'failed', '2026-01-01T00:00:00Z');
    const latest = await oldGeneration(
      finished,
      'completed',
      '2026-02-01T00:00:00Z',
      'renders/x/preview.webp',
    );
    const allFailed = await oldProject(token, 'All failed', 'draft');
    await oldGeneration(allFailed, 'failed', '2026-01-01T00:00:00Z');
    const untouched = await oldProject(token, 'Never generated', 'draft');

    const result = await migrateProjectStatuses();
    expect(result.migrated).toBeGreaterThanOrEqual(3);
    expect(await stored(finished)).toMatchObject({
      status: 'completed',
      lastGenerationId: latest,
      thumbnailKey: 'renders/x/preview.webp',
    });
    expect(await stored(allFailed)).toMatchObject({ status: 'failed' });
    expect(await stored(untouched)).toMatchObject({ status: 'draft', lastGenerationId: '' });
    const list = (await api('/api/projects?status=completed', { token })).json as { items: { id: string }[] };
    expect(list.items.map((p) => p.id)).toEqual([finished]);

    // Idempotent: a second run changes nothing of these.
    await migrateProjectStatuses();
    expect(await stored(finished)).toMatchObject({ status: 'completed', lastGenerationId: latest });
  });
});
