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
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { createCognitoLocal } from './cognito';
import { startDynamoDbLocal } from './dynamodb';
import { startDynamoDbMetricsProxy } from './dynamodb-metrics';
import { type FrontDoorParts, frontDoor } from './front-door';
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
  endpoints: { dynamodb: string; s3: string; cognito: string; sfn: string; lambda: string };
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

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = resolve(options.dataDir);
  if (options.reset) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (await portInUse(options.port)) throw new PortInUseError(options.port);

  const url = `http://localhost:${options.port}`;
  const internal = `http://127.0.0.1:${options.port}`;
  const cognitoEndpoint = `${internal}/_local/cognito`;
  const sfnEndpoint = `${internal}/_local/sfn`;
  const lambdaEndpoint = `${internal}/_local/lambda`;
  const mailbox = new Mailbox(join(dataDir, 'mailbox.json'));

  const parts: FrontDoorParts = { ready: false, metrics: () => ({}), running: new Set(), mailbox };
  const server: Server = createServer((req, res) => frontDoor(parts, options.port, req, res));
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
    parts.metrics = () => ({ dynamodb: dynamoMetrics?.counts() ?? null });

    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo!.endpoint,
      AWS_ENDPOINT_URL_S3: s3!.endpoint,
      AWS_ENDPOINT_URL_SFN: sfnEndpoint,
      AWS_ENDPOINT_URL_LAMBDA: lambdaEndpoint,
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
      parts.spa = (req, res) => vite.middlewares(req, res);
      // Handler modules go through Vite's module graph so that edits take effect on the next request.
      loadModule = (path) => vite.ssrLoadModule(path) as never;
    } else {
      // The production security headers, CSP included, so the app (and the browser tests) run under them.
      parts.spa = serveStatic(join(ROOT_DIR, 'web/dist'), webAppHeaders(s3!.endpoint));
    }
    // Reading an upload runs in its own sandboxes, bounded like its Lambda (CDK: 2 GB, 2 minutes), so that a huge
    // or hostile drawing cannot stall the API or grow this process.
    const invoke = createInvoker(ROOT_DIR, loadModule, {
      [READ_PLAN_FUNCTION]: { maxOldGenerationSizeMb: 1024, timeoutMs: 120_000, concurrency: 2 },
      // A 4096 px export holds ~600 MB of buffers (CDK: 3 GB, 3 minutes); one at a time.
      [EXPORT_RENDER_FUNCTION]: { maxOldGenerationSizeMb: 1536, timeoutMs: 180_000, concurrency: 1 },
    });
    parts.invokeFunction = invoke;
    void invoke.warm();
    stops.push(async () => {
      await Promise.race([Promise.allSettled([...parts.running]), new Promise((r) => setTimeout(r, 10_000))]);
      await invoke.close();
    });

    parts.cognito = await createCognitoLocal({
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
    parts.api = new LocalHttpApi({ issuer, clientId: pool.clientId, jwks, invoke });

    const definition = loadDefinition('shared/workflow/generate.asl.json');
    const stepFunctions = new LocalStepFunctions(
      invoke,
      join(dataDir, 'sfn-executions.json'),
      options.retryIntervalOverrides ?? retryOverridesFromEnv(definition),
    );
    stepFunctions.register(env.STATE_MACHINE_ARN!, definition);
    parts.stepFunctions = stepFunctions;
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

    parts.runtimeConfig = {
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
        {
          dynamodb: dynamo!.endpoint,
          s3: s3!.endpoint,
          cognito: cognitoEndpoint,
          sfn: sfnEndpoint,
          lambda: lambdaEndpoint,
        },
        null,
        2,
      ),
    );
    parts.ready = true;
    await reconcile();
    return {
      url,
      mailboxUrl: `${url}/_local/mailbox`,
      admin,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      endpoints: {
        dynamodb: dynamo!.endpoint,
        s3: s3!.endpoint,
        cognito: cognitoEndpoint,
        sfn: sfnEndpoint,
        lambda: lambdaEndpoint,
      },
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
