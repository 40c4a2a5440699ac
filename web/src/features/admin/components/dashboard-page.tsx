import { STORAGE_WARNING_BYTES } from '@shared/constants';
import type { HealthProbe } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import {
  Cpu,
  Database,
  FileImage,
  FolderOpen,
  HardDrive,
  HeartPulse,
  RefreshCw,
  ScrollText,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes } from '@/lib/format';
import { cn } from '@/lib/utils';
import { statsQueryOptions } from '../api/admin';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { AdminPage, HealthBadge, StatCard } from './admin-ui';

const number = new Intl.NumberFormat('en-US');

function HealthRow({
  icon,
  name,
  probe,
  extra,
}: {
  icon: ReactNode;
  name: string;
  probe: HealthProbe;
  extra?: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`health-${name}`}>
      <div className="flex min-w-0 items-center gap-3">
        <span aria-hidden="true" className="text-slate-400 [&_svg]:size-5">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-600">
            {probe.message}
            {probe.latencyMs !== null ? ` · ${probe.latencyMs} ms` : ''}
            {extra ? ` · ${extra}` : ''}
          </p>
        </div>
      </div>
      <HealthBadge status={probe.status} />
    </li>
  );
}

/** Admin dashboard (spec §2): the four stat cards, system health and quick actions, all measured. */
export function AdminDashboardPage() {
  const query = useQuery(statsQueryOptions());
  const { data: stats, isPending, isFetching, refetch } = query;

  useLoadErrorToast('Failed to load dashboard statistics', query.isError, query.error, query.errorUpdatedAt);

  return (
    <AdminPage
      title="Admin Dashboard"
      subtitle="Platform statistics and system health"
      actions={
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
          Refresh Data
        </Button>
      }
    >
      {isPending ? (
        <div role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading statistics...
        </div>
      ) : null}
      {stats ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard
              testId="stat-users"
              title="Total Users"
              icon={<Users />}
              value={number.format(stats.users.total)}
              detail={`${number.format(stats.users.active7d)} active in last 7 days`}
              change={stats.users.change}
            />
            <StatCard
              testId="stat-projects"
              title="Total Projects"
              icon={<FolderOpen />}
              value={number.format(stats.projects.total)}
              detail="Across all users"
              change={stats.projects.change}
            />
            <StatCard
              testId="stat-renders"
              title="Total Renders"
              icon={<FileImage />}
              value={number.format(stats.renders.total)}
              detail={`${number.format(stats.renders.completed)} successful, ${number.format(stats.renders.failed)} failed`}
              change={stats.renders.change}
            />
            <StatCard
              testId="stat-jobs"
              title="AI Jobs Queue"
              icon={<Cpu />}
              value={number.format(stats.jobs.pending)}
              detail={
                <span className="flex flex-wrap items-center gap-2">
                  {`pending of ${number.format(stats.jobs.total)} total`}
                  <Badge variant={stats.jobs.queue === 'high' ? 'warning' : 'success'}>
                    {stats.jobs.queue === 'high' ? 'High' : 'Normal'}
                  </Badge>
                </span>
              }
              change={stats.jobs.change}
            />
          </div>

          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  System Health
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y divide-slate-100">
                  <HealthRow icon={<Database />} name="Database" probe={stats.health.database} />
                  <HealthRow
                    icon={<Cpu />}
                    name="AI Services"
                    probe={stats.health.ai}
                    extra={`provider ${stats.health.ai.provider}`}
                  />
                  <HealthRow
                    icon={<HardDrive />}
                    name="Storage"
                    probe={stats.health.storage}
                    extra={`${formatBytes(stats.storage.usedBytes)} of ${formatBytes(STORAGE_WARNING_BYTES)} used`}
                  />
                </ul>
              </CardContent>
            </Card>
            <Card data-testid="quick-actions">
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  Quick Actions
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-2">
                <Link
                  to="/admin/users"
                  className={buttonVariants({ variant: 'outline', className: 'justify-start' })}
                >
                  <Users aria-hidden="true" />
                  Manage Users
                </Link>
                <Link
                  to="/admin/jobs"
                  className={buttonVariants({ variant: 'outline', className: 'justify-start' })}
                >
                  <Cpu aria-hidden="true" />
                  View AI Queue
                </Link>
                <Link
                  to="/admin/logs"
                  className={buttonVariants({ variant: 'outline', className: 'justify-start' })}
                >
                  <ScrollText aria-hidden="true" />
                  System Logs
                </Link>
                <Link
                  to="/admin/health"
                  className={buttonVariants({ variant: 'outline', className: 'justify-start' })}
                >
                  <HeartPulse aria-hidden="true" />
                  Database Health
                </Link>
              </CardContent>
            </Card>
          </div>
          <p className="text-xs text-slate-500">
            Changes compare the last 7 days with the 7 days before (daily counters, UTC). Updated{' '}
            {new Date(stats.generatedAt).toLocaleTimeString('en-US')}.
          </p>
        </>
      ) : null}
    </AdminPage>
  );
}
