import type { ProjectDetail, ProjectRender } from '@shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/utils';
import { projectKeys } from '../api/projects';
import { downloadRender, retryRender } from '../api/renders';
import type { ViewerImage } from './image-viewer-dialog';
import { RenderCard } from './render-card';

export interface RenderGroup {
  /** The generation the renders came from (a render without one stands alone). */
  id: string;
  prompt: string;
  createdAt: string;
  /** Variation 1 → 3. */
  renders: ProjectRender[];
  /** The reason every failed render of the group shares, said once; null when they differ or none failed. */
  sharedError: string | null;
  /** A variation is still waiting or rendering. */
  running: boolean;
}

const unsettled = (r: ProjectRender) => r.status === 'pending' || r.status === 'processing';

/** Renders by generation, newest generation first, each with its variations in order. */
export function groupRenders(renders: ProjectRender[]): RenderGroup[] {
  const groups = new Map<string, ProjectRender[]>();
  for (const render of renders) {
    const key = render.generationId ?? `render:${render.id}`;
    groups.set(key, [...(groups.get(key) ?? []), render]);
  }
  return [...groups.entries()]
    .map(([id, members]) => {
      const ordered = [...members].sort((a, b) => (a.variation ?? 0) - (b.variation ?? 0));
      const errors = new Set(ordered.filter((r) => r.status === 'failed').map((r) => r.error || ''));
      const failedCount = ordered.filter((r) => r.status === 'failed').length;
      return {
        id,
        prompt: ordered[0]!.prompt,
        createdAt: ordered.map((r) => r.createdAt).sort()[0]!,
        renders: ordered,
        sharedError: failedCount > 1 && errors.size === 1 ? [...errors][0] || 'Generation failed' : null,
        running: ordered.some(unsettled),
      };
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The project's renders grouped by generation: the prompt once, variations 1 → 3 with Download and Retry. */
export function RendersList({
  project,
  onView,
}: {
  project: ProjectDetail;
  onView: (image: ViewerImage) => void;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: (renderId: string) => retryRender(project.id, renderId),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(project.id) }),
    onError: (error) => toast.error('Retry failed', { description: errorMessage(error) }),
  });

  return (
    <ol className="flex flex-col gap-8" aria-label="Generations, newest first">
      {groupRenders(project.renders).map((group) => (
        <li key={group.id}>
          <section
            aria-label={`Generation of ${formatDateTime(group.createdAt)}`}
            className="flex flex-col gap-3"
          >
            <div className="flex flex-col gap-1">
              <h3 className="break-words text-base font-semibold text-slate-900">{group.prompt}</h3>
              <p className="text-sm text-slate-600">
                <time dateTime={group.createdAt}>{formatDateTime(group.createdAt)}</time>
              </p>
            </div>
            {group.sharedError ? (
              <Card className="flex items-start gap-2 border-red-200 bg-red-50 p-3 text-sm text-red-800">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <p>{group.sharedError}</p>
              </Card>
            ) : null}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.renders.map((render) => (
                <li key={render.id}>
                  <RenderCard
                    variation={render.variation ?? null}
                    prompt={render.prompt}
                    showPrompt={false}
                    status={render.status}
                    imageUrl={render.previewUrl ?? render.renderUrl}
                    fullUrl={render.renderUrl}
                    createdAt={render.createdAt}
                    error={group.sharedError ? null : render.error}
                    promptReading={render.promptReading}
                    onViewFull={() =>
                      render.renderUrl &&
                      onView({ url: render.renderUrl, prompt: render.prompt, style: render.style })
                    }
                    onDownload={() => downloadRender(project.id, render.id)}
                    onRetry={() => retry.mutate(render.id)}
                    retrying={retry.isPending && retry.variables === render.id}
                    retryBlockedReason={
                      group.running ? 'Another variation is rendering; retry when it has finished' : undefined
                    }
                    onOpenIn3d={
                      render.camera && render.fileId
                        ? () => {
                            performance.mark('planform:model-tab');
                            navigate(
                              { search: '?tab=model' },
                              { state: { fileId: render.fileId, camera: render.camera } },
                            );
                          }
                        : undefined
                    }
                  />
                </li>
              ))}
            </ul>
          </section>
        </li>
      ))}
    </ol>
  );
}
