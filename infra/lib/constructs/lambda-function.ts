import { type Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ESM_REQUIRE_SHIM } from '../bundling';
import { acknowledge, wildcardResource } from '../nag';
import { REPO_ROOT, requireFile } from '../paths';

export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;
export const LAMBDA_ARCHITECTURE = lambda.Architecture.ARM_64;
/** SDK packages the Lambda Node.js runtime provides. */
export const RUNTIME_SDK_MODULES = [
  '@aws-sdk/client-*',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/s3-request-presigner',
];

/**
 * ESM bundles may contain CommonJS dependencies that call `require` (node built-ins); an ES module has no
 * `require`, so the bundle defines one (esbuild's `__require` helper picks it up).
 */

export interface PlanformFunctionProps {
  /** Handler module relative to the repository root, e.g. `functions/api/me.ts` (exports `handler`). */
  readonly entry: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment?: Record<string, string>;
  /**
   * Who invokes the function and how. Every Planform function is invoked synchronously (API Gateway, Cognito,
   * Step Functions), so no dead-letter queue or on-failure destination applies; the caller sees the error.
   */
  readonly invokedBy: string;
  /** Modules left out of the bundle (provided by a layer). */
  readonly externalModules?: string[];
  readonly layers?: lambda.ILayerVersion[];
}

/**
 * The one way Planform creates Lambda functions: Node.js 22 on ARM64, an ESM bundle built by the local esbuild
 * (no Docker) that includes the AWS SDK v3 clients the handler imports (tree-shaken, so each function carries only
 * the clients it uses), minified with source maps, X-Ray tracing, its own log group with one month retention and
 * its own role (no managed policies).
 */
export class PlanformFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: PlanformFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.entry}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: requireFile(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      layers: props.layers,
      projectRoot: REPO_ROOT,
      depsLockFilePath: requireFile('package-lock.json'),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_SHIM,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The SDK v3 clients come from the Node.js 22 runtime, so each bundle stays small (the bundle budget is
        // 300 KB) and a function loads only the clients it imports. Helpers the runtime may lack
        // (@aws-sdk/s3-presigned-post, its @smithy dependencies) are bundled.
        bundleAwsSDK: true,
        externalModules: [...RUNTIME_SDK_MODULES, ...(props.externalModules ?? [])],
      },
    });

    acknowledge(this, {
      'AwsSolutions-L1': `Pinned to ${LAMBDA_RUNTIME.name}, the runtime Planform targets and tests against; move to a newer Node.js runtime deliberately, not by the linter.`,
      'Serverless-LambdaLatestVersion': `Pinned to ${LAMBDA_RUNTIME.name}, the runtime Planform targets and tests against.`,
      'Serverless-LambdaDLQ': `Only invoked synchronously (${props.invokedBy}); the caller receives the error, a dead-letter queue would never receive anything.`,
      [`AwsSolutions-IAM5[${wildcardResource(this, '*')}]`]:
        'X-Ray PutTraceSegments/PutTelemetryRecords (active tracing) do not support resource-level permissions.',
    });
  }

  /** Adds environment variables after creation (e.g. values of constructs created later). */
  addEnvironment(name: string, value: string): this {
    this.function.addEnvironment(name, value);
    return this;
  }
}
