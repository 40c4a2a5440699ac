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
import { matchPath } from './paths';
import { projectsApi } from './projects';
import { publicApi } from './public';

export * from './contract';
export { allowedMethods, matchPath } from './paths';

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
