import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MODEL_FORMATS } from '../../../shared/schemas/projects';
import type { NormalisedDrawing } from '../drawings/types';
import { env } from '../env';
import { planKey } from '../plan/plan-key';
import { s3 } from '../storage';

/** Where a file's normalised drawing lives: keyed by the file id (the same drawing serves every generation). */
export const drawingKeys = (fileId: string) => ({
  png: `drawings/${fileId}.png`,
  meta: `drawings/${fileId}.json`,
});

/** A file's card-sized thumbnail: the project's picture until its first render (keyed by the random file id). */
export const fileThumbnailKey = (fileId: string) => `thumbs/${fileId}.webp`;

/**
 * Every renders-bucket object a file owns: its preview (set for images on upload, the drawing's PNG for PDF/CAD) and
 * card thumbnail,
 * its normalised drawing and its plan model (both written when the plan is read after upload). Deleting a file or its project removes
 * exactly these; keys that were never written are harmless to delete.
 */
export function fileRenderKeys(file: { id: string; previewKey?: string | null }): string[] {
  const drawing = drawingKeys(file.id);
  return [
    ...new Set(
      [
        file.previewKey,
        fileThumbnailKey(file.id),
        drawing.png,
        drawing.meta,
        planKey(file.id),
        ...MODEL_FORMATS.map((format) => modelKey(file.id, format)),
      ].filter((k): k is string => !!k),
    ),
  ];
}

/** Where a file's last exported 3D model lives (written on each export request). */
export const modelKey = (fileId: string, format: string) => `models/${fileId}.${format}`;

export async function saveDrawing(fileId: string, drawing: NormalisedDrawing): Promise<void> {
  const { png, ...meta } = drawing;
  const k = drawingKeys(fileId);
  await Promise.all([
    s3().send(
      new PutObjectCommand({ Bucket: env.rendersBucket, Key: k.png, Body: png, ContentType: 'image/png' }),
    ),
    s3().send(
      new PutObjectCommand({
        Bucket: env.rendersBucket,
        Key: k.meta,
        Body: JSON.stringify(meta),
        ContentType: 'application/json',
      }),
    ),
  ]);
}

async function readObject(key: string): Promise<Buffer | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: env.rendersBucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return null;
    throw error;
  }
}

export async function loadDrawing(fileId: string): Promise<NormalisedDrawing | null> {
  const k = drawingKeys(fileId);
  const [png, meta] = await Promise.all([readObject(k.png), readObject(k.meta)]);
  if (!png || !meta) return null;
  return { ...(JSON.parse(meta.toString('utf8')) as Omit<NormalisedDrawing, 'png'>), png };
}
