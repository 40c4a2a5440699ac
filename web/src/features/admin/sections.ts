/**
 * Every section of the admin sidebar (spec §2 "Admin layout"). The router imports this small module statically
 * to build the admin routes; everything else of the feature loads lazily, as its own chunk.
 */
export type AdminSectionGroup = 'Overview' | 'Users' | 'Content' | 'System' | 'Super Admin';

export interface AdminSection {
  /** Absolute path under /admin. */
  path: string;
  title: string;
  group: AdminSectionGroup;
  /** Shown to and reachable by super admins only. */
  superAdminOnly?: boolean;
  /** False: the page says the section is not available yet (inside the admin layout, never a 404). */
  available: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '/admin', title: 'Dashboard', group: 'Overview', available: true },
  { path: '/admin/analytics', title: 'Analytics', group: 'Overview', available: false },
  { path: '/admin/analytics/users', title: 'User Analytics', group: 'Overview', available: false },
  { path: '/admin/analytics/performance', title: 'Performance', group: 'Overview', available: false },
  { path: '/admin/analytics/revenue', title: 'Revenue', group: 'Overview', available: false },
  { path: '/admin/users', title: 'User Management', group: 'Users', available: true },
  { path: '/admin/users/activity', title: 'User Activity', group: 'Users', available: false },
  { path: '/admin/users/support', title: 'Support', group: 'Users', available: false },
  { path: '/admin/prompts', title: 'Prompt Templates', group: 'Content', available: true },
  { path: '/admin/styles', title: 'Styles', group: 'Content', available: false },
  { path: '/admin/gallery', title: 'Gallery', group: 'Content', available: false },
  { path: '/admin/jobs', title: 'AI Queue', group: 'System', available: true },
  { path: '/admin/health', title: 'System Health', group: 'System', available: true },
  { path: '/admin/logs', title: 'System Logs', group: 'System', available: false },
  { path: '/admin/storage', title: 'Storage', group: 'System', available: true },
  { path: '/admin/features', title: 'Feature Flags', group: 'System', available: false },
  { path: '/admin/api', title: 'API', group: 'System', available: false },
  { path: '/admin/notifications', title: 'Notifications', group: 'System', available: false },
  {
    path: '/admin/settings',
    title: 'System Settings',
    group: 'Super Admin',
    superAdminOnly: true,
    available: true,
  },
  {
    path: '/admin/security',
    title: 'Security',
    group: 'Super Admin',
    superAdminOnly: true,
    available: false,
  },
  {
    path: '/admin/access',
    title: 'Access Control',
    group: 'Super Admin',
    superAdminOnly: true,
    available: false,
  },
  { path: '/admin/backups', title: 'Backups', group: 'Super Admin', superAdminOnly: true, available: false },
  {
    path: '/admin/database',
    title: 'Database',
    group: 'Super Admin',
    superAdminOnly: true,
    available: false,
  },
  {
    path: '/admin/migrations',
    title: 'Migrations',
    group: 'Super Admin',
    superAdminOnly: true,
    available: false,
  },
  {
    path: '/admin/export',
    title: 'Data Export',
    group: 'Super Admin',
    superAdminOnly: true,
    available: false,
  },
];

export const ADMIN_SECTION_GROUPS: readonly AdminSectionGroup[] = [
  'Overview',
  'Users',
  'Content',
  'System',
  'Super Admin',
];

/** The route path of a section relative to /admin ('' for the dashboard). */
export const relativeAdminPath = (section: AdminSection) => section.path.replace(/^\/admin\/?/, '');

export const sectionFor = (pathname: string): AdminSection | undefined =>
  ADMIN_SECTIONS.find((s) => s.path === pathname.replace(/\/+$/, ''));
