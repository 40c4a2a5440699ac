import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Annotations, Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { DEFAULT_MODEL_IDS, GENERATE_TIMEOUT_SECONDS } from '../../../functions/lib/providers/config';
import { LAYER_MODULES } from '../bundling';
import { acknowledge, wildcardResource } from '../nag';
import { REPO_ROOT, requireFile } from '../paths';
import { LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME, PlanformFunction } from './lambda-function';
import type { Storage } from './storage';

/** The state machine definition shared with the local cloud; `${Name}` placeholders are substituted. */
export const GENERATE_ASL_PATH = 'shared/workflow/generate.asl.json';
export const GENERATION_TIMEOUT = Duration.minutes(15);

export interface GenerationProps {
  /** Environment every workflow task gets (TABLE_NAME, bucket names, …). */
  readonly environment: Record<string, string>;
  readonly table: dynamodb.ITableV2;
  readonly storage: Storage;
  /** Where the imaging layer was built, relative to the repository root; default IMAGING_LAYER_DIR. */
  readonly imagingLayerDir?: string;
}

interface TaskSpec {
  entry: string;
  description: string;
  memorySize: number;
  timeout: Duration;
  objects: boolean;
  bedrock: boolean;
}

/** The workflow's task functions, by their `${<Name>FunctionArn}` substitution name in the shared ASL. */
const TASKS: Record<string, TaskSpec> = {
  Prepare: {
    entry: 'functions/workflow/prepare.ts',
    description: 'Generation: the stored plan, the prompt template filled, the analysis',
    memorySize: 2048,
    timeout: Duration.minutes(5),
    objects: true,
    bedrock: true,
  },
  Generate: {
    entry: 'functions/workflow/generate.ts',
    description: 'Generation: one variation through the image provider',
    // The local renderer is CPU-bound: Lambda gives CPU in proportion to memory.
    memorySize: 3008,
    // The Bedrock client's attempts are sized to end within it (functions/lib/providers/config.ts).
    timeout: Duration.seconds(GENERATE_TIMEOUT_SECONDS),
    objects: true,
    bedrock: true,
  },
  Store: {
    entry: 'functions/workflow/store.ts',
    description: 'Generation: WebP preview, render and job completed',
    memorySize: 1024,
    timeout: Duration.minutes(1),
    objects: true,
    bedrock: false,
  },
  MarkFailed: {
    entry: 'functions/workflow/mark-failed.ts',
    description: 'Generation: a variation (or all) failed with a readable message',
    memorySize: 256,
    timeout: Duration.seconds(30),
    objects: false,
    bedrock: false,
  },
  Finalize: {
    entry: 'functions/workflow/finalize.ts',
    description: 'Generation: project status, quota, template usage and success rate',
    memorySize: 256,
    timeout: Duration.minutes(1),
    objects: false,
    bedrock: false,
  },
};

/**
 * Modules esbuild cannot bundle come from a layer built for linux-arm64: the native image libraries, pdfjs (it
 * loads its worker file from beside itself), libredwg (it loads its .wasm from beside itself) and tesseract.js (its
 * worker script and .wasm, and the English data beside them).
 */
export { LAYER_MODULES };
export const IMAGING_LAYER_DIR = 'infra/layers/imaging/dist';
export const IMAGING_LAYER_PLACEHOLDER = 'infra/layers/imaging/placeholder';
/** The id of the synth warning for an imaging layer that was not (completely) built. */
export const IMAGING_LAYER_WARNING = 'planform:imaging-layer-not-built';

/** The layer modules a built layer directory lacks (all of them when the build never ran). */
export function missingLayerModules(layerDir: string): string[] {
  return LAYER_MODULES.filter(
    (name) => !existsSync(join(layerDir, 'nodejs', 'node_modules', name, 'package.json')),
  );
}

/**
 * The "generate" Step Functions state machine, defined by the shared ASL file, its task functions, and the
 * reconciler that fails work whose execution ended or vanished (every 5 minutes).
 */
export class Generation extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly tasks: Record<string, PlanformFunction>;
  readonly reconciler: PlanformFunction;
  /** Reads an uploaded drawing's plan model, invoked asynchronously by the files API after an upload. */
  readonly readPlan: PlanformFunction;
  /** Makes a render's high-resolution export, invoked asynchronously by the generations API. */
  readonly exportRender: PlanformFunction;
  readonly logGroup: logs.LogGroup;

  get prepareFn(): PlanformFunction {
    return this.tasks.Prepare!;
  }

  constructor(scope: Construct, id: string, props: GenerationProps) {
    super(scope, id);

    const layerPath = props.imagingLayerDir ?? IMAGING_LAYER_DIR;
    const layerDir = resolve(REPO_ROOT, layerPath);
    const imagingLayer = new lambda.LayerVersion(this, 'ImagingLayer', {
      description:
        'sharp, @napi-rs/canvas, pdfjs-dist, libredwg-web, tesseract.js (+ eng data) for linux-arm64 (npm run build:layer)',
      compatibleArchitectures: [LAMBDA_ARCHITECTURE],
      compatibleRuntimes: [LAMBDA_RUNTIME],
      code: lambda.Code.fromAsset(
        existsSync(layerDir) ? layerDir : resolve(REPO_ROOT, IMAGING_LAYER_PLACEHOLDER),
      ),
    });
    const missing = missingLayerModules(layerDir);
    if (missing.length > 0) {
      // A warning, not an error: the CDK CLI refuses to synthesize a stack with an error annotation exactly as it
      // refuses to deploy one, and `npm test` and `npm run synth` must work without the linux-arm64 layer build.
      // `cdk synth`, `cdk diff` and `cdk deploy` print it; `cdk deploy --strict` refuses to deploy.
      Annotations.of(imagingLayer).addWarningV2(
        IMAGING_LAYER_WARNING,
        `The imaging layer is not built (${missing.join(', ')} missing from ${layerPath}/nodejs/node_modules): ` +
          'deployed like this, every generation fails in AWS because Prepare, Generate and Store cannot load ' +
          'those packages. Run `npm run build:layer` before `cdk deploy` (or deploy with `cdk deploy --strict`, ' +
          'which refuses to deploy with this warning).',
      );
    }

    this.tasks = {};
    for (const [name, spec] of Object.entries(TASKS)) {
      const fn = new PlanformFunction(this, name, {
        entry: spec.entry,
        description: spec.description,
        memorySize: spec.memorySize,
        timeout: spec.timeout,
        environment: props.environment,
        invokedBy: 'Step Functions task (synchronous Lambda invoke)',
        externalModules: spec.objects ? LAYER_MODULES : [],
        layers: spec.objects ? [imagingLayer] : [],
      });
      props.table.grantReadWriteData(fn.role);
      acknowledge(fn, {
        [`AwsSolutions-IAM5[${wildcardResource(fn, `${props.table.tableArn}/index/*`)}]`]:
          'CDK grants table access with its indexes; the workflow queries GSI1 (running generations).',
      });
      if (spec.objects) props.storage.grantObjects(fn.role, fn);
      if (spec.bedrock) grantBedrock(fn, WORKFLOW_MODEL_IDS);
      this.tasks[name] = fn;
    }
    const tasks = Object.fromEntries(
      Object.entries(this.tasks).map(([name, fn]) => [`${name}FunctionArn`, fn]),
    );

    const asl = JSON.parse(readFileSync(requireFile(GENERATE_ASL_PATH), 'utf8')) as Record<string, unknown>;
    // The whole execution's limit (the `timeout` prop only applies to CDK-built definitions); the ASL may set its own.
    asl.TimeoutSeconds ??= GENERATION_TIMEOUT.toSeconds();

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      comment: 'Planform generation: Prepare, three variations, Finalize',
      definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(asl)),
      definitionSubstitutions: Object.fromEntries(
        Object.entries(tasks).map(([name, task]) => [name, task.function.functionArn]),
      ),
      stateMachineType: sfn.StateMachineType.STANDARD,
      tracingEnabled: true,
      logs: { destination: this.logGroup, level: sfn.LogLevel.ALL, includeExecutionData: true },
    });

    // Invoke exactly the task functions (grantInvoke would also allow every version/alias: `arn:*`).
    this.stateMachine.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: Object.values(tasks).map((task) => task.function.functionArn),
      }),
    );

    acknowledge(this.stateMachine, {
      'CloudFormation-Validate::E1029':
        'The dollar-brace placeholders in the shared ASL are CloudFormation DefinitionSubstitutions (resolved by Step Functions), not Fn::Sub parameters.',
      [`AwsSolutions-IAM5[${wildcardResource(this, '*')}]`]:
        'Added by CDK for Step Functions logging (logs:*LogDelivery, PutResourcePolicy, DescribeLogGroups) and X-Ray; these actions do not support resource-level permissions.',
    });

    this.reconciler = new PlanformFunction(this, 'Reconcile', {
      entry: 'functions/workflow/reconcile.ts',
      description: 'Generation reconciler: fails work whose execution ended, vanished or hangs',
      memorySize: 256,
      timeout: Duration.minutes(2),
      environment: { ...props.environment, STATE_MACHINE_ARN: this.stateMachine.stateMachineArn },
      invokedBy: 'EventBridge schedule (asynchronous; the next run retries whatever this one left)',
    });
    props.table.grantReadWriteData(this.reconciler.role);
    this.grantStartAndDescribe(this.reconciler);
    acknowledge(this.reconciler, {
      [`AwsSolutions-IAM5[${wildcardResource(this.reconciler, `${props.table.tableArn}/index/*`)}]`]:
        'The reconciler queries GSI1 (the sparse partition of running generations).',
    });
    this.scheduleReconciler(this.reconciler);

    this.readPlan = new PlanformFunction(this, 'ReadPlan', {
      entry: 'functions/tasks/read-plan.ts',
      description: 'Plan model: read an uploaded drawing (walls, openings, rooms, scale, views) and store it',
      memorySize: 2048,
      timeout: Duration.minutes(2),
      environment: props.environment,
      invokedBy:
        'the files API, asynchronously after an upload completes (Lambda retries twice; a plan left processing is read again by the next GET), and Prepare for a file with no plan yet',
      externalModules: LAYER_MODULES,
      layers: [imagingLayer],
    });
    props.table.grantReadWriteData(this.readPlan.role);
    props.storage.grantObjects(this.readPlan.role, this.readPlan);
    // A generation of a file with no stored plan (uploaded before plans were read) starts its read and waits.
    this.grantReadPlan(this.tasks.Prepare!);
    acknowledge(this.readPlan, {
      [`AwsSolutions-IAM5[${wildcardResource(this.readPlan, `${props.table.tableArn}/index/*`)}]`]:
        'CDK grants table access with its indexes; the task reads and updates one file item by its keys.',
    });

    this.exportRender = new PlanformFunction(this, 'ExportRender', {
      entry: 'functions/tasks/export-render.ts',
      description: 'High-resolution export of a render (2048 or 4096 px), rendered again or upscaled',
      // The local renderer is CPU-bound (CPU comes with memory) and a 4096 px render holds ~600 MB of buffers.
      memorySize: 3008,
      // An AI render's upscale is one Bedrock call, whose attempts are sized as the Generate task's.
      timeout: Duration.seconds(GENERATE_TIMEOUT_SECONDS),
      environment: props.environment,
      invokedBy: 'the generations API, asynchronously when a user asks for a high-resolution export',
      externalModules: LAYER_MODULES,
      layers: [imagingLayer],
    });
    props.table.grantReadWriteData(this.exportRender.role);
    props.storage.grantObjects(this.exportRender.role, this.exportRender);
    grantBedrock(this.exportRender, [
      DEFAULT_MODEL_IDS.stabilityFastUpscale,
      DEFAULT_MODEL_IDS.stabilityConservativeUpscale,
    ]);
    acknowledge(this.exportRender, {
      [`AwsSolutions-IAM5[${wildcardResource(this.exportRender, `${props.table.tableArn}/index/*`)}]`]:
        'CDK grants table access with its indexes; the task reads a render and its generation by their keys.',
    });
  }

  /** Lets a handler start a render's high-resolution export (it finds the function in EXPORT_RENDER_FUNCTION). */
  grantExportRender(fn: PlanformFunction): void {
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.exportRender.function.functionArn],
      }),
    );
    fn.function.addEnvironment('EXPORT_RENDER_FUNCTION', this.exportRender.function.functionName);
  }

  /** Lets a handler start reading a file's plan (it finds the function in READ_PLAN_FUNCTION). */
  grantReadPlan(fn: PlanformFunction): void {
    // Exactly this function (grantInvoke would also allow every version and alias: `arn:*`).
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.readPlan.function.functionArn],
      }),
    );
    fn.function.addEnvironment('READ_PLAN_FUNCTION', this.readPlan.function.functionName);
  }

  /** Runs the reconciler on a schedule: nothing stays pending when an execution ended or vanished. */
  private scheduleReconciler(fn: PlanformFunction): void {
    const rule = new events.Rule(this, 'ReconcileSchedule', {
      description: 'Fails generations whose execution ended, vanished or hangs',
      schedule: events.Schedule.rate(Duration.minutes(5)),
      targets: [new targets.LambdaFunction(fn.function, { event: events.RuleTargetInput.fromObject({}) })],
    });
    acknowledge(rule, {
      'Serverless-EventBusDLQ':
        'A missed reconciler run loses nothing: the next scheduled run (5 minutes later) reconciles the same generations.',
    });
  }

  /** Lets a handler start generations and read their status (it finds the ARN in STATE_MACHINE_ARN). */
  grantStartAndDescribe(fn: PlanformFunction): void {
    this.stateMachine.grantStartExecution(fn.role);
    const executions = `arn:${Aws.PARTITION}:states:${Aws.REGION}:${Aws.ACCOUNT_ID}:execution:${this.stateMachine.stateMachineName}:*`;
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['states:DescribeExecution'], resources: [executions] }),
    );
    acknowledge(fn, {
      [`AwsSolutions-IAM5[${wildcardResource(fn, executions)}]`]:
        'DescribeExecution on the executions of the generate state machine only (execution names are generation ids).',
    });
  }
}

/**
 * bedrock:InvokeModel on the configured models only: each cross-Region inference profile (`us.` ids) and the
 * foundation models it routes to, and GetFoundationModel to check a model's lifecycle status.
 */
export function bedrockModelArns(modelIds: string[]): string[] {
  const arns = new Set<string>();
  for (const id of modelIds) {
    const base = id.replace(/^(us|eu|apac|global)\./, '');
    arns.add(`arn:${Aws.PARTITION}:bedrock:*::foundation-model/${base}`);
    if (base !== id)
      arns.add(`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${id}`);
  }
  return [...arns];
}

/** The models of the generation flow: analysis, image generation and refinement edits (the upscalers are exports'). */
const WORKFLOW_MODEL_IDS = [
  DEFAULT_MODEL_IDS.stabilityStructure,
  DEFAULT_MODEL_IDS.stabilitySearchReplace,
  DEFAULT_MODEL_IDS.novaCanvas,
  DEFAULT_MODEL_IDS.analysis,
];

function grantBedrock(fn: PlanformFunction, modelIds: string[]): void {
  const resources = bedrockModelArns(modelIds);
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['bedrock:InvokeModel', 'bedrock:GetFoundationModel'], resources }),
  );
  acknowledge(
    fn,
    Object.fromEntries(
      resources
        .filter((arn) => arn.includes('*'))
        .map((arn) => [
          `AwsSolutions-IAM5[${wildcardResource(fn, arn)}]`,
          'A cross-Region inference profile routes to the same foundation model in several Regions; the model id is fixed, only the Region is open.',
        ]),
    ),
  );
}
