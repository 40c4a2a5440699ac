import { variationName } from '@shared/domain';
import { type ExportSize, PROMPT_MAX } from '@shared/schemas/generations';
import type { ProjectDetail, ProjectRender } from '@shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Download, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { ViewerImage } from '@/components/image-viewer-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PromptReadingNote } from '@/components/ui/prompt-reading';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { newIdempotencyKey } from '@/features/generation';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/utils';
import { projectKeys } from '../api/projects';
import {
  downloadRender,
  downloadRenderExport,
  exportRender,
  refineRender,
  retryRender,
} from '../api/renders';
import { modelSubjectOf } from '../lib/model-subject';
import { DownloadButton } from './download-button';
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

/** Each render's refinements, oldest first, under the render they started from (a refinement of one joins it). */
export function refinementThreads(renders: ProjectRender[]): Map<string, ProjectRender[]> {
  const byId = new Map(renders.map((r) => [r.id, r]));
  const rootOf = (render: ProjectRender): string => {
    let current = render;
    for (let hops = 0; current.refines && hops < 100; hops++) {
      const parent = byId.get(current.refines.renderId);
      if (!parent) return current.refines.renderId;
      current = parent;
    }
    return current.id;
  };
  const threads = new Map<string, ProjectRender[]>();
  for (const render of renders) {
    if (!render.refines) continue;
    const root = rootOf(render);
    threads.set(root, [...(threads.get(root) ?? []), render]);
  }
  for (const thread of threads.values()) thread.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return threads;
}

/** Renders by generation, newest generation first, each with its variations in order (refinements apart). */
export function groupRenders(renders: ProjectRender[]): RenderGroup[] {
  const groups = new Map<string, ProjectRender[]>();
  for (const render of renders) {
    if (render.refines) continue;
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
  const threads = refinementThreads(project.renders);
  const highResolution = useMutation({
    mutationFn: ({ renderId, size }: { renderId: string; size: ExportSize }) =>
      exportRender(project.id, renderId, size),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(project.id) }),
    onError: (error) => toast.error('Export failed', { description: errorMessage(error) }),
  });
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
                    geometryKept={render.geometryKept}
                    designLost={render.designLost === true}
                    highResolution={{
                      exports: render.exports ?? {},
                      request: (size) => highResolution.mutate({ renderId: render.id, size }),
                      download: (size) => downloadRenderExport(project.id, render.id, size),
                    }}
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
                      (render.camera ?? render.viewpoint) && render.fileId
                        ? () => {
                            performance.mark('planform:model-tab');
                            navigate(
                              { search: '?tab=model' },
                              {
                                state: {
                                  fileId: modelSubjectOf(render),
                                  camera: render.camera ?? render.viewpoint,
                                },
                              },
                            );
                          }
                        : undefined
                    }
                  >
                    {render.status === 'completed' ? (
                      <RefineThread
                        projectId={project.id}
                        render={render}
                        thread={threads.get(render.id) ?? []}
                        onView={onView}
                      />
                    ) : null}
                  </RenderCard>
                </li>
              ))}
            </ul>
          </section>
        </li>
      ))}
    </ol>
  );
}

/**
 * A render's refinements as a thread (the follow-up words, when, the image or its progress) and the form that adds
 * one. A new refinement builds on the thread's latest completed image, so the changes add up.
 */
function RefineThread({
  projectId,
  render,
  thread,
  onView,
}: {
  projectId: string;
  render: ProjectRender;
  thread: ProjectRender[];
  onView: (image: ViewerImage) => void;
}) {
  const client = useQueryClient();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const target = [...thread].reverse().find((r) => r.status === 'completed') ?? render;
  const refine = useMutation({
    mutationFn: () => refineRender(projectId, target.id, text.trim(), key),
    onSuccess: () => {
      setText('');
      setOpen(false);
      setKey(newIdempotencyKey());
      toast.success('Refinement started');
      return client.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
    onError: (error) => toast.error('Refinement failed', { description: errorMessage(error) }),
  });
  const tooLong = text.length > PROMPT_MAX;

  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-2">
      {thread.length > 0 ? (
        <ol className="flex flex-col gap-2" aria-label="Refinements">
          {thread.map((entry) => (
            <li key={entry.id} className="flex gap-2" data-testid="refinement" data-status={entry.status}>
              <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded bg-slate-100">
                {(entry.previewUrl ?? entry.renderUrl) ? (
                  <button
                    type="button"
                    className="size-full"
                    aria-label={`View refinement "${entry.refines?.prompt}" full size`}
                    onClick={() =>
                      entry.renderUrl &&
                      onView({
                        url: entry.renderUrl,
                        prompt: entry.refines?.prompt ?? entry.prompt,
                        style: entry.style,
                      })
                    }
                  >
                    <img
                      src={entry.previewUrl ?? entry.renderUrl ?? ''}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  </button>
                ) : entry.status === 'failed' ? (
                  <CircleAlert aria-hidden="true" className="size-5 text-red-600" />
                ) : (
                  <Spinner className="size-5" />
                )}
              </div>
              <div className="min-w-0 text-xs">
                <p className="break-words text-slate-900">{entry.refines?.prompt}</p>
                <p className="text-slate-500">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  {entry.status === 'failed' ? ` · ${entry.error || 'Failed'}` : null}
                  {entry.status === 'pending' || entry.status === 'processing' ? ' · Rendering...' : null}
                </p>
                <PromptReadingNote reading={entry.promptReading} />
                {entry.status === 'completed' && entry.renderUrl ? (
                  <div className="mt-1">
                    <DownloadButton
                      icon={Download}
                      label="Download"
                      busyLabel="Downloading..."
                      ariaLabel={`Download refinement "${entry.refines?.prompt ?? entry.prompt}"`}
                      download={() => downloadRender(projectId, entry.id)}
                    />
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {open ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() && !tooLong) refine.mutate();
          }}
        >
          <label htmlFor={inputId} className="text-xs font-medium text-slate-700">
            What should change?
          </label>
          <Textarea
            id={inputId}
            rows={2}
            value={text}
            placeholder="e.g. white walls, add a flat roof, evening"
            onChange={(event) => setText(event.target.value)}
            aria-invalid={tooLong || undefined}
          />
          {tooLong ? (
            <p className="text-xs text-red-700">The prompt must be at most {PROMPT_MAX} characters</p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!text.trim() || tooLong || refine.isPending}>
              {refine.isPending ? <Spinner className="size-4" /> : <Wand2 aria-hidden="true" />}
              {refine.isPending ? 'Refining...' : 'Refine'}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setOpen(true)}
          aria-label={`Refine ${variationName(render.variation)}`}
        >
          <Wand2 aria-hidden="true" />
          Refine
        </Button>
      )}
    </div>
  );
}
