/**
 * The landing page rendered to HTML at build time (web/prerender.ts writes it into dist/landing.html, which the
 * host serves for `/`), so a first-time visitor sees the page before the JavaScript has downloaded. The client
 * then renders the same markup over it (createRoot), so nothing moves.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { AuthContext, type AuthState } from '@/features/auth';
import { LandingPage } from '@/features/landing';

/** The state the top bar has before the session is known: neither the account nor Sign In / Start Free. */
const SESSION_NOT_KNOWN_YET: AuthState = {
  status: 'loading',
  user: null,
  role: 'user',
  roleLoading: false,
  isAdmin: false,
  isSuperAdmin: false,
  signOut: async () => {},
  refresh: async () => {},
};

export async function renderLanding(): Promise<string> {
  const routes = [
    { path: '/', element: <AppShell />, children: [{ index: true, element: <LandingPage /> }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response)
    throw new Error(`Unexpected redirect while prerendering: ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AuthContext.Provider value={SESSION_NOT_KNOWN_YET}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AuthContext.Provider>,
  );
}
