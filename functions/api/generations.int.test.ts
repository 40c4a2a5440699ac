import { GetCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { api, createUser, localCloud, signIn } from '../../infra/local/testing';
import { type Generation, sceneCameraSchema } from '../../shared/schemas/generations';
import type { ProjectDetail } from '../../shared/schemas/projects';
import { localAws } from '../test/local-aws';
import { newProject, planRead, uploadFile } from '../test/projects-client';

type User = Awaited<ReturnType<typeof createUser>>;
let user: User;

beforeAll(async () => {
  user = await createUser('generator');
});

async function settled(
  token: string,
  projectId: string,
  generationId: string,
  timeoutMs = 45_000,
): Promise<Generation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api(`/api/projects/${projectId}/generations/${generationId}`, { token });
    const generation = (response.json as { generation: Generation }).generation;
    if (generation.status !== 'running') return generation;
    if (Date.now() > deadline) throw new Error(`generation still running: ${JSON.stringify(generation)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function projectWithDrawing(token: string, title: string) {
  const project = await newProject(token, { title, tags: ['Residential'] });
  const { completed } = await uploadFile(token, project.id, 'ground-floor.dxf', Buffer.from(planDxf()));
  expect(completed.status).toBe(200);
  return project;
}

describe('generations API on the local cloud (real state machine, local renderer)', () => {
  it('renders three variations into S3, completes renders and jobs, and moves the project through processing to completed', async () => {
    const token = user.tokens.idToken;
    const project = await projectWithDrawing(token, 'Courtyard House');
    const response = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Isometric architectural rendering', fidelity: 0.8 },
    });
    expect(response.status).toBe(202);
    const started = (response.json as { generation: Generation }).generation;
    const running = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(running.status).toBe('processing');
    expect(started.renders.map((r) => [r.variation, r.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [3, 'pending'],
    ]);

    const done = await settled(token, project.id, started.id);
    expect(done.status).toBe('completed');
    expect(done.succeeded).toBe(3);
    expect(done.analysis).toMatch(/wall/i);
    for (const render of done.renders) {
      expect(render.status).toBe('completed');
      const image = await fetch(render.imageUrl!);
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
      const preview = await fetch(render.previewUrl!);
      expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).format).toBe('webp');
    }

    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.status).toBe('completed');
    expect(detail.renderCount).toBe(3);
    // The project's picture: variation 1's card-sized WebP preview.
    const thumbnail = await fetch(detail.thumbnailUrl!);
    const thumbnailMeta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(thumbnailMeta).toMatchObject({ format: 'webp', width: 512 });
    const completedList = (await api('/api/projects?status=completed', { token })).json as {
      items: { id: string }[];
    };
    expect(completedList.items.map((p) => p.id)).toContain(project.id);
    expect(detail.renders.map((r) => r.style).sort()).toEqual(['variation-1', 'variation-2', 'variation-3']);
    expect(detail.renders.every((r) => r.status === 'completed' && r.renderUrl)).toBe(true);
    // The DXF now has its line drawing as preview.
    expect(detail.files[0]?.previewUrl).toMatch(/^http/);

    const [render] = done.renders;
    const stored = await localAws.doc().send(
      new GetCommand({
        TableName: localAws.table,
        Key: { PK: `PROJECT#${project.id}`, SK: `RENDER#${render!.id}` },
      }),
    );
    const job = await localAws.doc().send(
      new GetCommand({
        TableName: localAws.table,
        Key: { PK: `PROJECT#${project.id}`, SK: `JOB#${stored.Item!.jobId}` },
      }),
    );
    expect(job.Item).toMatchObject({
      status: 'completed',
      jobType: 'visualization_generation',
      completedAt: expect.any(String),
      inputData: {
        prompt: 'Isometric architectural rendering, enhanced lighting and detailed material textures',
        variation: 1,
        project: { title: 'Courtyard House', tags: ['Residential'] },
      },
      outputData: { analysis: done.analysis, variation: 1, imageUrl: expect.stringContaining(render!.id) },
    });
  });

  it('downloads a completed render as a PNG named from the project title and the variation', async () => {
    const token = user.tokens.idToken;
    const project = await projectWithDrawing(token, '../Riverside\u0007 House');
    const started = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Photorealistic exterior view with flamingos' },
    });
    const done = await settled(token, project.id, (started.json as { generation: Generation }).generation.id);
    const render = done.renders.find((r) => r.variation === 1)!;
    // What the local renderer read from the prompt, on the render: the words it had no use for listed.
    const reading = { understood: ['View: exterior'], notUnderstood: ['flamingos'] };
    expect(render.promptReading).toEqual(reading);
    // Rendered from the model's own camera: how much of its geometry the image kept is measured and stored.
    for (const r of done.renders) expect(r.geometryKept).toBeGreaterThan(0.6);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.renders.every((r) => JSON.stringify(r.promptReading) === JSON.stringify(reading))).toBe(
      true,
    );
    const response = await api(`/api/projects/${project.id}/renders/${render.id}/download`, { token });
    expect(response.status).toBe(200);
    const { url, fileName } = response.json as { url: string; fileName: string };
    expect(fileName).toBe('Riverside House - Lighting & materials.png');
    const file = await fetch(url);
    expect(file.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Riverside%20House%20-%20Lighting%20%26%20materials.png",
    );
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('png');
    const missing = await api(`/api/projects/${project.id}/renders/${'0'.repeat(26)}/download`, { token });
    expect(missing.status).toBe(404);
    expect(missing.json.error?.code).toBe('NOT_FOUND');
  });

  it('refines a completed render: one render of the same variation from its brief and the follow-up, in its thread', async () => {
    const token = user.tokens.idToken;
    const project = await projectWithDrawing(token, 'Refined House');
    const started = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Photorealistic exterior view' },
    });
    const parent = await settled(
      token,
      project.id,
      (started.json as { generation: Generation }).generation.id,
    );
    const target = parent.renders.find((r) => r.variation === 2)!;
    const refine = (body: unknown, key = `refine-${target.id}`) =>
      api(`/api/projects/${project.id}/renders/${target.id}/refine`, {
        token,
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      });
    const response = await refine({ prompt: 'white walls, add a flat roof, evening' });
    expect(response.status).toBe(202);
    const refinement = (response.json as { generation: Generation }).generation;
    expect(refinement.refines).toEqual({
      renderId: target.id,
      prompt: 'white walls, add a flat roof, evening',
    });
    expect(refinement.prompt).toBe('Photorealistic exterior view. white walls, add a flat roof, evening');
    expect(refinement.renders.map((r) => r.variation)).toEqual([2]);
    // The same key again: the same refinement, nothing new.
    const again = await refine({ prompt: 'white walls, add a flat roof, evening' });
    expect(again.status).toBe(202);
    expect((again.json as { generation: Generation }).generation.id).toBe(refinement.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const done = await settled(token, project.id, refinement.id);
    expect(done.status).toBe('completed');
    expect(done.renders[0]!.promptReading?.understood).toEqual([
      'Walls: white',
      'Roof: flat',
      'Time of day: dusk',
      'View: exterior',
    ]);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.renders).toHaveLength(4);
    const thread = detail.renders.filter((r) => r.refines?.renderId === target.id);
    expect(thread.map((r) => [r.status, r.refines?.prompt])).toEqual([
      ['completed', 'white walls, add a flat roof, evening'],
    ]);
    expect(detail.status).toBe('completed');
  });

  it('refuses a refinement that is empty, too long, of a failed or someone else’s render, with nothing written', async () => {
    const token = user.tokens.idToken;
    const project = await newProject(token, { title: 'Refine refusals' });
    const empty = Buffer.from('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n');
    await uploadFile(token, project.id, 'empty.dxf', empty);
    const started = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Night scene' },
    });
    const failed = await settled(
      token,
      project.id,
      (started.json as { generation: Generation }).generation.id,
    );
    expect(failed.status).toBe('failed');
    const renderId = failed.renders[0]!.id;
    const post = (body: unknown, as = token) =>
      api(`/api/projects/${project.id}/renders/${renderId}/refine`, { token: as, method: 'POST', body });
    for (const [body, message] of [
      [{ prompt: '   ' }, /describe what to change/],
      [{ prompt: 'x'.repeat(2001) }, /at most 2000/],
      [{ prompt: 'ok', extra: 1 }, /./],
      [{ prompt: 'white walls' }, /Only a completed render can be refined/],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json.error?.message).toMatch(message);
    }
    const stranger = await createUser('refine-stranger');
    expect((await post({ prompt: 'white walls' }, stranger.tokens.idToken)).status).toBe(404);
    const exported = await api(`/api/projects/${project.id}/renders/${renderId}/exports`, {
      token,
      method: 'POST',
      body: { size: 2048 },
    });
    expect(exported.status).toBe(400);
    expect(exported.json.error?.message).toMatch(/Only a completed render can be exported/);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.renders).toHaveLength(3);
  });

  it('exports a render at 2048 px asynchronously, stored beside it, and downloads it under its own name', async () => {
    const token = user.tokens.idToken;
    const project = await projectWithDrawing(token, 'High Res House');
    const started = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Photorealistic exterior view' },
    });
    const done = await settled(token, project.id, (started.json as { generation: Generation }).generation.id);
    const render = done.renders.find((r) => r.variation === 1)!;
    const exports = (body: unknown) =>
      api(`/api/projects/${project.id}/renders/${render.id}/exports`, { token, method: 'POST', body });
    const first = await exports({ size: 2048 });
    expect(first.status).toBe(202);
    expect(first.json).toEqual({ export: { size: 2048, status: 'processing' } });
    // Asked again while it is made: answered as it is, nothing started twice.
    expect((await exports({ size: 2048 })).status).toBe(200);
    for (const [body, message] of [
      [{ size: 1024 }, /Choose 2048 or 4096 pixels/],
      [{ size: '4096' }, /Choose 2048 or 4096 pixels/],
      [{}, /Choose 2048 or 4096 pixels/],
    ] as const) {
      const refused = await exports(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error?.message).toMatch(message);
    }
    const notYet = await api(`/api/projects/${project.id}/renders/${render.id}/download?size=4096`, {
      token,
    });
    expect(notYet.status).toBe(409);

    let state: string | undefined;
    for (let i = 0; i < 240 && state !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
      state = detail.renders.find((r) => r.id === render.id)?.exports?.['2048']?.status;
      expect(state).not.toBe('failed');
    }
    expect(state).toBe('ready');
    const download = await api(`/api/projects/${project.id}/renders/${render.id}/download?size=2048`, {
      token,
    });
    expect(download.status).toBe(200);
    const { url, fileName } = download.json as { url: string; fileName: string };
    expect(fileName).toBe('High Res House - Lighting & materials (2048 px).png');
    const image = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: 'png', width: 2048, height: 2048 });
    // The render itself stays as it was.
    const original = await api(`/api/projects/${project.id}/renders/${render.id}/download`, { token });
    const originalMeta = await sharp(
      Buffer.from(await (await fetch((original.json as { url: string }).url)).arrayBuffer()),
    ).metadata();
    expect(originalMeta.width).toBe(1024);

    // A system setting limits what is offered.
    const { admin } = localCloud();
    const root = (await signIn(admin.email, admin.password)).idToken;
    const setLargest = (value: number) =>
      api('/api/admin/settings/limits.max_export_size', { token: root, method: 'PATCH', body: { value } });
    expect((await setLargest(2048)).status).toBe(200);
    try {
      const refused = await exports({ size: 4096 });
      expect(refused.status).toBe(400);
      expect(refused.json.error?.message).toBe('Exports of 4096 px are not offered; the largest is 2048 px');
    } finally {
      await setLargest(4096);
    }
  });

  it('renders variations 1 and 3 from a camera placed on the 3D model, and keeps it on those renders', async () => {
    const token = user.tokens.idToken;
    const project = await projectWithDrawing(token, 'Camera House');
    const camera = { position: [-4, 1.6, 3], target: [6, 1.2, -4.5], fovDeg: 60 };
    const bad = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Photorealistic exterior view', camera: { ...camera, fovDeg: 200 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.message).toMatch(/field of view/);
    const blind = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Photorealistic exterior view', camera: { ...camera, target: camera.position } },
    });
    expect(blind.status).toBe(400);

    const placed = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Photorealistic exterior view', camera },
    });
    expect(placed.status).toBe(202);
    const started = (placed.json as { generation: Generation }).generation;
    expect(started.camera).toEqual(camera);
    const done = await settled(token, project.id, started.id);
    expect(done.status).toBe('completed');
    // 1 and 3 from the placed camera; 2 from the model's opposite corner (a photorealistic render takes the model's
    // cameras); each render keeps the camera it was made from.
    expect(done.renders.map((r) => r.camera)).toEqual([
      camera,
      expect.objectContaining({ fovDeg: 45 }),
      camera,
    ]);
    expect(done.renders[1]!.camera).not.toEqual(camera);

    // The same prompt without a camera renders variation 1 from the style's own framing: another image.
    const framed = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Photorealistic exterior view' },
    });
    const other = await settled(token, project.id, (framed.json as { generation: Generation }).generation.id);
    const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    const [fromCamera, fromStyle] = await Promise.all([
      bytesOf(done.renders[0]!.imageUrl!),
      bytesOf(other.renders[0]!.imageUrl!),
    ]);
    expect(fromCamera.equals(fromStyle)).toBe(false);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.renders.filter((r) => r.generationId === started.id).map((r) => r.camera)).toContainEqual(
      camera,
    );

    // An isometric generation is drawn in its own parallel projection: no camera, but each render names the camera
    // on the model nearest to it (where "Open in 3D" opens), in the generation and in the project's renders.
    const iso = await api(`/api/projects/${project.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'Isometric axonometric view' },
    });
    const isoDone = await settled(token, project.id, (iso.json as { generation: Generation }).generation.id);
    expect(isoDone.status).toBe('completed');
    for (const r of isoDone.renders) {
      expect(r.camera).toBeNull();
      expect(sceneCameraSchema.safeParse(r.viewpoint).success).toBe(true);
    }
    const isoDetail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(isoDetail.renders.find((r) => r.id === isoDone.renders[0]!.id)?.viewpoint).toEqual(
      isoDone.renders[0]!.viewpoint,
    );
  });

  it('renders the whole building: every level stacked, named in the analysis, refused with a drawing or without plans', async () => {
    const token = user.tokens.idToken;
    const project = await newProject(token, { title: 'Two-storey house' });
    const files = [
      await uploadFile(token, project.id, 'Grundriss EG.dxf', Buffer.from(planDxf())),
      await uploadFile(token, project.id, '1.OG.dxf', Buffer.from(planDxf())),
    ].map(({ ticket }) => ticket.file.id);
    for (const fileId of files) await planRead(token, project.id, fileId);
    const post = (body: Record<string, unknown>, projectId = project.id) =>
      api(`/api/projects/${projectId}/generations`, { token, method: 'POST', body });

    const both = await post({ prompt: 'Brick house at dusk', building: true, fileId: files[0] });
    expect(both.status).toBe(400);
    expect(both.json.error?.message).toBe('Choose a drawing or the whole building, not both');
    const empty = await newProject(token, { title: 'No plans yet' });
    const none = await post({ prompt: 'Brick house', building: true }, empty.id);
    expect(none.status).toBe(422);
    expect(none.json.error?.message).toMatch(/no building to visualise/);

    const response = await post({ prompt: 'Brick house at dusk', building: true });
    expect(response.status, response.text).toBe(202);
    const started = (response.json as { generation: Generation }).generation;
    expect(started).toMatchObject({ building: true, fileId: files[0] });
    const done = await settled(token, project.id, started.id);
    expect(done.renders.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    expect(done.analysis).toMatch(/^EG: .* 1\.OG: /);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    const renders = detail.renders.filter((r) => r.generationId === started.id);
    expect(renders.map((r) => r.building)).toEqual([true, true, true]);
  });

  it('validates: blank prompt, no uploaded file, unknown fields, other users', async () => {
    const token = user.tokens.idToken;
    const empty = await newProject(token, { title: 'Empty' });
    const blank = await api(`/api/projects/${empty.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.error?.message).toBe('Please ensure project is created and prompt is provided');
    const noFile = await api(`/api/projects/${empty.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'x' },
    });
    expect(noFile.status).toBe(400);
    expect(noFile.json.error).toMatchObject({
      code: 'NO_DRAWING',
      message: 'Please upload at least one file first',
    });
    const extra = await api(`/api/projects/${empty.id}/generations`, {
      token,
      method: 'POST',
      body: { prompt: 'x', model: 'y' },
    });
    expect(extra.status).toBe(400);
    const other = await createUser('not-owner');
    const foreign = await api(`/api/projects/${empty.id}/generations`, {
      token: other.tokens.idToken,
      method: 'POST',
      body: { prompt: 'x' },
    });
    expect(foreign.status).toBe(404);
  });

  it('returns the same generation for the same Idempotency-Key and starts nothing new', async () => {
    const token = user.tokens.idToken;
    const project = await projectWithDrawing(token, 'Idempotent');
    const request = () =>
      api(`/api/projects/${project.id}/generations`, {
        token,
        method: 'POST',
        body: { prompt: 'Night scene with ambient lighting' },
        headers: { 'idempotency-key': `retry-${project.id}` },
      });
    const [a, b] = [await request(), await request()];
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    const first = (a.json as { generation: Generation }).generation;
    expect((b.json as { generation: Generation }).generation.id).toBe(first.id);
    await settled(token, project.id, first.id);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.renders).toHaveLength(3);
    expect(detail.renderCount).toBe(3);
  });

  it('refuses an Idempotency-Key reused with a different request (422) and starts nothing', async () => {
    const token = user.tokens.idToken;
    const project = await projectWithDrawing(token, 'Idempotent mismatch');
    const post = (body: Record<string, unknown>) =>
      api(`/api/projects/${project.id}/generations`, {
        token,
        method: 'POST',
        body,
        headers: { 'idempotency-key': `mismatch-${project.id}` },
      });
    const first = await post({ prompt: 'Dusk, warm light' });
    expect(first.status).toBe(202);
    for (const body of [{ prompt: 'Noon, hard light' }, { prompt: 'Dusk, warm light', fidelity: 0.1 }]) {
      const again = await post(body);
      expect(again.status, JSON.stringify(body)).toBe(422);
      expect((again.json as { error: { code: string; message: string } }).error).toEqual({
        code: 'UNPROCESSABLE',
        message: expect.stringContaining('already used for a different request'),
      });
    }
    await settled(token, project.id, (first.json as { generation: Generation }).generation.id);
    const detail = (await api(`/api/projects/${project.id}`, { token })).json as unknown as ProjectDetail;
    expect(detail.renders).toHaveLength(3);
  });
});
