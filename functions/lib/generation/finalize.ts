import {
  closeGeneration,
  failRender,
  type GenerationItem,
  type GenerationRenderItem,
  getGeneration,
  getRenders,
} from '../db/generations';
import { getProjectBundle } from '../db/projects';
import { recordTemplateOutcome } from '../db/templates';
import type { Logger } from '../logger';

export interface FinalizeOutcome {
  status: 'completed' | 'failed' | 'already-closed';
  succeeded: number;
  failed: number;
}

/**
 * Settles a generation: renders still unsettled fail with `reason`, then the generation closes once (project,
 * quota, template usage and success rate). Used by the Finalize task and by the reconciler.
 */
export async function finalizeGeneration(
  projectId: string,
  generationId: string,
  log: Logger,
  reason = 'Generation failed',
): Promise<FinalizeOutcome> {
  const generation = await getGeneration(projectId, generationId);
  if (generation?.status !== 'running') return { status: 'already-closed', succeeded: 0, failed: 0 };
  let renders = await getRenders(projectId, generation.renderIds);
  const unsettled = renders.filter((r) => r.status === 'pending' || r.status === 'processing');
  if (unsettled.length) {
    await Promise.all(unsettled.map((r) => failRender(r, reason)));
    renders = await getRenders(projectId, generation.renderIds);
  }
  const succeeded = renders.filter((r) => r.status === 'completed').length;
  const failed = renders.length - succeeded;
  const thumbnailKey = coverOf(renders);
  // A generation that failed leaves the project completed when it holds good renders from before.
  const projectHoldsRenders = succeeded === 0 && (await holdsCompletedRenders(projectId, generationId));
  const closed = await closeGeneration(generation, { succeeded, failed, thumbnailKey, projectHoldsRenders });
  if (!closed) return { status: 'already-closed', succeeded, failed };
  // A retried variation's outcome is not a second use of the template.
  if (generation.templateId && !generation.attempt)
    await recordTemplateOutcome(generation.templateId, succeeded, failed);
  log.info('generation finalized', { generationId, succeeded, failed });
  return { status: succeeded > 0 ? 'completed' : 'failed', succeeded, failed };
}

/**
 * The project's cover: the completed render that shows most of the building (the highest geometry kept; a close-up
 * of one white wall keeps little), the first variation on a tie or when none was measured.
 */
export function coverOf(
  renders: Pick<GenerationRenderItem, 'status' | 'previewKey' | 'variation' | 'geometryKept'>[],
): string | undefined {
  return (
    [...renders]
      .filter((r) => r.status === 'completed' && r.previewKey)
      .sort((a, b) => (b.geometryKept ?? -1) - (a.geometryKept ?? -1) || a.variation - b.variation)[0]
      ?.previewKey ?? undefined
  );
}

async function holdsCompletedRenders(projectId: string, exceptGenerationId: string): Promise<boolean> {
  const bundle = await getProjectBundle(projectId);
  return !!bundle?.renders.some((r) => r.status === 'completed' && r.generationId !== exceptGenerationId);
}

export type { GenerationItem };
