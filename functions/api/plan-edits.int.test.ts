/**
 * Editing a plan through the local cloud (#30): edits by stable ids under optimistic concurrency, kept and applied
 * on top of every later reading, refused with a clear 400 when they do not fit, owner only, and what the share link
 * and the exported model show.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { IFCSPACE, IFCWALL, IFCWINDOW, IfcAPI } from 'web-ifc';
import { PLAN, planDxf } from '../../engine/drawing/fixtures/plan';
import { api, createUser } from '../../infra/local/testing';
import type { PlanEdit } from '../../shared/plan/edits';
import { type PlanModel, type PlanWall, planModelSchema } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { keysIn, localAws } from '../test/local-aws';
import { newProject, uploadFile } from '../test/projects-client';

type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;

beforeAll(async () => {
  [owner, other] = await Promise.all([createUser('plan-editor'), createUser('plan-stranger')]);
});

const planUrl = (projectId: string, fileId: string) => `/api/projects/${projectId}/files/${fileId}/plan`;

async function settledPlan(token: string, projectId: string, fileId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await api(planUrl(projectId, fileId), { token });
    expect(response.status).toBe(200);
    const plan = planModelSchema.parse((response.json as { plan: unknown }).plan);
    if (plan.status !== 'processing') return { plan, etag: response.headers.get('etag') };
    if (Date.now() > deadline) throw new Error('the plan was still processing after 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function readHouse(token: string) {
  const project = await newProject(token, { title: 'House to edit' });
  const { ticket } = await uploadFile(token, project.id, 'house.dxf', Buffer.from(planDxf()));
  const fileId = ticket.file.id;
  return { projectId: project.id, fileId, ...(await settledPlan(token, project.id, fileId)) };
}

/** The wall read on the centreline x = `x` (mm) that reaches furthest up. */
const wallOnX = (plan: PlanModel, x: number): PlanWall =>
  plan.walls
    .filter((w) => Math.abs(w.a[0] - x) < 150 && Math.abs(w.b[0] - x) < 150)
    .sort((p, q) => Math.max(q.a[1], q.b[1]) - Math.max(p.a[1], p.b[1]))[0]!;

function patch(token: string, projectId: string, fileId: string, body: unknown, etag?: string | null) {
  return api(planUrl(projectId, fileId), {
    token,
    method: 'PATCH',
    body,
    ...(etag ? { headers: { 'If-Match': etag } } : {}),
  });
}

describe('plan edits API', () => {
  it('applies edits under If-Match, keeps them through another reading, refuses a stale version, resets', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId, plan, etag } = await readHouse(token);
    expect(etag).toBe(`"${plan.revision}"`);
    expect(plan.walls.every((w) => w.id)).toBe(true);
    expect(plan.rooms).toHaveLength(PLAN.rooms);

    // Take the partition between the west room and the north-east room away, name the room that makes, and add a
    // window to the south wall of the east room.
    const partition = wallOnX(plan, 7000);
    const edits: PlanEdit[] = [
      { op: 'delete-wall', id: partition.id! },
      { op: 'name-room', at: [3000, 6000], name: 'Open plan' },
      { op: 'add-opening', id: 'new-window', kind: 'window', a: [10000, 9000], b: [11200, 9000], sillM: 1.1 },
    ];
    const edited = await patch(token, projectId, fileId, { edits }, etag);
    expect(edited.status, edited.text).toBe(200);
    const after = planModelSchema.parse((edited.json as { plan: unknown }).plan);
    expect(after.revision).toBe(plan.revision! + 1);
    expect(edited.headers.get('etag')).toBe(`"${after.revision}"`);
    expect(after.walls.map((w) => w.id)).not.toContain(partition.id);
    expect(after.rooms).toHaveLength(PLAN.rooms - 1);
    expect(after.rooms.map((r) => r.label)).toContain('Open plan');
    expect(after.openings.find((o) => o.id === 'new-window')).toMatchObject({ kind: 'window', sillM: 1.1 });
    expect(after.editCount).toBe(3);

    // The same edit again on the version it was made for: 412, and nothing written.
    const stale = await patch(
      token,
      projectId,
      fileId,
      { edits: [{ op: 'delete-wall', id: after.walls[0]!.id! }] },
      etag,
    );
    expect(stale.status).toBe(412);
    expect(stale.json.error?.code).toBe('PRECONDITION_FAILED');
    expect((await settledPlan(token, projectId, fileId)).plan).toEqual(after);

    // The 3D model (here its IFC, read back) is built from the edited plan: one wall fewer, the new window, the
    // merged rooms.
    const model = await api(`/api/projects/${projectId}/files/${fileId}/model?format=ifc`, { token });
    expect(model.status).toBe(200);
    const ifc = new IfcAPI();
    await ifc.Init();
    const bytes = new Uint8Array(await (await fetch((model.json as { url: string }).url)).arrayBuffer());
    const ifcModel = ifc.OpenModel(bytes);
    const count = (type: number) => ifc.GetLineIDsWithType(ifcModel, type).size();
    const scene = buildScene(after);
    expect(count(IFCWALL)).toBe(scene.walls.length);
    expect(count(IFCWINDOW)).toBe(scene.openings.filter((o) => o.kind === 'window').length);
    expect(count(IFCWINDOW)).toBeGreaterThan(
      buildScene(plan).openings.filter((o) => o.kind === 'window').length,
    );
    expect(count(IFCSPACE)).toBe(PLAN.rooms - 1);
    ifc.CloseModel(ifcModel);

    // Another reading of the drawing (here: a known scale and the view again) keeps the edits on top.
    const reread = await patch(token, projectId, fileId, { viewId: 'view-1' }, `"${after.revision}"`);
    expect(reread.status).toBe(200);
    const again = (await settledPlan(token, projectId, fileId)).plan;
    expect(again.walls.map((w) => w.id)).not.toContain(partition.id);
    expect(again.rooms.map((r) => r.label)).toContain('Open plan');
    expect(again.editCount).toBe(3);

    // Reset to what was read.
    const reset = await patch(token, projectId, fileId, { resetEdits: true });
    expect(reset.status).toBe(200);
    const original = (await settledPlan(token, projectId, fileId)).plan;
    expect(original.walls.map((w) => w.id)).toContain(partition.id);
    expect(original.editCount).toBeUndefined();
    expect(original.rooms).toHaveLength(PLAN.rooms);
  });

  it('refuses edits that do not fit with a 400 that says which and why, and writes nothing', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId, plan, etag } = await readHouse(token);
    const wall = plan.walls[0]!;
    const cases: [unknown, RegExp][] = [
      [{ edits: [{ op: 'add-wall', id: 'x1', a: [0, 0], b: [1000, 0], thickness: 5000 }] }, /0.02–2 m/],
      [{ edits: [{ op: 'add-wall', id: 'x1', a: [0, 0], b: [1e9, 0], thickness: 200 }] }, /10 times/],
      [
        { edits: [{ op: 'add-opening', id: 'd1', kind: 'door', a: [4000, 4000], b: [4900, 4000] }] },
        /not on a wall/,
      ],
      [{ edits: [{ op: 'delete-wall', id: 'no-such-wall' }] }, /no wall no-such-wall/],
      // A room is named only once the rooms are found again: the walls moved first are not kept either.
      [
        {
          edits: [
            { op: 'change-wall', id: wall.id, thickness: 240 },
            { op: 'name-room', at: [-20000, -20000], name: 'Nowhere' },
          ],
        },
        /Edit 2 \(name-room\).*in no room/,
      ],
      [{ edits: [{ op: 'change-wall', id: wall.id, a: [Number.NaN, 0] }] }, /./],
      [{ edits: [{ op: 'explode-wall', id: wall.id }] }, /./],
      [{ edits: Array.from({ length: 1001 }, () => ({ op: 'delete-wall', id: wall.id })) }, /./],
      [{ edits: [] }, /./],
    ];
    for (const [body, message] of cases) {
      const response = await patch(token, projectId, fileId, body, etag);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.json.error?.code).toBe('VALIDATION_FAILED');
      expect(response.json.error?.message).toMatch(message);
    }
    const unchanged = await settledPlan(token, projectId, fileId);
    expect(unchanged.plan).toEqual(plan);
    expect(unchanged.etag).toBe(etag);
    expect((await patch(token, projectId, fileId, { edits: [] }, 'not-an-etag')).status).toBe(400);
  });

  it("answers edit after edit from the plan it last wrote, and the file's verdict follows the edited plan", async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId, plan, etag } = await readHouse(token);
    const verdictListed = async () => {
      const project = await api(`/api/projects/${projectId}`, { token });
      const files = (project.json as { files: { id: string; planVerdict?: string }[] }).files;
      return files.find((f) => f.id === fileId)?.planVerdict;
    };
    expect(plan.check?.verdict).toBe('looks-right');
    expect(await verdictListed()).toBe('looks-right');

    // Every wall but one taken away: no room is left, and the plan is worth checking.
    const [kept, ...rest] = plan.walls;
    const emptied = await patch(
      token,
      projectId,
      fileId,
      { edits: rest.map((w) => ({ op: 'delete-wall', id: w.id })) },
      etag,
    );
    expect(emptied.status, emptied.text).toBe(200);
    const bare = planModelSchema.parse((emptied.json as { plan: unknown }).plan);
    expect(bare.walls.map((w) => w.id)).toEqual([kept!.id]);
    expect(bare.check?.verdict).toBe('worth-checking');
    expect(await verdictListed()).toBe('worth-checking');

    // The walls drawn back, against the version just answered: the house and its verdict are back.
    const redrawn = await patch(
      token,
      projectId,
      fileId,
      {
        edits: rest.map((w) => ({
          op: 'add-wall',
          id: `again-${w.id}`,
          a: w.a,
          b: w.b,
          thickness: w.thickness,
        })),
      },
      emptied.headers.get('etag'),
    );
    expect(redrawn.status, redrawn.text).toBe(200);
    const back = planModelSchema.parse((redrawn.json as { plan: unknown }).plan);
    expect(back.walls).toHaveLength(plan.walls.length);
    expect(back.rooms).toHaveLength(PLAN.rooms);
    expect(back.check?.verdict).toBe('looks-right');
    expect(await verdictListed()).toBe('looks-right');
    // What was answered is what was stored, and a stale version still writes nothing.
    expect((await settledPlan(token, projectId, fileId)).plan).toEqual(back);
    const stale = await patch(
      token,
      projectId,
      fileId,
      { edits: [{ op: 'delete-wall', id: kept!.id }] },
      etag,
    );
    expect(stale.status).toBe(412);
    expect((await settledPlan(token, projectId, fileId)).plan).toEqual(back);
  });

  it('keeps edits request by request and, now and then, as one list; a reset and the deletion leave none behind', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId, plan, etag } = await readHouse(token);
    const editKeys = () => keysIn(localAws.rendersBucket, `plans/${fileId}.edits`);
    const wall = plan.walls[0]!;
    const requests = 55;
    let version = etag;
    let mostKeys = 0;
    for (let i = 0; i < requests; i++) {
      const thickness = i % 2 ? 150 : 160;
      const edited = await patch(
        token,
        projectId,
        fileId,
        { edits: [{ op: 'change-wall', id: wall.id, thickness }] },
        version,
      );
      expect(edited.status, edited.text).toBe(200);
      version = edited.headers.get('etag');
      mostKeys = Math.max(mostKeys, (await editKeys()).length);
    }
    // One object a request, until the fiftieth: then all of them in one.
    expect(mostKeys).toBe(50);
    expect(await editKeys()).toHaveLength(requests - 50);

    // Read again, every edit is applied, in order.
    expect((await patch(token, projectId, fileId, { viewId: 'view-1' }, version)).status).toBe(200);
    const again = (await settledPlan(token, projectId, fileId)).plan;
    expect(again.editCount).toBe(requests);
    expect(again.walls.find((w) => w.id === wall.id)?.thickness).toBe(160);

    expect((await patch(token, projectId, fileId, { resetEdits: true })).status).toBe(200);
    expect((await settledPlan(token, projectId, fileId)).plan.editCount).toBeUndefined();
    expect(await editKeys()).toEqual([]);

    const edited = await patch(token, projectId, fileId, { edits: [{ op: 'delete-wall', id: wall.id }] });
    expect(edited.status, edited.text).toBe(200);
    expect(await editKeys()).toHaveLength(1);
    expect(
      (await api(`/api/projects/${projectId}/files/${fileId}`, { token, method: 'DELETE' })).status,
    ).toBe(204);
    expect(await editKeys()).toEqual([]);
  });

  it('moves the edits of a file edited before chunks into a chunk at its next edit, keeping their order', async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId, plan, etag } = await readHouse(token);
    const partition = wallOnX(plan, 7000);
    const other = plan.walls.find((w) => w.id !== partition.id)!;
    // As earlier versions kept them: one object, the file item naming no chunks.
    await localAws.s3().send(
      new PutObjectCommand({
        Bucket: localAws.rendersBucket,
        Key: `plans/${fileId}.edits.json`,
        Body: JSON.stringify({ edits: [{ op: 'delete-wall', id: partition.id }] }),
        ContentType: 'application/json',
      }),
    );
    const edited = await patch(
      token,
      projectId,
      fileId,
      { edits: [{ op: 'change-wall', id: other.id, thickness: 240 }] },
      etag,
    );
    expect(edited.status, edited.text).toBe(200);
    const keys = await keysIn(localAws.rendersBucket, `plans/${fileId}.edits`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(`plans/${fileId}.edits.json`);

    const reread = await patch(token, projectId, fileId, { viewId: 'view-1' }, edited.headers.get('etag'));
    expect(reread.status).toBe(200);
    const again = (await settledPlan(token, projectId, fileId)).plan;
    expect(again.editCount).toBe(2);
    expect(again.walls.map((w) => w.id)).not.toContain(partition.id);
    expect(again.walls.find((w) => w.id === other.id)?.thickness).toBe(240);
  });

  it("keeps another user's plan out of reach, and shows the edited plan on the share link, read-only", async () => {
    const token = owner.tokens.idToken;
    const { projectId, fileId, plan } = await readHouse(token);
    const edit = { edits: [{ op: 'delete-wall', id: wallOnX(plan, 7000).id }] };
    expect((await patch(other.tokens.idToken, projectId, fileId, edit)).status).toBe(404);
    expect((await patch(token, projectId, fileId, edit)).status).toBe(200);

    const shared = await api(`/api/projects/${projectId}/share`, { token, method: 'POST' });
    const key = new URL(String(shared.json.url)).searchParams.get('k');
    const publicPlan = await api(`/api/public/projects/${projectId}/files/${fileId}/plan?k=${key}`);
    expect(publicPlan.status).toBe(200);
    const seen = planModelSchema.parse((publicPlan.json as { plan: unknown }).plan);
    expect(seen.walls).toHaveLength(plan.walls.length - 1);
    // The public side has no way to edit: the plan routes under /api/public answer GET only.
    const write = await api(`/api/public/projects/${projectId}/files/${fileId}/plan?k=${key}`, {
      method: 'PATCH',
      body: edit,
    });
    expect([404, 405]).toContain(write.status);
  });
});
