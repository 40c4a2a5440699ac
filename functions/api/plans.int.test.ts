/**
 * The plan model through the local cloud: read asynchronously after an upload completes, returned to the owner
 * only, corrected and kept, and failing with a message a user can act on.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import validator from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { IFCDOOR, IFCSPACE, IFCWALL, IFCWINDOW, IfcAPI } from 'web-ifc';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { api, createUser, localCloud, signIn } from '../../infra/local/testing';
import { drawingLinesResponseSchema, type PlanModel, planModelSchema } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import type { ProjectDetail } from '../../shared/schemas/projects';
import { localAws } from '../test/local-aws';
import { newProject, uploadFile } from '../test/projects-client';
import { dwgFixture } from '../test/upload-fixtures';

type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;

beforeAll(async () => {
  [owner, other] = await Promise.all([createUser('plan-owner'), createUser('plan-other')]);
});

const planUrl = (projectId: string, fileId: string) => `/api/projects/${projectId}/files/${fileId}/plan`;

/** Polls the plan until it is no longer processing (the read runs after the upload's answer). */
async function settledPlan(token: string, projectId: string, fileId: string): Promise<PlanModel> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await api(planUrl(projectId, fileId), { token });
    expect(response.status).toBe(200);
    const plan = planModelSchema.parse((response.json as { plan: unknown }).plan);
    if (plan.status !== 'processing') return plan;
    if (Date.now() > deadline) throw new Error('the plan was still processing after 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function uploadedPlan(token: string, name: string, bytes: Buffer) {
  const project = await newProject(token, { title: `Plan of ${name}` });
  const { ticket, completed } = await uploadFile(token, project.id, name, bytes);
  expect(completed.status).toBe(200);
  expect((completed.json as { planStatus?: string }).planStatus).toBe('processing');
  return { projectId: project.id, fileId: ticket.file.id };
}

describe('plan model API', () => {
  it('reads a DXF after its upload: walls, openings and rooms in millimetres, a preview, owner only', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId } = await uploadedPlan(token, 'house.dxf', Buffer.from(planDxf()));
    const plan = await settledPlan(token, projectId, fileId);
    expect(plan).toMatchObject({ status: 'ready', source: { format: 'dxf' } });
    expect(plan.space).toMatchObject({
      units: 'mm',
      metresPerUnit: 0.001,
      scaleGuessed: false,
      yDown: false,
    });
    expect(plan.walls.length).toBeGreaterThan(0);
    expect(plan.rooms.length).toBeGreaterThan(0);
    for (const room of plan.rooms) expect(room.areaM2).toBeGreaterThan(1);

    const detail = (await api(`/api/projects/${projectId}`, { token })).json as unknown as ProjectDetail;
    const file = detail.files.find((f) => f.id === fileId)!;
    expect(file.planStatus).toBe('ready');
    expect(file.previewUrl).not.toBeNull();
    await localAws
      .s3()
      .send(new HeadObjectCommand({ Bucket: localAws.rendersBucket, Key: `plans/${fileId}.json` }));

    // The drawing's own lines the editor snaps to, in the plan's space (the walls' faces and closers among them).
    const lines = await api(`${planUrl(projectId, fileId)}/lines`, { token });
    expect(lines.status).toBe(200);
    const { lines: drawn } = drawingLinesResponseSchema.parse(lines.json);
    expect(drawn.length).toBeGreaterThan(0);
    const { minX, minY, maxX, maxY } = plan.space.bounds!;
    for (const [x1, y1, x2, y2] of drawn)
      for (const [x, y] of [
        [x1, y1],
        [x2, y2],
      ] as const) {
        expect(x).toBeGreaterThanOrEqual(minX);
        expect(x).toBeLessThanOrEqual(maxX);
        expect(y).toBeGreaterThanOrEqual(minY);
        expect(y).toBeLessThanOrEqual(maxY);
      }

    for (const caller of [other.tokens.idToken, undefined]) {
      const response = await api(planUrl(projectId, fileId), { token: caller });
      expect(response.status).toBe(caller ? 404 : 401);
      expect((await api(`${planUrl(projectId, fileId)}/lines`, { token: caller })).status).toBe(
        caller ? 404 : 401,
      );
    }
    expect(
      (
        await api(planUrl(projectId, fileId), {
          token: other.tokens.idToken,
          method: 'PATCH',
          body: { metresPerUnit: 1 },
        })
      ).status,
    ).toBe(404);
  });

  it('keeps a scale correction: geometry unchanged, areas follow, no longer guessed', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId } = await uploadedPlan(token, 'scaled.dxf', Buffer.from(planDxf()));
    const before = await settledPlan(token, projectId, fileId);
    const response = await api(planUrl(projectId, fileId), {
      token,
      method: 'PATCH',
      body: { metresPerUnit: 0.002 },
    });
    expect(response.status).toBe(200);
    const after = planModelSchema.parse((response.json as { plan: unknown }).plan);
    expect(after.walls).toEqual(before.walls);
    expect(after.space).toMatchObject({ metresPerUnit: 0.002, scaleGuessed: false, scaleSource: 'user' });
    expect(after.rooms[0]!.areaM2).toBeCloseTo(before.rooms[0]!.areaM2 * 4, 1);
    expect(await settledPlan(token, projectId, fileId)).toEqual(after);
  });

  it('reads the drawing again for another view, keeping every correction', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId } = await uploadedPlan(token, 'views.dxf', Buffer.from(planDxf()));
    await settledPlan(token, projectId, fileId);
    await api(planUrl(projectId, fileId), { token, method: 'PATCH', body: { metresPerUnit: 0.001 } });
    const response = await api(planUrl(projectId, fileId), {
      token,
      method: 'PATCH',
      body: { viewId: 'view-1' },
    });
    expect(response.status).toBe(200);
    expect((response.json as { plan: PlanModel }).plan.status).toBe('processing');
    const plan = await settledPlan(token, projectId, fileId);
    expect(plan.corrections).toEqual({ metresPerUnit: 0.001, viewId: 'view-1' });
    expect(plan.space.scaleSource).toBe('user');
  });

  it('refuses corrections that are not corrections', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId } = await uploadedPlan(token, 'bad.dxf', Buffer.from(planDxf()));
    await settledPlan(token, projectId, fileId);
    for (const body of [
      { metresPerUnit: 0 },
      { metresPerUnit: -1 },
      { viewId: 'page-x' },
      { walls: [] },
      [],
    ]) {
      const response = await api(planUrl(projectId, fileId), { token, method: 'PATCH', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.json as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('says why a drawing could not be read', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId } = await uploadedPlan(token, 'broken.dwg', dwgFixture());
    const plan = await settledPlan(token, projectId, fileId);
    expect(plan.status).toBe('failed');
    expect(plan.message).toMatch(/DWG/);
    expect(plan.walls).toEqual([]);
    const detail = (await api(`/api/projects/${projectId}`, { token })).json as unknown as ProjectDetail;
    expect(detail.files[0]).toMatchObject({ planStatus: 'failed', planMessage: plan.message });
  });

  it('exports the 3D model as a glTF binary the Khronos validator passes, owner only, with a sensible name', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId } = await uploadedPlan(token, 'Ground floor.dxf', Buffer.from(planDxf()));
    const plan = await settledPlan(token, projectId, fileId);
    const url = `/api/projects/${projectId}/files/${fileId}/model`;
    const answer = await api(`${url}?format=glb`, { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ fileName: 'Ground floor-model.glb', expiresIn: 300 });
    const download = await fetch((answer.json as { url: string }).url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;.*Ground%20floor-model\.glb/);
    const glb = new Uint8Array(await download.arrayBuffer());
    const report = await validator.validateBytes(glb);
    expect(report.issues.numErrors).toBe(0);
    const jsonLength = new DataView(glb.buffer).getUint32(12, true);
    const gltf = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as {
      nodes: { name: string }[];
    };
    const names = gltf.nodes.map((n) => n.name);
    // One node per wall of the model: the plan's, and those built across its doors and windows.
    expect(names.filter((n) => n.startsWith('Wall '))).toHaveLength(buildScene(plan).walls.length);
    expect(names.filter((n) => n.startsWith('Door ') || n.startsWith('Window ')).length).toBeGreaterThan(0);
    expect(names).toContain('Building');
    // The default format is glb; other formats, and other people, are refused.
    expect((await api(url, { token })).status).toBe(200);
    expect((await api(`${url}?format=obj`, { token })).status).toBe(400);
    expect((await api(url, { token: other.tokens.idToken })).status).toBe(404);
  });

  it("exports the model as IFC4 that web-ifc reads back with the plan's walls, doors, windows and spaces", async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId } = await uploadedPlan(token, 'Ground floor.dxf', Buffer.from(planDxf()));
    const plan = await settledPlan(token, projectId, fileId);
    const answer = await api(`/api/projects/${projectId}/files/${fileId}/model?format=ifc`, { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ fileName: 'Ground floor-model.ifc', expiresIn: 300 });
    const download = await fetch((answer.json as { url: string }).url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;.*Ground%20floor-model\.ifc/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    const ifc = new IfcAPI();
    await ifc.Init();
    const model = ifc.OpenModel(bytes);
    const count = (type: number) => ifc.GetLineIDsWithType(model, type).size();
    const scene = buildScene(plan);
    expect(count(IFCWALL)).toBe(scene.walls.length);
    expect(count(IFCDOOR)).toBe(scene.openings.filter((o) => o.kind === 'door').length);
    expect(count(IFCWINDOW)).toBe(scene.openings.filter((o) => o.kind === 'window').length);
    expect(count(IFCSPACE)).toBe(plan.rooms.length);
    expect(count(IFCDOOR) + count(IFCWINDOW)).toBeGreaterThan(0);
    ifc.CloseModel(model);
  });

  it('builds every model at the storey height of the system settings, which the plan answer carries', async () => {
    const token = owner.tokens.idToken;
    const { admin } = localCloud();
    const root = (await signIn(admin.email, admin.password)).idToken;
    const setHeight = (value: number) =>
      api('/api/admin/settings/rendering.storey_height', { token: root, method: 'PATCH', body: { value } });
    const { projectId, fileId } = await uploadedPlan(token, 'Tall.dxf', Buffer.from(planDxf()));
    expect((await settledPlan(token, projectId, fileId)).storeyHeight).toBe(2.7);
    expect((await setHeight(3.2)).status).toBe(200);
    try {
      const plan = (await api(`/api/projects/${projectId}/files/${fileId}/plan`, { token })).json as {
        plan: PlanModel;
      };
      expect(plan.plan.storeyHeight).toBe(3.2);
      const answer = await api(`/api/projects/${projectId}/files/${fileId}/model?format=glb`, { token });
      const glb = new Uint8Array(await (await fetch((answer.json as { url: string }).url)).arrayBuffer());
      const jsonLength = new DataView(glb.buffer).getUint32(12, true);
      const gltf = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as {
        extras: { storeyHeight: number };
        nodes: { name: string; extras?: { height?: number } }[];
      };
      expect(gltf.extras.storeyHeight).toBe(3.2);
      expect(gltf.nodes.find((n) => n.name === 'Wall 1')?.extras?.height).toBe(3.2);
      expect((await setHeight(1)).status).toBe(400);
    } finally {
      expect((await setHeight(2.7)).status).toBe(200);
    }
  });

  it('has no model to export for a drawing without walls, and says why', async () => {
    const token = owner.tokens.idToken;
    const empty = Buffer.from(
      '0\nSECTION\n2\nENTITIES\n0\nLINE\n8\n0\n10\n0\n20\n0\n11\n1\n21\n0\n0\nENDSEC\n0\nEOF\n',
    );
    const { projectId, fileId } = await uploadedPlan(token, 'stroke.dxf', empty);
    await settledPlan(token, projectId, fileId);
    const answer = await api(`/api/projects/${projectId}/files/${fileId}/model`, { token });
    expect(answer.status).toBe(422);
    expect(answer.json.error?.code).toBe('UNPROCESSABLE');
  });
});
