import { DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../../infra/local/names';
import { api, createUser, localCloud, signIn } from '../../infra/local/testing';
import { ROUTES } from '../../shared/api';
import type {
  AdminJobPage,
  AdminStats,
  AdminStorage,
  AdminUser,
  AdminUserPage,
  PromptTemplate,
  PromptTemplateList,
  SystemHealth,
  SystemSetting,
  SystemSettingList,
} from '../../shared/schemas/admin';
import { newId } from '../lib/ids';
import { localAws } from '../test/local-aws';
import { newProject, uploadFile } from '../test/projects-client';
import { pngFixture } from '../test/upload-fixtures';

type User = Awaited<ReturnType<typeof createUser>>;
let root: string;
let plain: User;
let admin: User;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function setRole(token: string, userId: string, role: string) {
  return api(`/api/admin/users/${userId}`, { token, method: 'PATCH', body: { role } });
}

async function me(token: string) {
  return (await api('/api/me', { token })).json as { id: string; email: string; role: string };
}

async function stats(token = root): Promise<AdminStats> {
  const response = await api('/api/admin/stats', { token });
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as AdminStats;
}

async function auditFor(targetId: string) {
  const all = await localAws.doc().send(
    new QueryCommand({
      TableName: localAws.table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'AUDIT' },
      ScanIndexForward: false,
    }),
  );
  return (all.Items ?? []).filter((i) => i.targetId === targetId);
}

/** The AI probe judges the provider by today's and yesterday's job outcomes (other test files inject faults). */
async function expectedAiStatus() {
  let completed = 0;
  let failed = 0;
  for (const days of [0, 1]) {
    const day = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const { Item } = await localAws
      .doc()
      .send(new GetCommand({ TableName: localAws.table, Key: { PK: 'STATS', SK: `DAY#${day}` } }));
    completed += Number(Item?.jobsCompleted ?? 0);
    failed += Number(Item?.jobsFailed ?? 0);
  }
  return failed >= 3 && failed > completed ? 'warning' : 'healthy';
}

beforeAll(async () => {
  // For the repository calls made from this process (activity on given days).
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: localCloud().endpoints.dynamodb,
    TABLE_NAME,
  });
  const { admin: seeded } = localCloud();
  root = (await signIn(seeded.email, seeded.password)).idToken;
  [plain, admin] = await Promise.all([createUser('plain'), createUser('promoted')]);
  const adminId = (await me(admin.tokens.idToken)).id;
  expect((await setRole(root, adminId, 'admin')).status).toBe(200);
});

describe('admin API authorization', () => {
  const adminRoutes = ROUTES.filter((r) => r.feature === 'admin');
  const concrete = (path: string) =>
    path.replace('{userId}', 'someone').replace('{templateId}', newId()).replace('{key}', 'maintenance_mode');
  const bodyFor = (method: string, path: string) => {
    if (method === 'GET' || method === 'DELETE') return undefined;
    if (path.includes('/users/')) return { role: 'admin' };
    if (path.includes('/templates'))
      return { name: 'x', category: 'visualization', template: 'y', variables: [], isActive: true };
    return { key: 'x.y', value: '1', category: 'general' };
  };

  it('answers 401 without a token and 403 to a plain user on every admin route', async () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(14);
    for (const route of adminRoutes) {
      const path = concrete(route.path);
      const body = bodyFor(route.method, route.path);
      expect((await api(path, { method: route.method, body })).status, `${route.method} ${path}`).toBe(401);
      const response = await api(path, { token: plain.tokens.idToken, method: route.method, body });
      expect(response.status, `${route.method} ${path}`).toBe(403);
      expect(response.json.error?.code).toBe('FORBIDDEN');
    }
  });

  it('lets an admin in everywhere but the settings routes, which answer 403', async () => {
    const token = admin.tokens.idToken;
    for (const route of adminRoutes) {
      const path = concrete(route.path);
      const response = await api(path, {
        token,
        method: route.method,
        body: bodyFor(route.method, route.path),
      });
      if (route.path.startsWith('/api/admin/settings')) expect(response.status, path).toBe(403);
      else expect(response.status, `${route.method} ${path}`).not.toBe(403);
    }
    for (const path of ['/api/admin/stats', '/api/admin/users', '/api/admin/templates', '/api/admin/jobs']) {
      expect((await api(path, { token })).status, path).toBe(200);
    }
    expect((await api('/api/admin/health', { token })).status).toBe(200);
    expect((await api('/api/admin/storage', { token })).status).toBe(200);
  });

  it('applies a role change on the next request with the same token, and moves the Cognito groups', async () => {
    const user = await createUser('rolechange');
    const token = user.tokens.idToken;
    const { id } = await me(token);
    expect((await api('/api/admin/stats', { token })).status).toBe(403);

    const promoted = await setRole(root, id, 'admin');
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ id, email: user.email, role: 'admin' });
    // Same token, no groups in it: the stored role decides.
    expect(claimsOf(token)['cognito:groups']).toBeUndefined();
    expect((await api('/api/admin/stats', { token })).status).toBe(200);
    expect((await me(token)).role).toBe('admin');
    const fresh = await signIn(user.email, user.password);
    expect(claimsOf(fresh.idToken)['cognito:groups']).toEqual(['admin']);

    expect((await setRole(root, id, 'user')).status).toBe(200);
    expect((await api('/api/admin/stats', { token })).status).toBe(403);
    expect((await api('/api/admin/stats', { token: fresh.idToken })).status).toBe(403);
    const after = await signIn(user.email, user.password);
    expect(claimsOf(after.idToken)['cognito:groups']).toBeUndefined();

    const audit = await auditFor(id);
    expect(audit.map((a) => [a.action, a.before.role, a.after.role])).toEqual([
      ['user.role.update', 'admin', 'user'],
      ['user.role.update', 'user', 'admin'],
    ]);
    expect(audit[0]).toMatchObject({ actorEmail: localCloud().admin.email, at: expect.any(String) });
  });

  it('holds the escalation rules: only a super admin grants or revokes super_admin; the last one stays', async () => {
    const adminToken = admin.tokens.idToken;
    const target = await createUser('escalate');
    const targetId = (await me(target.tokens.idToken)).id;
    const rootId = (await me(root)).id;

    // An admin may set user/admin, not super_admin, and cannot touch a super admin.
    expect((await setRole(adminToken, targetId, 'admin')).status).toBe(200);
    expect((await setRole(adminToken, targetId, 'user')).status).toBe(200);
    const grant = await setRole(adminToken, targetId, 'super_admin');
    expect(grant.status).toBe(403);
    expect(grant.json.error?.message).toBe('Only a super admin can grant or revoke the super_admin role');
    expect((await setRole(adminToken, rootId, 'user')).status).toBe(403);
    expect((await setRole(adminToken, rootId, 'admin')).status).toBe(403);
    expect((await me(root)).role).toBe('super_admin');
    // Nor can an admin make themselves super admin.
    const adminId = (await me(adminToken)).id;
    expect((await setRole(adminToken, adminId, 'super_admin')).status).toBe(403);

    // A super admin grants it; with two, one may step down; the last one cannot.
    const before = (await stats()).users.superAdmins;
    expect((await setRole(root, targetId, 'super_admin')).status).toBe(200);
    expect((await stats()).users.superAdmins).toBe(before + 1);
    const targetToken = target.tokens.idToken;
    expect((await api('/api/admin/settings', { token: targetToken })).status).toBe(200);
    expect((await setRole(targetToken, targetId, 'admin')).status).toBe(200);
    expect((await stats()).users.superAdmins).toBe(before);
    expect((await api('/api/admin/settings', { token: targetToken })).status).toBe(403);
    if (before === 1) {
      const last = await setRole(root, rootId, 'admin');
      expect(last.status).toBe(409);
      expect(last.json.error?.message).toBe('The last super admin cannot be demoted');
      expect((await me(root)).role).toBe('super_admin');
    }
    // Validation and unknown users.
    expect((await setRole(root, targetId, 'owner')).status).toBe(400);
    expect((await setRole(root, 'nobody-at-all', 'admin')).status).toBe(404);
  });
});

describe('admin users', () => {
  it('lists profiles newest first with counts and last activity, searches by e-mail, filters by role, pages', async () => {
    const a = await createUser('listing');
    const b = await createUser('listing');
    const tokenA = a.tokens.idToken;
    await newProject(tokenA, { title: 'Counted' });
    await newProject(tokenA, { title: 'Counted too' });
    const first = (await api('/api/admin/users?limit=2', { token: root })).json as unknown as AdminUserPage;
    expect(first.items.map((u) => u.email)).toEqual([b.email, a.email]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const userA = first.items[1]!;
    expect(userA).toMatchObject({ role: 'user', projectCount: 2, renderCount: 0 });
    expect(userA.lastActivityAt).toEqual(expect.any(String));
    expect(first.items[0]!.lastActivityAt).toBeNull();

    const next = (await api(`/api/admin/users?limit=2&cursor=${first.nextCursor}`, { token: root }))
      .json as unknown as AdminUserPage;
    expect(next.items.map((u) => u.email)).not.toContain(a.email);
    expect(next.items.length).toBeGreaterThan(0);

    const byEmail = (
      await api(`/api/admin/users?q=${encodeURIComponent(a.email.toUpperCase())}`, {
        token: root,
      })
    ).json as unknown as AdminUserPage;
    expect(byEmail.items.map((u) => u.email)).toEqual([a.email]);

    const supers = (await api('/api/admin/users?role=super_admin', { token: root }))
      .json as unknown as AdminUserPage;
    expect(supers.items.length).toBeGreaterThan(0);
    expect(supers.items.every((u: AdminUser) => u.role === 'super_admin')).toBe(true);
    expect(supers.items.map((u) => u.email)).toContain(localCloud().admin.email);

    expect((await api('/api/admin/users?role=owner', { token: root })).status).toBe(400);
    expect((await api('/api/admin/users?cursor=bad', { token: root })).status).toBe(400);
  });
});

describe('prompt templates', () => {
  it('has the seeded active visualization template', async () => {
    const list = (await api('/api/admin/templates', { token: admin.tokens.idToken }))
      .json as unknown as PromptTemplateList;
    const seeded = list.items.find((t) => t.name === 'Architectural visualization');
    expect(seeded).toMatchObject({ category: 'visualization', isActive: true });
    // Generations by other test files share the local cloud and may have used it already.
    expect(seeded!.usageCount).toBeGreaterThanOrEqual(0);
    expect(seeded!.successRate).toBeGreaterThanOrEqual(0);
    expect(seeded!.successRate).toBeLessThanOrEqual(100); // a percentage
    expect(seeded!.variables).toContain('prompt');
    expect(seeded!.template).toContain('{prompt}');
  });

  it('creates (variables as a list, a JSON string or comma text), lists newest first, edits, toggles, deletes', async () => {
    const token = admin.tokens.idToken;
    const create = (body: Record<string, unknown>) =>
      api('/api/admin/templates', { token, method: 'POST', body });
    const one = await create({
      name: ' Exterior ',
      category: 'rendering',
      template: 'A {style} view of {subject}',
      variables: ['style', ' subject ', ''],
      isActive: true,
    });
    expect(one.status).toBe(201);
    expect(one.json).toMatchObject({
      name: 'Exterior',
      category: 'rendering',
      variables: ['style', 'subject'],
      isActive: true,
      usageCount: 0,
      successRate: 0,
    });
    const two = await create({
      name: 'Analysis',
      category: 'analysis',
      template: 'Describe {drawing}',
      variables: '["drawing","scale"]',
      isActive: false,
    });
    expect(two.json).toMatchObject({ variables: ['drawing', 'scale'], isActive: false });
    const three = await create({
      name: 'Tech',
      category: 'technical',
      template: 't',
      variables: 'a, b,, c ',
    });
    expect(three.json).toMatchObject({ variables: ['a', 'b', 'c'], isActive: true });

    for (const bad of [
      { name: 'x', category: 'poetry', template: 't' },
      { name: 'x', category: 'analysis', template: 't', variables: '["a", 1]' },
      { name: 'x', category: 'analysis', template: 't', variables: 5 },
      { name: 'x', category: 'analysis', template: 't', usageCount: 100 },
      { name: '  ', category: 'analysis', template: 't' },
    ]) {
      expect((await create(bad)).status, JSON.stringify(bad)).toBe(400);
    }

    const list = (await api('/api/admin/templates', { token })).json as unknown as PromptTemplateList;
    const ids = list.items.map((t) => t.id);
    const id1 = String(one.json.id);
    const id2 = String(two.json.id);
    const id3 = String(three.json.id);
    expect(ids.indexOf(id3)).toBeLessThan(ids.indexOf(id2));
    expect(ids.indexOf(id2)).toBeLessThan(ids.indexOf(id1));

    await new Promise((r) => setTimeout(r, 5));
    const edited = await api(`/api/admin/templates/${id1}`, {
      token,
      method: 'PATCH',
      body: { name: 'Exterior view', template: 'A {style} exterior', variables: 'style' },
    });
    expect(edited.status).toBe(200);
    const template = edited.json as unknown as PromptTemplate;
    expect(template).toMatchObject({ name: 'Exterior view', variables: ['style'], category: 'rendering' });
    expect(template.updatedAt > String(one.json.updatedAt)).toBe(true);
    expect(template.createdAt).toBe(one.json.createdAt);

    const off = await api(`/api/admin/templates/${id1}`, {
      token,
      method: 'PATCH',
      body: { isActive: false },
    });
    expect(off.json).toMatchObject({ isActive: false, name: 'Exterior view' });
    const on = await api(`/api/admin/templates/${id1}`, { token, method: 'PATCH', body: { isActive: true } });
    expect(on.json).toMatchObject({ isActive: true });
    expect((await api(`/api/admin/templates/${id1}`, { token, method: 'PATCH', body: {} })).status).toBe(400);
    expect(
      (await api(`/api/admin/templates/${newId()}`, { token, method: 'PATCH', body: { isActive: true } }))
        .status,
    ).toBe(404);

    for (const id of [id1, id2, id3]) {
      expect((await api(`/api/admin/templates/${id}`, { token, method: 'DELETE' })).status).toBe(204);
    }
    expect((await api(`/api/admin/templates/${id1}`, { token, method: 'DELETE' })).status).toBe(404);
    const after = (await api('/api/admin/templates', { token })).json as unknown as PromptTemplateList;
    expect(after.items.map((t) => t.id)).not.toContain(id1);

    const audit = await auditFor(id1);
    expect(audit.map((a) => a.action)).toEqual([
      'template.delete',
      'template.update',
      'template.update',
      'template.update',
      'template.create',
    ]);
    expect(audit.every((a) => a.actorEmail === admin.email)).toBe(true);
  });

  it('reports usage and success rate as the generation pipeline records them', async () => {
    const token = admin.tokens.idToken;
    const created = await api('/api/admin/templates', {
      token,
      method: 'POST',
      body: { name: 'Measured', category: 'visualization', template: 't', isActive: false },
    });
    const id = String(created.json.id);
    const { recordTemplateOutcome } = await import('../lib/db/templates');
    await recordTemplateOutcome(id, 2, 1);
    await recordTemplateOutcome(id, 3, 0);
    const list = (await api('/api/admin/templates', { token })).json as unknown as PromptTemplateList;
    expect(list.items.find((t) => t.id === id)).toMatchObject({ usageCount: 2, successRate: 83.3 });
    await api(`/api/admin/templates/${id}`, { token, method: 'DELETE' });
  });
});

/** The known settings, stored with their defaults when missing (another test file may have removed them). */
async function ensureKnownSettings() {
  const list = (await api('/api/admin/settings', { token: root })).json as unknown as SystemSettingList;
  for (const known of list.known) {
    if (list.items.some((s) => s.key === known.key)) continue;
    const created = await api('/api/admin/settings', {
      token: root,
      method: 'POST',
      body: {
        key: known.key,
        value: known.default,
        category: known.category,
        description: known.description,
      },
    });
    expect(created.status, known.key).toBe(201);
  }
}

async function patchSetting(key: string, value: unknown) {
  return api(`/api/admin/settings/${key}`, { token: root, method: 'PATCH', body: { value } });
}

describe('system settings (super admin)', () => {
  beforeAll(ensureKnownSettings);

  it('lists the known settings by key, with their defaults described', async () => {
    const response = await api('/api/admin/settings', { token: root });
    expect(response.status).toBe(200);
    const body = response.json as unknown as SystemSettingList;
    const keys = body.items.map((s) => s.key);
    expect(keys).toEqual([...keys].sort());
    expect(body.items.find((s) => s.key === 'maintenance_mode')).toMatchObject({
      value: false,
      category: 'system',
      known: true,
    });
    expect(body.items.find((s) => s.key === 'ai_model_primary')).toMatchObject({
      value: 'local',
      category: 'ai',
    });
    expect(body.items.find((s) => s.key === 'limits.generations_per_day')).toMatchObject({ value: 50 });
    expect(body.known.map((k) => k.key)).toEqual(
      expect.arrayContaining(['maintenance_mode', 'ai_model_primary', 'limits.max_concurrent_generations']),
    );
  });

  it('creates (JSON when it parses, else text), updates with the key fixed, deletes; validates known keys', async () => {
    const create = (body: Record<string, unknown>) =>
      api('/api/admin/settings', { token: root, method: 'POST', body });
    const suffix = Date.now().toString(36);
    const number = await create({ key: `test.number.${suffix}`, value: '42', category: 'general' });
    expect(number.status).toBe(201);
    expect(number.json).toMatchObject({ value: 42, description: null, updatedBy: localCloud().admin.email });
    const text = await create({
      key: `test.text.${suffix}`,
      value: 'hello world',
      category: 'files',
      description: 'Greeting',
    });
    expect(text.json).toMatchObject({ value: 'hello world', description: 'Greeting', known: false });
    const object = await create({
      key: `test.object.${suffix}`,
      value: '{"a":[1,true]}',
      category: 'rendering',
    });
    expect(object.json).toMatchObject({ value: { a: [1, true] } });
    const dup = await create({ key: `test.number.${suffix}`, value: '1', category: 'general' });
    expect(dup.status).toBe(409);
    expect((await create({ key: 'bad key!', value: '1', category: 'general' })).status).toBe(400);
    expect((await create({ key: `x.${suffix}`, value: '1', category: 'weather' })).status).toBe(400);

    const key = `test.number.${suffix}`;
    const updated = await api(`/api/admin/settings/${key}`, {
      token: root,
      method: 'PATCH',
      body: { value: '[1,2]', description: 'Two numbers', category: 'limits' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      key,
      value: [1, 2],
      description: 'Two numbers',
      category: 'limits',
    });
    const rename = await api(`/api/admin/settings/${key}`, {
      token: root,
      method: 'PATCH',
      body: { key: 'renamed', value: '1' },
    });
    expect(rename.status).toBe(400);
    const list = (await api('/api/admin/settings', { token: root })).json as unknown as SystemSettingList;
    expect(list.items.find((s) => s.key === key)).toMatchObject({
      value: [1, 2],
    } satisfies Partial<SystemSetting>);
    expect(list.items.some((s) => s.key === 'renamed')).toBe(false);

    for (const k of [key, `test.text.${suffix}`, `test.object.${suffix}`]) {
      expect((await api(`/api/admin/settings/${k}`, { token: root, method: 'DELETE' })).status).toBe(204);
    }
    expect((await api(`/api/admin/settings/${key}`, { token: root, method: 'DELETE' })).status).toBe(404);
    expect(
      (await api(`/api/admin/settings/${key}`, { token: root, method: 'PATCH', body: { value: 1 } })).status,
    ).toBe(404);
    const audit = await auditFor(key);
    expect(audit.map((a) => a.action)).toEqual(['setting.delete', 'setting.update', 'setting.create']);
    expect(audit[1]).toMatchObject({ before: { value: 42 }, after: { value: [1, 2] } });
  });

  it('types the known keys: maintenance_mode boolean, ai_model_primary a provider, limits positive integers', async () => {
    const patch = (key: string, value: unknown) =>
      api(`/api/admin/settings/${key}`, { token: root, method: 'PATCH', body: { value } });
    expect((await patch('maintenance_mode', 'yes')).status).toBe(400);
    expect((await patch('maintenance_mode', '1')).status).toBe(400);
    expect((await patch('ai_model_primary', 'gpt-image')).status).toBe(400);
    const limit = await patch('limits.generations_per_day', '0');
    expect(limit.status).toBe(400);
    expect(limit.json.error?.message).toBe('Must be a positive integer');
    expect((await patch('limits.max_concurrent_generations', '2.5')).status).toBe(400);
    const ok = await patch('limits.generations_per_day', '49');
    expect(ok.json).toMatchObject({ value: 49 });
    expect((await patch('limits.generations_per_day', 50)).json).toMatchObject({ value: 50 });
    expect((await patch('maintenance_mode', 'false')).json).toMatchObject({ value: false });
    expect((await patch('ai_model_primary', 'local')).json).toMatchObject({ value: 'local' });
  });
});

describe('statistics, queue, health, storage', () => {
  it('counts distinct users active in the last 7 days from per-day buckets (moves once a day)', async () => {
    const { touchActivity } = await import('../lib/db/profiles');
    const user = await createUser('active');
    const { id } = await me(user.tokens.idToken); // today's first request: counted
    const base = (await stats()).users.active7d;
    await me(user.tokens.idToken);
    expect((await stats()).users.active7d).toBe(base);

    const old = await createUser('dormant');
    const oldId = claimsOf(old.tokens.idToken).sub as string;
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await touchActivity(oldId, tenDaysAgo);
    expect((await stats()).users.active7d).toBe(base);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await touchActivity(oldId, threeDaysAgo);
    expect((await stats()).users.active7d).toBe(base + 1);
    await me(old.tokens.idToken);
    expect((await stats()).users.active7d).toBe(base + 1);
    const profile = await localAws
      .doc()
      .send(new GetCommand({ TableName: localAws.table, Key: { PK: `USER#${oldId}`, SK: 'PROFILE' } }));
    expect(profile.Item?.lastActiveDay).toBe(new Date().toISOString().slice(0, 10));
    expect(id).toEqual(expect.any(String));
  });

  it('keeps /admin/stats equal to a recount after sign-ups, projects, uploads and deletions', async () => {
    const [u1, u2] = await Promise.all([createUser('counted'), createUser('counted')]);
    const t1 = u1.tokens.idToken;
    const t2 = u2.tokens.idToken;
    const p1 = await newProject(t1, { title: 'Kept' });
    const p2 = await newProject(t1, { title: 'Dropped' });
    await newProject(t2, { title: 'Other' });
    const png = await pngFixture();
    await uploadFile(t1, p1.id, 'plan.png', png);
    await uploadFile(t1, p2.id, 'plan.png', png);
    await uploadFile(t1, p2.id, 'second.png', png);
    expect((await api(`/api/projects/${p2.id}`, { token: t1, method: 'DELETE' })).status).toBe(204);

    const s = await stats();
    const all: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await localAws
        .doc()
        .send(new ScanCommand({ TableName: localAws.table, ExclusiveStartKey: startKey }));
      all.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    const sk = (prefix: string) => all.filter((i) => String(i.SK).startsWith(prefix));
    const profiles = all.filter((i) => i.SK === 'PROFILE' && String(i.PK).startsWith('USER#'));
    const uploaded = sk('FILE#').filter((f) => f.status === 'uploaded');
    const renders = sk('RENDER#');
    const jobs = sk('JOB#');
    const weekStart = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const monthStart = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(s.users).toMatchObject({
      total: profiles.length,
      active7d: profiles.filter((p) => typeof p.lastActiveDay === 'string' && p.lastActiveDay >= weekStart)
        .length,
      new30d: profiles.filter((p) => String(p.createdAt).slice(0, 10) >= monthStart).length,
      admins: profiles.filter((p) => p.role === 'admin' || p.role === 'super_admin').length,
      superAdmins: profiles.filter((p) => p.role === 'super_admin').length,
    });
    expect(s.projects.total).toBe(all.filter((i) => i.SK === 'PROJECT').length);
    expect(s.storage).toEqual({
      usedBytes: uploaded.reduce((sum, f) => sum + Number(f.sizeBytes), 0),
      files: uploaded.length,
    });
    expect(s.renders).toMatchObject({
      total: renders.length,
      completed: renders.filter((r) => r.status === 'completed').length,
      failed: renders.filter((r) => r.status === 'failed').length,
    });
    expect(s.jobs).toMatchObject({
      total: jobs.length,
      pending: jobs.filter((j) => j.status === 'queued').length,
      queue: jobs.filter((j) => j.status === 'queued').length > 10 ? 'high' : 'normal',
    });
    // Week-over-week: this week's sign-ups and projects include the ones above.
    expect(s.users.change.current).toBeGreaterThanOrEqual(2);
    expect(s.projects.change.current).toBeGreaterThanOrEqual(3);
    expect(s.health).toMatchObject({
      database: { status: 'healthy' },
      ai: { status: await expectedAiStatus(), provider: 'local' },
      storage: { status: 'healthy', usedBytes: s.storage.usedBytes, warningBytes: 80 * 1024 ** 3 },
    });
  });

  it('lists the AI queue newest first with a status filter, project titles and user e-mails', async () => {
    const owner = await createUser('queue');
    const { id: userId } = await me(owner.tokens.idToken);
    const project = await newProject(owner.tokens.idToken, { title: 'Queued House' });
    const at = (ms: number) => new Date(Date.now() - ms).toISOString();
    const jobs = [
      { id: newId(Date.now() - 3000), status: 'completed', createdAt: at(3000) },
      { id: newId(Date.now() - 2000), status: 'failed', createdAt: at(2000), error: 'Provider timed out' },
      { id: newId(Date.now() - 1000), status: 'queued', createdAt: at(1000) },
    ];
    const items = jobs.map((j, i) => ({
      PK: `PROJECT#${project.id}`,
      SK: `JOB#${j.id}`,
      GSI1PK: 'JOBS',
      GSI1SK: `${j.createdAt}#${j.id}`,
      type: 'job',
      userId,
      projectId: project.id,
      renderId: newId(),
      generationId: 'g1',
      jobType: 'visualization_generation',
      inputData: { prompt: 'Night scene', variation: i + 1 },
      ...j,
    }));
    try {
      for (const Item of items)
        await localAws.doc().send(new PutCommand({ TableName: localAws.table, Item }));
      const token = admin.tokens.idToken;
      const page = (await api('/api/admin/jobs?limit=3', { token })).json as unknown as AdminJobPage;
      expect(page.items.map((j) => j.id)).toEqual(jobs.map((j) => j.id).reverse());
      expect(page.items[0]).toMatchObject({
        status: 'queued',
        projectId: project.id,
        projectTitle: 'Queued House',
        userEmail: owner.email,
        prompt: 'Night scene',
        variation: 3,
        jobType: 'visualization_generation',
      });
      const failed = (await api('/api/admin/jobs?status=failed', { token })).json as unknown as AdminJobPage;
      expect(failed.items.every((j) => j.status === 'failed')).toBe(true);
      expect(failed.items[0]).toMatchObject({ id: jobs[1]!.id, error: 'Provider timed out' });
      const second = (await api('/api/admin/jobs?limit=1', { token })).json as unknown as AdminJobPage;
      const next = (await api(`/api/admin/jobs?limit=1&cursor=${second.nextCursor}`, { token }))
        .json as unknown as AdminJobPage;
      expect(next.items[0]?.id).toBe(jobs[1]!.id);
      expect((await api('/api/admin/jobs?status=lost', { token })).status).toBe(400);
    } finally {
      for (const item of items)
        await localAws
          .doc()
          .send(new DeleteCommand({ TableName: localAws.table, Key: { PK: item.PK, SK: item.SK } }));
    }
  });

  it('answers the health probes and the storage use per user and in total', async () => {
    const token = admin.tokens.idToken;
    const health = (await api('/api/admin/health', { token })).json as unknown as SystemHealth;
    expect(health.database).toMatchObject({ status: 'healthy', latencyMs: expect.any(Number) });
    expect(health.storage).toMatchObject({ status: 'healthy', latencyMs: expect.any(Number) });
    expect(health.ai).toMatchObject({ status: await expectedAiStatus(), provider: 'local' });

    const uploader = await createUser('storage');
    const project = await newProject(uploader.tokens.idToken, { title: 'Stored' });
    const png = await pngFixture();
    await uploadFile(uploader.tokens.idToken, project.id, 'plan.png', png);
    const storage = (await api('/api/admin/storage?limit=5', { token })).json as unknown as AdminStorage;
    const total = await localAws
      .doc()
      .send(new GetCommand({ TableName: localAws.table, Key: { PK: 'STATS', SK: 'TOTAL' } }));
    expect(storage).toMatchObject({
      totalBytes: total.Item?.storageBytes,
      totalFiles: total.Item?.files,
      status: 'healthy',
      warningBytes: 80 * 1024 ** 3,
    });
    expect(storage.users[0]).toMatchObject({
      email: uploader.email,
      storageBytes: png.length,
      fileCount: 1,
      projectCount: 1,
    });
  });
});

async function generate(token: string, projectId: string, prompt = 'Photorealistic exterior view') {
  return api(`/api/projects/${projectId}/generations`, { token, method: 'POST', body: { prompt } });
}

/** Polls a generation until every render has settled. */
async function settled(token: string, projectId: string, generationId: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await api(`/api/projects/${projectId}/generations/${generationId}`, { token });
    const generation = (response.json as { generation?: { status: string } }).generation;
    if (generation && generation.status !== 'running') return generation;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`generation ${generationId} did not settle`);
}

const generationId = (response: { json: Record<string, unknown> }) =>
  (response.json.generation as { id: string }).id;

describe('settings drive behaviour; generations are counted', () => {
  beforeAll(ensureKnownSettings);

  it('maintenance mode blocks generation, and limits.generations_per_day moves the 429 threshold', async () => {
    const user = await createUser('gen-settings');
    const token = user.tokens.idToken;
    const project = await newProject(token, { title: 'Settings drive behaviour' });
    await uploadFile(token, project.id, 'plan.dxf', Buffer.from(planDxf()));
    try {
      expect((await patchSetting('maintenance_mode', 'true')).status).toBe(200);
      const blocked = await generate(token, project.id);
      expect(blocked.status).toBe(503);
      expect(blocked.json.error?.code).toBe('SERVICE_UNAVAILABLE');
      expect((await patchSetting('maintenance_mode', 'false')).status).toBe(200);
      const first = await generate(token, project.id);
      expect(first.status).toBe(202);

      expect((await patchSetting('limits.generations_per_day', '1')).status).toBe(200);
      const limited = await generate(token, project.id);
      expect(limited.status).toBe(429);
      expect(limited.json.error?.message).toBe(
        'You have reached your limit of 1 generations per day. Please try again tomorrow.',
      );
      expect((await patchSetting('limits.generations_per_day', '5')).status).toBe(200);
      await settled(token, project.id, generationId(first));
      const second = await generate(token, project.id);
      expect(second.status).toBe(202);
      await settled(token, project.id, generationId(second));
    } finally {
      await patchSetting('maintenance_mode', 'false');
      await patchSetting('limits.generations_per_day', '50');
    }
  });

  it('keeps /admin/stats equal to a recount after generations, some failing, and a deletion', async () => {
    const user = await createUser('gen-counted');
    const token = user.tokens.idToken;
    const good = await newProject(token, { title: 'Renders fine' });
    await uploadFile(token, good.id, 'plan.dxf', Buffer.from(planDxf()));
    const bad = await newProject(token, { title: 'Unreadable drawing' });
    // Passes the upload check, fails normalisation: every render of its generation fails.
    await uploadFile(token, bad.id, 'empty.dxf', Buffer.from('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n'));
    const gone = await newProject(token, { title: 'Generated then deleted' });
    await uploadFile(token, gone.id, 'plan.dxf', Buffer.from(planDxf()));

    const before = await stats();
    // One after another: a user may run 2 generations at once (limits.max_concurrent_generations).
    const outcomes: { status: string }[] = [];
    for (const projectId of [good.id, bad.id, gone.id]) {
      const response = await generate(token, projectId);
      expect(response.status, response.text).toBe(202);
      outcomes.push(await settled(token, projectId, generationId(response)));
    }
    expect(outcomes.map((g) => g.status)).toEqual(['completed', 'failed', 'completed']);
    expect((await api(`/api/projects/${gone.id}`, { token, method: 'DELETE' })).status).toBe(204);

    const s = await stats();
    const all: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await localAws
        .doc()
        .send(new ScanCommand({ TableName: localAws.table, ExclusiveStartKey: startKey }));
      all.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    const sk = (prefix: string) => all.filter((i) => String(i.SK).startsWith(prefix));
    const renders = sk('RENDER#');
    const jobs = sk('JOB#');
    const uploaded = sk('FILE#').filter((f) => f.status === 'uploaded');
    expect(s.projects.total).toBe(all.filter((i) => i.SK === 'PROJECT').length);
    expect(s.renders).toMatchObject({
      total: renders.length,
      completed: renders.filter((r) => r.status === 'completed').length,
      failed: renders.filter((r) => r.status === 'failed').length,
    });
    expect(s.jobs).toMatchObject({
      total: jobs.length,
      pending: jobs.filter((j) => j.status === 'queued').length,
    });
    expect(s.storage).toEqual({
      usedBytes: uploaded.reduce((sum, f) => sum + Number(f.sizeBytes), 0),
      files: uploaded.length,
    });
    expect(s.users.total).toBe(
      all.filter((i) => i.SK === 'PROFILE' && String(i.PK).startsWith('USER#')).length,
    );
    // This week's daily buckets record what happened, deletions included or not.
    expect(s.renders.change.current - before.renders.change.current).toBe(9);
    expect(s.jobs.change.current - before.jobs.change.current).toBe(9);
  });
});
