import { describe, expect, it } from 'vitest';
import { API_FEATURES, findRoute, matchPath, ROUTES, routeKey } from '.';

describe('route table', () => {
  it('matches paths with parameters and decodes them', () => {
    expect(matchPath('/api/projects/{projectId}', '/api/projects/a%20b')).toEqual({ projectId: 'a b' });
    expect(matchPath('/api/projects/{projectId}', '/api/projects/')).toBeNull();
    expect(matchPath('/api/projects/{projectId}', '/api/projects/1/files')).toBeNull();
  });

  it('finds routes by method', () => {
    expect(findRoute('GET', '/api/me')?.route.feature).toBe('me');
    expect(findRoute('POST', '/api/me')).toBeNull();
  });

  it('has unique route keys under /api, each for a known feature', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ROUTES) {
      expect(route.path.startsWith('/api/')).toBe(true);
      expect(API_FEATURES).toContain(route.feature);
    }
  });
});
