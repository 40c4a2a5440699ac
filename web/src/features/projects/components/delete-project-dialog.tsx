import type { ProjectSummary } from '@shared/schemas/projects';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/utils';
import { useDeleteProject } from '../api/projects';

/**
 * Confirms deleting a project. While the deletion runs nothing closes the dialog; on success it closes with a
 * toast; on failure it stays open (with a toast) so the user can try again or cancel.
 */
export function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: Pick<ProjectSummary, 'id' | 'title'> | null;
  onClose: () => void;
  onDeleted?: (id: string) => void;
}) {
  const mutation = useDeleteProject();
  const deleting = mutation.isPending;

  async function confirm() {
    if (!project || deleting) return;
    try {
      await mutation.mutateAsync(project.id);
      toast.success('Project deleted successfully');
      mutation.reset();
      onClose();
      onDeleted?.(project.id);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete project'));
    }
  }

  return (
    <Dialog
      open={!!project}
      locked={deleting}
      onOpenChange={(open) => {
        if (!open && !deleting) onClose();
      }}
      className="max-w-md"
    >
      <DialogHeader>
        <DialogTitle>Delete "{project?.title}"?</DialogTitle>
        <DialogDescription>
          This permanently deletes the project and all of its files and renders. They cannot be restored.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={deleting}>
          {deleting ? <Spinner className="size-4 text-white" /> : <Trash2 aria-hidden="true" />}
          {deleting ? 'Deleting...' : 'Delete Project'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
