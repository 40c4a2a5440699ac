import sharp from 'sharp';
import type { SceneCamera } from '../../shared/scene/cameras';
import { renderLines } from '../../shared/scene/line-render';
import type { Scene } from '../../shared/scene/types';
import { edgePixels, type GeometryKept, geometryKept } from './fidelity';

const SIDE = 256;

/**
 * How much of the model's geometry, seen from the view's camera, an image kept (the image was made from that
 * camera: the local renderer's, or a model conditioned on that line drawing). Compared at 512 × 512.
 */
export async function geometryScore(
  png: Buffer,
  view: { scene: Scene; camera: SceneCamera },
): Promise<GeometryKept> {
  const gray = new Uint8Array(
    await sharp(png).resize(SIDE, SIDE, { fit: 'fill' }).greyscale().raw().toBuffer(),
  );
  const inside = view.camera.position[1] < (view.scene.roof?.level ?? Number.POSITIVE_INFINITY);
  const lines = renderLines(view.scene, view.camera, {
    width: SIDE,
    height: SIDE,
    lineWidth: 1,
    without: inside ? ['Roof'] : [],
  });
  return geometryKept(edgePixels(gray, SIDE, SIDE), lines.lines, lines.depth, SIDE, SIDE, 2, 4);
}
