/**
 * Every property test runs from one seed, chosen and printed once per `vitest run` by vitest.config.ts: CI is
 * deterministic (the default seed), and any failure reproduces with `FC_SEED=<seed> npm test`.
 * `FC_SEED=random` explores with a fresh seed, printed the same way.
 */
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED);
if (!Number.isSafeInteger(seed))
  throw new Error(`FC_SEED must be set by vitest.config.ts (got ${process.env.FC_SEED})`);
fc.configureGlobal({ seed });
