import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '../../shared/schemas/config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Generation } from './constructs/generation';
import { createAccessLogsBucket, Storage } from './constructs/storage';
import { Web } from './constructs/web';

export interface PlanformStackProps extends StackProps {
  /** The deployment stage (context `stage`, default `dev`), for the names that must be unique per account. */
  readonly stage?: string;
  /** E-mail of the initial super admin (context `adminEmail`); none is created when absent. */
  readonly adminEmail?: string;
  /** Public URL of the site (context `siteUrl`), e.g. a custom domain. Default: the CloudFront URL. */
  readonly siteUrl?: string;
  /** Cognito threat protection on the Plus feature plan (context `threatProtection`). */
  readonly threatProtection?: boolean;
}

/**
 * Planform in one stack, made of feature constructs.
 *
 * Site URL and dependency cycles: the e-mail links (CustomMessage trigger), the handlers (SITE_URL) and bucket CORS
 * need the site URL, i.e. the CloudFront domain, while CloudFront needs the API's domain for `/api/*`. The
 * distribution only references the `AWS::ApiGatewayV2::Api` resource (its endpoint), never routes, integrations,
 * the authorizer or functions, so CloudFormation's graph stays acyclic:
 * Api ← Distribution ← Lambdas (SITE_URL) / UserPool (trigger) / buckets (CORS) ← Routes, Authorizer.
 * In code, Web is created first (it exposes `siteUrl`) and the API behaviour and the SPA deployment (config.json
 * needs the pool and client ids) are attached once those exist. A test asserts the template has no cycle.
 */
export class PlanformStack extends Stack {
  readonly web: Web;
  readonly data: Data;
  readonly storage: Storage;
  readonly auth: Auth;
  readonly generation: Generation;
  readonly api: Api;

  constructor(scope: Construct, id: string, props: PlanformStackProps = {}) {
    super(scope, id, props);

    const accessLogsBucket = createAccessLogsBucket(this, 'AccessLogs');

    this.web = new Web(this, 'Web', {
      stage: props.stage ?? 'dev',
      siteUrl: props.siteUrl,
      accessLogsBucket,
    });
    const siteUrl = this.web.siteUrl;

    this.data = new Data(this, 'Data');
    this.storage = new Storage(this, 'Storage', {
      // The CloudFront URL keeps working beside a custom site URL.
      siteOrigins: props.siteUrl ? [siteUrl, this.web.distributionUrl] : [siteUrl],
      accessLogsBucket,
    });
    this.auth = new Auth(this, 'Auth', {
      table: this.data.table,
      siteUrl,
      adminEmail: props.adminEmail,
      threatProtection: props.threatProtection,
    });
    this.generation = new Generation(this, 'Generation', {
      table: this.data.table,
      storage: this.storage,
      environment: {
        TABLE_NAME: this.data.table.tableName,
        UPLOADS_BUCKET: this.storage.uploadsBucket.bucketName,
        RENDERS_BUCKET: this.storage.rendersBucket.bucketName,
      },
    });
    this.api = new Api(this, 'Api', {
      table: this.data.table,
      storage: this.storage,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      generation: this.generation,
      siteUrl,
    });

    this.web.routeApi(this.api.httpApi);
    const runtimeConfig: RuntimeConfig = {
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      apiBaseUrl: '/api',
    };
    this.web.deploySite(runtimeConfig);

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.storage.uploadsBucket.bucketName });
    new CfnOutput(this, 'RendersBucketName', { value: this.storage.rendersBucket.bucketName });
    new CfnOutput(this, 'StateMachineArn', { value: this.generation.stateMachine.stateMachineArn });
  }
}
