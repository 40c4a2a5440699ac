import { Construction } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { sectionFor } from '../sections';
import { AdminPage } from './admin-ui';

/** A sidebar section whose screen does not exist yet: said plainly, inside the admin layout. */
export function AdminUnavailablePage() {
  const { pathname } = useLocation();
  const section = sectionFor(pathname);
  return (
    <AdminPage title={section?.title ?? 'Admin'}>
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <Construction aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-lg font-medium text-slate-900">This section is not available yet.</p>
        <p className="max-w-md text-sm text-slate-600">
          {section?.title ?? 'This section'} is planned for a later release of the admin console.
        </p>
        <Link to="/admin" className={buttonVariants({ variant: 'outline', className: 'mt-2' })}>
          Back to Admin Dashboard
        </Link>
      </Card>
    </AdminPage>
  );
}
