/**
 * Property tests of every route that takes a body or a query string: random and hostile bodies (any JSON, wrong
 * types, huge strings, deep nesting, prototype-pollution keys, unicode and control characters, invalid JSON,
 * base64), query strings and headers (Content-Type, Idempotency-Key). Always: status < 500, every 4xx carries
 * `{ error: { code, message } }`, nothing is written (the counters, profiles, projects, admin data and uploads
 * compared before and after) and Object.prototype stays clean.
 *
 * 1,000 runs per route invoke the handler modules in this process with payload-2.0 events (as the gateway builds
 * them, with the claims of real test users, against the local cloud's emulators); 100 runs per route go through
 * the local HTTP API and its authorizer. Bodies a schema accepts would be legitimate writes: the write properties
 * generate only rejected ones, and the "accepted but hostile" bodies have properties of their own.
 *
 * Runtime: in process, the handlers' reads of the callers' profiles and of the target project are served from
 * memory after the first (support.ts memoizeReads): DynamoDB Local needs ~8 ms a read here, which would make
 * 1,000 runs of a route take ~10 s. Queries, writes and the HTTP runs go to the real store.
 */

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { planDxf } from '../../../engine/drawing/fixtures/plan';
import { api, localCloud } from '../../../infra/local/testing';
import { ROUTES, type RouteDef, routeKey } from '../../../shared/api';
import { buildingSchema } from '../../../shared/building/schema';
import { MAX_FILE_BYTES, ROLES, SETTING_CATEGORIES, TEMPLATE_CATEGORIES } from '../../../shared/constants';
import { RENDER_STYLES } from '../../../shared/domain';
import { planCorrectionsSchema } from '../../../shared/plan/schema';
import {
  createSettingSchema,
  createTemplateSchema,
  listJobsQuerySchema,
  listStorageQuerySchema,
  listUsersQuerySchema,
  updateSettingSchema,
  updateTemplateSchema,
  updateUserRoleSchema,
} from '../../../shared/schemas/admin';
import {
  createGenerationSchema,
  exportRenderSchema,
  idempotencyKeySchema,
  refineRenderSchema,
  renderDownloadQuerySchema,
} from '../../../shared/schemas/generations';
import {
  createFileSchema,
  createProjectSchema,
  listProjectsQuerySchema,
  PROJECT_STATUSES,
  publicProjectQuerySchema,
  updateProjectSchema,
} from '../../../shared/schemas/projects';
import { newId } from '../../lib/ids';
import { newProject, planRead, uploadFile } from '../projects-client';
import {
  acceptedBy,
  awkwardNumber,
  bodyText,
  contentType,
  depth,
  describeValue,
  headerValue,
  hostileJsonValue,
  hostileString,
  nestedJson,
  POLLUTION_KEYS,
  queryParams,
  shown,
} from './arbitraries';
import {
  claimsOf,
  encodePathSegment,
  errorProblem,
  type Handler,
  httpEvent,
  loadHandlers,
  memoizeReads,
  newPerson,
  type Person,
  type SnapshotScope,
  seededSuperAdmin,
  useLocalCloudEnvironment,
  writeSnapshot,
} from './support';

const IN_PROCESS_RUNS = 1_000;
const HTTP_RUNS = 100;

type Caller = 'owner' | 'other' | 'superAdmin' | 'anonymous';

let people: Record<Exclude<Caller, 'anonymous'>, Person>;
let handlers: Record<RouteDef['feature'], Handler>;
let projectId: string;
let fileId: string;
let templateId: string;
let settingKey: string;
let scope: SnapshotScope;
let restoreReads: (() => void) | undefined;

const route = (key: string): RouteDef => {
  const found = ROUTES.find((r) => routeKey(r) === key);
  if (!found) throw new Error(`no route ${key}`);
  return found;
};

interface Response {
  status: number;
  text: string;
  headers: Record<string, string>;
}

async function invoke(
  key: string,
  as: Caller,
  input: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: string;
    base64?: boolean;
    headers?: Record<string, string>;
  },
): Promise<Response> {
  const r = route(key);
  const body =
    input.body === undefined || input.body === ''
      ? undefined
      : input.base64
        ? Buffer.from(input.body, 'utf8').toString('base64')
        : input.body;
  const result = await handlers[r.feature](
    httpEvent({
      route: r,
      params: input.params,
      query: input.query,
      body,
      isBase64Encoded: !!body && !!input.base64,
      headers: input.headers,
      claims: as === 'anonymous' ? undefined : claimsOf(people[as].token),
    }),
  );
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
  return { status: result.statusCode ?? 200, text: result.body ?? '', headers };
}

/** Through the local HTTP API: raw body and headers exactly as given. */
async function overHttp(
  key: string,
  as: Caller,
  input: {
    params?: Record<string, string>;
    rawQuery?: string;
    body?: string;
    headers?: Record<string, string>;
  },
): Promise<Response> {
  const r = route(key);
  const path = r.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodePathSegment(input.params?.[name] ?? ''),
  );
  const headers: Record<string, string> = { ...(input.headers ?? {}) };
  if (as !== 'anonymous') headers.authorization = `Bearer ${people[as].token}`;
  const response = await fetch(`${localCloud().url}${path}${input.rawQuery ? `?${input.rawQuery}` : ''}`, {
    method: r.method,
    headers,
    body: r.method === 'GET' ? undefined : input.body,
  });
  return {
    status: response.status,
    text: await response.text(),
    headers: Object.fromEntries(response.headers),
  };
}

/** The query parameters the gateway hands the handler for a raw query string (repeats joined by commas). */
function gatewayQuery(raw: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(raw)) query[k] = k in query ? `${query[k]},${v}` : v;
  return query;
}

function check(response: Response, allowed: number[], what: () => string) {
  const problem = errorProblem(response.status, response.text);
  if (problem) throw new Error(`${problem}\n  request: ${what()}`);
  if (!allowed.includes(response.status))
    throw new Error(
      `status ${response.status} (expected ${allowed.join(' or ')}): ${response.text.slice(0, 300)}\n  request: ${what()}`,
    );
  if (({} as Record<string, unknown>).polluted !== undefined || Object.keys(Object.prototype).length > 0)
    throw new Error(`Object.prototype was polluted by: ${what()}`);
}

async function expectNothingWritten<T>(run: () => Promise<T>): Promise<T> {
  const before = await writeSnapshot(scope);
  const result = await run();
  expect(await writeSnapshot(scope), 'the store changed').toEqual(before);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The routes with a body or a query string, each with its schema and plausible field values

const id26 = fc.stringMatching(/^[0-9a-z]{26}$/);
const plausibleString = (max: number) => fc.oneof(fc.string({ maxLength: max + 10 }), hostileString);

interface BodyCase {
  key: string;
  as: 'owner' | 'superAdmin';
  schema: z.ZodType;
  fields: () => Record<string, fc.Arbitrary<unknown>>;
  params: () => Record<string, string>;
  /** Reads the Idempotency-Key header too. */
  idempotency?: boolean;
}

const BODY_CASES: BodyCase[] = [
  {
    key: 'PATCH /api/projects/{projectId}/files/{fileId}/plan',
    as: 'owner',
    schema: planCorrectionsSchema,
    fields: () => ({
      metresPerUnit: fc.oneof(awkwardNumber, fc.constantFrom(0, -1, 1e7, 0.001)),
      viewId: fc.oneof(plausibleString(20), fc.constantFrom('page-2', 'view-1', 'page-0x', 'view-12345')),
    }),
    params: () => ({ projectId, fileId }),
  },
  {
    key: 'PUT /api/projects/{projectId}/building',
    as: 'owner',
    schema: buildingSchema,
    fields: () => ({
      levels: fc.array(
        fc.record({
          name: plausibleString(100),
          fileId: fc.oneof(plausibleString(70), fc.constant(fileId)),
          elevationM: fc.oneof(awkwardNumber, fc.constantFrom(0, 3, -1e4)),
          rotationDeg: fc.oneof(awkwardNumber, fc.constantFrom(0, 90, 45, 360)),
          offsetM: fc.array(awkwardNumber, { maxLength: 3 }),
        }),
        { maxLength: 60 },
      ),
    }),
    params: () => ({ projectId }),
  },
  {
    key: 'POST /api/projects',
    as: 'owner',
    schema: createProjectSchema,
    fields: () => ({
      title: plausibleString(200),
      description: fc.option(plausibleString(5000)),
      tags: fc.array(plausibleString(50), { maxLength: 32 }),
    }),
    params: () => ({}),
  },
  {
    key: 'PATCH /api/projects/{projectId}',
    as: 'owner',
    schema: updateProjectSchema,
    fields: () => ({
      title: plausibleString(200),
      description: fc.option(plausibleString(5000)),
      tags: fc.array(plausibleString(50), { maxLength: 32 }),
      settings: fc.dictionary(fc.string({ maxLength: 110 }), hostileJsonValue, { maxKeys: 4 }),
    }),
    params: () => ({ projectId }),
  },
  {
    key: 'POST /api/projects/{projectId}/files',
    as: 'owner',
    schema: createFileSchema,
    fields: () => ({
      name: fc
        .tuple(plausibleString(250), fc.constantFrom('.png', '.pdf', '.dxf', '.dwg', '.exe', '.PNG', ''))
        .map(([n, e]) => n + e),
      size: fc.oneof(awkwardNumber, fc.constantFrom(0, 1, MAX_FILE_BYTES, MAX_FILE_BYTES + 1, 1.5, -1)),
      contentType: fc.oneof(plausibleString(200), fc.constantFrom('image/png', 'text/html')),
    }),
    params: () => ({ projectId }),
  },
  {
    key: 'POST /api/projects/{projectId}/generations',
    as: 'owner',
    schema: createGenerationSchema,
    fields: () => ({
      prompt: plausibleString(2000),
      fileId: fc.oneof(fc.constant(fileId), id26, hostileString),
      style: fc.oneof(fc.constantFrom(...RENDER_STYLES), hostileString),
      fidelity: fc.oneof(awkwardNumber, fc.constantFrom(0, 1, 1.0001, -0.0001)),
    }),
    params: () => ({ projectId }),
    idempotency: true,
  },
  {
    key: 'POST /api/projects/{projectId}/renders/{renderId}/exports',
    as: 'owner',
    schema: exportRenderSchema,
    fields: () => ({ size: fc.oneof(awkwardNumber, fc.constantFrom(2048, 4096, 1024, 8192, '4096')) }),
    params: () => ({ projectId, renderId: '0'.repeat(26) }),
  },
  {
    key: 'POST /api/projects/{projectId}/renders/{renderId}/refine',
    as: 'owner',
    schema: refineRenderSchema,
    fields: () => ({ prompt: plausibleString(2000) }),
    // The body is refused before the render is looked up: any well-formed id serves.
    params: () => ({ projectId, renderId: '0'.repeat(26) }),
    idempotency: true,
  },
  {
    key: 'PATCH /api/admin/users/{userId}',
    as: 'superAdmin',
    schema: updateUserRoleSchema,
    fields: () => ({ role: fc.oneof(fc.constantFrom(...ROLES, 'owner', 'ADMIN', 'root'), hostileString) }),
    params: () => ({ userId: people.other.id }),
  },
  {
    key: 'POST /api/admin/templates',
    as: 'superAdmin',
    schema: createTemplateSchema,
    fields: () => templateFields(),
    params: () => ({}),
  },
  {
    key: 'PATCH /api/admin/templates/{templateId}',
    as: 'superAdmin',
    schema: updateTemplateSchema,
    fields: () => templateFields(),
    params: () => ({ templateId }),
  },
  {
    key: 'POST /api/admin/settings',
    as: 'superAdmin',
    schema: createSettingSchema,
    fields: () => ({
      key: fc.oneof(fc.constantFrom('maintenance_mode', 'limits.generations_per_day', 'x'), hostileString),
      value: hostileJsonValue,
      description: fc.option(plausibleString(500)),
      category: fc.oneof(fc.constantFrom(...SETTING_CATEGORIES), hostileString),
    }),
    params: () => ({}),
  },
  {
    key: 'PATCH /api/admin/settings/{key}',
    as: 'superAdmin',
    schema: updateSettingSchema,
    fields: () => ({
      key: fc.constant('other'),
      value: hostileJsonValue,
      description: fc.option(plausibleString(500)),
      category: fc.oneof(fc.constantFrom(...SETTING_CATEGORIES), hostileString),
    }),
    params: () => ({ key: settingKey }),
  },
];

function templateFields(): Record<string, fc.Arbitrary<unknown>> {
  return {
    name: plausibleString(120),
    category: fc.oneof(fc.constantFrom(...TEMPLATE_CATEGORIES, 'poems'), hostileString),
    template: plausibleString(10_000),
    variables: fc.oneof(fc.array(plausibleString(100), { maxLength: 60 }), plausibleString(5000)),
    isActive: fc.oneof(fc.boolean(), hostileJsonValue),
  };
}

interface QueryCase {
  key: string;
  as: Caller;
  schema: z.ZodType;
  fields: () => Record<string, fc.Arbitrary<string>>;
  params: () => fc.Arbitrary<Record<string, string>>;
  /** Allowed statuses for a query the schema accepts / rejects. */
  accepted: number[];
  rejected: number[];
}

/** A query the schema accepts may still carry a cursor that is not one of ours: that is a 400 "Invalid cursor". */
function checkQuery(c: QueryCase, query: Record<string, string>, response: Response, what: () => string) {
  const accepted = c.schema.safeParse(query).success;
  const invalidCursor =
    accepted && response.status === 400 && response.text.includes('"Invalid cursor"') && !!query.cursor;
  check(response, invalidCursor ? [400] : accepted ? c.accepted : c.rejected, what);
}

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom('1', '24', '100', '101', '0', '-1', '1e2', '0x10', ' 5 ', '5.5', 'Infinity', 'NaN', ''),
);
const cursorText = fc.oneof(
  fc.string(),
  fc.base64String(),
  fc.json().map((j) => Buffer.from(j).toString('base64url')),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,2100}$/),
);

const QUERY_CASES: QueryCase[] = [
  {
    // No render of that id: a well-formed query is a 404, any other a 400, never a 5xx.
    key: 'GET /api/projects/{projectId}/renders/{renderId}/download',
    as: 'owner',
    schema: renderDownloadQuerySchema,
    fields: () => ({ size: fc.oneof(fc.constantFrom('2048', '4096', '1024', '4096.0', ''), fc.string()) }),
    params: () => fc.constant({ projectId, renderId: '0'.repeat(26) }),
    accepted: [404],
    rejected: [400],
  },
  {
    key: 'GET /api/projects',
    as: 'owner',
    schema: listProjectsQuerySchema,
    fields: () => ({
      status: fc.constantFrom('all', ...PROJECT_STATUSES, 'bogus'),
      q: fc.string(),
      cursor: cursorText,
      limit: numberText,
    }),
    params: () => fc.constant({}),
    accepted: [200],
    rejected: [400],
  },
  {
    key: 'GET /api/admin/users',
    as: 'superAdmin',
    schema: listUsersQuerySchema,
    fields: () => ({
      q: fc.string(),
      role: fc.constantFrom('all', ...ROLES, 'owner'),
      cursor: cursorText,
      limit: numberText,
    }),
    params: () => fc.constant({}),
    accepted: [200],
    rejected: [400],
  },
  {
    key: 'GET /api/admin/jobs',
    as: 'superAdmin',
    schema: listJobsQuerySchema,
    fields: () => ({
      status: fc.constantFrom('all', 'queued', 'processing', 'completed', 'failed', 'lost'),
      cursor: cursorText,
      limit: numberText,
    }),
    params: () => fc.constant({}),
    accepted: [200],
    rejected: [400],
  },
  {
    key: 'GET /api/admin/storage',
    as: 'superAdmin',
    schema: listStorageQuerySchema,
    fields: () => ({ cursor: cursorText, limit: numberText }),
    params: () => fc.constant({}),
    accepted: [200],
    rejected: [400],
  },
  {
    // Nobody can guess a share token: every random query is the same 404.
    key: 'GET /api/public/projects/{projectId}',
    as: 'anonymous',
    schema: publicProjectQuerySchema,
    fields: () => ({ k: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{20,100}$/), fc.string()) }),
    params: () =>
      fc
        .oneof(
          fc.constant(projectId),
          id26,
          hostileString.filter((s) => s.length > 0),
        )
        .map((id) => ({ projectId: id })),
    accepted: [404],
    rejected: [404],
  },
];

/** A body for `c`: only ones its schema rejects (with the header, for generations: the pair must be rejected). */
function rejectedBody(c: BodyCase) {
  return fc
    .record({
      text: bodyText(c.fields()),
      base64: fc.boolean(),
      contentType,
      idempotencyKey: c.idempotency
        ? fc.option(fc.oneof(headerValue(100_000), hostileString), { freq: 3 })
        : fc.constant(null),
    })
    .filter(({ text, idempotencyKey }) => {
      if (!acceptedBy(c.schema, text)) return true;
      return idempotencyKey !== null && !idempotencyKeySchema.safeParse(idempotencyKey).success;
    })
    .map(shown);
}

function headersOf(contentTypeHeader: string, idempotencyKey: string | null) {
  const headers: Record<string, string> = { 'content-type': contentTypeHeader };
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  return headers;
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  useLocalCloudEnvironment();
  const superAdmin = await seededSuperAdmin();
  const [owner, other] = await Promise.all([newPerson('prop-owner'), newPerson('prop-other')]);
  people = { owner, other, superAdmin };
  const project = await newProject(owner.token, { title: 'Property target' });
  projectId = project.id;
  const { ticket, completed } = await uploadFile(owner.token, projectId, 'plan.dxf', Buffer.from(planDxf()));
  if (completed.status !== 200) throw new Error(`upload: ${completed.status}`);
  fileId = ticket.file.id;
  // The plan read the upload started writes the file's plan state: let it finish before any snapshot of the store.
  await planRead(owner.token, projectId, fileId);
  const template = await api('/api/admin/templates', {
    token: superAdmin.token,
    method: 'POST',
    body: { name: 'Property target', category: 'analysis', template: 'Describe {x}' },
  });
  templateId = (template.json as { id: string }).id;
  settingKey = `security.prop.${newId()}`;
  const setting = await api('/api/admin/settings', {
    token: superAdmin.token,
    method: 'POST',
    body: { key: settingKey, value: '1' },
  });
  if (setting.status !== 201) throw new Error(`setting: ${setting.status}`);
  scope = { userIds: [owner.id, other.id, superAdmin.id], projectIds: [projectId] };
  handlers = await loadHandlers();
  restoreReads = memoizeReads([
    ...[owner, other, superAdmin].map((p) => ({ PK: `USER#${p.id}`, SK: 'PROFILE' })),
    { PK: `PROJECT#${projectId}`, SK: 'PROJECT' },
  ]);
}, 120_000);

afterAll(async () => {
  restoreReads?.();
  if (!people) return;
  const token = people.superAdmin.token;
  await api(`/api/admin/templates/${templateId}`, { token, method: 'DELETE' });
  const settings = await api('/api/admin/settings', { token });
  for (const s of (settings.json as { items?: { key: string }[] }).items ?? []) {
    if (s.key.startsWith('security.prop.'))
      await api(`/api/admin/settings/${s.key}`, { token, method: 'DELETE' });
  }
});

describe('every route with a body or a query string has a property case', () => {
  it('covers them all', () => {
    const covered = new Set([...BODY_CASES, ...QUERY_CASES].map((c) => c.key));
    const bodyless = new Set([
      'POST /api/projects/{projectId}/share',
      'POST /api/projects/{projectId}/files/{fileId}/complete',
      'POST /api/projects/{projectId}/renders/{renderId}/retry',
    ]);
    const missing = ROUTES.filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT') && !bodyless.has(routeKey(r)),
    )
      .map(routeKey)
      .filter((k) => !covered.has(k));
    expect(missing, 'routes with a body but no property case in BODY_CASES').toEqual([]);
  });
});

describe(`hostile bodies, in process (${IN_PROCESS_RUNS} runs each): 400 with the error shape, nothing written`, () => {
  it.each(BODY_CASES.map((c) => [c.key, c] as const))(
    '%s',
    async (_key, c) => {
      await expectNothingWritten(() =>
        fc.assert(
          fc.asyncProperty(rejectedBody(c), async ({ value: input }) => {
            const response = await invoke(c.key, c.as, {
              params: c.params(),
              body: input.text,
              base64: input.base64,
              headers: headersOf(input.contentType, input.idempotencyKey),
            });
            check(response, [400], () => `${c.key} ${describeValue(input)}`);
          }),
          { numRuns: IN_PROCESS_RUNS },
        ),
      );
    },
    120_000,
  );
});

// Valid queries go to DynamoDB Local (~10 ms a query here): the routes run concurrently.
describe.concurrent(`hostile query strings, in process (${IN_PROCESS_RUNS} runs each): never 5xx, nothing written`, () => {
  it.each(QUERY_CASES.map((c) => [c.key, c] as const))(
    '%s',
    async (_key, c) => {
      await expectNothingWritten(() =>
        fc.assert(
          fc.asyncProperty(
            fc.record({ query: queryParams(c.fields()), params: c.params() }).map(shown),
            async ({ value: input }) => {
              const response = await invoke(c.key, c.as, input);
              checkQuery(c, input.query, response, () => `${c.key} ${describeValue(input)}`);
            },
          ),
          { numRuns: IN_PROCESS_RUNS },
        ),
      );
    },
    120_000,
  );
});

describe(`any body from the wrong caller, in process (${IN_PROCESS_RUNS} runs): refused, nothing written`, () => {
  it('another user on the owner’s project routes gets 404 (400 for a malformed generation); a user on admin routes 403', async () => {
    const cases = BODY_CASES.filter((c) => c.key !== 'POST /api/projects');
    await expectNothingWritten(() =>
      fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...cases)
            .chain((c) =>
              fc.record({
                c: fc.constant(c),
                text: bodyText(c.fields()),
                key: fc.option(fc.oneof(headerValue(1000), fc.constant('replayed-key-12345'))),
              }),
            )
            .map(shown),
          async ({ value: { c, text, key } }) => {
            const response = await invoke(c.key, 'other', {
              params: c.params(),
              body: text,
              headers: headersOf('application/json', key),
            });
            const allowed = c.as === 'superAdmin' ? [403] : c.idempotency ? [400, 404] : [404];
            check(response, allowed, () => `${c.key} ${describeValue(text)}`);
          },
        ),
        { numRuns: IN_PROCESS_RUNS },
      ),
    );
  }, 120_000);
});

describe.concurrent(`through the local HTTP API (${HTTP_RUNS} runs per route): never 5xx, error shape, nothing written`, () => {
  const printable = (s: string) => /^[\x20-\x7e]*$/.test(s);

  it.each(BODY_CASES.map((c) => [c.key, c] as const))('%s', async (_key, c) => {
    await expectNothingWritten(() =>
      fc.assert(
        fc.asyncProperty(
          rejectedBody(c).filter(
            ({ value }) =>
              printable(value.contentType) &&
              (value.idempotencyKey === null ||
                (printable(value.idempotencyKey) && value.idempotencyKey.length < 8000)) &&
              // What the server decodes is the UTF-8 of the text (lone surrogates become U+FFFD).
              !acceptedBy(c.schema, Buffer.from(value.text, 'utf8').toString('utf8')),
          ),
          async ({ value: input }) => {
            const response = await overHttp(c.key, c.as, {
              params: c.params(),
              body: input.text,
              headers: headersOf(input.contentType, input.idempotencyKey),
            });
            check(response, [400], () => `${c.key} ${describeValue(input)}`);
          },
        ),
        { numRuns: HTTP_RUNS },
      ),
    );
  });

  it.each(QUERY_CASES.map((c) => [c.key, c] as const))('%s', async (_key, c) => {
    const junk = fc.constantFrom(
      '',
      '&%',
      '&%zz=%E0%A4%A',
      '&limit=1&limit=2',
      '&=',
      '&&&',
      '&k',
      '&__proto__=1',
    );
    await expectNothingWritten(() =>
      fc.assert(
        fc.asyncProperty(
          fc
            .record({ query: queryParams(c.fields()), params: c.params(), junk })
            .map(({ query, params, junk }) => ({
              rawQuery: new URLSearchParams(query).toString() + junk,
              params,
            }))
            .filter(({ rawQuery }) => rawQuery.length < 6000)
            .map(shown),
          async ({ value: input }) => {
            const response = await overHttp(c.key, c.as, input);
            checkQuery(c, gatewayQuery(input.rawQuery), response, () => `${c.key} ${describeValue(input)}`);
          },
        ),
        { numRuns: HTTP_RUNS },
      ),
    );
  });

  it('random path parameters (well encoded) are a 404 with the error shape on every parameterised route', async () => {
    const parameterised = ROUTES.filter((r) => r.path.includes('{'));
    await expectNothingWritten(() =>
      fc.assert(
        fc.asyncProperty(
          fc
            .record({
              r: fc.constantFrom(...parameterised),
              value: fc.oneof(
                hostileString.map((s) => s.slice(0, 500)),
                id26,
              ),
            })
            .filter(({ value }) => value.length > 0 && value !== '.' && value !== '..')
            .map(shown),
          async ({ value: { r, value } }) => {
            const params = Object.fromEntries(
              [...r.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, value]),
            );
            const as: Caller =
              r.feature === 'admin' ? 'superAdmin' : r.auth === 'none' ? 'anonymous' : 'owner';
            const response = await overHttp(routeKey(r), as, { params, body: '{}' });
            // Routes that validate the body before the resource (generations, admin) may answer 400 to `{}`.
            const allowed = r.feature === 'admin' || r.feature === 'generations' ? [400, 404] : [404];
            check(response, allowed, () => `${routeKey(r)} ${describeValue(params)}`);
          },
        ),
        { numRuns: HTTP_RUNS },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Bodies and queries a schema accepts but the store cannot hold: a 400 is fine, a 500 is a bug.

/** A JSON value DynamoDB cannot store as it is: > 32 levels, unsafe or out-of-range numbers, empty or pollution keys. */
const unstorableValue: fc.Arbitrary<unknown> = fc.oneof(
  depth.map((d) => JSON.parse(nestedJson(Math.min(d, 1_000), 'array'))),
  fc.constantFrom(2 ** 53 + 2, 1e300, -1e300, 1e-200),
  fc.constantFrom(...POLLUTION_KEYS, '').map((key) => JSON.parse(`{${JSON.stringify(key)}:{"x":1}}`)),
  hostileJsonValue,
);

describe('accepted but unstorable input answers 4xx, never 500', () => {
  it(`PATCH /api/projects/{projectId} with hostile settings values (${IN_PROCESS_RUNS} runs)`, async () => {
    const project = await newProject(people.owner.token, { title: 'Settings target' });
    await fc.assert(
      fc.asyncProperty(
        fc
          .dictionary(
            fc.oneof(fc.string({ maxLength: 100 }), fc.constantFrom(...POLLUTION_KEYS, '')),
            unstorableValue,
            {
              minKeys: 1,
              maxKeys: 3,
            },
          )
          .map((settings) => JSON.stringify({ settings }))
          .filter((text) => acceptedBy(updateProjectSchema, text))
          .map(shown),
        async ({ value: text }) => {
          const response = await invoke('PATCH /api/projects/{projectId}', 'owner', {
            params: { projectId: project.id },
            body: text,
          });
          check(response, [200, 400], () => describeValue(text));
        },
      ),
      { numRuns: IN_PROCESS_RUNS },
    );
  }, 120_000);

  it(`POST /api/admin/settings with hostile values of an unknown key (${IN_PROCESS_RUNS} runs)`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        unstorableValue
          .map((value) => JSON.stringify({ key: `security.prop.${newId()}.${n++}`, value }))
          .filter((text) => acceptedBy(createSettingSchema, text))
          .map(shown),
        async ({ value: text }) => {
          const response = await invoke('POST /api/admin/settings', 'superAdmin', { body: text });
          check(response, [201, 400], () => describeValue(text));
        },
      ),
      { numRuns: IN_PROCESS_RUNS },
    );
  }, 120_000);

  it(`list routes with a well-formed cursor of unusable keys (${IN_PROCESS_RUNS} runs)`, async () => {
    const lists = [
      { key: 'GET /api/projects', as: 'owner' as const, partition: () => `USER#${people.owner.id}` },
      { key: 'GET /api/admin/users', as: 'superAdmin' as const, partition: () => 'PROFILES' },
      { key: 'GET /api/admin/jobs', as: 'superAdmin' as const, partition: () => 'JOBS' },
      { key: 'GET /api/admin/storage', as: 'superAdmin' as const, partition: () => 'PROFILES' },
    ];
    const keyPart = fc.oneof(fc.constant(''), fc.string({ maxLength: 40 }), fc.constant('x'.repeat(1100)));
    await expectNothingWritten(() =>
      fc.assert(
        fc.asyncProperty(
          fc
            .record({ list: fc.constantFrom(...lists), PK: keyPart, SK: keyPart, GSI1SK: keyPart })
            .map(({ list, PK, SK, GSI1SK }) => ({
              key: list.key,
              as: list.as,
              cursor: Buffer.from(JSON.stringify({ PK, SK, GSI1PK: list.partition(), GSI1SK })).toString(
                'base64url',
              ),
            }))
            .filter(({ cursor }) => cursor.length <= 2000)
            .map(shown),
          async ({ value: { key, as, cursor } }) => {
            const response = await invoke(key, as, { query: { cursor } });
            const decoded = Buffer.from(cursor, 'base64url').toString();
            check(response, [200, 400], () => `${key} cursor=${decoded.slice(0, 200)}`);
          },
        ),
        { numRuns: IN_PROCESS_RUNS },
      ),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// The classes the properties above find, one test each, through the local HTTP API.

const STORE_LIMITS: [string, string][] = [
  ['nested 40 levels (DynamoDB allows 32)', nestedJson(40, 'array')],
  ['nested 5,000 levels', nestedJson(5_000, 'array')],
  ['an integer beyond Number.MAX_SAFE_INTEGER', '9007199254740993'],
  ['a number beyond DynamoDB’s range', '1e300'],
  ['an object with an empty key', '{"":1}'],
  ['an object with a "constructor" key', '{"constructor":{"prototype":{"polluted":"yes"}}}'],
  ['an object with a "__proto__" key', '{"__proto__":{"polluted":"yes"}}'],
];

/** Runs `attempt` for each case and lists the ones that failed, so that one test names every failing class. */
async function failingCases<T>(
  cases: readonly (readonly [string, T])[],
  attempt: (c: T) => Promise<Response>,
  allowed: number[],
) {
  const failures: string[] = [];
  for (const [label, c] of cases) {
    const response = await attempt(c);
    if (!allowed.includes(response.status) || errorProblem(response.status, response.text))
      failures.push(`${label} → ${response.status} ${response.text.slice(0, 120)}`);
  }
  return failures;
}

describe('prototype keys (__proto__, constructor, prototype) are refused at any depth and lose nothing', () => {
  it.each([
    ['top level', '{"__proto__":{"title":"x"}}'],
    ['settings', '{"settings":{"__proto__":{"a":1}}}'],
    ['deep in settings', '{"settings":{"a":{"b":[{"constructor":{"prototype":{"p":1}}}]}}}'],
    ['a prototype key', '{"settings":{"prototype":1}}'],
  ])('%s', async (_label, body) => {
    const before = await api(`/api/projects/${projectId}`, { token: people.owner.token });
    const response = await overHttp('PATCH /api/projects/{projectId}', 'owner', {
      params: { projectId },
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^The key "(__proto__|constructor|prototype)" is not allowed$/),
    });
    const after = await api(`/api/projects/${projectId}`, { token: people.owner.token });
    expect((after.json as { settings: unknown }).settings).toEqual(
      (before.json as { settings: unknown }).settings,
    );
  });
});

describe('hostile values a schema accepts: 200 or 400, never 500', () => {
  it('PATCH /api/projects/{projectId}: settings values DynamoDB cannot hold', async () => {
    const failures = await failingCases(
      STORE_LIMITS,
      (value) =>
        overHttp('PATCH /api/projects/{projectId}', 'owner', {
          params: { projectId },
          body: `{"settings":{"a":${value}}}`,
          headers: { 'content-type': 'application/json' },
        }),
      [200, 400],
    );
    expect(failures, 'settings values answered with a 500').toEqual([]);
  });

  it('POST /api/admin/settings: values DynamoDB cannot hold', async () => {
    const failures = await failingCases(
      STORE_LIMITS,
      (value) =>
        overHttp('POST /api/admin/settings', 'superAdmin', {
          body: `{"key":"security.prop.${newId()}","value":{"a":${value}}}`,
          headers: { 'content-type': 'application/json' },
        }),
      [201, 400],
    );
    expect(failures, 'setting values answered with a 500').toEqual([]);
  });

  it('list routes: a well-formed cursor with an empty or oversized key', async () => {
    const cursor = (key: Record<string, string>) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const lists = [
      ['GET /api/projects', 'owner', () => `USER#${people.owner.id}`],
      ['GET /api/admin/users', 'superAdmin', () => 'PROFILES'],
      ['GET /api/admin/jobs', 'superAdmin', () => 'JOBS'],
      ['GET /api/admin/storage', 'superAdmin', () => 'PROFILES'],
    ] as const;
    const keys = [
      ['an empty PK', { PK: '', SK: 'PROJECT', GSI1SK: 'x' }],
      ['an empty GSI1SK', { PK: 'PROJECT#x', SK: 'PROJECT', GSI1SK: '' }],
      ['a GSI1SK over 1 KB', { PK: 'PROJECT#x', SK: 'PROJECT', GSI1SK: 'é'.repeat(600) }],
    ] as const;
    const cases = lists.flatMap(([route, as, partition]) =>
      keys.map(([label, key]) => [`${route} with ${label}`, { route, as, key, partition }] as const),
    );
    const failures = await failingCases(
      cases,
      ({ route, as, key, partition }) =>
        overHttp(route, as, { rawQuery: `cursor=${cursor({ ...key, GSI1PK: partition() })}` }),
      [200, 400],
    );
    expect(failures, 'cursors answered with a 500').toEqual([]);
  });

  it('admin routes: an oversized {key} or {userId} is a 404', async () => {
    const cases = [
      ['DELETE /api/admin/settings/{key}', { params: { key: 'é'.repeat(1100) } }],
      ['PATCH /api/admin/settings/{key}', { params: { key: 'é'.repeat(1100) }, body: '{"value":1}' }],
      ['PATCH /api/admin/users/{userId}', { params: { userId: 'x'.repeat(3000) }, body: '{"role":"user"}' }],
    ] as const;
    const failures = await failingCases(
      cases.map(([key, input]) => [key, { key, input }] as const),
      ({ key, input }) =>
        overHttp(key, 'superAdmin', { ...input, headers: { 'content-type': 'application/json' } }),
      [404],
    );
    expect(failures, 'oversized path parameters answered with a 500').toEqual([]);
  });

  it('a malformed percent-encoding in the path is a 4xx (the local gateway)', async () => {
    const failures: string[] = [];
    for (const path of ['/api/projects/%E0%A4%A', '/api/public/projects/%?k=x', '/api/admin/settings/%ZZ']) {
      const response = await fetch(`${localCloud().url}${path}`, {
        headers: { authorization: `Bearer ${people.owner.token}` },
      });
      if (response.status >= 500) failures.push(`${path} → ${response.status} ${await response.text()}`);
    }
    expect(failures).toEqual([]);
  });
});
