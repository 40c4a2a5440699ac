import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/ui/spinner';
import { redirectTarget, useAuth } from '@/features/auth';

/** Renders `children` when given, else the nested routes. */
const render = (children?: ReactNode) => (children === undefined ? <Outlet /> : children);

/** Signed-in users only: a spinner while the session loads, then signed-out visitors go to /auth/login. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') return <Navigate to="/auth/login" replace state={{ from: location }} />;
  return render(children);
}

/** Sign-in and sign-up: a signed-in visitor goes on to where they were headed (default /dashboard). */
export function RedirectIfAuthenticated({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedIn') return <Navigate to={redirectTarget(location.state)} replace />;
  return render(children);
}

function RequireRole({
  allowed,
  children,
}: {
  allowed: (auth: ReturnType<typeof useAuth>) => boolean;
  children?: ReactNode;
}) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading' || (auth.status === 'signedIn' && auth.roleLoading)) return <LoadingScreen />;
  if (auth.status === 'signedOut') return <Navigate to="/auth/login" replace state={{ from: location }} />;
  if (!allowed(auth)) return <Navigate to="/dashboard" replace />;
  return render(children);
}

/** Admins and super admins; anyone else goes to /dashboard. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  return <RequireRole allowed={(auth) => auth.isAdmin}>{children}</RequireRole>;
}

/** Super admins only; anyone else goes to /dashboard. */
export function RequireSuperAdmin({ children }: { children?: ReactNode }) {
  return <RequireRole allowed={(auth) => auth.isSuperAdmin}>{children}</RequireRole>;
}
