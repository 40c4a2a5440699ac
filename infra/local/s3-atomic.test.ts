import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Local, startS3Local } from './s3';

describe('local S3 (s3rver made atomic)', () => {
  let directory: string;
  let local: S3Local;
  let s3: S3Client;
  const Bucket = 'atomic';

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 's3-atomic-'));
    local = await startS3Local({ directory });
    s3 = new S3Client({
      endpoint: local.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket }));
  });

  afterAll(async () => {
    s3.destroy();
    await local.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  const get = async (Key: string, Range?: string) => {
    const object = await s3.send(new GetObjectCommand({ Bucket, Key, ...(Range ? { Range } : {}) }));
    return Buffer.from(await object.Body!.transformToByteArray());
  };

  it('a read during an overwrite returns the old object or the new one, whole', async () => {
    // Two versions of different sizes, so a torn read cannot pass for either.
    const older = Buffer.alloc(3_000_000, 1);
    const newer = Buffer.alloc(5_000_000, 2);
    await s3.send(new PutObjectCommand({ Bucket, Key: 'drawing.png', Body: older }));
    for (let round = 0; round < 5; round++) {
      const body = round % 2 ? older : newer;
      const reads = Array.from({ length: 6 }, () => get('drawing.png'));
      await s3.send(new PutObjectCommand({ Bucket, Key: 'drawing.png', Body: body }));
      for (const read of await Promise.all(reads)) {
        expect(read.equals(older) || read.equals(newer)).toBe(true);
      }
    }
  });

  it('keeps content types, answers ranges, and says NoSuchKey for a missing key', async () => {
    await s3.send(
      new PutObjectCommand({ Bucket, Key: 'a/b.json', Body: '{"x":1}', ContentType: 'application/json' }),
    );
    const object = await s3.send(new GetObjectCommand({ Bucket, Key: 'a/b.json' }));
    expect(object.ContentType).toBe('application/json');
    expect(await object.Body!.transformToString()).toBe('{"x":1}');
    expect((await get('a/b.json', 'bytes=1-3')).toString()).toBe('"x"');
    await expect(get('a/missing.json')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});
