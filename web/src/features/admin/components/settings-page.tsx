import { SETTING_CATEGORIES } from '@shared/constants';
import type { SystemSetting } from '@shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { adminKeys, deleteSetting, settingsQueryOptions } from '../api/admin';
import { categoryLabel, settingValueText } from '../lib/format';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { AdminPage, ConfirmDialog, DataTable, EmptyRow, SearchAndCategoryFilter, Td, Th } from './admin-ui';

import { SettingDialog } from './setting-dialog';

export function AdminSettingsPage() {
  const queryClient = useQueryClient();
  const query = useQuery(settingsQueryOptions());
  const settings = useMemo(() => query.data?.items ?? [], [query.data]);
  const known = query.data?.known ?? [];
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [editing, setEditing] = useState<SystemSetting | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SystemSetting | null>(null);

  useLoadErrorToast('Failed to load system settings', query.isError, query.error, query.errorUpdatedAt);

  const remove = useMutation({
    mutationFn: (s: SystemSetting) => deleteSetting(s.key),
    onSuccess: async () => {
      toast.success('Setting deleted successfully');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.settings() });
    },
    onError: (error) => {
      console.error('Failed to delete setting', error);
      toast.error('Error', { description: 'Failed to delete setting' });
    },
  });

  const needle = search.trim().toLowerCase();
  const shown = settings.filter(
    (s) =>
      (category === 'all' || s.category === category) &&
      (!needle ||
        s.key.toLowerCase().includes(needle) ||
        (s.description ?? '').toLowerCase().includes(needle)),
  );
  const perCategory = SETTING_CATEGORIES.map(
    (c) => [c, settings.filter((s) => s.category === c).length] as const,
  );

  return (
    <AdminPage
      title="System Settings"
      subtitle="Platform configuration (super admins only)"
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Setting
        </Button>
      }
    >
      <div
        role="note"
        className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong className="font-semibold">Caution:</strong> these settings change how the whole platform
          behaves for every user. Known keys are validated; check a value before saving it.
        </p>
      </div>

      <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4 text-sm" data-testid="settings-counts">
        <span>
          <span className="text-2xl font-semibold text-slate-900">{settings.length}</span>{' '}
          <span className="text-slate-600">total settings</span>
        </span>
        {perCategory.map(([c, n]) => (
          <span key={c} className="text-slate-600">
            {categoryLabel(c)}: <span className="font-medium text-slate-900">{n}</span>
          </span>
        ))}
      </Card>

      <SearchAndCategoryFilter
        searchLabel="Search settings"
        placeholder="Search settings..."
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        categories={SETTING_CATEGORIES}
        categoryLabel={categoryLabel}
      />

      <DataTable aria-label="System settings">
        <thead>
          <tr>
            <Th>Key</Th>
            <Th>Value</Th>
            <Th>Category</Th>
            <Th>Description</Th>
            <Th>Updated</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <EmptyRow colSpan={6}>
              <span className="inline-flex items-center gap-2">
                <Spinner /> Loading settings...
              </span>
            </EmptyRow>
          ) : shown.length === 0 ? (
            <EmptyRow colSpan={6}>No settings found</EmptyRow>
          ) : (
            shown.map((s) => (
              <tr key={s.key} data-testid="setting-row">
                <Td className="font-mono text-xs font-medium">{s.key}</Td>
                <Td className="max-w-56">
                  <code
                    className="block truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs"
                    title={settingValueText(s.value)}
                  >
                    {settingValueText(s.value)}
                  </code>
                </Td>
                <Td>
                  <Badge variant="info">{categoryLabel(s.category)}</Badge>
                </Td>
                <Td className="max-w-72 text-slate-600">{s.description ?? 'No description'}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(s.updatedAt)}</Td>
                <Td>
                  <div className="flex items-center gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${s.key}`}
                      onClick={() => setEditing(s)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${s.key}`}
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => setDeleting(s)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>

      {editing ? (
        <SettingDialog
          setting={editing === 'new' ? null : editing}
          known={known}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Setting"
        message={`Are you sure you want to delete the setting "${deleting?.key ?? ''}"?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </AdminPage>
  );
}
