/**
 * The conditioning image sent with a Bedrock request: the 3D model of the stored plan seen from the variation's
 * camera, as dark lines on white in a `side × side` square, an 8-bit RGB PNG without alpha (both Stability and Nova
 * Canvas accept PNG; a square of the requested size is within both models' limits — see stabilityCanvasSide /
 * novaCanvasSide).
 */
import sharp from 'sharp';
import type { SceneCamera } from '../../../shared/scene/cameras';
import { renderLines } from '../../../shared/scene/line-render';
import type { Scene } from '../../../shared/scene/types';

export interface ConditionImage {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * The conditioning image of a 3D view: the model seen from the variation's camera as dark lines on white (hidden
 * lines removed), `side × side`, 8-bit RGB PNG. The roof is left out when the camera stands under it.
 */
export async function sceneConditionImage(
  view: { scene: Scene; camera: SceneCamera },
  side: number,
): Promise<ConditionImage> {
  const inside = view.camera.position[1] < (view.scene.roof?.level ?? Number.POSITIVE_INFINITY);
  const render = renderLines(view.scene, view.camera, {
    width: side,
    height: side,
    lineWidth: Math.max(2, Math.round(side / 512)),
    without: inside ? ['Roof'] : [],
  });
  const png = await sharp(Buffer.from(render.lines), { raw: { width: side, height: side, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return { png, width: side, height: side };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A model's output as a PNG with its real size: PNG answers pass through (only the header is read); anything
 * else sharp can decode is converted. Throws if the bytes are not an image.
 */
export async function toPng(bytes: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const isPng = bytes.length > 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  const png = isPng ? bytes : await sharp(bytes).png().toBuffer();
  const meta = await sharp(png).metadata();
  if (!meta.width || !meta.height) throw new Error('image has no size');
  return { png, width: meta.width, height: meta.height };
}
