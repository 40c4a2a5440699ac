/**
 * One local Lambda sandbox: a worker thread that runs the handler module it is given for each invocation, one at a
 * time, like a warm Lambda instance. Started by `isolated.ts`; not imported by anything else.
 */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

interface Invocation {
  id: number;
  path: string;
  /** Only load the module (a warm start for the first real invocation). */
  warm?: boolean;
  event: unknown;
  context: { functionName: string; awsRequestId: string; timeoutMs: number };
}

parentPort!.on('message', async ({ id, path, warm, event, context }: Invocation) => {
  const deadline = Date.now() + context.timeoutMs;
  try {
    const module = (await import(pathToFileURL(path).href)) as {
      handler: (event: unknown, context: unknown) => Promise<unknown>;
    };
    if (warm) return parentPort!.postMessage({ id, result: null });
    const result = await module.handler(event, {
      functionName: context.functionName,
      awsRequestId: context.awsRequestId,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      callbackWaitsForEmptyEventLoop: false,
    });
    parentPort!.postMessage({ id, result });
  } catch (error) {
    const e = error as Error;
    parentPort!.postMessage({
      id,
      error: { name: e?.name, message: e?.message ?? String(error), stack: e?.stack },
    });
  }
});
