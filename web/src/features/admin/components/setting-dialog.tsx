import { SETTING_CATEGORIES } from '@shared/constants';
import type { KnownSettingInfo, SystemSetting } from '@shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FieldHint } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/utils';
import { adminKeys, createSetting, updateSetting } from '../api/admin';
import { categoryLabel, settingValueText } from '../lib/format';
import { Select } from './admin-ui';

type SettingCategory = (typeof SETTING_CATEGORIES)[number];

/** Keys whose change the running application may only pick up after a restart (spec §8). */
export const RESTART_KEYS = ['maintenance_mode', 'ai_model_primary'];
export const RESTART_MESSAGE = 'Changes to this setting may require an application restart to take effect.';

interface SettingForm {
  key: string;
  value: string;
  description: string;
  category: SettingCategory;
}

export function SettingDialog({
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
