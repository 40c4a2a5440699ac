import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { renderRoutes, signedInAs } from '@/test/render';
import { ADMIN_SECTIONS } from '../sections';
import { fakeApi, stats } from '../test/fake-api';
import { readSidebarCookie, SIDEBAR_COOKIE_NAME } from './sidebar';

vi.mock('aws-amplify/auth', () => ({}));

const admin = signedInAs('admin@example.com', 'admin');
const root = signedInAs('root@example.com', 'super_admin');
const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: test reset
  document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
};

describe('admin layout', () => {
  beforeEach(() => {
    clearCookie();
    fakeApi({ 'GET /api/admin/stats': stats(), 'GET /api/projects': { items: [], nextCursor: null } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('links every listed section for an admin, hiding the super-admin ones', async () => {
    renderRoutes(routes, { path: '/admin', auth: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const s of ADMIN_SECTIONS) {
      if (s.superAdminOnly) expect(hrefs).not.toContain(s.path);
      else expect(hrefs).toContain(s.path);
    }
    for (const path of [
      '/admin/analytics/users',
      '/admin/analytics/performance',
      '/admin/analytics/revenue',
    ]) {
      expect(hrefs).toContain(path);
    }
  });

  it('shows the super-admin links to a super admin', async () => {
    renderRoutes(routes, { path: '/admin', auth: root });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const path of [
      '/admin/settings',
      '/admin/security',
      '/admin/access',
      '/admin/backups',
      '/admin/database',
      '/admin/migrations',
      '/admin/export',
    ])
      expect(hrefs).toContain(path);
  });

  it('opens sections without a screen inside the layout, saying they are not available yet', async () => {
    for (const path of ['/admin/analytics', '/admin/users/activity', '/admin/logs', '/admin/notifications']) {
      const { unmount } = renderRoutes(routes, { path, auth: admin });
      expect(await screen.findByText('This section is not available yet.')).toBeInTheDocument();
      expect(screen.getByTestId('admin-sidebar')).toBeInTheDocument();
      expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('guards the super-admin sections: an admin goes to /dashboard', async () => {
    for (const path of ['/admin/settings', '/admin/security', '/admin/database']) {
      const { router, unmount } = renderRoutes(routes, { path, auth: admin });
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      unmount();
    }
    renderRoutes(routes, { path: '/admin/backups', auth: root });
    expect(await screen.findByRole('heading', { name: 'Backups' })).toBeInTheDocument();
  });

  it('sends a plain user away from /admin to /dashboard', async () => {
    const { router } = renderRoutes(routes, { path: '/admin/users', auth: signedInAs('u@example.com') });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('collapses to icons with the trigger and Ctrl/Cmd+B, keeping the state in a 7-day cookie', async () => {
    const user = userEvent.setup();
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    renderRoutes(routes, { path: '/admin', auth: admin });
    const sidebar = await screen.findByTestId('admin-sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(sidebar.style.width).toBe('var(--sidebar-width)');
    expect(screen.getByTestId('admin-layout').style.getPropertyValue('--sidebar-width')).toBe('16rem');
    expect(screen.getByTestId('admin-layout').style.getPropertyValue('--sidebar-width-icon')).toBe('3rem');
    expect(screen.getByTestId('admin-layout').style.getPropertyValue('--sidebar-width-mobile')).toBe('18rem');

    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar.style.width).toBe('var(--sidebar-width-icon)');
    expect(readSidebarCookie()).toBe(false);
    expect(cookieSetter).toHaveBeenLastCalledWith(
      `${SIDEBAR_COOKIE_NAME}=false; path=/; max-age=604800; samesite=lax`,
    );
    // Icon mode keeps the links reachable by name.
    expect(screen.getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/admin/users');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await user.keyboard('{Meta>}B{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await user.keyboard('b');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  });

  it('starts collapsed when the cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`;
    renderRoutes(routes, { path: '/admin', auth: admin });
    expect(await screen.findByTestId('admin-sidebar')).toHaveAttribute('data-state', 'collapsed');
  });

  it('is a sheet 18rem wide on mobile, closed by Escape and by navigating', async () => {
    const listeners: (() => void)[] = [];
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 767px)',
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.push(fn),
        removeEventListener: () => {},
      })),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/admin', auth: admin });
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(screen.queryByTestId('admin-sidebar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    const sheet = screen.getByRole('dialog', { name: 'Admin' });
    expect(sheet.style.width).toBe('var(--sidebar-width-mobile)');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Admin' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}b{/Control}');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Admin' })).getByRole('link', { name: 'AI Queue' }),
    );
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/admin/jobs');
    expect(screen.queryByRole('dialog', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
