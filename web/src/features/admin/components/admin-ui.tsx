import type { HealthStatus, WeekChange } from '@shared/schemas/admin';
import { AlertTriangle, CheckCircle2, Minus, Search, TrendingDown, TrendingUp, XCircle } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { changeText, changeTone } from '../lib/format';

/** The page frame inside the admin layout: heading, subtitle, actions. */
export function AdminPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A number card: title, value, a line of detail and optionally the computed week-over-week change. */
export function StatCard({
  title,
  value,
  detail,
  change,
  icon,
  testId,
}: {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  change?: WeekChange;
  icon?: ReactNode;
  testId?: string;
}) {
  const tone = change ? changeTone(change) : 'flat';
  const ToneIcon = tone === 'up' ? TrendingUp : tone === 'down' ? TrendingDown : Minus;
  return (
    <Card className="flex flex-col gap-2 p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        {icon ? (
          <span aria-hidden="true" className="text-slate-400 [&_svg]:size-5">
            {icon}
          </span>
        ) : null}
      </div>
      <p
        className="text-3xl font-semibold tracking-tight text-slate-900"
        data-testid={testId && `${testId}-value`}
      >
        {value}
      </p>
      {detail ? <p className="text-sm text-slate-600">{detail}</p> : null}
      {change ? (
        <p
          data-testid={testId && `${testId}-change`}
          className={cn(
            'flex items-center gap-1 text-xs font-medium',
            tone === 'up' && 'text-emerald-700',
            tone === 'down' && 'text-red-700',
            tone === 'flat' && 'text-slate-500',
          )}
        >
          <ToneIcon aria-hidden="true" className="size-3.5" />
          {changeText(change)}
        </p>
      ) : null}
    </Card>
  );
}

const HEALTH_LABEL: Record<HealthStatus, string> = { healthy: 'Healthy', warning: 'Warning', error: 'Error' };

export function HealthBadge({ status }: { status: HealthStatus }) {
  const Icon = status === 'healthy' ? CheckCircle2 : status === 'warning' ? AlertTriangle : XCircle;
  return (
    <Badge variant={status === 'healthy' ? 'success' : status === 'warning' ? 'warning' : 'danger'}>
      <Icon aria-hidden="true" className="size-3.5" />
      {HEALTH_LABEL[status]}
    </Badge>
  );
}

/** A styled native select (accessible by default, works with the keyboard and screen readers). */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
        'focus-visible:border-indigo-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

/** A table with the admin look; wrap rows in <tbody>. Scrolls sideways on small screens. */
export function DataTable({ className, children, ...props }: ComponentProps<'table'>) {
  return (
    <Card className="overflow-x-auto">
      <table className={cn('w-full min-w-[40rem] text-left text-sm', className)} {...props}>
        {children}
      </table>
    </Card>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={cn('border-b border-slate-100 px-4 py-3 align-middle text-slate-800', className)}
      {...props}
    />
  );
}

/** "Are you sure ...?" with Cancel and a destructive confirm button; stays open while working. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} locked={busy} className="max-w-md">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{message}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting...' : confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** Shown when a table has no rows. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}

/** The search box and category filter above the templates and settings tables. */
export function SearchAndCategoryFilter({
  searchLabel,
  placeholder,
  search,
  onSearch,
  category,
  onCategory,
  categories,
  categoryLabel,
}: {
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
  categories: readonly string[];
  categoryLabel: (category: string) => string;
}) {
  const searchId = useId();
  const filterId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder={placeholder}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <label htmlFor={filterId} className="sr-only">
        Filter by category
      </label>
      <Select id={filterId} value={category} onChange={(event) => onCategory(event.target.value)}>
        <option value="all">All Categories</option>
        {categories.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The next page of an admin table (TanStack infinite query state). */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  if (!hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      onClick={() => void fetchNextPage()}
      disabled={isFetchingNextPage}
    >
      {isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
