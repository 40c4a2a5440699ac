import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderRoutes, signedInAs } from '@/test/render';
import { routes } from './router';

vi.mock('aws-amplify/auth', () => ({}));

/** Answers the API calls the routed pages make. */
function stubApi(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const key = Object.keys(answers).find((prefix) => url.pathname.startsWith(prefix));
    if (!key)
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
        status: 404,
      });
    return new Response(JSON.stringify(answers[key]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('routes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
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

  it('renders the dashboard for a signed-in user', async () => {
    stubApi({ '/api/projects': { items: [], nextCursor: null } });
    renderRoutes(routes, { path: '/dashboard', auth: signedInAs('ada@example.com') });
    // The dashboard is loaded on demand.
    expect(await screen.findByRole('heading', { name: 'Project Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your architectural visualizations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/upload');
    expect(await screen.findByText('No projects found')).toBeInTheDocument();
  });

  it('lazy-loads the admin dashboard for admins', async () => {
    renderRoutes(routes, { path: '/admin', auth: signedInAs('root@example.com', 'admin') });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of /upload to the sign-in page', async () => {
    renderRoutes(routes, { path: '/upload', auth: authState() });
    expect(await screen.findByRole('heading', { name: 'Sign in to Planform' })).toBeInTheDocument();
  });

  it('serves the public share view without signing in', async () => {
    const fetchMock = stubApi({
      '/api/public/projects/p1': {
        title: 'Shared House',
        description: null,
        tags: [],
        thumbnailUrl: null,
        files: [],
        renders: [],
      },
    });
    renderRoutes(routes, { path: '/projects/p1/public?k=abcdefghijklmnopqrstuvwxyz', auth: authState() });
    expect(await screen.findByRole('heading', { name: 'Shared House' })).toBeInTheDocument();
    expect(screen.getByText('Read-only access')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/public/projects/p1?k=abcdefghijklmnopqrstuvwxyz');
  });

  it('says a share link without its key is no longer available', () => {
    renderRoutes(routes, { path: '/projects/p1/public', auth: authState() });
    expect(screen.getByRole('heading', { name: 'This link is no longer available' })).toBeInTheDocument();
  });
});
