/**
 * Reads a drawing in a process of its own, as the deployed function does: one ESM bundle of worker.ts with the
 * imaging layer's modules external, on plain Node. Under the tsx loader every module is transpiled on load (pdfjs
 * alone costs ~0.4 s and ~160 MB), which would be measured as the reader's time and memory. The bundle lives under
 * node_modules/.cache so that the external modules resolve.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { ESM_REQUIRE_SHIM, LAYER_MODULES } from '../../infra/lib/bundling';
import type { PlanModel } from '../../shared/plan/schema';

const here = dirname(fileURLToPath(import.meta.url));
export const REPOSITORY_ROOT = join(here, '..', '..');

export function bundleWorker(): string {
  const outfile = join(REPOSITORY_ROOT, 'node_modules', '.cache', 'planform-bench', 'fidelity-worker.mjs');
  buildSync({
    entryPoints: [join(here, 'worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_SHIM },
    external: LAYER_MODULES,
    logLevel: 'error',
  });
  return outfile;
}

export interface WorkerReading {
  plan?: PlanModel;
  error?: string;
  ms: number;
  maxRssMB: number;
  repeatSame: boolean;
}

/** Reads `drawingPath` in the bundled worker; `out` is where the worker writes its JSON answer. */
export function readInWorker(workerBundle: string, drawingPath: string, out: string): WorkerReading {
  try {
    execFileSync(process.execPath, [workerBundle, drawingPath, out], {
      cwd: REPOSITORY_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 120_000,
    });
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim().split('\n').slice(-3).join(' | ');
    return { error: `worker crashed: ${stderr || String(error)}`, ms: 0, maxRssMB: 0, repeatSame: false };
  }
}
