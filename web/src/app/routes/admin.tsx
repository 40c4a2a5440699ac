import { lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingScreen } from '@/components/ui/spinner';
// Only the section list (paths and titles) is in the main bundle; the admin feature loads lazily.
import { ADMIN_SECTIONS, relativeAdminPath } from '@/features/admin/sections';
import { RequireAdmin, RequireSuperAdmin } from '../guards';

// The admin feature is its own chunk: only admins ever download it.
const load = () => import('@/features/admin');
const AdminLayout = lazy(() => load().then((m) => ({ default: m.AdminLayout })));
const AdminDashboardPage = lazy(() => load().then((m) => ({ default: m.AdminDashboardPage })));
const AdminUsersPage = lazy(() => load().then((m) => ({ default: m.AdminUsersPage })));
const AdminPromptsPage = lazy(() => load().then((m) => ({ default: m.AdminPromptsPage })));
const AdminSettingsPage = lazy(() => load().then((m) => ({ default: m.AdminSettingsPage })));
const AdminJobsPage = lazy(() => load().then((m) => ({ default: m.AdminJobsPage })));
const AdminHealthPage = lazy(() => load().then((m) => ({ default: m.AdminHealthPage })));
const AdminStoragePage = lazy(() => load().then((m) => ({ default: m.AdminStoragePage })));
const AdminUnavailablePage = lazy(() => load().then((m) => ({ default: m.AdminUnavailablePage })));

const suspend = (node: ReactNode) => <Suspense fallback={<LoadingScreen />}>{node}</Suspense>;

const PAGES: Record<string, ReactNode> = {
  '/admin': suspend(<AdminDashboardPage />),
  '/admin/users': suspend(<AdminUsersPage />),
  '/admin/prompts': suspend(<AdminPromptsPage />),
  '/admin/settings': suspend(<AdminSettingsPage />),
  '/admin/jobs': suspend(<AdminJobsPage />),
  '/admin/health': suspend(<AdminHealthPage />),
  '/admin/storage': suspend(<AdminStoragePage />),
};
const unavailable = suspend(<AdminUnavailablePage />);

const child = (section: (typeof ADMIN_SECTIONS)[number]): RouteObject => {
  const element = PAGES[section.path] ?? unavailable;
  const relative = relativeAdminPath(section);
  return relative ? { path: relative, element } : { index: true, element };
};

/**
 * /admin/*: admins only (others go to /dashboard), inside the admin layout with its sidebar. Every sidebar
 * section has a route; the super-admin ones are guarded again. Sections without a screen yet say so.
 */
export const adminRoutes: RouteObject = {
  element: <RequireAdmin />,
  children: [
    {
      path: 'admin',
      element: suspend(<AdminLayout />),
      children: [
        ...ADMIN_SECTIONS.filter((s) => !s.superAdminOnly).map(child),
        {
          element: <RequireSuperAdmin />,
          children: ADMIN_SECTIONS.filter((s) => s.superAdminOnly).map(child),
        },
      ],
    },
  ],
};
