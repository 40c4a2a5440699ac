/**
 * The route table: the single source of the HTTP API's routes. CDK creates one HTTP API route per entry
 * (integrated with the feature's Lambda); the local gateway routes by it to the same handler modules.
 */
export type RouteAuth = 'jwt' | 'none';

/** A Lambda per feature: functions/api/<feature>.ts exports `handler`. */
export const API_FEATURES = ['health', 'me', 'projects', 'files', 'public', 'generations', 'admin'] as const;
export type ApiFeature = (typeof API_FEATURES)[number];

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway path with `{param}` placeholders, always under /api. */
  path: `/api/${string}`;
  feature: ApiFeature;
  auth: RouteAuth;
}

export const ROUTES: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', feature: 'health', auth: 'none' },
  { method: 'GET', path: '/api/me', feature: 'me', auth: 'jwt' },
  { method: 'GET', path: '/api/projects', feature: 'projects', auth: 'jwt' },
  { method: 'POST', path: '/api/projects', feature: 'projects', auth: 'jwt' },
  { method: 'GET', path: '/api/projects/{projectId}', feature: 'projects', auth: 'jwt' },
  { method: 'PATCH', path: '/api/projects/{projectId}', feature: 'projects', auth: 'jwt' },
  { method: 'DELETE', path: '/api/projects/{projectId}', feature: 'projects', auth: 'jwt' },
  { method: 'GET', path: '/api/projects/{projectId}/share', feature: 'projects', auth: 'jwt' },
  { method: 'POST', path: '/api/projects/{projectId}/share', feature: 'projects', auth: 'jwt' },
  { method: 'DELETE', path: '/api/projects/{projectId}/share', feature: 'projects', auth: 'jwt' },
  { method: 'POST', path: '/api/projects/{projectId}/files', feature: 'files', auth: 'jwt' },
  {
    method: 'POST',
    path: '/api/projects/{projectId}/files/{fileId}/complete',
    feature: 'files',
    auth: 'jwt',
  },
  { method: 'GET', path: '/api/projects/{projectId}/files/{fileId}/download', feature: 'files', auth: 'jwt' },
  { method: 'GET', path: '/api/projects/{projectId}/files/{fileId}/plan', feature: 'files', auth: 'jwt' },
  { method: 'GET', path: '/api/projects/{projectId}/files/{fileId}/model', feature: 'files', auth: 'jwt' },
  { method: 'PATCH', path: '/api/projects/{projectId}/files/{fileId}/plan', feature: 'files', auth: 'jwt' },
  { method: 'DELETE', path: '/api/projects/{projectId}/files/{fileId}', feature: 'files', auth: 'jwt' },
  { method: 'GET', path: '/api/public/projects/{projectId}', feature: 'public', auth: 'none' },
  {
    method: 'GET',
    path: '/api/public/projects/{projectId}/files/{fileId}/plan',
    feature: 'public',
    auth: 'none',
  },
  { method: 'POST', path: '/api/projects/{projectId}/generations', feature: 'generations', auth: 'jwt' },
  {
    method: 'GET',
    path: '/api/projects/{projectId}/generations/{generationId}',
    feature: 'generations',
    auth: 'jwt',
  },
  {
    method: 'POST',
    path: '/api/projects/{projectId}/renders/{renderId}/retry',
    feature: 'generations',
    auth: 'jwt',
  },
  {
    method: 'POST',
    path: '/api/projects/{projectId}/renders/{renderId}/refine',
    feature: 'generations',
    auth: 'jwt',
  },
  {
    method: 'POST',
    path: '/api/projects/{projectId}/renders/{renderId}/exports',
    feature: 'generations',
    auth: 'jwt',
  },
  {
    method: 'GET',
    path: '/api/projects/{projectId}/renders/{renderId}/download',
    feature: 'generations',
    auth: 'jwt',
  },
  { method: 'GET', path: '/api/admin/stats', feature: 'admin', auth: 'jwt' },
  { method: 'GET', path: '/api/admin/users', feature: 'admin', auth: 'jwt' },
  { method: 'PATCH', path: '/api/admin/users/{userId}', feature: 'admin', auth: 'jwt' },
  { method: 'GET', path: '/api/admin/templates', feature: 'admin', auth: 'jwt' },
  { method: 'POST', path: '/api/admin/templates', feature: 'admin', auth: 'jwt' },
  { method: 'PATCH', path: '/api/admin/templates/{templateId}', feature: 'admin', auth: 'jwt' },
  { method: 'DELETE', path: '/api/admin/templates/{templateId}', feature: 'admin', auth: 'jwt' },
  { method: 'GET', path: '/api/admin/settings', feature: 'admin', auth: 'jwt' },
  { method: 'POST', path: '/api/admin/settings', feature: 'admin', auth: 'jwt' },
  { method: 'PATCH', path: '/api/admin/settings/{key}', feature: 'admin', auth: 'jwt' },
  { method: 'DELETE', path: '/api/admin/settings/{key}', feature: 'admin', auth: 'jwt' },
  { method: 'GET', path: '/api/admin/jobs', feature: 'admin', auth: 'jwt' },
  { method: 'GET', path: '/api/admin/health', feature: 'admin', auth: 'jwt' },
  { method: 'GET', path: '/api/admin/storage', feature: 'admin', auth: 'jwt' },
];

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
export function allowedMethods(path: string): RouteDef['method'][] {
  return ROUTES.filter((route) => matchPath(route.path, path)).map((route) => route.method);
}

/** The route key API Gateway gives a request no route matched: its `$default` route. */
export const DEFAULT_ROUTE_KEY = '$default';
