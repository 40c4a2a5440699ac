import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';

/** Project detail (placeholder: the projects feature fills in files and renders). */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <Link to="/dashboard" className={buttonVariants({ variant: 'ghost', className: 'self-start' })}>
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
      <PageHeader title="Project" subtitle={`Project ${id}`} />
    </div>
  );
}
