import { FolderOpen, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';

/** Project dashboard (placeholder: the projects feature fills in the list). */
export function DashboardPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Project Dashboard"
        subtitle="Manage your architectural visualizations"
        actions={
          <Link to="/upload" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            New Project
          </Link>
        }
      />
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <FolderOpen aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-slate-600">Your projects will appear here.</p>
      </Card>
    </div>
  );
}
