import { readFileSync } from 'node:fs';
import type { App } from 'aws-cdk-lib';
import { createApp } from './app';
import { repoPath } from './paths';
import type { PlanformStack } from './planform-stack';

/** The context of cdk.json (feature flags), which `cdk synth` passes to the app and tests must pass themselves. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

export interface TestAppOptions {
  readonly nag?: boolean;
  /** Bundle the Lambda code with esbuild (slow part of a synth). Default true. */
  readonly bundle?: boolean;
  readonly context?: Record<string, unknown>;
}

/** The Planform app as `cdk synth` builds it (cdk.json context), for tests. */
export function createTestApp(options: TestAppOptions = {}): { app: App; stack: PlanformStack } {
  const { nag = false, bundle = true, context = {} } = options;
  return createApp({
    nag,
    context: {
      ...cdkJsonContext(),
      // An empty list of bundling stacks skips esbuild (assets point at the source directories instead).
      ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...context,
    },
  });
}
