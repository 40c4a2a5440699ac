import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes } from '@/lib/format';
import { storageQueryOptions } from '../api/admin';
import { formatPercent } from '../lib/format';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { AdminPage, DataTable, EmptyRow, HealthBadge, LoadMoreButton, Td, Th } from './admin-ui';

/** Storage used in total (counters) and per user (each profile's own counter), newest users first. */
export function AdminStoragePage() {
  const query = useInfiniteQuery(storageQueryOptions());
  const first = query.data?.pages[0];
  const users = useMemo(() => query.data?.pages.flatMap((p) => p.users) ?? [], [query.data]);

  useLoadErrorToast(
    'Failed to load storage usage',
    query.isError || query.isFetchNextPageError,
    query.error,
    query.errorUpdatedAt,
  );

  return (
    <AdminPage title="Storage" subtitle="What uploaded files use, in total and per user">
      {first ? (
        <Card className="flex flex-col gap-3 p-5" data-testid="storage-total">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Total used</h2>
            <HealthBadge status={first.status} />
          </div>
          <p className="text-3xl font-semibold text-slate-900">{formatBytes(first.totalBytes)}</p>
          <Progress
            value={(first.totalBytes / first.warningBytes) * 100}
            label="Storage used of the warning threshold"
            indicatorClassName={first.status === 'warning' ? 'bg-amber-500' : undefined}
          />
          <p className="text-sm text-slate-600">
            {first.totalFiles} files · warning above {formatBytes(first.warningBytes)}
          </p>
        </Card>
      ) : null}
      <DataTable aria-label="Storage per user">
        <thead>
          <tr>
            <Th>User</Th>
            <Th className="text-right">Projects</Th>
            <Th className="text-right">Files</Th>
            <Th className="text-right">Storage</Th>
            <Th className="text-right">Share</Th>
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <EmptyRow colSpan={5}>
              <span className="inline-flex items-center gap-2">
                <Spinner /> Loading storage...
              </span>
            </EmptyRow>
          ) : users.length === 0 ? (
            <EmptyRow colSpan={5}>No users found</EmptyRow>
          ) : (
            users.map((u) => (
              <tr key={u.id} data-testid="storage-row">
                <Td className="max-w-64 truncate font-medium">{u.email}</Td>
                <Td className="text-right tabular-nums">{u.projectCount}</Td>
                <Td className="text-right tabular-nums">{u.fileCount}</Td>
                <Td className="text-right tabular-nums">{formatBytes(u.storageBytes)}</Td>
                <Td className="text-right tabular-nums">
                  {first && first.totalBytes > 0
                    ? formatPercent((u.storageBytes / first.totalBytes) * 100)
                    : '0%'}
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <LoadMoreButton
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      />
    </AdminPage>
  );
}
