import { TEMPLATE_CATEGORIES } from '@shared/constants';
import { type PromptTemplate, splitVariables, type TemplateCategory } from '@shared/schemas/admin';
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
import { adminKeys, createTemplate, updateTemplate } from '../api/admin';
import { categoryLabel } from '../lib/format';
import { Select } from './admin-ui';

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

export function TemplateDialog({
  template,
  onClose,
}: {
  template: PromptTemplate | null;
  onClose: () => void;
}) {
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
