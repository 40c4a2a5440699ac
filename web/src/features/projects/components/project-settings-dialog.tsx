import type { ProjectSummary } from '@shared/schemas/projects';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/utils';
import { useUpdateProject } from '../api/projects';
import { TagInput } from './tag-input';

type Editable = Pick<ProjectSummary, 'id' | 'title' | 'description' | 'tags'>;

/** Edits a project's title, description and tags. */
export function ProjectSettingsDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Editable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useUpdateProject(project.id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} locked={mutation.isPending}>
      <SettingsForm project={project} mutation={mutation} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function SettingsForm({
  project,
  mutation,
  onDone,
}: {
  project: Editable;
  mutation: ReturnType<typeof useUpdateProject>;
  onDone: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(project.title);
  const [description, setDescription] = useState(project.description ?? '');
  const [tags, setTags] = useState(project.tags);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = mutation.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // Loaded when first needed: the schemas (and the full zod build) stay out of the dashboard's first load.
    const { updateProjectSchema } = await import('@shared/schemas/projects');
    const parsed = updateProjectSchema.safeParse({ title, description, tags });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync(parsed.data);
      toast.success('Project updated', { description: 'Your changes have been saved.' });
      onDone();
    } catch (error) {
      toast.error('Failed to update project', { description: errorMessage(error) });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Project Settings</DialogTitle>
        <DialogDescription>Change the project's title, description and tags.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Project Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          disabled={saving}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
        />
        {errors.title ? <FieldError id={`${id}-title-error`}>{errors.title}</FieldError> : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-description`}>Description (Optional)</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          disabled={saving}
          aria-invalid={errors.description ? true : undefined}
        />
        {errors.description ? <FieldError>{errors.description}</FieldError> : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <TagInput id={`${id}-tags`} tags={tags} onChange={setTags} disabled={saving} />
        {errors.tags ? <FieldError>{errors.tags}</FieldError> : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner className="size-4 text-white" /> : null}
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
