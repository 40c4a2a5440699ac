import { renameSync, writeFileSync } from 'node:fs';

/** Writes a file so that a kill at any moment leaves the old content or the new, never a torn file. */
export function writeFileAtomic(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}
