/**
 * A render's high-resolution export (2048 or 4096 px on the long side), made asynchronously after it is asked
 * for: the local renderer's renders are rendered again at that size from the same stored plan, 3D model, camera and
 * prompt; an AI render goes through Stability AI's upscalers on Bedrock (Fast Upscale 4×, Conservative Upscale), or
 * is enlarged (Lanczos) when this account cannot use them. The original render stays as it is.
 */

import * as z from 'zod';
import { styleFromPrompt } from '../../shared/domain';
import { type ExportSize, exportSizeSchema } from '../../shared/schemas/generations';
import {
  exportAttribute,
  type GenerationItem,
  type GenerationRenderItem,
  getGeneration,
  getRenders,
  setRenderExport,
} from '../lib/db/generations';
import { env } from '../lib/env';
import { buildingScene, modelView, sceneView } from '../lib/generation/model-view';
import { logger } from '../lib/logger';
import { loadPlan, storeyHeightOf } from '../lib/plan/plan-store';
import { fitToLongSide, upscaleWithStability } from '../lib/providers/bedrock-upscale';
import { ModelUnavailableError } from '../lib/providers/errors';
import { localImageProvider } from '../lib/providers/local';
import { readObject, writeObject } from '../lib/storage';

const eventSchema = z.object({
  projectId: z.string().min(1),
  renderId: z.string().min(1),
  size: exportSizeSchema('The export size must be 2048 or 4096'),
});
const log = logger.child({ task: 'export-render' });

export const exportKey = (renderId: string, size: ExportSize) => `renders/${renderId}@${size}.png`;

async function rendered(render: GenerationRenderItem, size: ExportSize): Promise<Buffer> {
  const generation = await getGeneration(render.projectId, render.generationId);
  if (!generation) throw new Error('The generation of this render is no longer available.');
  if (generation.provider && generation.provider !== 'local') return upscaled(render, generation, size);
  const view = await exportView(render, generation);
  if (!view) throw new Error('The plan this render was made from is no longer available.');
  const result = await localImageProvider.generate({
    prompt: generation.prompt,
    brief: generation.prompt,
    variation: render.variation,
    style: generation.style ?? styleFromPrompt(generation.prompt),
    size,
    view,
  });
  return result.png;
}

/** The 3D model the render was made from (its drawing's plan, or its building's levels), from its camera. */
async function exportView(render: GenerationRenderItem, generation: GenerationItem) {
  const shot = { variation: render.variation, camera: render.camera, brief: generation.prompt };
  if (generation.levels) {
    const building = await buildingScene(generation.levels);
    return 'lost' in building ? undefined : sceneView(building.scene, shot);
  }
  const plan = await loadPlan(render.fileId);
  return modelView(plan, await storeyHeightOf(plan), shot);
}

/** An AI render made larger by an upscale model; enlarged (Lanczos) when no upscaler is available to the account. */
async function upscaled(
  render: GenerationRenderItem,
  generation: GenerationItem,
  size: ExportSize,
): Promise<Buffer> {
  const original = await readObject(env.rendersBucket, render.imageKey!);
  try {
    const out = await upscaleWithStability({
      png: original,
      size,
      prompt: generation.prompt,
      variation: render.variation,
      style: generation.style ?? styleFromPrompt(generation.prompt),
      generationId: generation.id,
    });
    log.info('upscaled', { renderId: render.id, size, service: out.service });
    return out.png;
  } catch (error) {
    if (!(error instanceof ModelUnavailableError)) throw error;
    log.warn('no upscale model available; enlarging', { renderId: render.id, error });
    return fitToLongSide(original, size);
  }
}

export async function handler(raw: unknown): Promise<{ status: string }> {
  const job = eventSchema.parse(raw);
  const [render] = await getRenders(job.projectId, [job.renderId]);
  if (render?.status !== 'completed' || !render.imageKey) return { status: 'skipped' };
  const requestedAt = render[exportAttribute(job.size)]?.requestedAt ?? new Date().toISOString();
  const started = performance.now();
  try {
    const png = await rendered(render, job.size);
    const key = exportKey(render.id, job.size);
    await writeObject(env.rendersBucket, key, png, 'image/png');
    await setRenderExport(render, job.size, { status: 'ready', key, requestedAt });
    log.info('exported', {
      renderId: render.id,
      size: job.size,
      ms: Math.round(performance.now() - started),
    });
    return { status: 'ready' };
  } catch (error) {
    log.error('export failed', { renderId: render.id, size: job.size, error });
    await setRenderExport(render, job.size, {
      status: 'failed',
      error: 'The high-resolution image could not be made. Please try again.',
      requestedAt,
    }).catch(() => undefined);
    return { status: 'failed' };
  }
}
