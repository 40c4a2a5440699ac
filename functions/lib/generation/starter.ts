import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { requireEnv } from '../env';

export interface ExecutionInput {
  generationId: string;
  projectId: string;
  userId: string;
}

export type StartExecution = (input: ExecutionInput) => Promise<void>;

let client: SFNClient | undefined;

/**
 * Starts the generation state machine, named by the generation id: starting the same generation again (a
 * retried request) is idempotent in Step Functions, so nothing runs twice.
 */
export const startExecution: StartExecution = async (input) => {
  client ??= new SFNClient({});
  await client.send(
    new StartExecutionCommand({
      stateMachineArn: requireEnv('STATE_MACHINE_ARN'),
      name: input.generationId,
      input: JSON.stringify(input),
    }),
  );
};

export const executionArnOf = (generationId: string) =>
  `${requireEnv('STATE_MACHINE_ARN').replace(':stateMachine:', ':execution:')}:${generationId}`;
