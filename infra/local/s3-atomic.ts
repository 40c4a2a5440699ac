import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';

/** The part of s3rver's FilesystemStore that the patch below replaces or calls. */
export interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, string | number>>;
  putObject(object: {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }): Promise<{ size: number; md5: string }>;
  getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<unknown>;
}

type S3ObjectClass = new (
  bucket: string,
  key: string,
  content: Readable | null,
  metadata: Record<string, string | number>,
) => { range?: { start: number; end: number } };

const S3Object = createRequire(import.meta.url)('s3rver/lib/models/object') as S3ObjectClass;
const ALLOWED_METADATA = (S3Object as unknown as { ALLOWED_METADATA: string[] }).ALLOWED_METADATA;
const READ_ATTEMPTS = 8;

async function bytesOf(content: Buffer | NodeJS.ReadableStream): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const streamOf = (bytes: Buffer): Readable => new PassThrough().end(bytes);

const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/**
 * S3 replaces an object atomically: a reader sees the old bytes or the new, never a mix. s3rver writes the object
 * file in place and its checksum and metadata after, so a GET during an overwrite (a plan read rewriting the
 * drawing while a render loads it) returns a truncated body. Here every write goes to temporary files renamed into
 * place together, and a read checks the bytes against the checksum it read with them, reading again on a mismatch.
 */
export function makeWritesAtomic(store: FilesystemStore): void {
  store.putObject = async (object) => {
    const bytes = await bytesOf(object.content);
    const md5 = md5Of(bytes);
    const metadata = Object.fromEntries(
      Object.entries(object.metadata).filter(
        ([name]) => ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-'),
      ),
    );
    const files: [string, Buffer | string][] = [
      [store.getResourcePath(object.bucket, object.key, 'object'), bytes],
      [store.getResourcePath(object.bucket, object.key, 'object.md5'), md5],
      [store.getResourcePath(object.bucket, object.key, 'metadata.json'), JSON.stringify(metadata, null, 2)],
    ];
    mkdirSync(dirname(files[0]![0]), { recursive: true });
    const suffix = `.tmp-${randomBytes(6).toString('hex')}`;
    for (const [path, body] of files) writeFileSync(path + suffix, body);
    // Synchronous renames: no other request runs between them.
    for (const [path] of files) renameSync(path + suffix, path);
    return { size: bytes.length, md5 };
  };

  store.getObject = async (bucket, key, options) => {
    for (let attempt = 1; ; attempt++) {
      let metadata: Record<string, string | number>;
      let bytes: Buffer;
      try {
        metadata = await store.getMetadata(bucket, key);
        bytes = await readFile(store.getResourcePath(bucket, key, 'object'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const consistent = metadata.etag === JSON.stringify(md5Of(bytes));
      if (!consistent && attempt < READ_ATTEMPTS) continue;
      metadata['content-length'] = bytes.length;
      return withRange(bucket, key, bytes, metadata, options);
    }
  };
}

function withRange(
  bucket: string,
  key: string,
  bytes: Buffer,
  metadata: Record<string, string | number>,
  options?: { start?: number; end?: number },
) {
  const ranged = options && (options.start !== undefined || options.end !== undefined);
  if (!ranged) return new S3Object(bucket, key, streamOf(bytes), metadata);
  const lastByte = Math.max(0, bytes.length - 1);
  const range = {
    start: options.start ?? 0,
    end: Math.min(options.end ?? Number.POSITIVE_INFINITY, lastByte),
  };
  const satisfiable = range.start >= 0 && range.start <= range.end;
  const object = new S3Object(
    bucket,
    key,
    satisfiable ? streamOf(bytes.subarray(range.start, range.end + 1)) : null,
    metadata,
  );
  object.range = range;
  return object;
}
