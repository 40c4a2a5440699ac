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

/** Longest side of a project's card thumbnail (as a render's preview): a dashboard card at 2× pixel density. */
export const THUMBNAIL_SIDE = 512;

/** A card-sized WebP of a preview image (an upload's preview or a drawing's line render). */
export async function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: LIMITS.maxInputPixels })
    .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .webp({ quality: 80 })
    .toBuffer();
}
