import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateApiReference, ROUTE_DOCS } from './api-docs';
import { ROUTES, routeKey } from './routes';

describe('API reference', () => {
  it('documents every route of the route table, and nothing else', () => {
    expect(Object.keys(ROUTE_DOCS).sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it('docs/api.md is up to date (npm run docs:api)', () => {
    expect(readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8')).toBe(generateApiReference());
  });
});
