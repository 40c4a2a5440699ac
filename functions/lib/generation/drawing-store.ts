import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MODEL_FORMATS } from '../../../shared/schemas/projects';
import { env } from '../env';
import { drawingLinesKey, planEditKeys, planKey, storeyPlanKey } from '../plan/plan-key';
import { s3 } from '../storage';

/**
 * Where a file's drawing picture lives (its line drawing, PNG), keyed by the file id; `meta` is the normalised
 * geometry earlier versions stored beside it, still deleted with the file.
 */
export const drawingKeys = (fileId: string) => ({
  png: `drawings/${fileId}.png`,
  meta: `drawings/${fileId}.json`,
});

/** A file's card-sized thumbnail: the project's picture until its first render (keyed by the random file id). */
export const fileThumbnailKey = (fileId: string) => `thumbs/${fileId}.webp`;

/**
 * Every renders-bucket object a file owns: its preview (set for images on upload, the drawing's PNG for PDF/CAD) and
 * card thumbnail, its drawing picture, its plan model and the drawing's lines (written when the plan is read after upload), the plans
 * of the other storeys it holds, the user's edits to the plan, and
 * its exported models. Deleting a file or its project removes exactly these; keys never written are harmless to delete.
 */
export function fileRenderKeys(file: {
  id: string;
  previewKey?: string | null;
  storeyViews?: readonly string[];
  planEditChunks?: readonly string[];
}): string[] {
  const drawing = drawingKeys(file.id);
  return [
    ...new Set(
      [
        file.previewKey,
        fileThumbnailKey(file.id),
        drawing.png,
        drawing.meta,
        planKey(file.id),
        drawingLinesKey(file.id),
        ...planEditKeys(file),
        ...(file.storeyViews ?? []).map((viewId) => storeyPlanKey(file.id, viewId)),
        ...MODEL_FORMATS.map((format) => modelKey(file.id, format)),
      ].filter((k): k is string => !!k),
    ),
  ];
}

/** Where a file's last exported 3D model lives (written on each export request). */
export const modelKey = (fileId: string, format: string) => `models/${fileId}.${format}`;

/** Where a project's last exported building lives (written on each export request). */
export const buildingModelKey = (projectId: string, format: string) =>
  `models/building-${projectId}.${format}`;

/** Stores the drawing's line picture (the preview of PDF and CAD files, and what a Bedrock analysis looks at). */
export async function saveDrawingPicture(fileId: string, png: Buffer): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env.rendersBucket,
      Key: drawingKeys(fileId).png,
      Body: png,
      ContentType: 'image/png',
    }),
  );
}

/** The drawing's line picture, or null when none was stored. */
export async function loadDrawingPicture(fileId: string): Promise<Buffer | null> {
  try {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: env.rendersBucket, Key: drawingKeys(fileId).png }),
    );
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return null;
    throw error;
  }
}
