import { TEMPLATE_CATEGORIES, TEMPLATE_VARIABLES_SHOWN } from '@shared/constants';
import { type PromptTemplate, splitVariables, type TemplateCategory } from '@shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, CheckCircle2, FileText, Pencil, Plus, Target, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FieldHint } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/utils';
import {
  adminKeys,
  createTemplate,
  deleteTemplate,
  templatesQueryOptions,
  updateTemplate,
} from '../api/admin';
import { formatPercent } from '../lib/format';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import {
  AdminPage,
  ConfirmDialog,
  DataTable,
  EmptyRow,
  SearchAndCategoryFilter,
  Select,
  StatCard,
  Td,
  Th,
} from './admin-ui';

const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

interface TemplateForm {
  name: string;
  category: TemplateCategory;
  template: string;
  variables: string;
  isActive: boolean;
}

const emptyForm: TemplateForm = {
  name: '',
  category: 'visualization',
  template: '',
  variables: '',
  isActive: true,
};

function TemplateDialog({ template, onClose }: { template: PromptTemplate | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [form, setForm] = useState<TemplateForm>(() =>
    template
      ? {
          name: template.name,
          category: template.category,
          template: template.template,
          variables: template.variables.join(', '),
          isActive: template.isActive,
        }
      : emptyForm,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof TemplateForm>(key: K, value: TemplateForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const mutation = useMutation({
    mutationFn: () => {
      const body = { ...form, variables: splitVariables(form.variables) };
      return template ? updateTemplate(template.id, body) : createTemplate(body);
    },
    onSuccess: async () => {
      toast.success(template ? 'Template updated successfully' : 'Template created successfully');
      onClose();
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
    },
    onError: (error) => {
      console.error('Failed to save template', error);
      setProblem(errorMessage(error));
      toast.error('Error', { description: 'Failed to save template' });
    },
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      locked={mutation.isPending}
      className="max-w-2xl"
    >
      <DialogHeader>
        <DialogTitle>{template ? 'Edit Template' : 'Create Template'}</DialogTitle>
        <DialogDescription>
          Write the prompt with {'{variable}'} placeholders; the generation pipeline fills them in.
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
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input id={`${id}-name`} value={form.name} onChange={(e) => set('name', e.target.value)} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <Select
              id={`${id}-category`}
              value={form.category}
              onChange={(e) => set('category', e.target.value as TemplateCategory)}
            >
              {TEMPLATE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-template`}>Template</Label>
          <Textarea
            id={`${id}-template`}
            rows={6}
            value={form.template}
            onChange={(e) => set('template', e.target.value)}
            className="font-mono"
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-variables`}>Variables</Label>
          <Input
            id={`${id}-variables`}
            value={form.variables}
            placeholder="style, prompt, project_title"
            onChange={(e) => set('variables', e.target.value)}
          />
          <FieldHint>Comma-separated.</FieldHint>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-indigo-600"
            checked={form.isActive}
            onChange={(e) => set('isActive', e.target.checked)}
          />
          Active
        </label>
        {problem ? <FieldError role="alert">{problem}</FieldError> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : template ? 'Update Template' : 'Create Template'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** Prompt templates (spec §2): stat cards, search, category filter, table, create/edit, toggle, delete. */
export function AdminPromptsPage() {
  const queryClient = useQueryClient();
  const query = useQuery(templatesQueryOptions());
  const templates = useMemo(() => query.data ?? [], [query.data]);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [editing, setEditing] = useState<PromptTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromptTemplate | null>(null);

  useLoadErrorToast('Failed to load prompt templates', query.isError, query.error, query.errorUpdatedAt);

  const toggle = useMutation({
    mutationFn: (t: PromptTemplate) => updateTemplate(t.id, { isActive: !t.isActive }),
    onSuccess: async (t) => {
      toast.success(t.isActive ? 'Template activated' : 'Template deactivated');
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
    },
    onError: (error) => {
      console.error('Failed to update template status', error);
      toast.error('Error', { description: 'Failed to update template status' });
    },
  });

  const remove = useMutation({
    mutationFn: (t: PromptTemplate) => deleteTemplate(t.id),
    onSuccess: async () => {
      toast.success('Template deleted successfully');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
    },
    onError: (error) => {
      console.error('Failed to delete template', error);
      toast.error('Error', { description: 'Failed to delete template' });
    },
  });

  const categories = useMemo(() => [...new Set(templates.map((t) => t.category))].sort(), [templates]);
  const needle = search.trim().toLowerCase();
  const shown = templates.filter(
    (t) =>
      (category === 'all' || t.category === category) &&
      (!needle || t.name.toLowerCase().includes(needle) || t.template.toLowerCase().includes(needle)),
  );
  const active = templates.filter((t) => t.isActive).length;
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const avgUsage = mean(templates.map((t) => t.usageCount));
  const avgSuccess = mean(templates.map((t) => t.successRate));

  return (
    <AdminPage
      title="Prompt Templates"
      subtitle="The prompts the generation pipeline wraps around users' requests"
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Create Template
        </Button>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          testId="templates-total"
          title="Total Templates"
          icon={<FileText />}
          value={templates.length}
        />
        <StatCard testId="templates-active" title="Active" icon={<CheckCircle2 />} value={active} />
        <StatCard
          testId="templates-usage"
          title="Avg Usage"
          icon={<Activity />}
          value={Number.isInteger(avgUsage) ? avgUsage : avgUsage.toFixed(1)}
        />
        <StatCard
          testId="templates-success"
          title="Avg Success"
          icon={<Target />}
          value={formatPercent(avgSuccess)}
        />
      </div>

      <SearchAndCategoryFilter
        searchLabel="Search templates"
        placeholder="Search templates..."
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        categories={categories}
        categoryLabel={categoryLabel}
      />

      <DataTable aria-label="Prompt templates">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Category</Th>
            <Th>Variables</Th>
            <Th className="text-right">Usage</Th>
            <Th className="text-right">Success Rate</Th>
            <Th>Status</Th>
            <Th>Updated</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <EmptyRow colSpan={8}>
              <span className="inline-flex items-center gap-2">
                <Spinner /> Loading templates...
              </span>
            </EmptyRow>
          ) : shown.length === 0 ? (
            <EmptyRow colSpan={8}>No templates found</EmptyRow>
          ) : (
            shown.map((t) => {
              const extra = t.variables.length - TEMPLATE_VARIABLES_SHOWN;
              return (
                <tr key={t.id} data-testid="template-row">
                  <Td className="font-medium">{t.name}</Td>
                  <Td>
                    <Badge variant="info">{categoryLabel(t.category)}</Badge>
                  </Td>
                  <Td>
                    <div className="flex flex-wrap items-center gap-1">
                      {t.variables.slice(0, TEMPLATE_VARIABLES_SHOWN).map((v) => (
                        <Badge key={v} className="font-mono">
                          {v}
                        </Badge>
                      ))}
                      {extra > 0 ? <span className="text-xs text-slate-600">+{extra}</span> : null}
                    </div>
                  </Td>
                  <Td className="text-right tabular-nums">{t.usageCount}</Td>
                  <Td className="text-right tabular-nums">{formatPercent(t.successRate)}</Td>
                  <Td>
                    <Badge variant={t.isActive ? 'success' : 'neutral'}>
                      {t.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Td>
                  <Td>{formatDate(t.updatedAt)}</Td>
                  <Td>
                    <div className="flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Edit ${t.name}`}
                        onClick={() => setEditing(t)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={toggle.isPending && toggle.variables?.id === t.id}
                        onClick={() => toggle.mutate(t)}
                      >
                        {t.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete ${t.name}`}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                        onClick={() => setDeleting(t)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </Td>
                </tr>
              );
            })
          )}
        </tbody>
      </DataTable>

      {editing ? (
        <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Template"
        message="Are you sure you want to delete this template?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </AdminPage>
  );
}
