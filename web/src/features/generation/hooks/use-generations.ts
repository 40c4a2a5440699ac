import type { ErrorCode } from '@shared/schemas/common';
import type { Generation } from '@shared/schemas/generations';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/utils';
import {
  createGeneration,
  generationKeys,
  generationQueryOptions,
  isFinalPollError,
  newIdempotencyKey,
} from '../api/generations';
import {
  ALL_DESIGN_LOST_MESSAGE,
  DESIGN_LOST_ADVICE,
  designLostNote,
  FAILURE_MESSAGE,
  itemsOf,
  placeholderItems,
  succeededCount,
  successMessage,
  type VisualizationItem,
} from '../lib/visualizations';

/** One click of Generate in this visit to the page (not persisted). */
interface Batch {
  /** Also the click's Idempotency-Key. */
  key: string;
  projectId: string;
  prompt: string;
  fidelity: number;
  fileName: string | null;
  startedAt: string;
  /** Known once the server has accepted the generation. */
  generationId: string | null;
}

export interface BatchView extends Batch {
  /** starting: the request is on its way; running: renders in progress; settled: every render is done. */
  state: 'starting' | 'running' | 'settled';
  items: VisualizationItem[];
  succeeded: number;
  failed: number;
}

export interface GenerateRequest {
  prompt: string;
  fidelity: number;
  fileId?: string;
  /** Render the project's whole building (every level) instead of one drawing. */
  building?: boolean;
  fileName?: string | null;
}

/** Errors whose message the spec shows as the toast itself (§8): a request's own fields, or no drawing to use. */
const SHOWN_AS_IS = new Set<string>(['VALIDATION_FAILED', 'NO_DRAWING'] satisfies ErrorCode[]);

/** A request that never reached the server is sent once more, with the same key, after this delay. */
const NETWORK_RETRY_MS = 1000;

function startFailed(error: unknown) {
  if (error instanceof ApiError && SHOWN_AS_IS.has(error.code)) {
    toast.error(error.message);
    return;
  }
  toast.error(FAILURE_MESSAGE, { description: errorMessage(error) });
}

/** The first distinct error of the failed renders, to explain a generation that produced nothing. */
function failureReason(items: VisualizationItem[]): string | undefined {
  return items.find((i) => i.status === 'failed' && i.error)?.error ?? undefined;
}

/**
 * The generations started on this page, newest first: starts one per Generate click (three placeholders at once),
 * polls each until it settles (every 1.5 s), then says how it went. Earlier results stay for the session.
 */
/**
 * `onProjectChanged` is told when a generation starts or settles, so that whoever shows the project (its page, the
 * dashboard) can refresh it: the generation feature does not know the projects feature.
 */
export function useGenerations(onProjectChanged?: (projectId: string) => void) {
  const queryClient = useQueryClient();
  const [batches, setBatches] = useState<Batch[]>([]);
  const [starting, setStarting] = useState(false);
  const announced = useRef(new Set<string>());

  const accepted = batches.filter((b) => b.generationId !== null);
  const results = useQueries({
    queries: accepted.map((b) => generationQueryOptions(b.projectId, b.generationId!)),
  });
  const resultOf = new Map(accepted.map((b, index) => [b.key, results[index]]));

  const views: BatchView[] = batches.map((batch) => {
    const result = resultOf.get(batch.key);
    const generation = result?.data;
    if (!batch.generationId || !generation) {
      return {
        ...batch,
        state: batch.generationId ? 'running' : 'starting',
        items: placeholderItems(batch.key, batch.prompt),
        succeeded: 0,
        failed: 0,
      };
    }
    const lost =
      generation.status === 'running' && isFinalPollError(result?.error)
        ? errorMessage(result?.error, 'The generation could not be read')
        : undefined;
    const items = itemsOf(generation, lost);
    return {
      ...batch,
      state: generation.status === 'running' && !lost ? 'running' : 'settled',
      items,
      succeeded: succeededCount(generation),
      failed: items.filter((i) => i.status === 'failed').length,
    };
  });

  const changed = useRef(onProjectChanged);
  changed.current = onProjectChanged;
  const refreshProject = useCallback((projectId: string) => changed.current?.(projectId), []);

  // Say once per generation how it went, when it settles.
  const settled = views.filter((v) => v.state === 'settled' && !announced.current.has(v.key));
  useEffect(() => {
    for (const view of settled) {
      if (announced.current.has(view.key)) continue;
      announced.current.add(view.key);
      const lost = view.items.filter((i) => i.designLost).length;
      const kept = view.succeeded - lost;
      if (kept >= 1)
        toast.success(successMessage(kept), lost ? { description: designLostNote(lost) } : undefined);
      else if (lost >= 1) toast.warning(ALL_DESIGN_LOST_MESSAGE, { description: DESIGN_LOST_ADVICE });
      else toast.error(FAILURE_MESSAGE, { description: failureReason(view.items) });
      refreshProject(view.projectId);
    }
  });

  const generate = useCallback(
    async (projectId: string, request: GenerateRequest) => {
      const key = newIdempotencyKey();
      const prompt = request.prompt.trim();
      setBatches((list) => [
        {
          key,
          projectId,
          prompt,
          fidelity: request.fidelity,
          fileName: request.fileName ?? null,
          startedAt: new Date().toISOString(),
          generationId: null,
        },
        ...list,
      ]);
      setStarting(true);
      const input = {
        prompt,
        fidelity: request.fidelity,
        ...(request.building ? { building: true } : request.fileId ? { fileId: request.fileId } : {}),
      };
      try {
        let generation: Generation;
        try {
          generation = await createGeneration(projectId, input, key);
        } catch (error) {
          // It may never have arrived: ask again with the same key, which cannot start a second generation.
          if (!(error instanceof ApiError && error.status === 0)) throw error;
          await new Promise((resolve) => setTimeout(resolve, NETWORK_RETRY_MS));
          generation = await createGeneration(projectId, input, key);
        }
        queryClient.setQueryData(generationKeys.detail(projectId, generation.id), generation);
        setBatches((list) => list.map((b) => (b.key === key ? { ...b, generationId: generation.id } : b)));
        refreshProject(projectId);
      } catch (error) {
        setBatches((list) => list.filter((b) => b.key !== key));
        startFailed(error);
      } finally {
        setStarting(false);
      }
    },
    [queryClient, refreshProject],
  );

  const busy = starting || views.some((v) => v.state !== 'settled');
  return { batches: views, busy, generate };
}
