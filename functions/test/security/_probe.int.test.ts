import { PutObjectCommand } from '@aws-sdk/client-s3';
import { it } from 'vitest';
import { api, createUser } from '../../../infra/local/testing';
import { localAws } from '../local-aws';
import { newProject, postToS3 } from '../projects-client';

it('probe', async () => {
  const u = await createUser('probe');
  const t = u.tokens.idToken;
  const h = await api('/api/health');
  console.log('health headers', Object.fromEntries(h.headers));
  const me = await api('/api/me', { token: t });
  console.log('me headers', Object.fromEntries(me.headers));
  const p = await newProject(t);
  const r = async (label: string, path: string, o: Parameters<typeof api>[1]) => {
    const x = await api(path, o);
    console.log(label, x.status, x.text.slice(0, 300));
  };
  const cur = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const meId = (me.json as { id: string }).id;
  await r(
    'cursor empty PK',
    `/api/projects?cursor=${cur({ PK: '', SK: 'x', GSI1PK: `USER#${meId}`, GSI1SK: 'y' })}`,
    { token: t },
  );
  await r(
    'cursor long PK',
    `/api/projects?cursor=${cur({ PK: 'x'.repeat(1500), SK: 'x', GSI1PK: `USER#${meId}`, GSI1SK: 'y' })}`,
    { token: t },
  );
  await r('bad pct path', '/api/projects/%E0%A4%A', { token: t });
  await r('bad pct public', '/api/public/projects/%E0%A4%A?k=x', {});
  let deep: unknown = 1;
  for (let i = 0; i < 40; i++) deep = [deep];
  await r('settings deep', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: { settings: { a: deep } },
  });
  await r('settings empty key', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: { settings: { '': 1 } },
  });
  await r('settings big int', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: '{"settings":{"a":12345678901234567890}}',
  });
  await r('settings 1e300', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: '{"settings":{"a":1e300}}',
  });
  await r('settings 1e400', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: '{"settings":{"a":1e400}}',
  });
  let deep2 = '1';
  for (let i = 0; i < 200000; i++) deep2 = `[${deep2}]`;
  await r('settings very deep', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: `{"settings":{"a":${deep2}}}`,
  });
  await r('title lone surrogate', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: '{"title":"a\\ud800b"}',
  });
  await r('proto', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: '{"__proto__":{"x":1},"title":"ok"}',
  });
  await r('settings proto', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: '{"settings":{"__proto__":{"x":1}}}',
  });
  await r('settings constructor', `/api/projects/${p.id}`, {
    token: t,
    method: 'PATCH',
    body: '{"settings":{"constructor":{"prototype":{"x":1}}}}',
  });
  console.log('polluted?', ({} as Record<string, unknown>).x);
  await r('gen bad key', `/api/projects/${p.id}/generations`, {
    token: t,
    method: 'POST',
    body: { prompt: 'x' },
    headers: { 'idempotency-key': 'a'.repeat(7000) },
  });
  // zero byte presigned
  const created = await api(`/api/projects/${p.id}/files`, {
    token: t,
    method: 'POST',
    body: { name: 'a.png', size: 10, contentType: 'image/png' },
  });
  const ticket = created.json as never as Parameters<typeof postToS3>[0];
  try {
    await postToS3(ticket, Buffer.alloc(0), 'image/png');
    console.log('zero-byte POST accepted');
  } catch (e) {
    console.log('zero-byte POST rejected', (e as Error).message.slice(0, 200));
  }
  try {
    await postToS3(ticket, Buffer.alloc(10), 'text/html');
    console.log('wrong ct POST accepted');
  } catch (e) {
    console.log('wrong ct rejected', (e as Error).message.slice(0, 200));
  }
  const t0 = Date.now();
  await localAws
    .s3()
    .send(
      new PutObjectCommand({
        Bucket: localAws.uploadsBucket,
        Key: ticket.file.storagePath,
        Body: Buffer.alloc(100 * 1024 * 1024 + 1, 0x41),
      }),
    );
  console.log('put 100MB ms', Date.now() - t0);
  await r('complete big', `/api/projects/${p.id}/files/${ticket.file.id}/complete`, {
    token: t,
    method: 'POST',
  });
  const t1 = Date.now();
  const created2 = await api(`/api/projects/${p.id}/files`, {
    token: t,
    method: 'POST',
    body: { name: 'b.png', size: 10, contentType: 'image/png' },
  });
  try {
    await postToS3(created2.json as never, Buffer.alloc(100 * 1024 * 1024 + 1, 0x41), 'image/png');
    console.log('big POST accepted');
  } catch (e) {
    console.log('big POST rejected', (e as Error).message.slice(0, 200));
  }
  console.log('post 100MB ms', Date.now() - t1);
}, 120_000);
