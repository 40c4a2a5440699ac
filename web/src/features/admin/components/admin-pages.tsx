import { PageHeader } from '@/components/ui/page-header';

function AdminPlaceholder({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <PageHeader title={title} subtitle={subtitle} />
    </div>
  );
}

/** Admin dashboard (placeholder). */
export function AdminDashboardPage() {
  return <AdminPlaceholder title="Admin Dashboard" subtitle="Platform statistics and system health" />;
}

/** User management (placeholder). */
export function AdminUsersPage() {
  return <AdminPlaceholder title="User Management" subtitle="Users and their roles" />;
}

/** Prompt templates (placeholder). */
export function AdminPromptsPage() {
  return <AdminPlaceholder title="Prompt Templates" subtitle="Templates used for generation" />;
}

/** System settings, super admins only (placeholder). */
export function AdminSettingsPage() {
  return <AdminPlaceholder title="System Settings" subtitle="Platform configuration" />;
}
