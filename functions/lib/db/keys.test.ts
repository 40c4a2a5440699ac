import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keys } from './keys';

const FUNCTIONS_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The handlers' and libraries' source files (tests and test helpers excluded). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'test' || entry.name === 'fixtures' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('table keys', () => {
  it('daily usage: one item per user and UTC day, beside the running quota in the user partition', () => {
    expect(keys.dailyUsage('sub-1', '2026-05-01')).toEqual({ PK: 'USER#sub-1', SK: 'USAGE#2026-05-01' });
    expect(keys.dailyUsage('sub-1', '2026-05-01').PK).toBe(keys.usage('sub-1').PK);
    expect(keys.dailyUsage('sub-1', '2026-05-01').SK).not.toBe(keys.usage('sub-1').SK);
  });

  it('every table key (PK/SK) is built in keys.ts, none inline', () => {
    const inline = sourceFiles(FUNCTIONS_DIR)
      .filter((file) => !file.endsWith(join('db', 'keys.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${relative(FUNCTIONS_DIR, file)}:${i + 1}`, line: line.trim() }))
          .filter(({ line }) => /\b(PK|SK)\s*:\s*[`'"]/.test(line)),
      );
    expect(inline).toEqual([]);
  });
});
