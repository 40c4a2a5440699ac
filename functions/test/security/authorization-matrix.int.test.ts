/**
 * The authorization matrix, generated from the route contract (shared/api): every route × {signed out, owner,
 * other user, admin, super admin}, through the local HTTP API and its JWT authorizer. A route without a row in
 * MATRIX fails with a message asking for one, so every new route must be classified.
 *
 *   - signed out: 401 with the authorizer's body {"message":"Unauthorized"} on every `jwt` route (also for forged,
 *     tampered and foreign tokens);
 *   - per-user collections (/api/me, /api/projects): every signed-in caller gets their own;
 *   - a project's routes: the owner 2xx; everyone else, admins included, the same 404 as for a project that does
 *     not exist, with no data of the owner's;
 *   - admin routes: a user 403; an admin 2xx except /api/admin/settings* (403); a super admin 2xx;
 *   - public routes: no auth needed (any caller gets the same answer); a wrong share token 404.
 * No response carries another fixture user's e-mail or id, except admin routes answered to administrators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../../engine/drawing/fixtures/plan';
import { api } from '../../../infra/local/testing';
import { ROUTES, type RouteDef, routeKey } from '../../../shared/api';
import type { Generation } from '../../../shared/schemas/generations';
import type { ProjectSummary, UploadTicket } from '../../../shared/schemas/projects';
import { newId } from '../../lib/ids';
import { newProject, uploadFile } from '../projects-client';
import {
  errorProblem,
  GATEWAY_UNAUTHORIZED,
  leaked,
  newAdmin,
  newPerson,
  type Person,
  seededSuperAdmin,
} from './support';

const ACTORS = ['signedOut', 'owner', 'other', 'admin', 'superAdmin'] as const;
type Actor = (typeof ACTORS)[number];
type SignedIn = Exclude<Actor, 'signedOut'>;
type Expectation = Record<Actor, number>;

/** The fixture world every row draws its path parameters, bodies and queries from. */
interface World {
  people: Record<SignedIn, Person>;
  project: ProjectSummary;
  fileId: string;
  fileName: string;
  storagePath: string;
  shareToken: string;
  generation: Generation;
  generationKey: string;
  templateId: string;
  settingKey: string;
  /** Created by the tests, removed in afterAll. */
  templates: string[];
  settings: string[];
}

interface Call {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

interface Row {
  expect: Expectation;
  /** The request (on top of the default path parameters from the world); may create throw-away resources. */
  call?: (world: World, actor: Actor) => Call | Promise<Call>;
}

// ---------------------------------------------------------------------------------------------------------------
// Expectations per feature

const PUBLIC = (status: number): Expectation => ({
  signedOut: status,
  owner: status,
  other: status,
  admin: status,
  superAdmin: status,
});
/** A collection of the caller's own (their profile, their projects). */
const PER_USER = (status: number): Expectation => ({ ...PUBLIC(status), signedOut: 401 });
/** One project's resource: the owner only; admins are no exception. */
/** Waits until the fixture file's plan is no longer being read. */
async function planSettled(world: World): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await api(`/api/projects/${world.project.id}/files/${world.fileId}/plan`, {
      token: world.people.owner.token,
    });
    if ((response.json as { plan?: { status?: string } }).plan?.status !== 'processing') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the fixture plan was still processing after 30 s');
}

const OWNER_ONLY = (status: number): Expectation => ({
  signedOut: 401,
  owner: status,
  other: 404,
  admin: 404,
  superAdmin: 404,
});
const ADMIN = (status: number): Expectation => ({
  signedOut: 401,
  owner: 403,
  other: 403,
  admin: status,
  superAdmin: status,
});
const SUPER_ADMIN = (status: number): Expectation => ({ ...ADMIN(status), admin: 403 });

const isAdministrator = (actor: Actor) => actor === 'admin' || actor === 'superAdmin';

async function ownerProject(world: World, title: string) {
  return newProject(world.people.owner.token, { title });
}

async function freshTemplate(world: World, name: string): Promise<string> {
  const response = await api('/api/admin/templates', {
    token: world.people.superAdmin.token,
    method: 'POST',
    body: { name, category: 'technical', template: 'Throw-away {subject}', variables: ['subject'] },
  });
  if (response.status !== 201) throw new Error(`template: ${response.status} ${response.text}`);
  const id = (response.json as { id: string }).id;
  world.templates.push(id);
  return id;
}

async function freshSetting(world: World): Promise<string> {
  const key = `security.matrix.${newId()}`;
  const response = await api('/api/admin/settings', {
    token: world.people.superAdmin.token,
    method: 'POST',
    body: { key, value: '1', category: 'general' },
  });
  if (response.status !== 201) throw new Error(`setting: ${response.status} ${response.text}`);
  world.settings.push(key);
  return key;
}

/** Every route, classified. Keys must match ROUTES exactly (checked below). */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: PUBLIC(200) },
  'GET /api/me': { expect: PER_USER(200) },
  'GET /api/projects': { expect: PER_USER(200) },
  'POST /api/projects': { expect: PER_USER(201), call: () => ({ body: { title: 'Matrix throw-away' } }) },

  'GET /api/projects/{projectId}': { expect: OWNER_ONLY(200) },
  'PATCH /api/projects/{projectId}': {
    expect: OWNER_ONLY(200),
    call: () => ({ body: { tags: ['Matrix'] } }),
  },
  'DELETE /api/projects/{projectId}': {
    expect: OWNER_ONLY(204),
    call: async (world, actor) =>
      actor === 'owner' ? { params: { projectId: (await ownerProject(world, 'Doomed')).id } } : {},
  },
  'GET /api/projects/{projectId}/share': { expect: OWNER_ONLY(200) },
  // Already shared: the owner gets the live link again (200, not 201).
  'POST /api/projects/{projectId}/share': { expect: OWNER_ONLY(200) },
  'DELETE /api/projects/{projectId}/share': {
    expect: OWNER_ONLY(204),
    call: async (world, actor) => {
      if (actor !== 'owner') return {};
      const project = await ownerProject(world, 'Shared, then not');
      const shared = await api(`/api/projects/${project.id}/share`, {
        token: world.people.owner.token,
        method: 'POST',
      });
      if (shared.status !== 201) throw new Error(`share: ${shared.status}`);
      return { params: { projectId: project.id } };
    },
  },

  'POST /api/projects/{projectId}/files': {
    expect: OWNER_ONLY(201),
    call: () => ({ body: { name: 'extra.png', size: 10, contentType: 'image/png' } }),
  },
  // The fixture file is uploaded: completing again answers 200 with it.
  'POST /api/projects/{projectId}/files/{fileId}/complete': { expect: OWNER_ONLY(200) },
  'GET /api/projects/{projectId}/files/{fileId}/download': { expect: OWNER_ONLY(200) },
  'GET /api/projects/{projectId}/files/{fileId}/plan': { expect: OWNER_ONLY(200) },
  'GET /api/projects/{projectId}/files/{fileId}/plan/lines': { expect: OWNER_ONLY(200) },
  // The model is built from the plan once it is read (a plan still being read answers 409).
  'GET /api/projects/{projectId}/files/{fileId}/model': {
    expect: OWNER_ONLY(200),
    call: async (world, actor) => {
      if (actor === 'owner') await planSettled(world);
      return {};
    },
  },
  // The owner corrects the scale once the plan is read (a plan still being read answers 409).
  'PATCH /api/projects/{projectId}/files/{fileId}/plan': {
    expect: OWNER_ONLY(200),
    call: async (world, actor) => {
      if (actor === 'owner') await planSettled(world);
      return { body: { metresPerUnit: 0.001 } };
    },
  },
  'GET /api/projects/{projectId}/building': { expect: OWNER_ONLY(200) },
  // The owner saves the fixture drawing as the one level once its plan is read.
  'PUT /api/projects/{projectId}/building': {
    expect: OWNER_ONLY(200),
    call: async (world, actor) => {
      if (actor === 'owner') await planSettled(world);
      return { body: { levels: [{ name: 'Ground floor', fileId: world.fileId, elevationM: 0 }] } };
    },
  },
  'GET /api/projects/{projectId}/building/model': {
    expect: OWNER_ONLY(200),
    call: async (world, actor) => {
      if (actor === 'owner') await planSettled(world);
      return {};
    },
  },
  'DELETE /api/projects/{projectId}/files/{fileId}': {
    expect: OWNER_ONLY(204),
    call: async (world, actor) => {
      if (actor !== 'owner') return {};
      const created = await api(`/api/projects/${world.project.id}/files`, {
        token: world.people.owner.token,
        method: 'POST',
        body: { name: 'doomed.png', size: 10, contentType: 'image/png' },
      });
      if (created.status !== 201) throw new Error(`file: ${created.status}`);
      return { params: { fileId: (created.json as unknown as UploadTicket).file.id } };
    },
  },

  'GET /api/public/projects/{projectId}': {
    expect: PUBLIC(200),
    call: (world) => ({ query: { k: world.shareToken } }),
  },
  'GET /api/public/projects/{projectId}/files/{fileId}/plan': {
    expect: PUBLIC(200),
    call: (world) => ({ query: { k: world.shareToken } }),
  },
  'GET /api/public/projects/{projectId}/building': {
    expect: PUBLIC(200),
    call: (world) => ({ query: { k: world.shareToken } }),
  },

  // The same Idempotency-Key and body as the fixture generation: the owner gets it replayed, nothing starts.
  'POST /api/projects/{projectId}/generations': {
    expect: OWNER_ONLY(202),
    call: (world) => ({
      body: { prompt: world.generation.prompt },
      headers: { 'idempotency-key': world.generationKey },
    }),
  },
  'GET /api/projects/{projectId}/generations/{generationId}': { expect: OWNER_ONLY(200) },
  // The fixture's render completed: the owner reaches the handler, which retries only failed renders (409); a
  // retry that runs is walked through in functions/api/generations.int.test.ts.
  'POST /api/projects/{projectId}/renders/{renderId}/retry': { expect: OWNER_ONLY(409) },
  'GET /api/projects/{projectId}/renders/{renderId}/download': { expect: OWNER_ONLY(200) },
  'POST /api/projects/{projectId}/renders/{renderId}/exports': {
    expect: OWNER_ONLY(202),
    call: () => ({ body: { size: 2048 } }),
  },
  'POST /api/projects/{projectId}/renders/{renderId}/refine': {
    expect: OWNER_ONLY(202),
    call: () => ({ body: { prompt: 'white walls' } }),
  },

  'GET /api/admin/stats': { expect: ADMIN(200) },
  'GET /api/admin/users': { expect: ADMIN(200) },
  // The other user to the role they already have: no change, 200.
  'PATCH /api/admin/users/{userId}': { expect: ADMIN(200), call: () => ({ body: { role: 'user' } }) },
  'GET /api/admin/templates': { expect: ADMIN(200) },
  'POST /api/admin/templates': {
    expect: ADMIN(201),
    call: (_world, actor) => ({
      body: { name: `Matrix ${actor}`, category: 'analysis', template: 'Describe {x}' },
    }),
  },
  'PATCH /api/admin/templates/{templateId}': {
    expect: ADMIN(200),
    call: () => ({ body: { isActive: true } }),
  },
  'DELETE /api/admin/templates/{templateId}': {
    expect: ADMIN(204),
    call: async (world, actor) =>
      isAdministrator(actor) ? { params: { templateId: await freshTemplate(world, `Doomed ${actor}`) } } : {},
  },
  'GET /api/admin/settings': { expect: SUPER_ADMIN(200) },
  'POST /api/admin/settings': {
    expect: SUPER_ADMIN(201),
    call: () => ({ body: { key: `security.matrix.${newId()}`, value: '1', category: 'general' } }),
  },
  'PATCH /api/admin/settings/{key}': { expect: SUPER_ADMIN(200), call: () => ({ body: { value: '2' } }) },
  'DELETE /api/admin/settings/{key}': {
    expect: SUPER_ADMIN(204),
    call: async (world, actor) =>
      actor === 'superAdmin' ? { params: { key: await freshSetting(world) } } : {},
  },
  'GET /api/admin/jobs': { expect: ADMIN(200) },
  'GET /api/admin/health': { expect: ADMIN(200) },
  'GET /api/admin/storage': { expect: ADMIN(200) },
};

/** Path parameters → the fixture value; a route with a parameter not listed here fails with a message. */
const PARAMS: Record<string, (world: World) => string> = {
  projectId: (w) => w.project.id,
  fileId: (w) => w.fileId,
  generationId: (w) => w.generation.id,
  renderId: (w) => w.generation.renders[0]!.id,
  // The target of role changes: the other (plain) user.
  userId: (w) => w.people.other.id,
  templateId: (w) => w.templateId,
  key: (w) => w.settingKey,
};

function concretePath(route: RouteDef, world: World, overrides: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = overrides[name] ?? PARAMS[name]?.(world);
    if (value === undefined)
      throw new Error(
        `${routeKey(route)}: no fixture for the path parameter {${name}}; add it to PARAMS in ${import.meta.filename}`,
      );
    return encodeURIComponent(value);
  });
}

function rowOf(route: RouteDef): Row {
  const row = MATRIX[routeKey(route)];
  if (!row)
    throw new Error(
      `${routeKey(route)} has no row in the authorization matrix (${import.meta.filename}): classify it ` +
        '(PUBLIC, PER_USER, OWNER_ONLY, ADMIN or SUPER_ADMIN) and give it a request that succeeds for the owner.',
    );
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

let world: World;

async function settled(token: string, projectId: string, generationId: string): Promise<Generation> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await api(`/api/projects/${projectId}/generations/${generationId}`, { token });
    const generation = (response.json as { generation: Generation }).generation;
    if (generation.status !== 'running') return generation;
    if (Date.now() > deadline) throw new Error(`generation still running: ${JSON.stringify(generation)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const superAdmin = await seededSuperAdmin();
  const [owner, other, admin] = await Promise.all([
    newPerson('matrix-owner'),
    newPerson('matrix-other'),
    newAdmin(superAdmin, 'matrix-admin'),
  ]);
  const token = owner.token;
  const project = await newProject(token, { title: `Owner-only Villa ${newId()}` });
  const fileName = `owner-secret-plan-${newId()}.dxf`;
  const { ticket, completed } = await uploadFile(token, project.id, fileName, Buffer.from(planDxf()));
  if (completed.status !== 200) throw new Error(`upload: ${completed.status} ${completed.text}`);
  const shared = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
  const shareToken = new URL((shared.json as { url: string }).url).searchParams.get('k')!;
  const generationKey = `matrix-${newId()}`;
  const started = await api(`/api/projects/${project.id}/generations`, {
    token,
    method: 'POST',
    body: { prompt: `Owner-only prompt ${newId()}` },
    headers: { 'idempotency-key': generationKey },
  });
  if (started.status !== 202) throw new Error(`generation: ${started.status} ${started.text}`);
  const generation = await settled(
    token,
    project.id,
    (started.json as { generation: Generation }).generation.id,
  );
  if (generation.status !== 'completed') throw new Error(`generation ${generation.status}`);

  world = {
    people: { owner, other, admin, superAdmin },
    project,
    fileId: ticket.file.id,
    fileName,
    storagePath: ticket.file.storagePath,
    shareToken,
    generation,
    generationKey,
    templateId: '',
    settingKey: '',
    templates: [],
    settings: [],
  };
  world.templateId = await freshTemplate(world, 'Matrix fixture');
  world.settingKey = await freshSetting(world);
}, 120_000);

afterAll(async () => {
  if (!world) return;
  const token = world.people.superAdmin.token;
  for (const id of world.templates) await api(`/api/admin/templates/${id}`, { token, method: 'DELETE' });
  for (const key of world.settings) await api(`/api/admin/settings/${key}`, { token, method: 'DELETE' });
  const created = await api('/api/admin/templates', { token });
  for (const t of (created.json as { items: { id: string; name: string }[] }).items ?? []) {
    if (t.name.startsWith('Matrix ')) await api(`/api/admin/templates/${t.id}`, { token, method: 'DELETE' });
  }
  const settings = await api('/api/admin/settings', { token });
  for (const s of (settings.json as { items: { key: string }[] }).items ?? []) {
    if (s.key.startsWith('security.matrix.'))
      await api(`/api/admin/settings/${s.key}`, { token, method: 'DELETE' });
  }
});

/** What of the owner's must never reach anyone else through a project route. */
const ownerSecrets = (w: World) => [
  w.people.owner.email,
  w.people.owner.id,
  w.project.title,
  w.fileName,
  w.storagePath,
  w.shareToken,
  w.generation.prompt,
];

/** The e-mails and ids of the fixture people other than the caller. */
const othersOf = (w: World, actor: Actor) =>
  (Object.entries(w.people) as [SignedIn, Person][])
    .filter(([who]) => who !== actor)
    .flatMap(([, p]) => [p.email, p.id]);

// ---------------------------------------------------------------------------------------------------------------
// The matrix

describe('the route table is fully classified', () => {
  it('has a row for every route and no row for a route that is gone', () => {
    const keys = ROUTES.map(routeKey);
    expect(
      keys.filter((k) => !MATRIX[k]),
      'routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !keys.includes(k)),
      'rows of MATRIX without a route',
    ).toEqual([]);
    for (const route of ROUTES) {
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g))
        expect(PARAMS[name!], `${routeKey(route)}: {${name}} has no fixture in PARAMS`).toBeDefined();
    }
  });
});

// Non-destructive routes first; DELETE routes last (they run against throw-away resources for the owner).
const ORDERED = [...ROUTES].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
// Non-owners before the owner, so that a broken check could not act on a resource the owner removed.
const ACTOR_ORDER: Actor[] = ['signedOut', 'other', 'admin', 'superAdmin', 'owner'];

describe.each(ORDERED.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  it.each(ACTOR_ORDER)('as %s', async (actor) => {
    const row = rowOf(route);
    const expected = row.expect[actor];
    const call = (await row.call?.(world, actor)) ?? {};
    let path = concretePath(route, world, call.params);
    if (call.query) path += `?${new URLSearchParams(call.query)}`;
    const person = actor === 'signedOut' ? undefined : world.people[actor];
    const response = await api(path, {
      token: person?.token,
      method: route.method,
      body: call.body,
      headers: call.headers,
    });
    const context = `${actor} ${route.method} ${path} → ${response.status} ${response.text.slice(0, 300)}`;
    expect(response.status, context).toBe(expected);

    if (expected === 401) {
      expect(response.json, context).toEqual(GATEWAY_UNAUTHORIZED);
    } else if (expected >= 400) {
      expect(errorProblem(response.status, response.text), context).toBeNull();
    }
    if (route.auth === 'none') {
      // Public answers carry nobody's e-mail or id, and no storage key.
      expect(leaked(response.text, othersOf(world, 'signedOut')), context).toEqual([]);
      expect(leaked(response.text, [world.storagePath]), context).toEqual([]);
    } else if (!(route.feature === 'admin' && isAdministrator(actor))) {
      expect(leaked(response.text, othersOf(world, actor)), context).toEqual([]);
    }
    if (actor !== 'owner' && route.feature !== 'admin' && route.auth === 'jwt') {
      expect(leaked(response.text, ownerSecrets(world)), context).toEqual([]);
    }

    if (expected === 404 && path.includes(world.project.id)) {
      // Someone else's project answers exactly like one that does not exist: no existence oracle.
      const missing = await api(path.replace(world.project.id, newId()), {
        token: person?.token,
        method: route.method,
        body: call.body,
        headers: call.headers,
      });
      expect(missing.status, context).toBe(404);
      expect(missing.json, context).toEqual(response.json);
    }
    if (route.method === 'POST' && route.path.endsWith('/generations') && actor === 'owner') {
      expect(response.headers.get('idempotent-replayed'), context).toBe('true');
      expect((response.json as { generation: Generation }).generation.id).toBe(world.generation.id);
    }
  });
});

describe('credentials that are not a valid session', () => {
  const forged = (token: string, change: (payload: Record<string, unknown>) => void, alg?: string) => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    change(claims);
    const head = alg
      ? Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(header!, 'base64url').toString()), alg }))
      : Buffer.from(header!, 'base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${head.toString('base64url')}.${body}.${alg === 'none' ? '' : signature}`;
  };

  it('answers 401 with the authorizer body on every jwt route to tampered, unsigned, expired and junk tokens', async () => {
    const victim = world.people.owner;
    const attacker = world.people.other.token;
    const bad: Record<string, string> = {
      // The attacker's own token with the owner's subject: the signature no longer matches.
      'tampered sub': forged(attacker, (c) => {
        c.sub = victim.id;
        c.email = victim.email;
      }),
      'alg none': forged(
        attacker,
        (c) => {
          c.sub = victim.id;
        },
        'none',
      ),
      expired: forged(attacker, (c) => {
        c.exp = 1;
      }),
      'not a jwt': 'definitely-not-a-token',
      'the refresh-token shape': `${victim.id}.${victim.id}.${victim.id}`,
    };
    for (const route of ROUTES.filter((r) => r.auth === 'jwt')) {
      const path = concretePath(route, world);
      for (const [label, token] of Object.entries(bad)) {
        const response = await api(path, {
          token,
          method: route.method,
          body: route.method === 'GET' ? undefined : {},
        });
        expect(response.status, `${label}: ${route.method} ${path}`).toBe(401);
        expect(response.json, `${label}: ${route.method} ${path}`).toEqual(GATEWAY_UNAUTHORIZED);
      }
    }
  });

  it('the public route needs no auth but the right token: a wrong or foreign one is the same 404', async () => {
    const other = await newProject(world.people.other.token, { title: 'Someone else' });
    const otherShare = await api(`/api/projects/${other.id}/share`, {
      token: world.people.other.token,
      method: 'POST',
    });
    const otherToken = new URL((otherShare.json as { url: string }).url).searchParams.get('k')!;
    const answers = await Promise.all(
      [
        `/api/public/projects/${world.project.id}?k=${'A'.repeat(43)}`,
        `/api/public/projects/${world.project.id}?k=${otherToken}`,
        `/api/public/projects/${other.id}?k=${world.shareToken}`,
        `/api/public/projects/${world.project.id}`,
      ].map((path) => api(path, { token: world.people.superAdmin.token })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual(answers[0]!.json);
      expect(leaked(answer.text, ownerSecrets(world))).toEqual([]);
    }
  });
});
