import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { requireEnv } from '../env';

export interface ExecutionInput {
  generationId: string;
  projectId: string;
  userId: string;
  /** A retried variation's run (1, 2, …): each run of a generation is its own execution. */
  attempt?: number;
}

/** The execution's name: the generation id, and the attempt for a retried variation's run. */
export const executionNameOf = (generationId: string, attempt?: number) =>
  attempt ? `${generationId}-retry-${attempt}` : generationId;

export type StartExecution = (input: ExecutionInput) => Promise<void>;

let client: SFNClient | undefined;

/**
 * Starts the generation state machine, named by the generation id (and attempt): starting the same run again (a
 * retried request) is idempotent in Step Functions, so nothing runs twice.
 */
export const startExecution: StartExecution = async (input) => {
  client ??= new SFNClient({});
  await client.send(
    new StartExecutionCommand({
      stateMachineArn: requireEnv('STATE_MACHINE_ARN'),
      name: executionNameOf(input.generationId, input.attempt),
      input: JSON.stringify(input),
    }),
  );
};

export const executionArnOf = (generationId: string, attempt?: number) =>
  `${requireEnv('STATE_MACHINE_ARN').replace(':stateMachine:', ':execution:')}:${executionNameOf(generationId, attempt)}`;
