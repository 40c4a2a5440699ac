import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-file';
import { repairInterruptedWrites } from './s3';

describe('crash repair', () => {
  it('removes objects whose metadata a kill left empty or missing, and keeps the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 's3-repair-'));
    const bucket = join(dir, 'planform-uploads', 'u1', 'p1');
    mkdirSync(bucket, { recursive: true });
    const object = (name: string, metadata: string | null) => {
      writeFileSync(join(bucket, `${name}._S3rver_object`), 'bytes');
      writeFileSync(join(bucket, `${name}._S3rver_object.md5`), 'md5');
      if (metadata !== null) writeFileSync(join(bucket, `${name}._S3rver_metadata.json`), metadata);
    };
    object('good.png', '{"content-type":"image/png"}');
    object('torn.png', '');
    object('half.pdf', '{"content-');
    object('no-metadata.dxf', null);
    const removed = repairInterruptedWrites(dir).sort();
    expect(removed).toEqual([
      'planform-uploads/u1/p1/half.pdf',
      'planform-uploads/u1/p1/no-metadata.dxf',
      'planform-uploads/u1/p1/torn.png',
    ]);
    expect(existsSync(join(bucket, 'good.png._S3rver_object'))).toBe(true);
    expect(existsSync(join(bucket, 'torn.png._S3rver_object'))).toBe(false);
    expect(existsSync(join(bucket, 'torn.png._S3rver_metadata.json'))).toBe(false);
  });

  it('writes state files whole', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'atomic-')), 'state.json');
    writeFileAtomic(file, '{"a":1}');
    writeFileAtomic(file, '{"a":2}');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ a: 2 });
  });
});
