/**
 * The local cloud: every part of the AWS application on loopback, behind one origin.
 *   /api/*            local HTTP API (route table → handler modules, JWT authorizer)
 *   /config.json      the SPA's runtime configuration
 *   /_local/cognito   cognito-local (the SPA's Cognito endpoint; also the JWT issuer)
 *   /_local/sfn       Step Functions endpoint (aws-local-stepfunctions)
 *   /_local/mailbox   dev mailbox (page and .json)
 *   everything else   the SPA (web/dist, or Vite with hot reload in dev)
 * DynamoDB Local and s3rver listen on their own loopback ports.
 */
import './bootstrap';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { RuntimeConfig } from '../../shared/schemas/config';
import { type CognitoLocal, createCognitoLocal } from './cognito';
import { startDynamoDbLocal } from './dynamodb';
import { startDynamoDbMetricsProxy } from './dynamodb-metrics';
import {
  createInvoker,
  EXPORT_RENDER_FUNCTION,
  type ModuleLoader,
  READ_PLAN_FUNCTION,
  WORKFLOW_TASKS,
} from './functions';
import { LocalHttpApi } from './gateway';
import { Mailbox } from './mailbox';
import {
  DEFAULT_ADMIN_EMAIL,
  GENERATE_STATE_MACHINE,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  lambdaArn,
  RENDERS_BUCKET,
  stateMachineArn,
  TABLE_NAME,
  UPLOADS_BUCKET,
} from './names';
import { portInUse } from './net';
import { startS3Local } from './s3';
import {
  type AdminCredentials,
  ensureAdminDefaults,
  ensureBuckets,
  ensureSuperAdmin,
  ensureTable,
  ensureUserPool,
  resolveAdminCredentials,
} from './seed';
import { serveStatic, webAppHeaders } from './static';
import { LocalStepFunctions } from './stepfunctions';

export const ROOT_DIR = resolve(import.meta.dirname, '../..');
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface LocalCloudOptions {
  port: number;
  dataDir: string;
  reset?: boolean;
  /** Vite middleware with hot reload for the SPA, and handlers reloaded on change. */
  dev?: boolean;
  /** Retry pauses of the state machines, in ms per state (tests make them short). */
  retryIntervalOverrides?: Record<string, number>;
}

export interface LocalCloud {
  url: string;
  mailboxUrl: string;
  admin: AdminCredentials;
  userPoolId: string;
  clientId: string;
  endpoints: { dynamodb: string; s3: string; cognito: string; sfn: string };
  env: Record<string, string>;
  stepFunctions: LocalStepFunctions;
  mailbox: Mailbox;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `Port ${port} is already in use: is another \`npm start\` running? Stop it, or run on another port: PORT=${port + 1} npm start`,
    );
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('Request body too large'), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, headers);
  res.end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON.stringify(body), {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = resolve(options.dataDir);
  if (options.reset) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (await portInUse(options.port)) throw new PortInUseError(options.port);

  const url = `http://localhost:${options.port}`;
  const internal = `http://127.0.0.1:${options.port}`;
  const cognitoEndpoint = `${internal}/_local/cognito`;
  const sfnEndpoint = `${internal}/_local/sfn`;
  const mailbox = new Mailbox(join(dataDir, 'mailbox.json'));

  let ready = false;
  let cognito: CognitoLocal | undefined;
  let api: LocalHttpApi | undefined;
  let stepFunctions: LocalStepFunctions | undefined;
  let runtimeConfig: RuntimeConfig | undefined;
  let spa: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let metrics: () => unknown = () => ({});
  let invokeFunction: ((name: string, event: unknown) => Promise<unknown>) | undefined;
  // Asynchronous ("Event") invocations still running, so that stopping waits for them.
  const running = new Set<Promise<unknown>>();

  const server: Server = createServer(async (req, res) => {
    try {
      if (!isLocalHost(req.headers.host)) {
        // DNS rebinding: a page on another name that resolves to 127.0.0.1 must not reach the local cloud.
        return sendJson(res, 421, {
          error: {
            code: 'MISDIRECTED',
            message: 'The local cloud answers only localhost, 127.0.0.1 and [::1]',
          },
        });
      }
      const requestUrl = new URL(req.url ?? '/', internal);
      const path = requestUrl.pathname;
      if (path.startsWith('/_local/cognito')) {
        if (!cognito) return sendJson(res, 503, { message: 'Cognito is starting' });
        const body = await readBody(req);
        req.url = (req.url ?? '/').slice('/_local/cognito'.length) || '/';
        return cognito.handle(req, res, body);
      }
      if (path === '/_local/sfn' || path === '/_local/sfn/') {
        if (!stepFunctions) return sendJson(res, 503, { message: 'Step Functions is starting' });
        const result = await stepFunctions.handle(
          String(req.headers['x-amz-target'] ?? ''),
          (await readBody(req)).toString(),
        );
        return send(res, result.status, JSON.stringify(result.body), {
          'content-type': 'application/x-amz-json-1.0',
        });
      }
      if (path.startsWith('/_local/lambda/')) {
        // The Lambda Invoke API (POST /2015-03-31/functions/{name}/invocations), for handlers that invoke others.
        const match = /^\/_local\/lambda\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(path);
        if (!match || req.method !== 'POST')
          return sendJson(res, 404, { message: 'Unknown Lambda API call' });
        if (!invokeFunction) return sendJson(res, 503, { message: 'Lambda is starting' });
        const name = decodeURIComponent(match[1]!).split(':').pop()!;
        const body = (await readBody(req)).toString('utf8');
        const payload: unknown = body ? JSON.parse(body) : {};
        if (req.headers['x-amz-invocation-type'] === 'Event') {
          const job = invokeFunction(name, payload)
            .catch((error) => console.error(`[local cloud] ${name} failed:`, error))
            .finally(() => running.delete(job));
          running.add(job);
          return send(res, 202, '');
        }
        return sendJson(res, 200, (await invokeFunction(name, payload)) ?? null);
      }
      if (path === '/_local/metrics') return sendJson(res, 200, metrics());
      if (path === '/_local/mailbox.json')
        return sendJson(res, 200, mailbox.list(requestUrl.searchParams.get('to') ?? undefined));
      if (path === '/_local/mailbox')
        return send(res, 200, mailbox.renderPage(), { 'content-type': 'text/html; charset=utf-8' });
      if (path === '/config.json') {
        if (!runtimeConfig) return sendJson(res, 503, { message: 'Starting' });
        // no-cache like the deployed config.json (revalidated each load), so index.html's preload is reused.
        const body = { ...runtimeConfig, cognitoEndpoint: `${originOf(req, options.port)}/_local/cognito` };
        return send(res, 200, JSON.stringify(body), {
          'content-type': 'application/json',
          'cache-control': 'no-cache',
        });
      }
      if (path === '/api/health' && !ready) return sendJson(res, 503, { status: 'starting' });
      if (path.startsWith('/api/')) {
        if (!api) return sendJson(res, 503, { message: 'Starting' });
        const response = await api.handle(req, requestUrl, await readBody(req));
        return send(res, response.status, response.body, response.headers);
      }
      if (!spa) return send(res, 503, 'Starting', { 'content-type': 'text/plain' });
      return spa(req, res);
    } catch (error) {
      const status = (error as { status?: number }).status ?? 500;
      if (status >= 500) console.error('[local cloud]', error);
      if (!res.headersSent) sendJson(res, status, { message: (error as Error).message });
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port) : error),
    );
    server.listen(options.port, '127.0.0.1', () => resolveListen());
  });

  const stops: (() => Promise<void>)[] = [
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  ];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };

  try {
    // AWS_ENDPOINT_URL (LocalStack, say) replaces the embedded DynamoDB and S3 emulators.
    const external = process.env.AWS_ENDPOINT_URL;
    const [dynamo, s3] = external
      ? [external, external].map((endpoint) => ({ endpoint, stop: async () => {} }))
      : await Promise.all([
          startDynamoDbLocal({ dbPath: mkdir(join(dataDir, 'dynamodb')) }),
          startS3Local({ directory: join(dataDir, 's3') }),
        ]);
    stops.push(dynamo!.stop, s3!.stop);
    let dynamoMetrics: Awaited<ReturnType<typeof startDynamoDbMetricsProxy>> | undefined;
    if (process.env.PLANFORM_DYNAMODB_METRICS === '1') {
      dynamoMetrics = await startDynamoDbMetricsProxy(dynamo!.endpoint);
      stops.push(dynamoMetrics.stop);
      dynamo!.endpoint = dynamoMetrics.endpoint;
    }
    metrics = () => ({ dynamodb: dynamoMetrics?.counts() ?? null });

    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo!.endpoint,
      AWS_ENDPOINT_URL_S3: s3!.endpoint,
      AWS_ENDPOINT_URL_SFN: sfnEndpoint,
      AWS_ENDPOINT_URL_LAMBDA: `${internal}/_local/lambda`,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoEndpoint,
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      S3_FORCE_PATH_STYLE: 'true',
      TABLE_NAME,
      UPLOADS_BUCKET,
      RENDERS_BUCKET,
      SITE_URL: url,
      STATE_MACHINE_ARN: stateMachineArn(GENERATE_STATE_MACHINE),
      READ_PLAN_FUNCTION,
      EXPORT_RENDER_FUNCTION,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    };
    // Handlers run in this process and read their configuration from the environment, as in Lambda.
    Object.assign(process.env, env);

    let loadModule: ModuleLoader = (path) => import(pathToFileURL(path).href);
    if (options.dev) {
      const { createServer: createVite } = await import('vite');
      const vite = await createVite({
        configFile: join(ROOT_DIR, 'web/vite.config.ts'),
        server: { middlewareMode: true, hmr: { server } },
        appType: 'spa',
      });
      stops.push(() => vite.close());
      spa = (req, res) => vite.middlewares(req, res);
      // Handler modules go through Vite's module graph so that edits take effect on the next request.
      loadModule = (path) => vite.ssrLoadModule(path) as never;
    } else {
      // The production security headers, CSP included, so the app (and the browser tests) run under them.
      spa = serveStatic(join(ROOT_DIR, 'web/dist'), webAppHeaders(s3!.endpoint));
    }
    // Reading an upload runs in its own sandboxes, bounded like its Lambda (CDK: 2 GB, 2 minutes), so that a huge
    // or hostile drawing cannot stall the API or grow this process.
    const invoke = createInvoker(ROOT_DIR, loadModule, {
      [READ_PLAN_FUNCTION]: { maxOldGenerationSizeMb: 1024, timeoutMs: 120_000, concurrency: 2 },
      // A 4096 px export holds ~600 MB of buffers (CDK: 3 GB, 2 minutes); one at a time.
      [EXPORT_RENDER_FUNCTION]: { maxOldGenerationSizeMb: 1536, timeoutMs: 120_000, concurrency: 1 },
    });
    invokeFunction = invoke;
    void invoke.warm();
    stops.push(async () => {
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 10_000))]);
      await invoke.close();
    });

    cognito = await createCognitoLocal({
      directory: join(dataDir, 'cognito'),
      issuerDomain: cognitoEndpoint,
      mailbox,
      invokeTrigger: invoke,
      adminAccessKeyId: LOCAL_CREDENTIALS.accessKeyId,
    });

    const credentials = LOCAL_CREDENTIALS;
    const clientConfig = { region: LOCAL_REGION, credentials };
    await ensureTable(new DynamoDBClient({ ...clientConfig, endpoint: dynamo!.endpoint }));
    await ensureBuckets(new S3Client({ ...clientConfig, endpoint: s3!.endpoint, forcePathStyle: true }), url);
    const cognitoClient = new CognitoIdentityProviderClient({ ...clientConfig, endpoint: cognitoEndpoint });
    const pool = await ensureUserPool(cognitoClient, join(dataDir, 'user-pool.json'));
    env.USER_POOL_ID = pool.userPoolId;
    process.env.USER_POOL_ID = pool.userPoolId;
    const admin = resolveAdminCredentials(join(dataDir, 'local-admin.json'), DEFAULT_ADMIN_EMAIL);
    await ensureSuperAdmin(cognitoClient, pool.userPoolId, admin);
    await ensureAdminDefaults();

    const issuer = `${cognitoEndpoint}/${pool.userPoolId}`;
    const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Jwks;
    api = new LocalHttpApi({ issuer, clientId: pool.clientId, jwks, invoke });

    const definition = loadDefinition('shared/workflow/generate.asl.json');
    stepFunctions = new LocalStepFunctions(
      invoke,
      join(dataDir, 'sfn-executions.json'),
      options.retryIntervalOverrides ?? retryOverridesFromEnv(definition),
    );
    stepFunctions.register(env.STATE_MACHINE_ARN!, definition);
    const sfn = stepFunctions;

    // The reconciler runs on a schedule in AWS; here at start-up and every minute, with the upload sweeper (what
    // DynamoDB TTL and the S3 lifecycle rule on incoming/ do in AWS).
    const reconcile = () =>
      Promise.all([
        invoke('planform-reconcile', {}).catch((error) =>
          console.error('[local cloud] reconcile failed:', error),
        ),
        invoke('planform-sweep-uploads', {}).catch((error) =>
          console.error('[local cloud] upload sweep failed:', error),
        ),
      ]);
    const reconcileTimer = setInterval(
      reconcile,
      Number(process.env.PLANFORM_RECONCILE_INTERVAL_MS ?? 60_000),
    );
    reconcileTimer.unref();
    stops.push(async () => clearInterval(reconcileTimer));
    stops.push(() => sfn.idle(5_000));

    runtimeConfig = {
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBaseUrl: '/api',
      localMailbox: true,
    };
    // For tools and tests that talk to the emulators directly.
    writeFileSync(
      join(dataDir, 'endpoints.json'),
      JSON.stringify(
        { dynamodb: dynamo!.endpoint, s3: s3!.endpoint, cognito: cognitoEndpoint, sfn: sfnEndpoint },
        null,
        2,
      ),
    );
    ready = true;
    await reconcile();
    return {
      url,
      mailboxUrl: `${url}/_local/mailbox`,
      admin,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      endpoints: { dynamodb: dynamo!.endpoint, s3: s3!.endpoint, cognito: cognitoEndpoint, sfn: sfnEndpoint },
      env,
      stepFunctions,
      mailbox,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function mkdir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

/** The Host names the local cloud answers to (with any port): loopback only. */
export function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return ['localhost', '127.0.0.1', '[::1]'].includes(name.toLowerCase());
}

function originOf(req: IncomingMessage, port: number): string {
  const host = req.headers.host ?? `localhost:${port}`;
  return `http://${host}`;
}

/** The state-machine definition CDK deploys, with its ${...} Lambda ARNs pointed at local functions. */
export function loadDefinition(relativePath: string): Record<string, unknown> {
  const text = readFileSync(join(ROOT_DIR, relativePath), 'utf8');
  const substitutions = Object.fromEntries(
    Object.entries(WORKFLOW_TASKS).map(([name, fn]) => [name, lambdaArn(fn)]),
  );
  return JSON.parse(text.replace(/\$\{(\w+)\}/g, (m, name: string) => substitutions[name] ?? m));
}

/** PLANFORM_SFN_RETRY_INTERVAL_MS shortens every Retry pause of the local executions (tests and benches). */
function retryOverridesFromEnv(definition: Record<string, unknown>): Record<string, number> | undefined {
  const ms = process.env.PLANFORM_SFN_RETRY_INTERVAL_MS;
  if (!ms) return undefined;
  const names: string[] = [];
  const walk = (states: Record<string, Record<string, unknown>>) => {
    for (const [name, state] of Object.entries(states)) {
      if (state.Retry) names.push(name);
      const nested = (state.ItemProcessor ?? state.Iterator) as
        | { States?: Record<string, Record<string, unknown>> }
        | undefined;
      if (nested?.States) walk(nested.States);
    }
  };
  walk(definition.States as Record<string, Record<string, unknown>>);
  return Object.fromEntries(names.map((n) => [n, Number(ms)]));
}
