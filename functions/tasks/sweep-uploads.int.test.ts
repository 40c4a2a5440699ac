import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME, UPLOADS_BUCKET } from '../../infra/local/names';
import { api, createUser, localCloud } from '../../infra/local/testing';
import type { ProjectDetail, UploadTicket } from '../../shared/schemas/projects';
import { keys } from '../lib/db/keys';
import { incomingKeyOf } from '../lib/storage';
import { localAws } from '../test/local-aws';
import { newProject, postToS3, uploadFile } from '../test/projects-client';
import { pngFixture } from '../test/upload-fixtures';
import { handler as sweep } from './sweep-uploads';

type User = Awaited<ReturnType<typeof createUser>>;
let user: User;
let userId: string;

beforeAll(async () => {
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: localCloud().endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: localCloud().endpoints.s3,
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    S3_FORCE_PATH_STYLE: 'true',
    TABLE_NAME,
    UPLOADS_BUCKET,
    LOG_LEVEL: 'error',
  });
  user = await createUser('sweep');
  userId = ((await api('/api/me', { token: user.tokens.idToken })).json as { id: string }).id;
});

const exists = (key: string) =>
  localAws
    .s3()
    .send(new HeadObjectCommand({ Bucket: UPLOADS_BUCKET, Key: key }))
    .then(
      () => true,
      () => false,
    );
const fileItem = async (projectId: string, fileId: string) =>
  (await localAws.doc().send(new GetCommand({ TableName: TABLE_NAME, Key: keys.file(projectId, fileId) })))
    .Item;

/** Only this user's uploads, all of them however young (other tests' uploads are never touched). */
const sweepMine = () => sweep({ olderThanSeconds: 0, now: Date.now() + 1000, scope: `${userId}/` });

async function ticketFor(projectId: string, name = 'plan.png', size = 10) {
  const created = await api(`/api/projects/${projectId}/files`, {
    token: user.tokens.idToken,
    method: 'POST',
    body: { name, size, contentType: 'image/png' },
  });
  expect(created.status).toBe(201);
  return created.json as unknown as UploadTicket;
}

describe('uploads never completed expire, never counted', () => {
  it('the browser uploads under incoming/; completing copies it out and stops it expiring', async () => {
    const project = await newProject(user.tokens.idToken, { title: 'Sweep kept' });
    const { ticket, completed } = await uploadFile(
      user.tokens.idToken,
      project.id,
      'plan.png',
      await pngFixture(),
    );
    expect(completed.status).toBe(200);
    expect(await exists(ticket.file.storagePath)).toBe(true);
    expect(await exists(incomingKeyOf(ticket.file.storagePath))).toBe(false);
    const item = await fileItem(project.id, ticket.file.id);
    expect(item).toMatchObject({ status: 'uploaded' });
    expect(item?.ttl).toBeUndefined();
    expect(item?.GSI1PK).toBeUndefined();
    await sweepMine();
    expect(await exists(ticket.file.storagePath)).toBe(true);
    expect(await fileItem(project.id, ticket.file.id)).toBeDefined();
  });

  it('an upload never completed expires: its item (with a TTL for AWS) and its object, and nothing was counted', async () => {
    const project = await newProject(user.tokens.idToken, { title: 'Sweep abandoned' });
    const ticket = await ticketFor(project.id);
    await postToS3(ticket, await pngFixture(), 'image/png');
    const item = await fileItem(project.id, ticket.file.id);
    expect(item).toMatchObject({ status: 'uploading', GSI1PK: 'UPLOADS#pending' });
    expect(item?.ttl).toBeGreaterThan(Date.now() / 1000 + 86_000);
    expect(await exists(incomingKeyOf(ticket.file.storagePath))).toBe(true);

    // Not yet a day old: the default sweep leaves it.
    await sweep({ scope: `${userId}/` });
    expect(await fileItem(project.id, ticket.file.id)).toBeDefined();

    const swept = await sweepMine();
    expect(swept.items).toBeGreaterThanOrEqual(1);
    expect(await fileItem(project.id, ticket.file.id)).toBeUndefined();
    expect(await exists(incomingKeyOf(ticket.file.storagePath))).toBe(false);
    const detail = (await api(`/api/projects/${project.id}`, { token: user.tokens.idToken }))
      .json as unknown as ProjectDetail;
    expect(detail.fileCount).toBe(0);
    expect(detail.files).toEqual([]);
  });

  it('an object a presigned POST writes after its project was deleted is removed', async () => {
    const project = await newProject(user.tokens.idToken, { title: 'Sweep orphan' });
    const ticket = await ticketFor(project.id);
    expect(
      (await api(`/api/projects/${project.id}`, { token: user.tokens.idToken, method: 'DELETE' })).status,
    ).toBe(204);
    // The POST policy is still valid for a few minutes: the object lands, but only under incoming/.
    await postToS3(ticket, await pngFixture(), 'image/png');
    const orphan = incomingKeyOf(ticket.file.storagePath);
    expect(await exists(orphan)).toBe(true);
    expect(await exists(ticket.file.storagePath)).toBe(false);
    const complete = await api(`/api/projects/${project.id}/files/${ticket.file.id}/complete`, {
      token: user.tokens.idToken,
      method: 'POST',
    });
    expect(complete.status).toBe(404);
    const swept = await sweepMine();
    expect(swept.objects).toBeGreaterThanOrEqual(1);
    expect(await exists(orphan)).toBe(false);
  });
});
