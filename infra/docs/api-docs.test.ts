import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateApiReference, generateRouteTable } from './api-docs';

describe('API reference', () => {
  it('docs/api.md is up to date (npm run docs:api)', () => {
    expect(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')).toBe(generateApiReference());
  });

  it('shared/api/route-table.ts is up to date (npm run docs:api)', () => {
    expect(readFileSync(new URL('../../shared/api/route-table.ts', import.meta.url), 'utf8')).toBe(
      generateRouteTable(),
    );
  });
});
