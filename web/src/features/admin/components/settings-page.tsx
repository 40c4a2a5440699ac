import { SETTING_CATEGORIES } from '@shared/constants';
import type { KnownSettingInfo, SystemSetting } from '@shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FieldHint } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/utils';
import { adminKeys, createSetting, deleteSetting, settingsQueryOptions, updateSetting } from '../api/admin';
import { settingValueText } from '../lib/format';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import {
  AdminPage,
  ConfirmDialog,
  DataTable,
  EmptyRow,
  SearchAndCategoryFilter,
  Select,
  Td,
  Th,
} from './admin-ui';

type SettingCategory = (typeof SETTING_CATEGORIES)[number];
const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

/** Keys whose change the running application may only pick up after a restart (spec §8). */
export const RESTART_KEYS = ['maintenance_mode', 'ai_model_primary'];
export const RESTART_MESSAGE = 'Changes to this setting may require an application restart to take effect.';

interface SettingForm {
  key: string;
  value: string;
  description: string;
  category: SettingCategory;
}

function SettingDialog({
  setting,
  known,
  onClose,
}: {
  setting: SystemSetting | null;
  known: KnownSettingInfo[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [form, setForm] = useState<SettingForm>(() =>
    setting
      ? {
          key: setting.key,
          value: settingValueText(setting.value),
          description: setting.description ?? '',
          category: (SETTING_CATEGORIES as readonly string[]).includes(setting.category)
            ? (setting.category as SettingCategory)
            : 'general',
        }
      : { key: '', value: '', description: '', category: 'general' },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof SettingForm>(key: K, value: SettingForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const mutation = useMutation({
    mutationFn: () => {
      const description = form.description.trim() || null;
      // The value goes as typed: the server parses JSON when it can, else keeps the text (spec §5).
      return setting
        ? updateSetting(setting.key, { value: form.value, description, category: form.category })
        : createSetting({ key: form.key.trim(), value: form.value, description, category: form.category });
    },
    onSuccess: async (saved) => {
      toast.success(setting ? 'Setting updated successfully' : 'Setting created successfully');
      if (RESTART_KEYS.includes(saved.key)) toast.info(RESTART_MESSAGE);
      onClose();
      await queryClient.invalidateQueries({ queryKey: adminKeys.settings() });
    },
    onError: (error) => {
      console.error('Failed to save setting', error);
      setProblem(errorMessage(error));
      toast.error('Error', { description: 'Failed to save setting' });
    },
  });

  const knownInfo = known.find((k) => k.key === form.key.trim());
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} locked={mutation.isPending} className="max-w-xl">
      <DialogHeader>
        <DialogTitle>{setting ? 'Edit Setting' : 'Add Setting'}</DialogTitle>
        <DialogDescription>
          {setting ? 'The key cannot be changed.' : 'Settings apply to the whole platform.'}
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
          <Label htmlFor={`${id}-key`}>Key</Label>
          <Input
            id={`${id}-key`}
            value={form.key}
            disabled={setting !== null}
            list={`${id}-known`}
            placeholder="e.g. limits.generations_per_day"
            onChange={(e) => {
              const key = e.target.value;
              const info = known.find((k) => k.key === key);
              setForm((f) => ({
                ...f,
                key,
                ...(info && !f.description ? { description: info.description } : {}),
                ...(info ? { category: info.category as SettingCategory } : {}),
              }));
            }}
            className="font-mono"
          />
          <datalist id={`${id}-known`}>
            {known.map((k) => (
              <option key={k.key} value={k.key} />
            ))}
          </datalist>
          {knownInfo ? (
            <FieldHint>Read by the platform; default {settingValueText(knownInfo.default)}.</FieldHint>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-value`}>Value</Label>
          <Textarea
            id={`${id}-value`}
            rows={3}
            value={form.value}
            onChange={(e) => set('value', e.target.value)}
            className="font-mono"
          />
          <FieldHint>
            Parsed as JSON when possible (true, 42, {'{"a": 1}'}), otherwise stored as text.
          </FieldHint>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Input
            id={`${id}-description`}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select
            id={`${id}-category`}
            value={form.category}
            onChange={(e) => set('category', e.target.value as SettingCategory)}
          >
            {SETTING_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </Select>
        </div>
        {problem ? <FieldError role="alert">{problem}</FieldError> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : setting ? 'Update Setting' : 'Create Setting'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** System settings, super admins only (spec §2): caution, counts, search, category filter, table, CRUD. */
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
