import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where package.json, package-lock.json and cdk.json live). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const repoPath = (...segments: string[]) => join(REPO_ROOT, ...segments);

/** Throws early (at synth) with the path when a source file the stack needs is missing. */
export function requireFile(relative: string): string {
  const path = repoPath(relative);
  if (!existsSync(path)) throw new Error(`Missing ${relative} (looked at ${path})`);
  return path;
}
