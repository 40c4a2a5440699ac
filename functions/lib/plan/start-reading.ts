/** Starts reading a file's plan without waiting for it: an asynchronous Lambda invocation of the read-plan task. */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { requireEnv } from '../env';

let client: LambdaClient | undefined;
const lambda = () => {
  client ??= new LambdaClient({});
  return client;
};

export async function startPlanReading(projectId: string, fileId: string): Promise<void> {
  await lambda().send(
    new InvokeCommand({
      FunctionName: requireEnv('READ_PLAN_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify({ projectId, fileId })),
    }),
  );
}
