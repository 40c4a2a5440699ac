import { TEMPLATE_VARIABLES_SHOWN } from '@shared/constants';
import type { PromptTemplate } from '@shared/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, CheckCircle2, FileText, Pencil, Plus, Target, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { adminKeys, deleteTemplate, templatesQueryOptions, updateTemplate } from '../api/admin';
import { categoryLabel, formatPercent } from '../lib/format';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import {
  AdminPage,
  ConfirmDialog,
  DataTable,
  EmptyRow,
  SearchAndCategoryFilter,
  StatCard,
  Td,
  Th,
} from './admin-ui';
import { TemplateDialog } from './template-dialog';

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
