// Loaded lazily by the router (its own chunk): import this module only through React.lazy.
export { AdminLayout } from './components/admin-layout';
export { AdminDashboardPage } from './components/dashboard-page';
export { AdminHealthPage } from './components/health-page';
export { AdminJobsPage } from './components/jobs-page';
export { AdminPromptsPage } from './components/prompts-page';
export { AdminSettingsPage } from './components/settings-page';
export { AdminStoragePage } from './components/storage-page';
export { AdminUnavailablePage } from './components/unavailable-page';
export { AdminUsersPage } from './components/users-page';
