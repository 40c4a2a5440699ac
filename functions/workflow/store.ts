import sharp from 'sharp';
import { completeRender, getRenders } from '../lib/db/generations';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { readObject, writeObject } from '../lib/storage';
import { renderKeys } from './generate';
import { parseTaskInput, variationInputSchema } from './types';

const PREVIEW_SIZE = 512;

/** Makes the small WebP preview and settles the render and its job as completed (once). */
export async function handler(event: unknown): Promise<{ renderId: string; status: 'completed' }> {
  const input = parseTaskInput(variationInputSchema, event, 'store');
  const log = logger.child({
    generationId: input.generationId,
    renderId: input.item.renderId,
    task: 'store',
  });
  const keysOf = renderKeys(input.item.renderId);
  const imageKey = input.image?.imageKey ?? keysOf.image;
  const png = await readObject(env.rendersBucket, imageKey);
  const preview = await sharp(png)
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside' })
    .webp({ quality: 80 })
    .toBuffer();
  await writeObject(env.rendersBucket, keysOf.preview, preview, 'image/webp');
  const [render] = await getRenders(input.projectId, [input.item.renderId]);
  if (render) {
    const description = input.image?.description ?? '';
    await completeRender(render, {
      imageKey,
      previewKey: keysOf.preview,
      description,
      ...(input.image?.camera ? { camera: input.image.camera } : {}),
      ...(input.image?.viewpoint ? { viewpoint: input.image.viewpoint } : {}),
      ...(input.image?.reading ? { reading: input.image.reading } : {}),
      ...(input.image?.geometryKept !== undefined ? { geometryKept: input.image.geometryKept } : {}),
      ...(input.image?.designLost ? { designLost: true } : {}),
      outputData: {
        analysis: input.analysis,
        description,
        variation: input.item.variation,
        imageUrl: `s3://${env.rendersBucket}/${imageKey}`,
      },
    });
  }
  log.info('stored');
  return { renderId: input.item.renderId, status: 'completed' };
}
