import { STORAGE_WARNING_BYTES } from '@shared/constants';
import type { HealthProbe } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { Cpu, Database, HardDrive, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { healthQueryOptions } from '../api/admin';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { AdminPage, HealthBadge } from './admin-ui';

function ProbeCard({
  title,
  icon,
  probe,
  children,
}: {
  title: string;
  icon: ReactNode;
  probe: HealthProbe;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid={`probe-${title}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <span aria-hidden="true" className="text-slate-400 [&_svg]:size-5">
            {icon}
          </span>
          {title}
        </h2>
        <HealthBadge status={probe.status} />
      </div>
      <p className="text-sm text-slate-700">{probe.message}</p>
      <p className="text-xs text-slate-500">
        {probe.latencyMs !== null ? `Answered in ${probe.latencyMs} ms` : 'No answer'}
      </p>
      {children}
    </Card>
  );
}

/** The real health probes: a database read, the AI provider, the storage buckets and the space used. */
export function AdminHealthPage() {
  const query = useQuery(healthQueryOptions());
  const health = query.data;

  useLoadErrorToast('Failed to load system health', query.isError, query.error, query.errorUpdatedAt);

  return (
    <AdminPage
      title="System Health"
      subtitle="Live probes of the database, the AI provider and storage"
      actions={
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" className={cn(query.isFetching && 'animate-spin')} />
          Check Again
        </Button>
      }
    >
      {query.isPending ? (
        <div role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Checking...
        </div>
      ) : null}
      {health ? (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            <ProbeCard title="Database" icon={<Database />} probe={health.database} />
            <ProbeCard title="AI Services" icon={<Cpu />} probe={health.ai}>
              <p className="text-sm text-slate-600">
                Provider: <span className="font-mono">{health.ai.provider}</span>
              </p>
            </ProbeCard>
            <ProbeCard title="Storage" icon={<HardDrive />} probe={health.storage}>
              <p className="text-sm text-slate-600">
                {formatBytes(health.storage.usedBytes)} used; warning above{' '}
                {formatBytes(STORAGE_WARNING_BYTES)}
              </p>
            </ProbeCard>
          </div>
          <p className="text-xs text-slate-500">Checked {formatDateTime(health.checkedAt)}</p>
        </>
      ) : null}
    </AdminPage>
  );
}
