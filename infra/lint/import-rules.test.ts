import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importViolations } from './import-rules';

function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rooms-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

describe('import rules', () => {
  it('lets each room import what it may, tests their helpers too', () => {
    const root = repository({
      'shared/plan.ts': "import * as z from 'zod';\nexport const a = 1;",
      'engine/read.ts': "import { a } from '../shared/plan';\nimport sharp from 'sharp';",
      'functions/task.ts':
        "import { a } from '../engine/read';\nimport { S3Client } from '@aws-sdk/client-s3';",
      'functions/task.test.ts': "import { cloud } from '../infra/local/testing';",
      'functions/test/helper.ts': "import { cloud } from '../../infra/local/testing';",
      'engine/read.test.ts': "import { sceneOfFile } from '../bench/lib/fixture-scene';",
      'web/src/app.tsx': "import { a } from '@shared/plan';\nimport { b } from '@/lib/b';",
    });
    expect(importViolations(root)).toEqual([]);
  });

  it('names every import across the rooms, type-only and dynamic ones too, and the environment in the engine', () => {
    const root = repository({
      'shared/plan.ts': "import { readFileSync } from 'node:fs';\nimport type { X } from '../engine/read';",
      'engine/read.ts':
        "import { env } from '../functions/lib/env';\nimport { S3Client } from '@aws-sdk/client-s3';\nconst level = process.env.LOG_LEVEL;",
      'functions/task.ts': "const page = await import('../web/src/page');",
      'web/src/app.tsx': "import { readPlan } from '../../engine/read';",
    });
    expect(importViolations(root).map((v) => `${v.file}: ${v.reason}`)).toEqual([
      'shared/plan.ts: shared/ is browser-safe: no Node built-ins',
      'shared/plan.ts: shared/ may not import engine/',
      'engine/read.ts: engine/ may not import functions/',
      'engine/read.ts: engine/ may not use @aws-sdk/client-s3',
      'engine/read.ts: engine/ reads no environment',
      'functions/task.ts: functions/ may not import web/src/',
      'web/src/app.tsx: web/src/ may not import engine/',
    ]);
  });
});
