import { useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';

/** Read-only shared view of a project (placeholder). */
export function PublicProjectPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <Badge className="self-start">Read-only access</Badge>
      <PageHeader title="Shared project" subtitle={`Project ${id}`} />
    </div>
  );
}
