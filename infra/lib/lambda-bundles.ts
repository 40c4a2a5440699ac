/** The Lambda bundles of a synthesized PlanformStack: their sizes and how long each takes to import (cold start). */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { PlanformFunction } from './constructs/lambda-function';
import { REPO_ROOT } from './paths';
import type { PlanformStack } from './planform-stack';

export interface LambdaBundle {
  /** The construct path below the stack, e.g. `Api/Projects`. */
  name: string;
  file: string;
  bytes: number;
}

/** Every Node.js function Planform deploys (the API, the generation tasks, the reconciler, the Cognito triggers). */
export function planformFunctions(stack: PlanformStack): PlanformFunction[] {
  return [
    ...Object.values(stack.api.functions),
    ...Object.values(stack.generation.tasks),
    stack.generation.reconciler,
    stack.auth.postConfirmationFn,
    stack.auth.customMessageFn,
  ];
}

/** The CloudFormation logical id of a construct (or of the L1 element a higher-level construct wraps). */
export function logicalId(construct: IConstruct): string {
  const element = CfnElement.isCfnElement(construct) ? construct : construct.node.defaultChild;
  if (!CfnElement.isCfnElement(element))
    throw new Error(`${construct.node.path} has no CloudFormation element`);
  return Stack.of(element).getLogicalId(element);
}

/** The bundled `index.mjs` of each function in a synthesized (bundled) assembly. */
export function lambdaBundles(stack: PlanformStack, assemblyDir: string): LambdaBundle[] {
  const template = JSON.parse(readFileSync(join(assemblyDir, stack.templateFile), 'utf8')) as {
    Resources: Record<string, { Properties?: { Code?: { S3Key?: string } } }>;
  };
  const resources = template.Resources;
  return planformFunctions(stack).map((fn) => {
    const key = String(resources[logicalId(fn.function)]?.Properties?.Code?.S3Key ?? '').replace(
      /\.zip$/,
      '',
    );
    if (!key) throw new Error(`No code asset for ${fn.node.path}`);
    const file = join(assemblyDir, `asset.${key}`, 'index.mjs');
    return {
      name: fn.node.path.split('/').slice(1).join('/'),
      file,
      bytes: readFileSync(file).length,
    };
  });
}

/**
 * Milliseconds to import a bundle in a fresh Node process (the module-load part of a Lambda cold start), median of
 * `runs`. The bundle is copied inside the repository so its external imports (the runtime's SDK clients, the
 * imaging layer's modules) resolve from node_modules as they do from /opt and the runtime in AWS.
 */
export function importTimeMs(bundle: LambdaBundle, runs = 3): number {
  const dir = join(REPO_ROOT, 'node_modules/.cache/planform-import-time');
  mkdirSync(dir, { recursive: true });
  const copy = join(dir, `${bundle.name.replace(/[^A-Za-z0-9]+/g, '-')}.mjs`);
  copyFileSync(bundle.file, copy);
  const script = `const t = performance.now(); await import(${JSON.stringify(`file://${copy}`)}); process.stdout.write(String(performance.now() - t));`;
  const env = {
    ...process.env,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'budget',
    AWS_SECRET_ACCESS_KEY: 'budget',
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    NODE_NO_WARNINGS: '1',
  };
  try {
    const times = Array.from({ length: runs }, () =>
      Number(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }),
      ),
    ).sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  } finally {
    rmSync(copy, { force: true });
  }
}
