/**
 * Path matching without the schemas: what a function that only needs to know which routes exist (the `$default`
 * answer's `Allow` header) imports, so it does not carry every route's schemas.
 */
import type { HttpMethod } from './contract';
import { ROUTE_TABLE } from './route-table';

/** Matches a concrete path against a route path; returns the path parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (!g) return null;
      try {
        params[w.slice(1, -1)] = decodeURIComponent(g);
      } catch {
        return null; // malformed percent-encoding matches no route
      }
    } else if (w !== g) return null;
  }
  return params;
}

/** The methods some route allows on a concrete path (for a 405's `Allow` header); empty when no route has it. */
export function allowedMethods(path: string): HttpMethod[] {
  return ROUTE_TABLE.filter(([, pattern]) => matchPath(pattern, path)).map(([method]) => method);
}
