import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
            'functions/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
