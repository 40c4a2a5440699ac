import { SHARE_ENV, Worker } from 'node:worker_threads';

export interface SandboxLimits {
  /** The worker's JavaScript heap; past it the worker dies and the invocation fails, as Lambda's memory size. */
  maxOldGenerationSizeMb: number;
  /** An invocation still running after this long is stopped, as Lambda's timeout. */
  timeoutMs: number;
  /** Sandboxes (worker threads) run at once for this function; more invocations wait their turn. */
  concurrency: number;
}

interface Pending {
  id: number;
  path: string;
  warm?: boolean;
  event: unknown;
  functionName: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Sandbox {
  worker: Worker;
  busy: Pending | null;
  timer?: NodeJS.Timeout;
}

const WORKER = new URL('./lambda-worker.ts', import.meta.url);
// The worker and the handlers are TypeScript. Workers take no process-wide flags (--openssl-legacy-provider).
const EXEC_ARGV = ['--import', 'tsx'];
let nextId = 0;

/**
 * Runs one function's invocations in worker threads instead of the local cloud's own event loop: a hostile or
 * heavy input (a drawing of millions of lines) then costs its own sandbox time and memory, not every other
 * request's, as on Lambda. Sandboxes stay warm between invocations; one that dies or times out is replaced.
 */
export function createSandboxPool(limits: SandboxLimits) {
  const sandboxes: Sandbox[] = [];
  const queue: Pending[] = [];
  let closed = false;

  const finish = (sandbox: Sandbox, outcome: { result?: unknown; error?: Error }) => {
    const job = sandbox.busy;
    clearTimeout(sandbox.timer);
    sandbox.busy = null;
    if (job) {
      if (outcome.error) job.reject(outcome.error);
      else job.resolve(outcome.result);
    }
    pump();
  };

  const retire = (sandbox: Sandbox, error: Error) => {
    const at = sandboxes.indexOf(sandbox);
    if (at >= 0) sandboxes.splice(at, 1);
    void sandbox.worker.terminate();
    finish(sandbox, { error });
  };

  const spawn = (): Sandbox => {
    const worker = new Worker(WORKER, {
      env: SHARE_ENV,
      execArgv: EXEC_ARGV,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
    });
    worker.unref();
    const sandbox: Sandbox = { worker, busy: null };
    worker.on(
      'message',
      (message: { id: number; result?: unknown; error?: { name: string; message: string } }) => {
        if (sandbox.busy?.id !== message.id) return;
        finish(
          sandbox,
          message.error
            ? { error: Object.assign(new Error(message.error.message), { name: message.error.name }) }
            : { result: message.result },
        );
      },
    );
    worker.on('error', (error) => retire(sandbox, error));
    worker.on('exit', (code) => {
      if (sandboxes.includes(sandbox))
        retire(sandbox, new Error(`The function's sandbox exited (code ${code})`));
    });
    sandboxes.push(sandbox);
    return sandbox;
  };

  const pump = () => {
    while (queue.length && !closed) {
      const sandbox =
        sandboxes.find((s) => !s.busy) ?? (sandboxes.length < limits.concurrency ? spawn() : undefined);
      if (!sandbox) return;
      const job = queue.shift()!;
      sandbox.busy = job;
      sandbox.timer = setTimeout(
        () => retire(sandbox, new Error(`Task timed out after ${limits.timeoutMs / 1000} seconds`)),
        limits.timeoutMs,
      );
      sandbox.worker.postMessage({
        id: job.id,
        path: job.path,
        warm: job.warm,
        event: job.event,
        context: {
          functionName: job.functionName,
          awsRequestId: `local-${Date.now().toString(36)}-${job.id.toString(36)}`,
          timeoutMs: limits.timeoutMs,
        },
      });
    }
  };

  return {
    invoke(functionName: string, path: string, event: unknown): Promise<unknown> {
      if (closed) return Promise.reject(new Error('The local cloud is stopping'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, path, event, functionName, resolve, reject });
        pump();
      });
    },
    /** Starts a sandbox and loads the handler module in it, so the first invocation does not pay for both. */
    warm(functionName: string, path: string): Promise<void> {
      return new Promise((resolve) => {
        queue.push({
          id: nextId++,
          path,
          event: null,
          functionName,
          warm: true,
          resolve: () => resolve(),
          reject: () => resolve(),
        });
        pump();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The local cloud is stopping'));
      await Promise.all(sandboxes.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
