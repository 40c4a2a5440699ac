/**
 * A project's building through the local cloud: proposed from its drawings' names, saved by its owner only (every
 * level a drawing of the project with a plan, If-Match honoured), and exported as one glb and one IFC with a storey
 * per level.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import validator from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { IFCBUILDINGSTOREY, IFCRELCONTAINEDINSPATIALSTRUCTURE, IFCWALL, IfcAPI } from 'web-ifc';
import { planDxf, planSetPdf } from '../../engine/drawing/fixtures/plan';
import { api, createUser } from '../../infra/local/testing';
import type { Level, ProjectBuilding } from '../../shared/building/schema';
import { type PlanModel, planModelSchema } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { localAws } from '../test/local-aws';
import { newProject, uploadFile } from '../test/projects-client';

type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;

beforeAll(async () => {
  [owner, other] = await Promise.all([createUser('building-owner'), createUser('building-other')]);
});

async function settledPlan(token: string, projectId: string, fileId: string): Promise<PlanModel> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await api(`/api/projects/${projectId}/files/${fileId}/plan`, { token });
    const plan = planModelSchema.parse((response.json as { plan: unknown }).plan);
    if (plan.status !== 'processing') return plan;
    if (Date.now() > deadline) throw new Error('the plan was still processing after 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A project of two storeys of the test house, uploaded upper floor first. */
async function twoStoreyProject(token: string) {
  const project = await newProject(token, { title: 'Two storeys' });
  const upper = await uploadFile(token, project.id, '1.OG.dxf', Buffer.from(planDxf()));
  const ground = await uploadFile(token, project.id, 'Grundriss EG.dxf', Buffer.from(planDxf()));
  const plans = await Promise.all(
    [upper, ground].map(({ ticket }) => settledPlan(token, project.id, ticket.file.id)),
  );
  return {
    projectId: project.id,
    upperId: upper.ticket.file.id,
    groundId: ground.ticket.file.id,
    plan: plans[1]!,
  };
}

const buildingUrl = (projectId: string) => `/api/projects/${projectId}/building`;

async function download(path: string, token: string): Promise<Uint8Array> {
  const answer = await api(path, { token });
  expect(answer.status, answer.text).toBe(200);
  return new Uint8Array(await (await fetch((answer.json as { url: string }).url)).arrayBuffer());
}

describe('a project is one building', () => {
  it('proposes the levels from the drawings’ names, ground floor first, floor on floor', async () => {
    const token = owner.tokens.idToken;
    const { projectId, upperId, groundId, plan } = await twoStoreyProject(token);
    const answer = await api(buildingUrl(projectId), { token });
    expect(answer.status, answer.text).toBe(200);
    const { building } = answer.json as { building: ProjectBuilding };
    expect(building).toMatchObject({ proposed: true, revision: 0, warnings: [] });
    const storey = (plan.storeyHeight ?? 0) + 0.2;
    expect(building.levels.map((l) => [l.name, l.fileId, l.elevationM])).toEqual([
      ['EG', groundId, 0],
      ['1.OG', upperId, Math.round(storey * 1000) / 1000],
    ]);
    // The same house above: placed right over the ground floor by its footprint.
    expect(building.levels[1]).toMatchObject({ rotationDeg: 0, offsetM: [0, 0] });
    for (const caller of [other.tokens.idToken, undefined])
      expect((await api(buildingUrl(projectId), { token: caller })).status).toBe(caller ? 404 : 401);
  });

  it('saves the owner’s levels only when each is a drawing of the project with walls, honouring If-Match', async () => {
    const token = owner.tokens.idToken;
    const { projectId, upperId, groundId } = await twoStoreyProject(token);
    const stranger = await newProject(other.tokens.idToken, { title: 'Not yours' });
    const foreign = await uploadFile(other.tokens.idToken, stranger.id, 'x.dxf', Buffer.from(planDxf()));
    const levels: Level[] = [
      { name: 'Ground floor', fileId: groundId, elevationM: 0, rotationDeg: 0, offsetM: [0, 0] },
      {
        name: 'First floor',
        fileId: upperId,
        elevationM: 3.1,
        storeyHeightM: 2.6,
        rotationDeg: 90,
        offsetM: [0, 9],
      },
    ];
    const put = (body: unknown, headers: Record<string, string> = {}, caller = token) =>
      api(buildingUrl(projectId), { token: caller, method: 'PUT', body, headers });

    const refused = [
      await put({ levels: [{ ...levels[0]!, fileId: foreign.ticket.file.id }] }),
      await put({ levels: [{ ...levels[0]!, rotationDeg: 45 }] }),
      await put({ levels: Array.from({ length: 51 }, () => levels[0]) }),
      await put({ levels: [] }),
      await put({ levels, extra: true }),
    ];
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(400);
      expect((answer.json as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect((refused[0]!.json as { error: { message: string } }).error.message).toMatch(
      /Level 1 \(Ground floor\): its drawing is not one of this project/,
    );
    expect((await put({ levels }, {}, other.tokens.idToken)).status).toBe(404);

    const saved = await put({ levels }, { 'if-match': '"0"' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.get('etag')).toBe('"1"');
    expect((saved.json as { building: ProjectBuilding }).building).toMatchObject({
      proposed: false,
      revision: 1,
      levels,
    });
    const stale = await put({ levels: [levels[0]] }, { 'if-match': '"0"' });
    expect(stale.status).toBe(412);
    const again = (await api(buildingUrl(projectId), { token })).json as { building: ProjectBuilding };
    expect(again.building.levels).toEqual(levels);

    // Deleting a level's drawing leaves it out, with a warning; deleting the project removes the building.
    expect(
      (await api(`/api/projects/${projectId}/files/${upperId}`, { token, method: 'DELETE' })).status,
    ).toBe(204);
    const after = (await api(buildingUrl(projectId), { token })).json as { building: ProjectBuilding };
    expect(after.building.levels.map((l) => l.name)).toEqual(['Ground floor']);
    expect(after.building.warnings[0]).toMatch(/First floor has no drawing with a plan/);
    expect((await api(`/api/projects/${projectId}`, { token, method: 'DELETE' })).status).toBe(204);
    const { Item } = await localAws
      .doc()
      .send(
        new GetCommand({ TableName: localAws.table, Key: { PK: `PROJECT#${projectId}`, SK: 'BUILDING' } }),
      );
    expect(Item).toBeUndefined();
  });

  it('exports the building as one glb with a node per storey and one IFC with an IfcBuildingStorey per level', async () => {
    const token = owner.tokens.idToken;
    const { projectId, upperId, groundId, plan } = await twoStoreyProject(token);
    const levels: Level[] = [
      { name: 'Ground floor', fileId: groundId, elevationM: 0, rotationDeg: 0, offsetM: [0, 0] },
      { name: 'First floor', fileId: upperId, elevationM: 3, rotationDeg: 0, offsetM: [0, 0] },
    ];
    expect((await api(buildingUrl(projectId), { token, method: 'PUT', body: { levels } })).status).toBe(200);
    const wallsPerStorey = buildScene(plan).walls.length;

    const glb = await download(`${buildingUrl(projectId)}/model?format=glb`, token);
    expect((await validator.validateBytes(glb)).issues.numErrors).toBe(0);
    const gltf = JSON.parse(
      new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer).getUint32(12, true))),
    ) as {
      nodes: { name: string; children?: number[]; translation?: number[] }[];
      scenes: { nodes: number[] }[];
    };
    const root = gltf.nodes[gltf.scenes[0]!.nodes[0]!]!;
    const storeys = root.children!.map((i) => gltf.nodes[i]!);
    expect(storeys.map((s) => [s.name, s.translation?.[1]])).toEqual([
      ['Ground floor', 0],
      ['First floor', 3],
    ]);
    for (const storey of storeys)
      expect(storey.children!.filter((i) => gltf.nodes[i]!.name.startsWith('Wall '))).toHaveLength(
        wallsPerStorey,
      );

    const ifc = new IfcAPI();
    await ifc.Init();
    const model = ifc.OpenModel(await download(`${buildingUrl(projectId)}/model?format=ifc`, token));
    try {
      const lines = (type: number) => {
        const ids = ifc.GetLineIDsWithType(model, type);
        return Array.from({ length: ids.size() }, (_, i) => ifc.GetLine(model, ids.get(i)));
      };
      const ifcStoreys = lines(IFCBUILDINGSTOREY);
      expect(ifcStoreys.map((s) => [s.Name.value, Number(s.Elevation.value)])).toEqual([
        ['Ground floor', 0],
        ['First floor', 3],
      ]);
      const held = lines(IFCRELCONTAINEDINSPATIALSTRUCTURE);
      for (const storey of ifcStoreys) {
        const rel = held.find((r) => r.RelatingStructure.value === storey.expressID)!;
        const walls = rel.RelatedElements.filter(
          (e: { value: number }) => ifc.GetLine(model, e.value).type === IFCWALL,
        );
        expect(walls).toHaveLength(wallsPerStorey);
      }
    } finally {
      ifc.CloseModel(model);
    }
    expect((await api(`${buildingUrl(projectId)}/model?format=obj`, { token })).status).toBe(400);
    expect((await api(`${buildingUrl(projectId)}/model`, { token: other.tokens.idToken })).status).toBe(404);
  });

  it('takes the storeys of a set of plans in one PDF as levels, one page each, and lets the share page see them', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'A set of plans' });
    const pdf = await planSetPdf(['Second floor plan', 'Ground floor plan', 'First floor plan']);
    const { ticket } = await uploadFile(token, project.id, 'house-plans.pdf', Buffer.from(pdf));
    const fileId = ticket.file.id;
    const own = await settledPlan(token, project.id, fileId);
    expect(own.source.view).toBe('Page 1: Second floor plan');
    // The other pages are read after the file's own plan: the building has three levels once they are.
    const deadline = Date.now() + 60_000;
    let building: ProjectBuilding;
    for (;;) {
      building = ((await api(buildingUrl(project.id), { token })).json as { building: ProjectBuilding })
        .building;
      if (building.levels.length === 3 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    const storey = Math.round(((own.storeyHeight ?? 0) + 0.2) * 1000) / 1000;
    expect(building.levels.map((l) => [l.name, l.fileId, l.viewId, l.elevationM, l.offsetM])).toEqual([
      ['Ground floor', fileId, 'page-2', 0, [0, 0]],
      ['First floor', fileId, 'page-3', storey, [0, 0]],
      ['Second floor', fileId, undefined, Math.round(2 * storey * 1000) / 1000, [0, 0]],
    ]);
    expect(building.warnings).toEqual([]);

    const storeyPlan = await api(`/api/projects/${project.id}/files/${fileId}/plan?view=page-2`, { token });
    expect(storeyPlan.status, storeyPlan.text).toBe(200);
    const ground = planModelSchema.parse((storeyPlan.json as { plan: unknown }).plan);
    expect([ground.source.view, ground.walls.length]).toEqual([
      'Page 2: Ground floor plan',
      own.walls.length,
    ]);
    expect(
      (await api(`/api/projects/${project.id}/files/${fileId}/plan?view=page-9`, { token })).status,
    ).toBe(404);
    expect((await api(`/api/projects/${project.id}/files/${fileId}/plan?view=../x`, { token })).status).toBe(
      400,
    );
    expect(
      (
        await api(`/api/projects/${project.id}/files/${fileId}/plan?view=page-2`, {
          token: other.tokens.idToken,
        })
      ).status,
    ).toBe(404);

    // The user picks page 2 as the drawing's plan: still three levels, page 1 now one of the other storeys.
    const picked = await api(`/api/projects/${project.id}/files/${fileId}/plan`, {
      token,
      method: 'PATCH',
      body: { viewId: 'page-2' },
    });
    expect(picked.status, picked.text).toBe(200);
    expect((await settledPlan(token, project.id, fileId)).source.view).toBe('Page 2: Ground floor plan');
    // A level naming page 2 is now the drawing's own plan, with the user's corrections (a scale set here).
    const scaled = await api(`/api/projects/${project.id}/files/${fileId}/plan`, {
      token,
      method: 'PATCH',
      body: { metresPerUnit: 0.0005 },
    });
    expect(scaled.status, scaled.text).toBe(200);
    const asLevel = await api(`/api/projects/${project.id}/files/${fileId}/plan?view=page-2`, { token });
    expect((asLevel.json as { plan: PlanModel }).plan.space).toMatchObject({ metresPerUnit: 0.0005 });
    building = ((await api(buildingUrl(project.id), { token })).json as { building: ProjectBuilding })
      .building;
    expect(building.levels.map((l) => [l.name, l.viewId])).toEqual([
      ['Ground floor', undefined],
      ['First floor', 'page-3'],
      ['Second floor', 'page-1'],
    ]);

    const notAStorey = await api(buildingUrl(project.id), {
      token,
      method: 'PUT',
      body: { levels: [{ ...building.levels[0]!, viewId: 'page-7' }] },
    });
    expect(notAStorey.status).toBe(400);
    expect(notAStorey.text).toContain('page 7 of its drawing house-plans is not a plan with walls');
    expect(
      (await api(buildingUrl(project.id), { token, method: 'PUT', body: { levels: building.levels } }))
        .status,
    ).toBe(200);

    const shared = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
    const key = new URL(String((shared.json as { url: string }).url)).searchParams.get('k')!;
    const publicPlan = await api(
      `/api/public/projects/${project.id}/files/${fileId}/plan?k=${key}&view=page-3`,
    );
    expect(publicPlan.status, publicPlan.text).toBe(200);
    expect((publicPlan.json as { plan: PlanModel }).plan.source.view).toBe('Page 3: First floor plan');

    const glb = await download(`${buildingUrl(project.id)}/model?format=glb`, token);
    expect((await validator.validateBytes(glb)).issues.numErrors).toBe(0);
    // Deleting the drawing deletes the storeys' plans with it.
    expect(
      (await api(`/api/projects/${project.id}/files/${fileId}`, { token, method: 'DELETE' })).status,
    ).toBe(204);
    const listed = await localAws
      .s3()
      .send(new ListObjectsV2Command({ Bucket: localAws.rendersBucket, Prefix: `plans/${fileId}` }));
    expect(listed.Contents ?? []).toEqual([]);
  });

  it('has no building to export before any drawing has a plan with walls', async () => {
    const token = owner.tokens.idToken;
    const project = await newProject(token, { title: 'Empty' });
    const answer = await api(`${buildingUrl(project.id)}/model?format=glb`, { token });
    expect(answer.status).toBe(422);
    expect((await api(buildingUrl(project.id), { token })).json).toMatchObject({
      building: { levels: [], proposed: true },
    });
  });
});
