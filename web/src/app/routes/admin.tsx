import { lazy, type ReactNode, Suspense } from 'react';
import { LoadingScreen } from '@/components/ui/spinner';

// The admin feature is its own chunk: only admins ever download it.
const load = () => import('@/features/admin');
const AdminDashboardPage = lazy(() => load().then((m) => ({ default: m.AdminDashboardPage })));
const AdminUsersPage = lazy(() => load().then((m) => ({ default: m.AdminUsersPage })));
const AdminPromptsPage = lazy(() => load().then((m) => ({ default: m.AdminPromptsPage })));
const AdminSettingsPage = lazy(() => load().then((m) => ({ default: m.AdminSettingsPage })));

const suspend = (node: ReactNode) => <Suspense fallback={<LoadingScreen />}>{node}</Suspense>;

export const adminDashboard = suspend(<AdminDashboardPage />);
export const adminUsers = suspend(<AdminUsersPage />);
export const adminPrompts = suspend(<AdminPromptsPage />);
export const adminSettings = suspend(<AdminSettingsPage />);
