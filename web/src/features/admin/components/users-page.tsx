import { ROLES, type Role } from '@shared/constants';
import type { AdminUser, RoleFilter } from '@shared/schemas/admin';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { Pencil, Search, ShieldCheck, UserCheck, UserPlus, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FieldHint } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatDate, formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/utils';
import { adminKeys, statsQueryOptions, updateUserRole, usersQueryOptions } from '../api/admin';
import { ROLE_LABELS } from '../lib/format';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { AdminPage, DataTable, EmptyRow, LoadMoreButton, Select, StatCard, Td, Th } from './admin-ui';

const ROLE_FILTER_LABELS: Record<RoleFilter, string> = {
  all: 'All Roles',
  user: 'Users',
  admin: 'Admins',
  super_admin: 'Super Admins',
};

const number = new Intl.NumberFormat('en-US');

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant={role === 'super_admin' ? 'danger' : role === 'admin' ? 'accent' : 'neutral'}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}

function EditRoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { isSuperAdmin } = useAuth();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => updateUserRole(user.id, role),
    onSuccess: async () => {
      toast.success('User role updated successfully');
      onClose();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      console.error('Failed to update user role', error);
      setProblem(errorMessage(error));
      toast.error('Error', { description: 'Failed to update user role' });
    },
  });
  // Only a super admin grants or revokes super_admin (the server enforces it; the form says so up front).
  const locked = !isSuperAdmin && user.role === 'super_admin';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} locked={mutation.isPending}>
      <DialogHeader>
        <DialogTitle>Edit User Role</DialogTitle>
        <DialogDescription>
          Change the role of {user.email}. It applies on their next request.
        </DialogDescription>
      </DialogHeader>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          mutation.mutate();
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={selectId}>Role</Label>
          <Select
            id={selectId}
            value={role}
            disabled={locked}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r} disabled={r === 'super_admin' && !isSuperAdmin}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
          {!isSuperAdmin ? <FieldHint>Only a super admin can grant or revoke Super Admin.</FieldHint> : null}
          {problem ? <FieldError role="alert">{problem}</FieldError> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending || locked || role === user.role}>
            {mutation.isPending ? 'Saving...' : 'Save Role'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** User management (spec §2): stat cards, search by e-mail, role filter, the users table and role edits. */
export function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim().toLowerCase(), 300);
  const [role, setRole] = useState<RoleFilter>('all');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const filterId = useId();

  const stats = useQuery(statsQueryOptions());
  const query = useInfiniteQuery({ ...usersQueryOptions({ q, role }), placeholderData: keepPreviousData });
  const users = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useLoadErrorToast(
    'Failed to load users',
    query.isError || query.isFetchNextPageError || stats.isError,
    query.error ?? stats.error,
    Math.max(query.errorUpdatedAt, stats.errorUpdatedAt),
  );

  // A filtered page can come back empty with more to read: keep reading until something shows or the end.
  useEffect(() => {
    if (users.length === 0 && hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError)
      void fetchNextPage();
  }, [users.length, hasNextPage, isFetchingNextPage, fetchNextPage, query.isFetchNextPageError]);

  const s = stats.data?.users;
  return (
    <AdminPage title="User Management" subtitle="Users, their activity and their roles">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          testId="users-total"
          title="Total Users"
          icon={<Users />}
          value={s ? number.format(s.total) : '—'}
        />
        <StatCard
          testId="users-admins"
          title="Admins"
          icon={<ShieldCheck />}
          value={s ? number.format(s.admins) : '—'}
        />
        <StatCard
          testId="users-active"
          title="Active (7d)"
          icon={<UserCheck />}
          value={s ? number.format(s.active7d) : '—'}
        />
        <StatCard
          testId="users-new"
          title="New (30d)"
          icon={<UserPlus />}
          value={s ? number.format(s.new30d) : '—'}
        />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            type="search"
            aria-label="Search by email"
            placeholder="Search by email..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <label htmlFor={filterId} className="sr-only">
          Filter by role
        </label>
        <Select id={filterId} value={role} onChange={(event) => setRole(event.target.value as RoleFilter)}>
          {(Object.keys(ROLE_FILTER_LABELS) as RoleFilter[]).map((r) => (
            <option key={r} value={r}>
              {ROLE_FILTER_LABELS[r]}
            </option>
          ))}
        </Select>
      </div>

      <DataTable aria-label="Users" aria-busy={query.isFetching || undefined}>
        <thead>
          <tr>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th className="text-right">Projects</Th>
            <Th className="text-right">Renders</Th>
            <Th>Last Activity</Th>
            <Th>Joined</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <EmptyRow colSpan={7}>
              <span className="inline-flex items-center gap-2">
                <Spinner /> Loading users...
              </span>
            </EmptyRow>
          ) : users.length === 0 && !hasNextPage ? (
            <EmptyRow colSpan={7}>No users found</EmptyRow>
          ) : (
            users.map((u) => (
              <tr key={u.id} data-testid="user-row">
                <Td className="max-w-64 truncate font-medium" title={u.email}>
                  {u.email}
                </Td>
                <Td>
                  <RoleBadge role={u.role} />
                </Td>
                <Td className="text-right tabular-nums">{u.projectCount}</Td>
                <Td className="text-right tabular-nums">{u.renderCount}</Td>
                <Td>{u.lastActivityAt ? formatDateTime(u.lastActivityAt) : 'Never'}</Td>
                <Td>{formatDate(u.createdAt)}</Td>
                <Td>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit role of ${u.email}`}
                    onClick={() => setEditing(u)}
                  >
                    <Pencil aria-hidden="true" />
                    Edit Role
                  </Button>
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
      {editing ? <EditRoleDialog user={editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
