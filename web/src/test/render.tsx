import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from '@/features/auth';

export function authState(overrides: Partial<AuthState> = {}): AuthState {
  const role = overrides.role ?? 'user';
  return {
    status: 'signedOut',
    user: null,
    role,
    roleLoading: false,
    isAdmin: role === 'admin' || role === 'super_admin',
    isSuperAdmin: role === 'super_admin',
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
    ...overrides,
  };
}

export function signedInAs(
  email: string,
  role: AuthState['role'] = 'user',
  overrides: Partial<AuthState> = {},
) {
  return authState({ status: 'signedIn', user: { id: 'user-1', email }, role, ...overrides });
}

/** Renders routes in a memory router with a fixed auth state, a fresh query client and the toaster. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', auth = authState(), state }: { path?: string; auth?: AuthState; state?: unknown } = {},
) {
  const [pathname = '/', query] = path.split('?');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search: query ? `?${query}` : '', state }],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

/** Shows where a navigation ended up. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders one element at `path` (plus catch-all routes that show where navigation went). */
export function renderPage(
  element: ReactElement,
  options: { path?: string; route?: string; auth?: AuthState; state?: unknown } = {},
) {
  const { route = options.path?.split('?')[0] ?? '/', ...rest } = options;
  return renderRoutes(
    [
      { path: route, element },
      { path: '*', element: <LocationProbe /> },
    ],
    rest,
  );
}
