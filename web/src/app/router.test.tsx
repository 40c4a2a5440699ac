import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderRoutes, signedInAs } from '@/test/render';
import { routes } from './router';

vi.mock('aws-amplify/auth', () => ({}));

describe('routes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders the landing page at / inside the app shell', () => {
    renderRoutes(routes, { path: '/' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('renders the 404 page for unknown paths', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, { path: '/nope' });
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
  });

  it('renders the dashboard placeholder for a signed-in user', () => {
    renderRoutes(routes, { path: '/dashboard', auth: signedInAs('ada@example.com') });
    expect(screen.getByRole('heading', { name: 'Project Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your architectural visualizations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/upload');
  });

  it('lazy-loads the admin dashboard for admins', async () => {
    renderRoutes(routes, { path: '/admin', auth: signedInAs('root@example.com', 'admin') });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of /upload to the sign-in page', async () => {
    renderRoutes(routes, { path: '/upload', auth: authState() });
    expect(await screen.findByRole('heading', { name: 'Sign in to Planform' })).toBeInTheDocument();
  });

  it('serves the public share view without signing in', () => {
    renderRoutes(routes, { path: '/projects/p1/public', auth: authState() });
    expect(screen.getByText('Read-only access')).toBeInTheDocument();
  });
});
