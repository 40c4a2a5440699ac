import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_FEATURES, type ApiFeature, ROUTES, routeKey } from '../../../shared/api';
import { acknowledge, wildcardResource } from '../nag';
import type { Generation } from './generation';
import { PlanformFunction } from './lambda-function';
import type { Storage } from './storage';

export const API_THROTTLING = { burstLimit: 100, rateLimit: 50 } as const;

/** What a feature's Lambda may touch. */
export interface FeatureAccess {
  /** Read/write items of the table (and query its indexes). */
  readonly table: boolean;
  /** Read/write/delete objects in the uploads and renders buckets (and sign URLs for them). */
  readonly objects: boolean;
  /** Start generations and read their status. */
  readonly generation: boolean;
}

const FULL_ACCESS: FeatureAccess = { table: true, objects: true, generation: true };

/**
 * Narrower access for features that need less than FULL_ACCESS. Unlisted features get FULL_ACCESS: the shared
 * handler code (e.g. activity tracking in functions/lib/http.ts) may touch the table from any authenticated route,
 * and the local cloud enforces no IAM, so a missing grant would only show in AWS. List a feature here only when it
 * is certain to need less, like the public health check.
 */
export const FEATURE_ACCESS: Partial<Record<ApiFeature, FeatureAccess>> = {
  health: { table: false, objects: false, generation: false },
};

export interface ApiProps {
  readonly table: dynamodb.ITableV2;
  readonly storage: Storage;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly generation: Generation;
  readonly siteUrl: string;
}

/** HTTP API access log entry: one JSON object per request (fields HTTP APIs support). */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    requestTime: '$context.requestTime',
    httpMethod: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    responseLatency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
    userId: '$context.authorizer.claims.sub',
  }),
);

/**
 * The HTTP API: one Lambda per feature (functions/api/<feature>.ts) and one route per entry of the shared route
 * table, `jwt` routes behind the Cognito JWT authorizer (issuer: the user pool, audience: the SPA's client).
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions: Record<ApiFeature, PlanformFunction>;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Planform HTTP API (served under /api by CloudFront)',
      createDefaultStage: false,
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLING,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: ACCESS_LOG_FORMAT,
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    const environment = {
      TABLE_NAME: props.table.tableName,
      UPLOADS_BUCKET: props.storage.uploadsBucket.bucketName,
      RENDERS_BUCKET: props.storage.rendersBucket.bucketName,
      USER_POOL_ID: props.userPool.userPoolId,
      SITE_URL: props.siteUrl,
      STATE_MACHINE_ARN: props.generation.stateMachine.stateMachineArn,
    };

    this.functions = Object.fromEntries(
      API_FEATURES.map((feature) => {
        const fn = new PlanformFunction(this, `Fn-${feature}`, {
          entry: `functions/api/${feature}.ts`,
          description: `Planform API: ${feature}`,
          memorySize: 512,
          timeout: Duration.seconds(15),
          environment,
          invokedBy: 'API Gateway HTTP API Lambda proxy integration',
        });
        const access = FEATURE_ACCESS[feature] ?? FULL_ACCESS;
        if (access.table) {
          props.table.grantReadWriteData(fn.role);
          acknowledge(fn, {
            [`AwsSolutions-IAM5[${wildcardResource(fn, `${props.table.tableArn}/index/*`)}]`]:
              'Queries on the table’s global secondary indexes (GSI1: admin profile list, user dashboard).',
          });
        }
        if (access.objects) props.storage.grantObjects(fn.role, fn);
        if (access.generation) props.generation.grantStartAndDescribe(fn);
        return [feature, fn];
      }),
    ) as Record<ApiFeature, PlanformFunction>;

    this.grantAdminExtras(this.functions.admin, props);
    props.generation.grantReadPlan(this.functions.files);
    props.generation.grantExportRender(this.functions.generations);

    const integrations = new Map<ApiFeature, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      let integration = integrations.get(route.feature);
      if (!integration) {
        integration = new HttpLambdaIntegration(
          `Integration-${route.feature}`,
          this.functions[route.feature].function,
        );
        integrations.set(route.feature, integration);
      }
      const httpRoute = new apigw.HttpRoute(this, `Route ${routeKey(route)}`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration,
        authorizer: route.auth === 'jwt' ? authorizer : undefined,
      });
      if (route.auth === 'none') {
        acknowledge(httpRoute, {
          'AwsSolutions-APIG4': `${routeKey(route)} is public by design (route table auth: none).`,
        });
      }
    }

    // Requests no route matches get the error shape (404, or 405 with Allow) instead of API Gateway's own body.
    const fallback = new apigw.HttpRoute(this, 'Route $default', {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.DEFAULT,
      integration:
        integrations.get('health') ??
        new HttpLambdaIntegration('Integration-health', this.functions.health.function),
    });
    acknowledge(fallback, {
      'AwsSolutions-APIG4': '$default only answers 404/405 for paths no route matches; it reads no data.',
    });
  }

  /**
   * What only the admin console needs: moving users between the role groups of the user pool (a role change
   * updates the profile, then the groups), and HeadBucket on both buckets for the storage health probe
   * (HeadBucket is authorized by s3:ListBucket; no object listing happens).
   */
  private grantAdminExtras(fn: PlanformFunction, props: ApiProps): void {
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:AdminListGroupsForUser',
        ],
        resources: [props.userPool.userPoolArn],
      }),
    );
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.storage.uploadsBucket.bucketArn, props.storage.rendersBucket.bucketArn],
      }),
    );
  }

  /** `https://<id>.execute-api.<region>.amazonaws.com` */
  get endpoint(): string {
    return this.httpApi.apiEndpoint;
  }
}
