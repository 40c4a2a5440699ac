// Loaded lazily by the router (its own chunk): import this module only through React.lazy.
export {
  AdminDashboardPage,
  AdminPromptsPage,
  AdminSettingsPage,
  AdminUsersPage,
} from './components/admin-pages';
