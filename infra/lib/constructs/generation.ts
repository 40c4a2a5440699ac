import { readFileSync } from 'node:fs';
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { acknowledge, wildcardResource } from '../nag';
import { requireFile } from '../paths';
import { PlanformFunction } from './lambda-function';

/** The state machine definition shared with the local cloud; `${Name}` placeholders are substituted. */
export const GENERATE_ASL_PATH = 'shared/workflow/generate.asl.json';
export const GENERATION_TIMEOUT = Duration.minutes(15);

export interface GenerationProps {
  /** Environment every workflow task gets (TABLE_NAME, bucket names, …). */
  readonly environment: Record<string, string>;
}

/**
 * The "generate" Step Functions state machine, defined by the shared ASL file. Each task function is a
 * PlanformFunction whose ARN is substituted for `${<Name>FunctionArn}`; the generation feature adds its tasks
 * to `tasks` below.
 */
export class Generation extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly prepareFn: PlanformFunction;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: GenerationProps) {
    super(scope, id);

    this.prepareFn = new PlanformFunction(this, 'Prepare', {
      entry: 'functions/workflow/prepare.ts',
      description: 'Generation workflow: Prepare (normalise the drawing, load the template)',
      memorySize: 1024,
      timeout: Duration.minutes(1),
      environment: props.environment,
      invokedBy: 'Step Functions task (synchronous Lambda invoke)',
    });

    /** Substitution name in the ASL → the task function. */
    const tasks: Record<string, PlanformFunction> = {
      PrepareFunctionArn: this.prepareFn,
    };

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
