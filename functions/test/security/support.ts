/**
 * Shared helpers of the security tests: the people of a test (signed in through the local Cognito), the handler
 * modules invoked in this process with payload-2.0 events built like infra/local/gateway.ts builds them, the
 * error-shape check, and a snapshot of everything a request could write (counters, profiles, projects, admin
 * data, uploads) for "nothing was written" assertions.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { flattenClaims } from '../../../infra/local/gateway';
import {
  GENERATE_STATE_MACHINE,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  RENDERS_BUCKET,
  stateMachineArn,
  TABLE_NAME,
  UPLOADS_BUCKET,
} from '../../../infra/local/names';
import { api, createUser, localCloud, signIn } from '../../../infra/local/testing';
import type { ApiFeature, RouteDef } from '../../../shared/api';
import { routeKey } from '../../../shared/api';
import { db } from '../../lib/db/client';
import type { HttpEvent, HttpResult } from '../../lib/http';
import { localAws } from '../local-aws';

// ---------------------------------------------------------------------------------------------------------------
// People

export interface Person {
  label: string;
  email: string;
  id: string;
  token: string;
  password: string;
}

export async function whoAmI(token: string): Promise<{ id: string; email: string; role: string }> {
  const response = await api('/api/me', { token });
  if (response.status !== 200) throw new Error(`GET /api/me: ${response.status} ${response.text}`);
  return response.json as unknown as { id: string; email: string; role: string };
}

/** A new confirmed user with a profile (PostConfirmation wrote it). */
export async function newPerson(label: string): Promise<Person> {
  const user = await createUser(label);
  const me = await whoAmI(user.tokens.idToken);
  return { label, email: user.email, id: me.id, token: user.tokens.idToken, password: user.password };
}

/** The seeded super admin of the test run. */
export async function seededSuperAdmin(): Promise<Person> {
  const { admin } = localCloud();
  const tokens = await signIn(admin.email, admin.password);
  const me = await whoAmI(tokens.idToken);
  if (me.role !== 'super_admin') throw new Error(`the seeded admin is ${me.role}, not super_admin`);
  return {
    label: 'super admin',
    email: me.email,
    id: me.id,
    token: tokens.idToken,
    password: admin.password,
  };
}

/** A new user the super admin made an `admin` (stored profile role). */
export async function newAdmin(superAdmin: Person, label = 'admin'): Promise<Person> {
  const person = await newPerson(label);
  const response = await api(`/api/admin/users/${person.id}`, {
    token: superAdmin.token,
    method: 'PATCH',
    body: { role: 'admin' },
  });
  if (response.status !== 200) throw new Error(`promote: ${response.status} ${response.text}`);
  return person;
}

/** The claims API Gateway passes for a token: its payload, every value a string, arrays flattened. */
export function claimsOf(token: string): Record<string, string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  return flattenClaims(payload as Record<string, unknown>);
}

// ---------------------------------------------------------------------------------------------------------------
// Handlers in this process

/**
 * Points this process at the local cloud, as the local cloud configures its own handlers (infra/local/cloud.ts).
 * Must run before the first handler module is loaded (the SDK clients are created on first use).
 */
export function useLocalCloudEnvironment(): void {
  const cloud = localCloud();
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: cloud.endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: cloud.endpoints.s3,
    AWS_ENDPOINT_URL_SFN: cloud.endpoints.sfn,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cloud.endpoints.cognito,
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    S3_FORCE_PATH_STYLE: 'true',
    TABLE_NAME,
    UPLOADS_BUCKET,
    RENDERS_BUCKET,
    SITE_URL: cloud.url,
    USER_POOL_ID: cloud.userPoolId,
    STATE_MACHINE_ARN: stateMachineArn(GENERATE_STATE_MACHINE),
    LOG_LEVEL: 'error',
  });
}

export type Handler = (event: HttpEvent) => Promise<HttpResult>;

/** One loader per API feature: a new feature fails type-checking here until it is added. */
const HANDLER_MODULES: Record<ApiFeature, () => Promise<{ handler: Handler }>> = {
  health: () => import('../../api/health'),
  me: () => import('../../api/me'),
  projects: () => import('../../api/projects'),
  files: () => import('../../api/files'),
  public: () => import('../../api/public'),
  generations: () => import('../../api/generations'),
  admin: () => import('../../api/admin'),
};

export async function loadHandlers(): Promise<Record<ApiFeature, Handler>> {
  const entries = await Promise.all(
    Object.entries(HANDLER_MODULES).map(
      async ([feature, load]) => [feature, (await load()).handler] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<ApiFeature, Handler>;
}

/** encodeURIComponent that does not throw on lone surrogates (they become U+FFFD, as in UTF-8 on the wire). */
export const encodePathSegment = (value: string) =>
  encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

export interface EventInput {
  route: Pick<RouteDef, 'method' | 'path'>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  headers?: Record<string, string>;
  /** Verified JWT claims (as the authorizer passes them); absent on routes without auth. */
  claims?: Record<string, string>;
}

/** A payload-format-2.0 event, built the way the local gateway (and API Gateway) builds it. */
export function httpEvent(input: EventInput): HttpEvent {
  const key = routeKey(input.route);
  const params = input.params ?? {};
  const rawPath = input.route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodePathSegment(params[name] ?? ''),
  );
  const headers: Record<string, string> = { host: 'localhost', ...(input.headers ?? {}) };
  const query = input.query ?? {};
  const now = new Date();
  const event = {
    version: '2.0',
    routeKey: key,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: input.body,
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.route.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'security-tests',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(input.claims ? { authorizer: { jwt: { claims: input.claims, scopes: null } } } : {}),
    },
  };
  return event as unknown as HttpEvent;
}

/**
 * Serves the handlers' GetItem of these items (a caller's profile, the target project) from memory after the
 * first read: DynamoDB Local takes ~8 ms a read on a small machine, which is most of a run of a property whose
 * every request reads the same unchanging item before validating. Only reads through the handlers' client in this
 * process; writes, queries and every other read go to the store, and the write snapshots use their own client.
 */
export function memoizeReads(keys: { PK: string; SK: string }[]): () => void {
  const client = db();
  const wanted = new Set(keys.map((k) => `${k.PK}|${k.SK}`));
  const cache = new Map<string, unknown>();
  const send = client.send.bind(client);
  const memoized = async (command: unknown, ...rest: unknown[]) => {
    if (command instanceof GetCommand && !command.input.ProjectionExpression) {
      const key = command.input.Key as { PK?: unknown; SK?: unknown } | undefined;
      const id = `${key?.PK}|${key?.SK}`;
      if (wanted.has(id)) {
        if (!cache.has(id)) cache.set(id, await send(command));
        return structuredClone(cache.get(id));
      }
    }
    return (send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
  };
  client.send = memoized as typeof client.send;
  return () => {
    client.send = send;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Response checks

const CODES_BY_STATUS: Record<number, string[]> = {
  400: ['BAD_REQUEST', 'VALIDATION_FAILED'],
  401: ['UNAUTHORIZED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  405: ['METHOD_NOT_ALLOWED'],
  409: ['CONFLICT'],
  413: ['PAYLOAD_TOO_LARGE'],
  422: ['UNPROCESSABLE'],
  429: ['TOO_MANY_REQUESTS'],
};

/** The API Gateway JWT authorizer's answer (the local gateway copies it). */
export const GATEWAY_UNAUTHORIZED = { message: 'Unauthorized' };

/**
 * What is wrong with a 4xx response, or null: `{ error: { code, message } }` with the code of the status (or the
 * authorizer's exact 401 body when `gateway401` is allowed). 5xx is always wrong.
 */
export function errorProblem(status: number, text: string, options: { gateway401?: boolean } = {}) {
  if (status >= 500) return `status ${status} (server error): ${text.slice(0, 500)}`;
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 200))}`;
  }
  if (status === 401 && options.gateway401 && JSON.stringify(body) === JSON.stringify(GATEWAY_UNAUTHORIZED))
    return null;
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string')
    return `status ${status} without { error: { code, message } }: ${text.slice(0, 300)}`;
  const codes = CODES_BY_STATUS[status];
  if (codes && !codes.includes(error.code)) return `status ${status} with code ${error.code}`;
  return null;
}

/** The strings of `secrets` found in a response body (case-insensitive). */
export function leaked(text: string, secrets: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return secrets.filter((s) => s && lower.includes(s.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------------------------
// What a request could write

async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await localAws
      .doc()
      .send(new QueryCommand({ ...input, TableName: TABLE_NAME, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  return items;
}

const byPartition = (pk: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } });

async function getItem(Key: Record<string, string>) {
  const { Item } = await localAws.doc().send(new GetCommand({ TableName: TABLE_NAME, Key }));
  return Item ?? null;
}

/** Activity bookkeeping every authenticated request may touch; never a write a test cares about. */
const ACTIVITY_FIELDS = new Set(['lastActivityAt', 'lastActiveDay']);
const withoutActivity = (item: Record<string, unknown> | null) =>
  item && Object.fromEntries(Object.entries(item).filter(([k]) => !ACTIVITY_FIELDS.has(k)));

export interface SnapshotScope {
  userIds: string[];
  projectIds: string[];
}

/**
 * Everything the API writes for these users and projects, plus the platform-wide items: STATS/TOTAL and ROLES,
 * profiles (without activity), usage, idempotency keys, their projects (every item of each partition and the
 * owner's index), templates, settings, the audit log and the uploaded objects.
 */
export async function writeSnapshot(scope: SnapshotScope) {
  const perUser = await Promise.all(
    scope.userIds.map(async (id) => ({
      id,
      profile: withoutActivity(await getItem({ PK: `USER#${id}`, SK: 'PROFILE' })),
      usage: await getItem({ PK: `USER#${id}`, SK: 'USAGE' }),
      idempotency: await byPartition(`IDEMPOTENCY#${id}`),
      projects: (
        await queryAll({
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': `USER#${id}` },
        })
      ).map((p) => `${p.PK}@${p.updatedAt}`),
      uploads: (
        await localAws.s3().send(new ListObjectsV2Command({ Bucket: UPLOADS_BUCKET, Prefix: `${id}/` }))
      ).Contents?.map((o) => `${o.Key}:${o.Size}`),
    })),
  );
  const projects = await Promise.all(scope.projectIds.map((id) => byPartition(`PROJECT#${id}`)));
  const audit = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': 'AUDIT' },
    ProjectionExpression: 'SK',
  });
  return {
    total: await getItem({ PK: 'STATS', SK: 'TOTAL' }),
    roles: await getItem({ PK: 'STATS', SK: 'ROLES' }),
    perUser,
    projects,
    templates: await byPartition('TEMPLATE'),
    settings: await byPartition('SETTING'),
    audit: audit.length,
  };
}
