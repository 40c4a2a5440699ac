/** Starts a render's high-resolution export without waiting for it: an asynchronous invocation of its task. */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { ExportSize } from '../../../shared/schemas/generations';
import { requireEnv } from '../env';

let client: LambdaClient | undefined;

export type StartExport = (job: { projectId: string; renderId: string; size: ExportSize }) => Promise<void>;

export const startExport: StartExport = async (job) => {
  client ??= new LambdaClient({});
  await client.send(
    new InvokeCommand({
      FunctionName: requireEnv('EXPORT_RENDER_FUNCTION'),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(job)),
    }),
  );
};
