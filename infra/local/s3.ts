import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './net';
import { type FilesystemStore, makeWritesAtomic } from './s3-atomic';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

const METADATA = '._S3rver_metadata.json';
const OBJECT = '._S3rver_object';

/**
 * s3rver writes an object, then its metadata with an asynchronous writeFile: a kill in between leaves an empty
 * or missing metadata file, and s3rver then fails every listing of the bucket (HeadBucket too). Such an object
 * never got a 2xx, so removing it loses nothing anyone was told was stored.
 */
export function repairInterruptedWrites(directory: string): string[] {
  const removed: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!existsSync(path)) continue; // removed with an object earlier in this walk
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      let base: string | null = null;
      if (name.endsWith(METADATA)) {
        try {
          JSON.parse(readFileSync(path, 'utf8'));
        } catch {
          base = path.slice(0, -METADATA.length);
        }
      } else if (name.endsWith(OBJECT) && !existsSync(path.slice(0, -OBJECT.length) + METADATA)) {
        base = path.slice(0, -OBJECT.length);
      }
      if (base) {
        for (const suffix of [OBJECT, `${OBJECT}.md5`, METADATA]) rmSync(base + suffix, { force: true });
        removed.push(base.slice(directory.length + 1));
      }
    }
  };
  if (existsSync(directory)) walk(directory);
  return removed;
}

/** Answers `*` for CORS once a bucket has a CORS configuration (seeded in seed.ts). */
export async function startS3Local(options: { directory: string }): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  const removed = repairInterruptedWrites(options.directory);
  if (removed.length)
    console.warn(`[local cloud] removed ${removed.length} object(s) left half-written by a crash`);
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', directory: options.directory, silent: true });
  makeWritesAtomic(server.store as FilesystemStore);
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
