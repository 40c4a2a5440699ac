import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { freePort } from './net';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/** Answers `*` for CORS once a bucket has a CORS configuration (seeded in seed.ts). */
export async function startS3Local(options: { directory: string }): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', directory: options.directory, silent: true });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
