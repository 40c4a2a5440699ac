/**
 * Planform's performance budgets (issue "Quality gates"). `npm run bench:budgets` prints every figure against them;
 * `npm test` fails when one is exceeded (infra/lib/planform-stack.test.ts for the Lambda bundles,
 * bench/budgets/spa.test.ts for the SPA, bench/budgets/lighthouse.int.test.ts for Lighthouse).
 */
export const BUDGETS = {
  /** Each Lambda bundle, minified (the AWS SDK clients come from the runtime, heavy imaging from the layer). */
  lambdaBundleBytes: 300 * 1024,
  /**
   * Importing a handler module in a fresh Node process (the module-load part of a cold start), median of 3. Loose
   * on purpose: this machine is shared with the test suite; it catches a handler that starts loading something
   * heavy at import time, not a few milliseconds.
   */
  lambdaImportMs: 1_500,
  /** The JavaScript `/` needs before it renders (entry + static imports), gzipped. */
  spaInitialGzipBytes: 200_000,
  /** Lighthouse 12 on `/` (signed out) and `/dashboard` (signed in), mobile and desktop presets. */
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 95 },
} as const;

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);
