import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../bench/budgets/budgets';
import {
  BEDROCK_MAX_ATTEMPTS,
  BEDROCK_REQUEST_TIMEOUT_MS,
  GENERATE_TIMEOUT_SECONDS,
} from '../../functions/lib/providers/config';
import { API_FEATURES, ROUTES, routeKey } from '../../shared/api';
import { ADMIN_GROUPS, PASSWORD_POLICY } from '../../shared/constants';
import { API_THROTTLING } from './constructs/api';
import { Data } from './constructs/data';
import {
  Generation,
  IMAGING_LAYER_DIR,
  IMAGING_LAYER_WARNING,
  LAYER_MODULES,
  missingLayerModules,
} from './constructs/generation';
import { createAccessLogsBucket, Storage } from './constructs/storage';
import { SPA_REWRITE_FUNCTION_CODE } from './constructs/web';
import { importTimeMs, lambdaBundles, logicalId } from './lambda-bundles';
import { repoPath } from './paths';
import type { PlanformStack } from './planform-stack';
import { createTableInput, GSI1, TABLE_KEYS, TTL_ATTRIBUTE } from './table-design';
import { createTestApp } from './testing';

/** Template JSON is untyped; the tests navigate it by CloudFormation property names. */
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation template JSON
type Json = any;
type Resource = { Type: string; Properties?: Record<string, Json>; DependsOn?: string | string[] };

let stack: PlanformStack;
let template: Template;
let resources: Record<string, Resource>;
let assemblyDir: string;

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const nodeFunctions = () =>
  ofType('AWS::Lambda::Function').filter(([, r]) => String(r.Properties?.Runtime).startsWith('nodejs'));

beforeAll(() => {
  // One synth with bundling (esbuild, no Docker): every assertion below reads this template.
  const built = createTestApp({ nag: false });
  stack = built.stack;
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
  assemblyDir = built.app.synth().directory; // the cached assembly of the synth above
});

describe('data', () => {
  it('has the single table: PK/SK strings, GSI1, on demand, TTL, PITR and deletion protection', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'PK', AttributeType: 'S' },
          { AttributeName: 'SK', AttributeType: 'S' },
          { AttributeName: 'GSI1PK', AttributeType: 'S' },
          { AttributeName: 'GSI1SK', AttributeType: 'S' },
        ]),
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: [
          {
            IndexName: GSI1.indexName,
            KeySchema: [
              { AttributeName: GSI1.partitionKey, KeyType: 'HASH' },
              { AttributeName: GSI1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
  });

  it('matches the CreateTable input the local cloud uses', () => {
    const [, table] = ofType('AWS::DynamoDB::GlobalTable')[0]!;
    const local = createTableInput('t');
    expect(table.Properties!.KeySchema).toEqual(local.KeySchema);
    expect(table.Properties!.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    expect(new Set(table.Properties!.AttributeDefinitions)).toEqual(new Set(local.AttributeDefinitions));
  });
});

describe('auth', () => {
  it('user pool: e-mail sign-in, self sign-up, e-mail verification, the password policy, both triggers', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      LambdaConfig: {
        CustomMessage: { 'Fn::GetAtt': [logicalId(stack.auth.customMessageFn.function), 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [logicalId(stack.auth.postConfirmationFn.function), 'Arn'] },
      },
      DeletionProtection: 'ACTIVE',
    });
  });

  it('has the admin and super_admin groups', () => {
    for (const groupName of ADMIN_GROUPS) {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: groupName });
    }
  });

  it('describes the groups by what they may do: settings are for super admins only', () => {
    const descriptions = Object.fromEntries(
      ofType('AWS::Cognito::UserPoolGroup').map(([, g]) => [
        g.Properties!.GroupName,
        g.Properties!.Description,
      ]),
    );
    expect(descriptions.admin).toMatch(/only super admins manage settings/);
    expect(descriptions.admin).not.toMatch(/templates and settings/);
    expect(descriptions.super_admin).toMatch(/manage everything/);
  });

  it('app client: SRP + USER_PASSWORD_AUTH + refresh, no secret, no OAuth', () => {
    const [, client] = ofType('AWS::Cognito::UserPoolClient')[0]!;
    expect([...client.Properties!.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: false,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('triggers get SITE_URL (CloudFront URL) and TABLE_NAME with write access to the table', () => {
    const distribution = logicalId(stack.web.distribution);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          SITE_URL: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] },
        }),
      },
      Description: Match.stringLikeRegexp('CustomMessage'),
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ TABLE_NAME: { Ref: logicalId(stack.data.table) } }) },
      Description: Match.stringLikeRegexp('PostConfirmation'),
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalId(stack.auth.postConfirmationFn.role) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: Match.arrayWith(['dynamodb:PutItem', 'dynamodb:UpdateItem']) }),
        ]),
      },
    });
  });

  it('creates no initial super admin without the adminEmail context value', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolUser', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolUserToGroupAttachment', 0);
  });
});

describe('plan reading', () => {
  it('lets only the files API and Prepare invoke the plan reader, which has the imaging layer and finds it by READ_PLAN_FUNCTION', () => {
    const readPlan = logicalId(stack.generation.readPlan.function);
    const invokersOf = [stack.api.functions.files, stack.generation.tasks.Prepare!];
    for (const fn of invokersOf)
      expect(resources[logicalId(fn.function)]!.Properties!.Environment.Variables.READ_PLAN_FUNCTION).toEqual(
        {
          Ref: readPlan,
        },
      );
    const invokers = ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties!.PolicyDocument).includes(`"Fn::GetAtt":["${readPlan}","Arn"]`),
    );
    expect(invokers).toHaveLength(2);
    const roles = JSON.stringify(invokers.map(([, p]) => p.Properties!.Roles));
    for (const fn of invokersOf) expect(roles).toContain(logicalId(fn.role));
    expect(resources[readPlan]!.Properties!.Layers).toHaveLength(1);
  });

  it('lets only the generations API invoke the export task (3 GB, imaging layer), found by EXPORT_RENDER_FUNCTION', () => {
    const exporter = logicalId(stack.generation.exportRender.function);
    const generations = resources[logicalId(stack.api.functions.generations.function)]!;
    expect(generations.Properties!.Environment.Variables.EXPORT_RENDER_FUNCTION).toEqual({ Ref: exporter });
    const invokers = ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties!.PolicyDocument).includes(`"Fn::GetAtt":["${exporter}","Arn"]`),
    );
    expect(invokers).toHaveLength(1);
    expect(JSON.stringify(invokers[0]![1].Properties!.Roles)).toContain(
      logicalId(stack.api.functions.generations.role),
    );
    expect(resources[exporter]!.Properties!).toMatchObject({ MemorySize: 3008, Layers: [expect.anything()] });
  });
});

describe('api', () => {
  it('has one route per route-table entry with the right key and authorization, plus $default', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length + 1);
    const authorizer = ofType('AWS::ApiGatewayV2::Authorizer')[0]![0];
    for (const route of ROUTES) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey(route),
        AuthorizationType: route.auth === 'jwt' ? 'JWT' : 'NONE',
        AuthorizerId: route.auth === 'jwt' ? { Ref: authorizer } : Match.absent(),
      });
    }
  });

  it('sends requests no route matches ($default) to the health Lambda, which answers 404/405 with the error shape', () => {
    const [, r] = ofType('AWS::ApiGatewayV2::Route').find(([, x]) => x.Properties!.RouteKey === '$default')!;
    expect(r.Properties!.AuthorizationType).toBe('NONE');
    const integration = resources[r.Properties!.Target['Fn::Join'][1][1].Ref as string]!;
    expect(integration.Properties!.IntegrationUri).toEqual({
      'Fn::GetAtt': [logicalId(stack.api.functions.health.function), 'Arn'],
    });
  });

  it('integrates each route with its feature Lambda', () => {
    for (const route of ROUTES) {
      const [, r] = ofType('AWS::ApiGatewayV2::Route').find(
        ([, x]) => x.Properties!.RouteKey === routeKey(route),
      )!;
      const integrationId = r.Properties!.Target['Fn::Join'][1][1].Ref as string;
      const integration = resources[integrationId]!;
      expect(integration.Properties!.IntegrationType).toBe('AWS_PROXY');
      expect(integration.Properties!.PayloadFormatVersion).toBe('2.0');
      expect(integration.Properties!.IntegrationUri).toEqual({
        'Fn::GetAtt': [logicalId(stack.api.functions[route.feature].function), 'Arn'],
      });
    }
  });

  it('authorizes with the user pool as issuer and the app client as audience', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(stack.auth.userPoolClient) }],
        Issuer: {
          'Fn::Join': [
            '',
            [
              'https://cognito-idp.',
              { Ref: 'AWS::Region' },
              '.amazonaws.com/',
              { Ref: logicalId(stack.auth.userPool) },
            ],
          ],
        },
      },
    });
  });

  it('default stage: auto deploy, throttling, JSON access logs to a log group with retention', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingBurstLimit: API_THROTTLING.burstLimit,
        ThrottlingRateLimit: API_THROTTLING.rateLimit,
      },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [logicalId(stack.api.accessLogs), 'Arn'] },
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
    });
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    expect(() => JSON.parse(stage.Properties!.AccessLogSettings.Format)).not.toThrow();
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('API Lambdas get the resource names in their environment', () => {
    for (const feature of API_FEATURES) {
      const [, fn] = nodeFunctions().find(([id]) => id === logicalId(stack.api.functions[feature].function))!;
      expect(Object.keys(fn.Properties!.Environment.Variables)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'UPLOADS_BUCKET',
          'RENDERS_BUCKET',
          'USER_POOL_ID',
          'SITE_URL',
          'STATE_MACHINE_ARN',
        ]),
      );
    }
  });

  it('only the admin Lambda may move users between the pool groups and HeadBucket the buckets', () => {
    const statementsOf = (feature: (typeof API_FEATURES)[number]) => {
      const roleId = logicalId(stack.api.functions[feature].role);
      return ofType('AWS::IAM::Policy')
        .filter(([, p]) => (p.Properties!.Roles as Json[]).some((r) => r.Ref === roleId))
        .flatMap(([, p]) => p.Properties!.PolicyDocument.Statement as Json[]);
    };
    const actions = (statements: Json[]) => statements.flatMap((s) => [s.Action].flat() as string[]);
    const admin = statementsOf('admin');
    const cognito = admin.find((s) => [s.Action].flat().includes('cognito-idp:AdminAddUserToGroup'));
    expect([cognito.Action].flat().sort()).toEqual([
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminRemoveUserFromGroup',
    ]);
    expect(cognito.Resource).toEqual({ 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] });
    const head = admin.find((s) => s.Action === 's3:ListBucket');
    expect(head.Resource).toHaveLength(2);
    expect(head.Resource).toEqual(
      expect.arrayContaining([
        { 'Fn::GetAtt': [logicalId(stack.storage.uploadsBucket), 'Arn'] },
        { 'Fn::GetAtt': [logicalId(stack.storage.rendersBucket), 'Arn'] },
      ]),
    );
    for (const feature of API_FEATURES.filter((f) => f !== 'admin')) {
      const granted = actions(statementsOf(feature));
      expect(
        granted.filter((a) => a.startsWith('cognito-idp:')),
        feature,
      ).toEqual([]);
      expect(granted, feature).not.toContain('s3:ListBucket');
    }
  });
});

describe('lambdas', () => {
  it('are Node.js 22 on ARM64 with explicit memory and timeout, tracing and a log group kept one month', () => {
    const functions = nodeFunctions();
    // API features, two Cognito triggers, five workflow tasks, the reconciler, the plan reader and the exporter.
    expect(functions.length).toBe(API_FEATURES.length + 2 + 5 + 1 + 1 + 1);
    const logGroups = Object.fromEntries(ofType('AWS::Logs::LogGroup'));
    for (const [id, fn] of functions) {
      const p = fn.Properties!;
      expect(p.Runtime, id).toBe('nodejs22.x');
      expect(p.Architectures, id).toEqual(['arm64']);
      expect(p.MemorySize, id).toBeGreaterThanOrEqual(128);
      expect(p.Timeout, id).toBeGreaterThan(0);
      expect(p.Handler, id).toBe('index.handler');
      expect(p.TracingConfig, id).toEqual({ Mode: 'Active' });
      const logGroup = logGroups[p.LoggingConfig.LogGroup.Ref];
      expect(logGroup?.Properties?.RetentionInDays, id).toBe(30);
      expect(p.Environment.Variables.NODE_OPTIONS, id).toBe('--enable-source-maps');
    }
  });

  it('are minified ESM bundles within the 300 KB budget that load the SDK clients they import from the runtime', () => {
    const bundles = lambdaBundles(stack, assemblyDir);
    const bundle = (name: string) => readFileSync(bundles.find((b) => b.name === name)!.file, 'utf8');
    const postConfirmation = bundle('Auth/PostConfirmation');
    expect(postConfirmation).toMatch(/createRequire/); // the ESM require shim banner
    expect(postConfirmation).toMatch(/from\s*["']@aws-sdk\/client-dynamodb["']/); // the runtime's client
    expect(postConfirmation).not.toMatch(/from\s*["']@aws-sdk\/client-s3["']/); // and only the ones it uses
    // The CustomMessage trigger imports no SDK client, so its bundle carries none.
    const customMessage = bundle('Auth/CustomMessage');
    expect(customMessage.length).toBeLessThan(20_000);
    expect(customMessage).not.toMatch(/@aws-sdk|smithy/i);
    expect(customMessage.split('\n').length).toBeLessThan(20); // minified
    for (const { name, bytes } of bundles) expect(bytes, name).toBeLessThanOrEqual(BUDGETS.lambdaBundleBytes);
  });

  it(`import in a fresh Node process within ${BUDGETS.lambdaImportMs} ms each (the module-load part of a cold start)`, () => {
    for (const bundle of lambdaBundles(stack, assemblyDir))
      expect(importTimeMs(bundle, 1), bundle.name).toBeLessThanOrEqual(BUDGETS.lambdaImportMs);
  });
});

describe('generation', () => {
  const stateMachine = () => ofType('AWS::StepFunctions::StateMachine')[0]![1];

  it('state machine: the shared ASL with every task ARN substituted, ALL logging, X-Ray, 15 min timeout', () => {
    const asl = JSON.parse(readFileSync('shared/workflow/generate.asl.json', 'utf8'));
    const sm = stateMachine();
    const definition = JSON.parse(sm.Properties!.DefinitionString);
    expect(definition.StartAt).toBe(asl.StartAt);
    expect(definition.States).toEqual(asl.States);
    expect(definition.TimeoutSeconds).toBe(asl.TimeoutSeconds ?? 900);
    expect(sm.Properties!.DefinitionSubstitutions).toEqual(
      Object.fromEntries(
        Object.entries(stack.generation.tasks).map(([name, task]) => [
          `${name}FunctionArn`,
          { 'Fn::GetAtt': [logicalId(task.function), 'Arn'] },
        ]),
      ),
    );
    expect(sm.Properties!.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: true });
    expect(sm.Properties!.TracingConfiguration).toEqual({ Enabled: true });
  });

  it('fans out the three variations in a Map with Retry (backoff, jitter) and a Catch inside each iteration', () => {
    const definition = JSON.parse(stateMachine().Properties!.DefinitionString);
    const map = definition.States.Variations;
    expect(map).toMatchObject({ Type: 'Map', MaxConcurrency: 3, ItemsPath: '$.prepared.items' });
    const generate = map.ItemProcessor.States.Generate;
    expect(generate.Retry[0]).toMatchObject({
      ErrorEquals: expect.arrayContaining([
        'ProviderThrottled',
        'ProviderTimeout',
        'ProviderServiceError',
        'States.Timeout',
      ]),
      BackoffRate: 2,
      JitterStrategy: 'FULL',
    });
    expect(generate.Catch).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailed' },
    ]);
    expect(map.ItemProcessor.States.Store.Catch[0].Next).toBe('MarkFailed');
    expect(map.ItemProcessor.States.MarkFailed.Type).toBe('Task');
    // Prepare failing still ends in Finalize (through FailAll), so nothing stays pending.
    expect(definition.States.Prepare.Catch[0].Next).toBe('FailAll');
    expect(definition.States.FailAll.Next).toBe('Finalize');
    expect(map.Next).toBe('Finalize');
  });

  it('the state machine may invoke exactly its task functions', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalId(stack.generation.stateMachine.role) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Action: 'lambda:InvokeFunction',
            Effect: 'Allow',
            Resource: Match.arrayEquals(
              Object.values(stack.generation.tasks)
                .map((t) => ({ 'Fn::GetAtt': [logicalId(t.function), 'Arn'] }))
                .sort((a, b) => a['Fn::GetAtt'][0]!.localeCompare(b['Fn::GetAtt'][0]!)),
            ),
          },
        ]),
      },
    });
  });

  it('Bedrock access is scoped to the configured models: the flow’s for Prepare and Generate, the upscalers for exports', () => {
    const bedrockStatements = ofType('AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties!.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
        .filter((st) => JSON.stringify(st.Action).includes('bedrock:'))
        .map((st) => ({ roles: p.Properties!.Roles, st })),
    );
    expect(bedrockStatements.length).toBe(3);
    const exportRole = logicalId(stack.generation.exportRender.role);
    const isExports = ({ roles }: { roles: unknown }) => JSON.stringify(roles).includes(exportRole);
    const flow = bedrockStatements.filter((statement) => !isExports(statement));
    const exports = bedrockStatements.filter(isExports);
    expect([flow.length, exports.length]).toEqual([2, 1]);
    const exportResources = JSON.stringify(exports[0]!.st.Resource);
    expect(exportResources).toContain('foundation-model/stability.stable-fast-upscale-v1:0');
    expect(exportResources).toContain('foundation-model/stability.stable-conservative-upscale-v1:0');
    expect(exportResources).not.toContain('control-structure');
    for (const { st } of bedrockStatements) {
      expect([...(st.Action as string[])].sort()).toEqual([
        'bedrock:GetFoundationModel',
        'bedrock:InvokeModel',
      ]);
      expect(JSON.stringify(st.Resource)).not.toMatch(/"\*"|foundation-model\/\*"/);
    }
    for (const { st } of flow) {
      const resources = JSON.stringify(st.Resource);
      expect(resources).toContain('foundation-model/stability.stable-image-search-replace-v1:0');
      expect(resources).not.toContain('upscale');
      expect(resources).toContain('foundation-model/stability.stable-image-control-structure-v1:0');
      expect(resources).toContain('foundation-model/amazon.nova-canvas-v1:0');
    }
    const roles = flow.map(({ roles }) => JSON.stringify(roles)).join();
    expect(roles).toContain(logicalId(stack.generation.tasks.Prepare!.role));
    expect(roles).toContain(logicalId(stack.generation.tasks.Generate!.role));
  });

  it('the Generate task, its state and the Bedrock client share one time budget', () => {
    const timeoutOf = (name: string) =>
      resources[logicalId(stack.generation.tasks[name]!.function)]!.Properties!.Timeout as number;
    expect(timeoutOf('Generate')).toBe(GENERATE_TIMEOUT_SECONDS);
    const definition = JSON.parse(stateMachine().Properties!.DefinitionString);
    expect(definition.States.Variations.ItemProcessor.States.Generate.TimeoutSeconds).toBe(
      GENERATE_TIMEOUT_SECONDS,
    );
    // Every SDK attempt ends (as a retryable ProviderTimeout) before Lambda would cut the task off; Prepare
    // shares the client for the analysis.
    for (const task of ['Generate', 'Prepare']) {
      expect(BEDROCK_MAX_ATTEMPTS * BEDROCK_REQUEST_TIMEOUT_MS, task).toBeLessThan(timeoutOf(task) * 1000);
    }
  });

  describe('imaging layer', () => {
    /** A stack with just the generation construct, its layer taken from `layerDir`; bundling skipped. */
    const generationStack = (layerDir: string) => {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
      const layerStack = new Stack(app, 'Layer');
      new Generation(layerStack, 'Generation', {
        environment: {},
        table: new Data(layerStack, 'Data').table,
        storage: new Storage(layerStack, 'Storage', {
          siteOrigins: ['https://example.com'],
          accessLogsBucket: createAccessLogsBucket(layerStack, 'Logs'),
        }),
        imagingLayerDir: layerDir,
      });
      return Annotations.fromStack(layerStack);
    };
    const layerWarnings = (annotations: Annotations) =>
      annotations.findWarning(
        '/Layer/Generation/ImagingLayer',
        Match.stringLikeRegexp(IMAGING_LAYER_WARNING),
      );

    it('without `npm run build:layer`, synth warns that every generation would fail (and still succeeds)', () => {
      const [warning] = layerWarnings(generationStack('infra/layers/imaging/not-built'));
      expect(String(warning?.entry.data)).toMatch(/npm run build:layer/);
      expect(String(warning?.entry.data)).toMatch(/every generation fails/);
      for (const name of LAYER_MODULES) expect(String(warning?.entry.data)).toContain(name);
    });

    it('a built layer synthesizes without the warning', () => {
      const built = mkdtempSync(join(tmpdir(), 'planform-layer-'));
      try {
        for (const name of LAYER_MODULES) {
          mkdirSync(join(built, 'nodejs', 'node_modules', name), { recursive: true });
          writeFileSync(join(built, 'nodejs', 'node_modules', name, 'package.json'), '{}');
        }
        expect(layerWarnings(generationStack(built))).toEqual([]);
      } finally {
        rmSync(built, { recursive: true, force: true });
      }
    });

    it('the app warns exactly when this checkout has no complete layer build', () => {
      const warnings = Annotations.fromStack(stack).findWarning(
        '*',
        Match.stringLikeRegexp(IMAGING_LAYER_WARNING),
      );
      expect(warnings.length).toBe(missingLayerModules(repoPath(IMAGING_LAYER_DIR)).length > 0 ? 1 : 0);
    });
  });

  it('runs the reconciler every 5 minutes', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [
        Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalId(stack.generation.reconciler.function), 'Arn'] } }),
      ],
    });
  });
});

describe('storage', () => {
  it('every bucket blocks public access, is encrypted and denies non-TLS requests', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBe(4); // uploads, renders, site, access logs
    const policies = ofType('AWS::S3::BucketPolicy');
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties!.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties!.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      const policy = policies.find(([, p]) => p.Properties!.Bucket.Ref === id);
      expect(policy, `bucket policy of ${id}`).toBeDefined();
      expect(policy![1].Properties!.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('uploads and renders: CORS for presigned POST/PUT/GET from the site, multipart cleanup, access logs', () => {
    for (const bucket of [stack.storage.uploadsBucket, stack.storage.rendersBucket]) {
      const props = resources[logicalId(bucket)]!.Properties!;
      expect(props.CorsConfiguration.CorsRules[0]).toMatchObject({
        AllowedMethods: expect.arrayContaining(['GET', 'PUT', 'POST']),
        AllowedOrigins: [
          {
            'Fn::Join': [
              '',
              ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution), 'DomainName'] }],
            ],
          },
        ],
      });
      expect(props.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: 'Enabled',
        }),
      );
      expect(props.LoggingConfiguration.DestinationBucketName).toBeDefined();
      expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    }
  });

  it('uploads never completed expire: a day after they land under incoming/ (only there, only in uploads)', () => {
    const rules = (bucket: { node: unknown }) =>
      resources[logicalId(bucket as never)]!.Properties!.LifecycleConfiguration.Rules as Json[];
    expect(rules(stack.storage.uploadsBucket)).toContainEqual({
      Id: 'expire-uploads-never-completed',
      Prefix: 'incoming/',
      ExpirationInDays: 1,
      Status: 'Enabled',
    });
    expect(JSON.stringify(rules(stack.storage.rendersBucket))).not.toContain('incoming/');
  });
});

describe('web', () => {
  const distributionConfig = () =>
    ofType('AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as Record<string, Json>;

  it('serves the private site bucket through Origin Access Control with the SPA rewrite function', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const config = distributionConfig();
    const s3Origin = config.Origins.find((o: Json) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [logicalId(stack.web.spaRewrite), 'FunctionARN'] },
        },
      ],
      ResponseHeadersPolicyId: { Ref: logicalId(stack.web.responseHeadersPolicy) },
    });
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.Logging).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('names the CloudFront Function after the stage and the Region, so stages can share an account', () => {
    const [, fn] = ofType('AWS::CloudFront::Function')[0]!;
    expect(JSON.stringify(fn.Properties!.Name)).toContain('planform-dev-');
    const previous = process.env.CDK_DEFAULT_REGION;
    try {
      process.env.CDK_DEFAULT_REGION = 'ap-southeast-4';
      const names = ['prod', 'qa-branch-with-21-chr'].map((stage) => {
        const built = createTestApp({ bundle: false, context: { stage } }).stack;
        return built.resolve((built.web.spaRewrite.node.defaultChild as cloudfront.CfnFunction).name);
      });
      expect(names[0]).toBe('planform-prod-ap-southeast-4-spa-rewrite');
      // The longest stage and one of the longest Region names stay within CloudFront's 64 characters.
      expect(names[1]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    } finally {
      if (previous === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = previous;
    }
  });

  it('routes /api/* to the HTTP API uncached, all methods, all viewer headers except Host', () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId:
        cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ResponseHeadersPolicyId: { Ref: logicalId(stack.web.responseHeadersPolicy) },
    });
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = config.Origins.find((o: Json) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(JSON.stringify(origin.DomainName)).toContain(logicalId(stack.api.httpApi));
  });

  it('sends the security headers', () => {
    const [, policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const headers = policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    // Added when the origin sends none; the public share API's own `no-referrer` passes through.
    expect(headers.ReferrerPolicy).toEqual({
      ReferrerPolicy: 'strict-origin-when-cross-origin',
      Override: false,
    });
    expect(headers.StrictTransportSecurity).toMatchObject({ Override: true });
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('connect-src');
  });

  it('deploys config.json with the pool, client, region and API base, and invalidates it', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    const entry = deployments.find(([, d]) => d.Properties!.DistributionPaths);
    expect(entry).toBeDefined();
    const props = entry![1].Properties!;
    expect(props.DistributionPaths).toEqual(
      expect.arrayContaining(['/', '/config.json', '/index.html', '/landing.html']),
    );
    expect(JSON.stringify(props.SourceMarkers)).toContain(logicalId(stack.auth.userPool));
    expect(JSON.stringify(props.SourceMarkers)).toContain(logicalId(stack.auth.userPoolClient));
    expect(props.DestinationBucketName).toEqual({ Ref: logicalId(stack.web.bucket) });
    // The config object itself: find the jsonData asset in the cloud assembly.
    const configs = readdirSync(assemblyDir)
      .map((d) => join(assemblyDir, d, 'config.json'))
      .filter((p) => existsSync(p))
      .map((p) => JSON.parse(readFileSync(p, 'utf8')));
    expect(configs).toContainEqual(
      expect.objectContaining({ authFlowType: 'USER_SRP_AUTH', apiBaseUrl: '/api' }),
    );
    expect(Object.keys(configs[0]).sort()).toEqual(
      ['apiBaseUrl', 'authFlowType', 'region', 'userPoolClientId', 'userPoolId'].sort(),
    );
  });

  it('SPA rewrite: / gets the prerendered /landing.html, other extensionless paths /index.html, files and /api pass through', () => {
    const handler = new Function(`${SPA_REWRITE_FUNCTION_CODE}; return handler;`)() as (e: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/landing.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/projects/abc/public')).toBe('/index.html');
    expect(rewrite('/auth/confirm')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    expect(rewrite('/api/health')).toBe('/api/health');
  });
});

describe('template', () => {
  it('has no dependency cycle (CloudFront ↔ API ↔ user pool trigger)', () => {
    const edges = new Map<string, Set<string>>();
    const collect = (value: unknown, into: Set<string>) => {
      if (Array.isArray(value)) for (const v of value) collect(v, into);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          if (k === 'Ref' && typeof v === 'string') into.add(v);
          else if (k === 'Fn::GetAtt' && Array.isArray(v)) into.add(String(v[0]));
          else if (k === 'Fn::Sub') {
            const text = Array.isArray(v) ? v[0] : v;
            for (const m of String(text).matchAll(/\$\{([^}.!]+)/g)) into.add(m[1]!);
            collect(v, into);
          } else collect(v, into);
        }
      }
    };
    for (const [id, r] of Object.entries(resources)) {
      const deps = new Set<string>();
      collect(r.Properties, deps);
      for (const d of [r.DependsOn ?? []].flat()) deps.add(d);
      edges.set(id, new Set([...deps].filter((d) => d in resources)));
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: string, path: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 'visiting');
      for (const d of edges.get(id) ?? []) visit(d, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of edges.keys()) visit(id, []);
  });

  it('outputs what deploying and the README need', () => {
    for (const name of [
      'SiteUrl',
      'ApiEndpoint',
      'UserPoolId',
      'UserPoolClientId',
      'TableName',
      'StateMachineArn',
    ]) {
      template.hasOutput(name, {});
    }
  });
});
