import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { api, createUser } from '../../infra/local/testing';
import type { Generation } from '../../shared/schemas/generations';
import type { ProjectDetail, ProjectPage, PublicProject, UploadTicket } from '../../shared/schemas/projects';
import { keysIn, localAws } from '../test/local-aws';
import { newProject, planRead, postToS3, uploadFile } from '../test/projects-client';
import { dwgFixture, dxfFixture, jpgFixture, pdfFixture, pngFixture } from '../test/upload-fixtures';

type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;

beforeAll(async () => {
  [owner, other] = await Promise.all([createUser('owner'), createUser('other')]);
});

describe('projects API', () => {
  it('creates a project: title trimmed, empty description null, tags unique and non-empty, status draft', async () => {
    const project = await newProject(owner.tokens.idToken, {
      title: '  Harbour Office  ',
      description: '   ',
      tags: ['Modern', 'modern', ' ', 'Commercial'],
    });
    expect(project).toMatchObject({
      title: 'Harbour Office',
      description: null,
      tags: ['Modern', 'Commercial'],
      status: 'draft',
      fileCount: 0,
      renderCount: 0,
      settings: {},
    });
  });

  it('rejects malformed bodies and unknown fields with 400, never 500', async () => {
    const token = owner.tokens.idToken;
    for (const body of [
      '{oops',
      '[]',
      '{"title":""}',
      '{"title":"x","userId":"someone-else"}',
      '{"title":42}',
      '{"title":"x","tags":"a"}',
    ]) {
      const response = await api('/api/projects', { token, method: 'POST', body });
      expect(response.status, body).toBe(400);
      expect(response.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const missing = await api('/api/projects', { token, method: 'POST', body: '{"title":"   "}' });
    expect(missing.json.error?.message).toBe('Please enter a project title first');
  });

  it('updates only writable fields and stamps updatedAt; anything else is rejected and not applied', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Before' });
    const rejected = await api(`/api/projects/${project.id}`, {
      token,
      method: 'PATCH',
      body: { title: 'After', status: 'completed' },
    });
    expect(rejected.status).toBe(400);
    const unchanged = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(unchanged.title).toBe('Before');
    await new Promise((r) => setTimeout(r, 5));
    const patched = await api(`/api/projects/${project.id}`, {
      token,
      method: 'PATCH',
      body: { title: 'After', description: 'Two storeys', tags: ['Residential'], settings: { units: 'm' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      title: 'After',
      description: 'Two storeys',
      tags: ['Residential'],
      settings: { units: 'm' },
      status: 'draft',
    });
    expect(String(patched.json.updatedAt) > project.updatedAt).toBe(true);
  });

  it('lists newest first with counts, search over title/tags/description, status filter and cursor pages', async () => {
    const user = await createUser('lister');
    const token = user.tokens.idToken;
    const titles = ['Alpha Villa', 'Beta Tower', 'Gamma School', 'Delta Library', 'Epsilon Loft'];
    for (const title of titles)
      await newProject(token, { title, tags: title.startsWith('B') ? ['Commercial'] : ['Residential'] });
    await newProject(token, { title: 'Zeta', description: 'A quiet LIBRARY annex' });

    const first = (await api('/api/projects?limit=4', { token })).json as unknown as ProjectPage;
    expect(first.items.map((p) => p.title)).toEqual([
      'Zeta',
      'Epsilon Loft',
      'Delta Library',
      'Gamma School',
    ]);
    expect(first.nextCursor).toBeTruthy();
    const second = (await api(`/api/projects?limit=4&cursor=${first.nextCursor}`, { token }))
      .json as unknown as ProjectPage;
    expect(second.items.map((p) => p.title)).toEqual(['Beta Tower', 'Alpha Villa']);
    expect(second.nextCursor).toBeNull();

    const search = (await api('/api/projects?q=library', { token })).json as unknown as ProjectPage;
    expect(search.items.map((p) => p.title).sort()).toEqual(['Delta Library', 'Zeta']);
    const byTag = (await api('/api/projects?q=COMMERCIAL', { token })).json as unknown as ProjectPage;
    expect(byTag.items.map((p) => p.title)).toEqual(['Beta Tower']);
    const drafts = (await api('/api/projects?status=draft&q=villa', { token }))
      .json as unknown as ProjectPage;
    expect(drafts.items.map((p) => p.title)).toEqual(['Alpha Villa']);
    const processing = (await api('/api/projects?status=processing', { token }))
      .json as unknown as ProjectPage;
    expect(processing.items).toEqual([]);

    expect((await api('/api/projects?status=archived', { token })).status).toBe(400);
    expect((await api('/api/projects?cursor=garbage', { token })).status).toBe(400);
    expect((await api('/api/projects?limit=0', { token })).status).toBe(400);
    // Another user's cursor cannot page through this user's projects.
    expect(
      (await api(`/api/projects?cursor=${first.nextCursor}`, { token: other.tokens.idToken })).status,
    ).toBe(400);
  });

  it('uploads each accepted format, checked by content, and counts them', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Formats' });
    const fixtures: [string, Buffer, string][] = [
      ['plan.png', await pngFixture(), 'image'],
      ['photo.JPG', await jpgFixture(), 'image'],
      ['drawing.pdf', await pdfFixture(), 'pdf'],
      ['site plan.dxf', dxfFixture(), 'cad'],
      ['model.dwg', dwgFixture(), 'cad'],
    ];
    for (const [name, bytes, fileType] of fixtures) {
      const { completed } = await uploadFile(token, project.id, name, bytes);
      expect(completed.status, name).toBe(200);
      expect(completed.json).toMatchObject({
        originalName: name,
        status: 'uploaded',
        fileType,
        sizeBytes: bytes.length,
      });
    }
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.fileCount).toBe(5);
    expect(detail.files.map((f) => f.originalName)).toEqual([
      'model.dwg',
      'site plan.dxf',
      'drawing.pdf',
      'photo.JPG',
      'plan.png',
    ]);
    expect(detail.files[0]!.storagePath).toMatch(
      new RegExp(`^${owner.tokens.idToken ? '[^/]+' : ''}/${project.id}/\\d+-model\\.dwg$`),
    );
    const png = detail.files.find((f) => f.originalName === 'plan.png')!;
    // The preview (a bounded WebP) is made when the plan is read, after the upload.
    await planRead(token, project.id, png.id);
    const reread = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(reread.files.find((f) => f.id === png.id)?.previewUrl).toMatch(/^http/);
    // Completing twice counts once.
    const again = await api(`/api/projects/${project.id}/files/${detail.files[0]!.id}/complete`, {
      token,
      method: 'POST',
    });
    expect(again.status).toBe(200);
    const list = (await api('/api/projects?q=formats', { token })).json as unknown as ProjectPage;
    expect(list.items[0]?.fileCount).toBe(5);
  });

  it('rejects a disguised file: a PNG renamed .pdf is deleted and marked error with a clear 422', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Disguise' });
    const { ticket, completed } = await uploadFile(token, project.id, 'floor.pdf', await pngFixture());
    expect(completed.status).toBe(422);
    expect(completed.json.error?.message).toBe('floor.pdf looks like a PNG file, not PDF');
    await expect(
      localAws
        .s3()
        .send(new HeadObjectCommand({ Bucket: localAws.uploadsBucket, Key: ticket.file.storagePath })),
    ).rejects.toThrow();
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.files[0]).toMatchObject({
      status: 'error',
      error: 'floor.pdf looks like a PNG file, not PDF',
    });
    expect(detail.fileCount).toBe(0);
    const text = await uploadFile(
      token,
      project.id,
      'notes.dxf',
      Buffer.from('just some text\nnot a drawing\n'),
    );
    expect(text.completed.status).toBe(422);
    expect(text.completed.json.error?.message).toBe('notes.dxf is not a valid DXF file');
  });

  it('refuses other extensions and declared sizes over 100 MB before issuing an upload', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Limits' });
    const exe = await api(`/api/projects/${project.id}/files`, {
      token,
      method: 'POST',
      body: { name: 'setup.exe', size: 10, contentType: 'application/x-msdownload' },
    });
    expect(exe.status).toBe(400);
    expect(exe.json.error?.message).toBe('File type must be one of .jpg, .jpeg, .png, .pdf, .dwg, .dxf');
    const big = await api(`/api/projects/${project.id}/files`, {
      token,
      method: 'POST',
      body: { name: 'huge.png', size: 100 * 1024 * 1024 + 1 },
    });
    expect(big.status).toBe(400);
    expect(big.json.error?.message).toBe('File is larger than 100 MB');
  });

  it('rejects a stored object over 100 MB whatever the request declared', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Oversize' });
    const created = await api(`/api/projects/${project.id}/files`, {
      token,
      method: 'POST',
      body: { name: 'scan.png', size: 1000 },
    });
    const ticket = created.json as unknown as UploadTicket;
    // s3rver does not enforce the POST policy's content-length-range (S3 does), so the server must check.
    const png = await pngFixture();
    await postToS3(ticket, Buffer.concat([png, Buffer.alloc(100 * 1024 * 1024 + 1 - png.length)]));
    const completed = await api(`/api/projects/${project.id}/files/${ticket.file.id}/complete`, {
      token,
      method: 'POST',
    });
    expect(completed.status).toBe(413);
    expect(completed.json.error?.message).toBe('scan.png is larger than 100 MB');
    await expect(
      localAws
        .s3()
        .send(new HeadObjectCommand({ Bucket: localAws.uploadsBucket, Key: ticket.file.storagePath })),
    ).rejects.toThrow();
  });

  it('issues the presigned POST policy with the size range, content type and a 15-minute expiry', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Policy' });
    const created = await api(`/api/projects/${project.id}/files`, {
      token,
      method: 'POST',
      body: { name: 'a.png', size: 10, contentType: 'image/png' },
    });
    const ticket = created.json as unknown as UploadTicket;
    const policy = JSON.parse(Buffer.from(ticket.upload.fields.Policy!, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 104857600]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
    // The browser's upload lands under incoming/ until it is completed (what is never completed expires there).
    expect(policy.conditions).toContainEqual({ key: `incoming/${ticket.file.storagePath}` });
    const minutes = (Date.parse(policy.expiration) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('downloads through a short-lived URL that names the original file', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Download' });
    const bytes = await pdfFixture();
    const { ticket } = await uploadFile(token, project.id, 'Grundriss Erdgeschoß.pdf', bytes);
    const response = await api(`/api/projects/${project.id}/files/${ticket.file.id}/download`, { token });
    expect(response.status).toBe(200);
    const url = new URL(String(response.json.url));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Grundriss Erdgescho_.pdf"; filename*=UTF-8''Grundriss%20Erdgescho%C3%9F.pdf`,
    );
  });

  it('shares a read-only link, shows only public fields, and revokes it', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, {
      title: 'Shared Villa',
      description: 'Lake side',
      tags: ['Residential'],
    });
    const { ticket: sharedPng } = await uploadFile(token, project.id, 'plan.png', await pngFixture());
    await planRead(token, project.id, sharedPng.file.id);
    const shared = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
    expect(shared.status).toBe(201);
    const link = new URL(String(shared.json.url));
    expect(link.pathname).toBe(`/projects/${project.id}/public`);
    const key = link.searchParams.get('k')!;
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Asking again returns the same live link.
    expect((await api(`/api/projects/${project.id}/share`, { token, method: 'POST' })).json.url).toBe(
      shared.json.url,
    );

    const view = await api(`/api/public/projects/${project.id}?k=${key}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('referrer-policy')).toBe('no-referrer');
    expect(view.headers.get('x-robots-tag')).toContain('noindex');
    const body = view.json as unknown as PublicProject;
    expect(body).toMatchObject({ title: 'Shared Villa', description: 'Lake side', tags: ['Residential'] });
    expect(body.files).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        name: 'plan.png',
        fileType: 'image',
        sizeBytes: expect.any(Number),
        previewUrl: expect.stringMatching(/^http/),
        planStatus: 'ready',
        createdAt: expect.any(String),
      },
    ]);
    const text = view.text;
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain('userId');
    expect(text).not.toContain('storagePath');
    expect(text).not.toContain(`/${project.id}/`);

    expect((await api(`/api/public/projects/${project.id}?k=${key}x`)).status).toBe(404);
    expect((await api(`/api/public/projects/${project.id}`)).status).toBe(404);
    const otherProject = await newProject(token, { title: 'Not shared' });
    expect((await api(`/api/public/projects/${otherProject.id}?k=${key}`)).status).toBe(404);

    // What Planform read, for the share page's 3D view: through the same token, without the owner's list of
    // corrections and the plan's revision.
    const planPath = `/api/public/projects/${project.id}/files/${sharedPng.file.id}/plan`;
    const owners = await api(`/api/projects/${project.id}/files/${sharedPng.file.id}/plan`, { token });
    const publicPlan = await api(`${planPath}?k=${key}`);
    expect(publicPlan.status).toBe(200);
    expect(publicPlan.headers.get('referrer-policy')).toBe('no-referrer');
    const {
      corrections: _,
      revision: _revision,
      ...withoutCorrections
    } = (owners.json as { plan: Record<string, unknown> }).plan;
    expect(publicPlan.json).toEqual({ plan: withoutCorrections });
    expect((await api(`${planPath}?k=${key}x`)).status).toBe(404);
    expect((await api(planPath)).status).toBe(404);
    expect(
      (await api(`/api/public/projects/${project.id}/files/${otherProject.id}/plan?k=${key}`)).json.error
        ?.message,
    ).toBe('File not found');

    expect((await api(`/api/projects/${project.id}/share`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await api(`${planPath}?k=${key}`)).status).toBe(404);
    const revoked = await api(`/api/public/projects/${project.id}?k=${key}`);
    expect(revoked.status).toBe(404);
    expect(revoked.json.error?.message).toBe('This link is no longer available');
    const fresh = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
    expect(fresh.json.url).not.toBe(shared.json.url);
  });

  it('reads the live share link without creating one, and deletes a file with its counts', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Share state' });
    expect((await api(`/api/projects/${project.id}/share`, { token })).json).toEqual({ url: null });
    const created = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
    expect((await api(`/api/projects/${project.id}/share`, { token })).json).toEqual({
      url: created.json.url,
    });

    const png = await pngFixture();
    const { ticket } = await uploadFile(token, project.id, 'plan.png', png);
    const removed = await api(`/api/projects/${project.id}/files/${ticket.file.id}`, {
      token,
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.files).toEqual([]);
    expect(detail.fileCount).toBe(0);
    await expect(
      localAws
        .s3()
        .send(new HeadObjectCommand({ Bucket: localAws.uploadsBucket, Key: ticket.file.storagePath })),
    ).rejects.toThrow();
    // A file still uploading (the user removed it mid-upload) can be deleted too.
    const pending = await api(`/api/projects/${project.id}/files`, {
      token,
      method: 'POST',
      body: { name: 'b.png', size: 5 },
    });
    const pendingId = (pending.json as unknown as UploadTicket).file.id;
    expect(
      (await api(`/api/projects/${project.id}/files/${pendingId}`, { token, method: 'DELETE' })).status,
    ).toBe(204);
    expect(
      (await api(`/api/projects/${project.id}/files/${pendingId}`, { token, method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('deletes a project whose every file was refused at once (the upload page rolls such a project back)', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Only bad files' });
    const refused = await Promise.all(
      ['notes.png', 'fake.dxf'].map((name) =>
        uploadFile(token, project.id, name, Buffer.from('These are meeting notes, not a drawing.\n')),
      ),
    );
    for (const { completed } of refused) expect(completed.status).toBe(422);
    expect((await api(`/api/projects/${project.id}`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await api(`/api/projects/${project.id}`, { token })).status).toBe(404);
  });

  it("makes a drawing's card thumbnail the project's picture until a render, and drops it with the drawing", async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Thumbnail' });
    expect(project.thumbnailUrl).toBeNull();
    const first = await uploadFile(token, project.id, 'plan.dxf', Buffer.from(planDxf()));
    await planRead(token, project.id, first.ticket.file.id);
    const second = await uploadFile(token, project.id, 'photo.png', await pngFixture());
    await planRead(token, project.id, second.ticket.file.id);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    const image = await fetch(detail.thumbnailUrl!);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    // The first drawing's, also in the list.
    expect(new URL(detail.thumbnailUrl!).pathname).toContain(`thumbs/${first.ticket.file.id}.webp`);
    const page = (await api('/api/projects', { token })).json as unknown as ProjectPage;
    expect(page.items.find((p) => p.id === project.id)?.thumbnailUrl).toMatch(/^http/);
    await api(`/api/projects/${project.id}/files/${first.ticket.file.id}`, { token, method: 'DELETE' });
    const after = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(after.thumbnailUrl).toBeNull();
  });

  it('answers 404 on every project route to anyone but the owner', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Private' });
    const { ticket } = await uploadFile(token, project.id, 'plan.png', await pngFixture());
    const base = `/api/projects/${project.id}`;
    const routes: [string, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { title: 'Hijacked' }],
      ['DELETE', base],
      ['POST', `${base}/share`],
      ['DELETE', `${base}/share`],
      ['POST', `${base}/files`, { name: 'x.png', size: 10 }],
      ['POST', `${base}/files/${ticket.file.id}/complete`],
      ['GET', `${base}/files/${ticket.file.id}/download`],
      ['DELETE', `${base}/files/${ticket.file.id}`],
      ['GET', `${base}/share`],
      ['POST', `${base}/generations`, { prompt: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      const response = await api(path, { token: other.tokens.idToken, method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json.error?.message).toBe('Project not found');
      expect((await api(path, { method, body })).status, `${method} ${path} signed out`).toBe(401);
    }
    const still = (await api(base, { token })).json as unknown as ProjectDetail;
    expect(still).toMatchObject({ title: 'Private', fileCount: 1, shared: false });
    expect((await api('/api/projects/not-an-id', { token })).status).toBe(404);
  });

  it('deletes renders, files, the project, its objects and share link, and the counters follow', async () => {
    const token = owner.tokens.idToken;
    const before = await totals();
    const project = await newProject(token, { title: 'Doomed' });
    const png = await pngFixture();
    const { ticket } = await uploadFile(token, project.id, 'plan.png', png);
    const { ticket: dxf } = await uploadFile(token, project.id, 'plan.dxf', Buffer.from(planDxf()));
    const share = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
    const key = new URL(String(share.json.url)).searchParams.get('k');
    expect((await totals()).files).toBe((before.files ?? 0) + 2);

    // A generation from each file: Prepare writes drawings/<fileId>.png and .json (the image keeps its own preview,
    // the DXF's preview becomes drawings/<fileId>.png), and the renders land in renders/.
    const generations = await Promise.all(
      [ticket.file.id, dxf.file.id].map(async (fileId) => {
        const started = await api(`/api/projects/${project.id}/generations`, {
          token,
          method: 'POST',
          body: { prompt: 'Doomed house', fileId },
        });
        expect(started.status).toBe(202);
        return settled(token, project.id, (started.json as { generation: Generation }).generation.id);
      }),
    );
    expect(generations.map((g) => g.status)).toEqual(['completed', 'completed']);
    const fileIds = [ticket.file.id, dxf.file.id];
    const renderIds = generations.flatMap((g) => g.renders.map((r) => r.id));
    const ours = (objectKey: string) =>
      objectKey.includes(project.id) || [...fileIds, ...renderIds].some((id) => objectKey.includes(id));
    const rendersBefore = (await keysIn(localAws.rendersBucket)).filter(ours);
    expect(rendersBefore).toEqual(
      expect.arrayContaining([
        `previews/${ticket.file.id}.webp`,
        `drawings/${ticket.file.id}.png`,
        `plans/${ticket.file.id}.json`,
        `drawings/${dxf.file.id}.png`,
        `plans/${dxf.file.id}.json`,
        ...renderIds.flatMap((id) => [`renders/${id}.png`, `renders/${id}.webp`]),
      ]),
    );
    expect((await keysIn(localAws.uploadsBucket)).filter(ours)).toHaveLength(2);

    const deleted = await api(`/api/projects/${project.id}`, { token, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await api(`/api/projects/${project.id}`, { token })).status).toBe(404);
    expect((await api(`/api/public/projects/${project.id}?k=${key}`)).status).toBe(404);
    // Nothing of the project's files, drawings or renders is left in either bucket.
    expect((await keysIn(localAws.uploadsBucket)).filter(ours)).toEqual([]);
    expect((await keysIn(localAws.rendersBucket)).filter(ours)).toEqual([]);
    const left = await localAws.doc().send(
      new QueryCommand({
        TableName: localAws.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `PROJECT#${project.id}` },
      }),
    );
    expect(left.Items).toEqual([]);
    const after = await totals();
    expect(after.projects).toBe(before.projects ?? 0);
    expect(after.files).toBe(before.files ?? 0);
    expect(after.storageBytes).toBe(before.storageBytes ?? 0);
  }, 120_000);

  it('keeps the counters equal to a recount of the items', async () => {
    const stats = await totals();
    // Every page of the scan: one page stops at 1 MB, and the shared test table holds more than that.
    // biome-ignore lint/suspicious/noExplicitAny: scanned items of every type
    const items: Record<string, any>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await localAws
        .doc()
        .send(new ScanCommand({ TableName: localAws.table, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    const projects = items.filter((i) => i.type === 'project');
    const uploaded = items.filter((i) => i.type === 'file' && i.status === 'uploaded');
    expect(stats.projects).toBe(projects.length);
    expect(stats.files).toBe(uploaded.length);
    expect(stats.storageBytes).toBe(uploaded.reduce((s, f) => s + Number(f.sizeBytes), 0));
    expect(stats.users).toBe(items.filter((i) => i.type === 'profile').length);
    for (const project of projects) {
      expect(project.fileCount, project.title).toBe(
        uploaded.filter((f) => f.projectId === project.id).length,
      );
    }
    for (const profile of items.filter((i) => i.type === 'profile')) {
      expect(profile.projectCount ?? 0).toBe(projects.filter((p) => p.userId === profile.id).length);
      const own = uploaded.filter((f) => f.userId === profile.id);
      expect(profile.fileCount ?? 0).toBe(own.length);
      expect(profile.storageBytes ?? 0).toBe(own.reduce((s, f) => s + Number(f.sizeBytes), 0));
    }
  });
});

/** Polls a generation until it is no longer running. */
async function settled(token: string, projectId: string, generationId: string): Promise<Generation> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await api(`/api/projects/${projectId}/generations/${generationId}`, { token });
    const generation = (response.json as { generation: Generation }).generation;
    if (generation.status !== 'running') return generation;
    if (Date.now() > deadline) throw new Error(`generation still running: ${JSON.stringify(generation)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function totals(): Promise<Record<string, number>> {
  const { Item } = await localAws
    .doc()
    .send(new GetCommand({ TableName: localAws.table, Key: { PK: 'STATS', SK: 'TOTAL' } }));
  return (Item ?? {}) as Record<string, number>;
}
