import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthState } from '@/features/auth';
import { authState, LocationProbe, renderRoutes, signedInAs } from '@/test/render';
import { RedirectIfAuthenticated, RequireAdmin, RequireAuth, RequireSuperAdmin } from './guards';

function LoginProbe() {
  return (
    <>
      <p>login page</p>
      <LocationProbe />
    </>
  );
}

function renderGuarded(auth: AuthState, path: string) {
  return renderRoutes(
    [
      { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>dashboard page</p> }] },
      { element: <RequireAuth />, children: [{ path: '/projects/:id', element: <p>project page</p> }] },
      { element: <RequireAdmin />, children: [{ path: '/admin', element: <p>admin page</p> }] },
      {
        element: <RequireSuperAdmin />,
        children: [{ path: '/admin/settings', element: <p>settings page</p> }],
      },
      { element: <RedirectIfAuthenticated />, children: [{ path: '/auth/login', element: <LoginProbe /> }] },
      { path: '*', element: <LocationProbe /> },
    ],
    { auth, path },
  );
}

describe('RequireAuth', () => {
  it('shows a loading spinner while the session loads', () => {
    renderGuarded(authState({ status: 'loading' }), '/dashboard');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('dashboard page')).not.toBeInTheDocument();
  });

  it('sends signed-out visitors to /auth/login, remembering where they were going', async () => {
    const { router } = renderGuarded(authState(), '/projects/p1?tab=files');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/projects/p1', search: '?tab=files' },
    });
  });

  it('renders the page for a signed-in user', () => {
    renderGuarded(signedInAs('ada@example.com'), '/dashboard');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });
});

describe('RedirectIfAuthenticated', () => {
  it('sends signed-in visitors of /auth/login to /dashboard', () => {
    renderGuarded(signedInAs('ada@example.com'), '/auth/login');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('shows the page to signed-out visitors', () => {
    renderGuarded(authState(), '/auth/login');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });
});

describe('RequireAdmin and RequireSuperAdmin', () => {
  it('redirects a plain user from /admin to /dashboard', () => {
    renderGuarded(signedInAs('ada@example.com', 'user'), '/admin');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('waits for the role before deciding', () => {
    renderGuarded(signedInAs('ada@example.com', 'user', { roleLoading: true }), '/admin');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('lets admins into /admin but not /admin/settings', () => {
    renderGuarded(signedInAs('root@example.com', 'admin'), '/admin');
    expect(screen.getByText('admin page')).toBeInTheDocument();
  });

  it('redirects an admin from /admin/settings to /dashboard', () => {
    renderGuarded(signedInAs('root@example.com', 'admin'), '/admin/settings');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('lets super admins into /admin/settings', () => {
    renderGuarded(signedInAs('root@example.com', 'super_admin'), '/admin/settings');
    expect(screen.getByText('settings page')).toBeInTheDocument();
  });

  it('sends signed-out visitors of /admin to /auth/login', () => {
    renderGuarded(authState(), '/admin');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });
});
