/**
 * The local "Lambda service": function names → the same handler modules CDK deploys. API features follow the
 * route table; triggers and workflow tasks are listed here and in CDK.
 */
import { API_FEATURES, type ApiFeature } from '../../shared/api';
import { createSandboxPool, type SandboxLimits } from './isolated';

type Handler = (event: unknown, context?: unknown) => Promise<unknown>;
export type ModuleLoader = (path: string) => Promise<{ handler: Handler }>;

export const apiFunctionName = (feature: ApiFeature) => `api-${feature}`;
/** Reads an uploaded drawing's plan; the files API invokes it asynchronously (READ_PLAN_FUNCTION). */
export const READ_PLAN_FUNCTION = 'planform-read-plan';
/** Makes a render's high-resolution export; the generations API invokes it asynchronously (EXPORT_RENDER_FUNCTION). */
export const EXPORT_RENDER_FUNCTION = 'planform-export-render';

/** Module paths relative to the repository root. */
export const LOCAL_FUNCTIONS: Record<string, string> = {
  ...Object.fromEntries(API_FEATURES.map((f) => [apiFunctionName(f), `functions/api/${f}.ts`])),
  'custom-message': 'functions/triggers/custom-message.ts',
  'post-confirmation': 'functions/triggers/post-confirmation.ts',
  'planform-prepare': 'functions/workflow/prepare.ts',
  'planform-generate': 'functions/workflow/generate.ts',
  'planform-store': 'functions/workflow/store.ts',
  'planform-mark-failed': 'functions/workflow/mark-failed.ts',
  'planform-finalize': 'functions/workflow/finalize.ts',
  'planform-reconcile': 'functions/workflow/reconcile.ts',
  /** Local only: in AWS a TTL and an S3 lifecycle rule expire uploads never completed. */
  'planform-sweep-uploads': 'functions/tasks/sweep-uploads.ts',
  [READ_PLAN_FUNCTION]: 'functions/tasks/read-plan.ts',
  [EXPORT_RENDER_FUNCTION]: 'functions/tasks/export-render.ts',
};

/** The state machine's `${...}FunctionArn` substitutions → local function names. */
export const WORKFLOW_TASKS: Record<string, string> = {
  PrepareFunctionArn: 'planform-prepare',
  GenerateFunctionArn: 'planform-generate',
  StoreFunctionArn: 'planform-store',
  MarkFailedFunctionArn: 'planform-mark-failed',
  FinalizeFunctionArn: 'planform-finalize',
};

let invocation = 0;
const lambdaContext = (functionName: string) => ({
  functionName,
  awsRequestId: `local-${Date.now().toString(36)}-${(invocation++).toString(36)}`,
  getRemainingTimeInMillis: () => 30_000,
  callbackWaitsForEmptyEventLoop: false,
});

/**
 * Invokes local functions by name. Those named in `sandboxed` run in worker threads with those limits (see
 * `isolated.ts`); the rest run in this process, through `load` (Vite's module graph in dev, for live edits).
 */
export function createInvoker(
  rootDir: string,
  load: ModuleLoader,
  sandboxed: Record<string, SandboxLimits> = {},
) {
  const pools = new Map(Object.entries(sandboxed).map(([name, limits]) => [name, createSandboxPool(limits)]));
  const invoke = async function invoke(functionName: string, event: unknown): Promise<unknown> {
    const path = LOCAL_FUNCTIONS[functionName];
    if (!path) throw new Error(`Function not found: ${functionName}`);
    const pool = pools.get(functionName);
    if (pool) return pool.invoke(functionName, `${rootDir}/${path}`, event);
    const module = await load(`${rootDir}/${path}`);
    return module.handler(event, lambdaContext(functionName));
  };
  return Object.assign(invoke, {
    /** Loads the sandboxed functions' modules ahead of their first invocation. */
    warm: () =>
      Promise.all(
        [...pools].map(([name, pool]) => pool.warm(name, `${rootDir}/${LOCAL_FUNCTIONS[name]}`)),
      ).then(() => undefined),
    close: () => Promise.all([...pools.values()].map((p) => p.close())).then(() => undefined),
  });
}
