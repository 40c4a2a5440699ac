import sharp from 'sharp';
import { LIMITS } from './limits';

/** Longest side of an uploaded image's preview (the Files tab, the plan overlay, thumbnails). */
export const IMAGE_PREVIEW_SIDE = 2048;

/**
 * An uploaded image's preview: decoded within the pixel limit, turned upright by its EXIF orientation, shrunk to
 * at most 2048 px on its longest side, as WebP. Never the upload itself, so a 30000 × 30000 PNG is not what a
 * browser is asked to open.
 */
export async function imagePreview(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: LIMITS.maxInputPixels, failOn: 'error' })
    .rotate()
    .resize({
      width: IMAGE_PREVIEW_SIDE,
      height: IMAGE_PREVIEW_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 82 })
    .toBuffer();
}
