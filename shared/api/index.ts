/**
 * The whole HTTP API: every feature's routes (declared once, in ./<feature>.ts) and the route table CDK and the
 * local gateway are built from.
 */
import { adminApi } from './admin';
import {
  type ApiFeature,
  type FeatureContract,
  type HttpMethod,
  type RouteAuth,
  type RouteSpec,
  splitRouteKey,
} from './contract';
import { filesApi } from './files';
import { generationsApi } from './generations';
import { healthApi } from './health';
import { meApi } from './me';
import { projectsApi } from './projects';
import { publicApi } from './public';

export * from './contract';

/** Every feature's contract, in the order docs/api.md lists them. */
export const API_CONTRACTS: readonly FeatureContract[] = [
  healthApi,
  meApi,
  projectsApi,
  filesApi,
  publicApi,
  generationsApi,
  adminApi,
];

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path with `{param}` placeholders, always under /api. */
  path: `/api/${string}`;
  feature: ApiFeature;
  auth: RouteAuth;
  spec: RouteSpec;
}

/** One entry per route: CDK creates one HTTP API route per entry (integrated with the feature's Lambda). */
export const ROUTES: readonly RouteDef[] = API_CONTRACTS.flatMap((contract) =>
  Object.entries(contract.routes).map(([key, spec]) => ({
    ...splitRouteKey(key),
    feature: contract.feature,
    auth: spec.auth,
    spec,
  })),
);

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

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

export function findRoute(
  method: string,
  path: string,
): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

/** The methods some route allows on a concrete path (for a 405's `Allow` header); empty when no route has it. */
export function allowedMethods(path: string): HttpMethod[] {
  return ROUTES.filter((route) => matchPath(route.path, path)).map((route) => route.method);
}
