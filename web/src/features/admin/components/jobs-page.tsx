import { JOB_STATUSES, type JobStatus } from '@shared/schemas/admin';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { jobsQueryOptions } from '../api/admin';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { AdminPage, DataTable, EmptyRow, LoadMoreButton, Td, Th } from './admin-ui';

const FILTERS: readonly (JobStatus | 'all')[] = ['all', ...JOB_STATUSES];
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const STATUS_BADGE: Record<string, BadgeVariant> = {
  queued: 'warning',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
};

/** The AI queue: recent jobs newest first, a status filter, each linked to its project. */
export function AdminJobsPage() {
  const [status, setStatus] = useState<JobStatus | 'all'>('all');
  const query = useInfiniteQuery({ ...jobsQueryOptions(status), placeholderData: keepPreviousData });
  const jobs = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useLoadErrorToast(
    'Failed to load the AI queue',
    query.isError || query.isFetchNextPageError,
    query.error,
    query.errorUpdatedAt,
  );

  useEffect(() => {
    if (jobs.length === 0 && hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError)
      void fetchNextPage();
  }, [jobs.length, hasNextPage, isFetchingNextPage, fetchNextPage, query.isFetchNextPageError]);

  return (
    <AdminPage
      title="AI Queue"
      subtitle="Recent visualization jobs, newest first"
      actions={
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" className={cn(query.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      }
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filter by status</legend>
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={status === f ? 'secondary' : 'outline'}
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
          >
            {label(f)}
          </Button>
        ))}
      </fieldset>
      <DataTable aria-label="AI jobs">
        <thead>
          <tr>
            <Th>Created</Th>
            <Th>Status</Th>
            <Th>Project</Th>
            <Th>User</Th>
            <Th>Prompt</Th>
            <Th className="text-right">Variation</Th>
            <Th>Completed</Th>
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <EmptyRow colSpan={7}>
              <span className="inline-flex items-center gap-2">
                <Spinner /> Loading jobs...
              </span>
            </EmptyRow>
          ) : jobs.length === 0 && !hasNextPage ? (
            <EmptyRow colSpan={7}>No jobs found</EmptyRow>
          ) : (
            jobs.map((j) => (
              <tr key={j.id} data-testid="job-row">
                <Td className="whitespace-nowrap">{formatDateTime(j.createdAt)}</Td>
                <Td>
                  <Badge variant={STATUS_BADGE[j.status] ?? 'neutral'}>{label(j.status)}</Badge>
                </Td>
                <Td>
                  <Link
                    to={`/projects/${j.projectId}`}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {j.projectTitle ?? 'Deleted project'}
                  </Link>
                </Td>
                <Td className="max-w-48 truncate" title={j.userEmail ?? undefined}>
                  {j.userEmail ?? '—'}
                </Td>
                <Td className="max-w-64 truncate" title={j.prompt ?? undefined}>
                  {j.prompt ?? '—'}
                </Td>
                <Td className="text-right tabular-nums">{j.variation ?? '—'}</Td>
                <Td className="whitespace-nowrap">
                  {j.status === 'failed' ? (
                    <span className="text-red-700" title={j.error ?? undefined}>
                      {j.error ?? 'Failed'}
                    </span>
                  ) : j.completedAt ? (
                    formatDateTime(j.completedAt)
                  ) : (
                    '—'
                  )}
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <LoadMoreButton
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
    </AdminPage>
  );
}
