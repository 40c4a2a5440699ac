import { geometryScore } from '../../engine/render/geometry-score';
import type { ImageProviderId } from '../../shared/domain';
import type { SceneCamera } from '../../shared/scene/cameras';
import { getSetting } from '../lib/db/settings';
import { env } from '../lib/env';
import { buildingScene, lostLevelMessage, modelView, sceneView } from '../lib/generation/model-view';
import { type Logger, logger } from '../lib/logger';
import { loadPlan } from '../lib/plan/plan-store';
import { getImageProvider } from '../lib/providers';
import type { ImageRequest } from '../lib/providers/types';
import { readObject, writeObject } from '../lib/storage';
import { DrawingUnreadableError, NO_WALLS } from './prepare';
import { parseTaskInput, type VariationInput, variationInputSchema } from './types';

export const renderKeys = (renderId: string) => ({
  image: `renders/${renderId}.png`,
  preview: `renders/${renderId}.webp`,
});

/**
 * What the provider is asked for one variation. The generation id makes a Bedrock render repeatable: a retried
 * Generate (Step Functions retries, a re-run execution) asks for the same seed.
 */
export function imageRequest(
  input: VariationInput,
  view: ImageRequest['view'],
  refines?: ImageRequest['refines'],
): ImageRequest {
  return {
    ...(refines ? { refines } : {}),
    view,
    prompt: input.item.prompt,
    ...(input.item.brief ? { brief: input.item.brief } : {}),
    variation: input.item.variation,
    style: input.style,
    fidelity: input.fidelity,
    generationId: input.generationId,
  };
}

/**
 * A refinement's starting point: the refined render's image. When it cannot be read the view is rendered again
 * from the whole brief instead, and the log says why.
 */
async function refinedImage(input: VariationInput, log: Logger): Promise<ImageRequest['refines']> {
  const refines = input.item.refines;
  if (!refines) return undefined;
  try {
    const image = await readObject(env.rendersBucket, refines.imageKey);
    return { image, followUp: refines.followUp, generationId: refines.generationId };
  } catch (error) {
    log.warn('refined render unreadable; rendering the view again', { imageKey: refines.imageKey, error });
    return undefined;
  }
}

/**
 * The 3D model of the stored plan (corrections included) at the generation's storey height, or of the building's
 * levels stacked, from the variation's camera (`modelView`): all a provider is given of the building.
 */
export async function variationView(input: VariationInput): Promise<ImageRequest['view']> {
  if (input.levels) {
    const building = await buildingScene(input.levels);
    if ('lost' in building) throw new DrawingUnreadableError(lostLevelMessage(building.lost));
    return sceneView(building.scene, input.item);
  }
  const view = modelView(await loadPlan(input.fileId), input.storeyHeight, input.item);
  if (!view) throw new DrawingUnreadableError(NO_WALLS);
  return view;
}

/**
 * One variation: the provider turns the 3D model and the filled prompt into a PNG, stored under the render's id.
 * Provider errors keep their names (ProviderThrottled, ContentFiltered, …) for the state's Retry and Catch.
 */
export async function handler(event: unknown): Promise<NonNullable<VariationInput['image']>> {
  const input = parseTaskInput(variationInputSchema, event, 'generate');
  const log = logger.child({
    generationId: input.generationId,
    renderId: input.item.renderId,
    task: 'generate',
  });
  const provider = getImageProvider(input.provider as ImageProviderId);
  const started = Date.now();
  const view = await variationView(input);
  const request = imageRequest(input, view, await refinedImage(input, log));
  let result = await provider.generate(request);
  let kept = await keptOf(provider.id, result, view);
  // An AI render that lost the design is made once more, held closer to the model's lines; the better one stays.
  const mayRetry = provider.id !== 'local' && (request.fidelity ?? 0) < 1;
  const minKept = await getSetting('rendering.min_geometry_kept');
  if (kept !== undefined && mayRetry && kept < minKept) {
    const again = await provider.generate({
      ...request,
      fidelity: Math.min(1, (request.fidelity ?? 0.7) + 0.25),
    });
    const keptAgain = await keptOf(provider.id, again, view);
    log.info('rendered again for geometry', { kept, keptAgain });
    if (keptAgain !== undefined && keptAgain > kept) [result, kept] = [again, keptAgain];
  }
  const imageKey = renderKeys(input.item.renderId).image;
  await writeObject(env.rendersBucket, imageKey, result.png, 'image/png');
  log.info('generated', { provider: provider.id, ms: Date.now() - started, bytes: result.png.length, kept });
  return {
    imageKey,
    description: result.description ?? '',
    ...(result.camera ? { camera: result.camera } : {}),
    ...(result.viewpoint ? { viewpoint: result.viewpoint } : {}),
    ...(result.reading ? { reading: result.reading } : {}),
    ...(kept !== undefined ? { geometryKept: Math.round(kept * 1000) / 1000 } : {}),
    ...(kept !== undefined && kept < minKept ? { designLost: true } : {}),
  };
}

/**
 * How much of the model's geometry the image kept, when it was made from the view's camera: the local renderer's
 * renders from that camera, and every AI render conditioned on it. Undefined for the renderer's own isometric and
 * cut-away projections.
 */
async function keptOf(
  providerId: string,
  result: { png: Buffer; camera?: SceneCamera },
  view: ImageRequest['view'],
): Promise<number | undefined> {
  if (providerId === 'local' && !result.camera) return undefined;
  return (await geometryScore(result.png, { scene: view.scene, camera: result.camera ?? view.camera })).score;
}
