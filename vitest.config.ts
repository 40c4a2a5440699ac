import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Property tests (fast-check) take their seed from FC_SEED, set here once so every worker shares it: a fixed
 * default keeps CI deterministic; `FC_SEED=random` explores with a fresh seed; a printed seed reproduces a run.
 */
const DEFAULT_FC_SEED = 20261124;
const requestedSeed = process.env.FC_SEED;
process.env.FC_SEED = String(
  requestedSeed === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : requestedSeed && Number.isSafeInteger(Number(requestedSeed))
      ? Number(requestedSeed)
      : DEFAULT_FC_SEED,
);
if (!process.env.VITEST_FC_SEED_PRINTED) {
  process.env.VITEST_FC_SEED_PRINTED = '1';
  console.log(
    `fast-check seed: ${process.env.FC_SEED} (reproduce with FC_SEED=${process.env.FC_SEED} npm test)`,
  );
}

/**
 * Unit tests read real drawings and pictures, which take seconds on a loaded two-core CI machine; their speed is
 * measured by the benches, so a test's timeout only guards against a hang.
 */
const UNIT_TEST_TIMEOUT_MS = 60_000;

const alias = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
};

/**
 * One `vitest run` covers everything: unit tests (node), web component tests (jsdom), CDK synth + nag, and the
 * integration/browser tests that run against a local cloud started once by the global setup.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'engine/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'infra/lint/**/*.test.ts',
            'infra/docs/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts'],
          setupFiles: ['functions/test/fast-check-seed.ts'],
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'cdk',
          environment: 'node',
          include: ['infra/lib/**/*.test.ts', 'infra/bin/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: [
            'functions/**/*.int.test.ts',
            'infra/local/**/*.int.test.ts',
            'bench/**/*.int.test.ts',
            'web/e2e/**/*.e2e.test.ts',
          ],
          globalSetup: ['infra/local/test-global-setup.ts'],
          setupFiles: ['functions/test/fast-check-seed.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
