import {
  type RenderStyle,
  styleFromPrompt,
  VARIATION_NUMBERS,
  type VariationNumber,
} from '../../../shared/domain';
import { readPrompt } from '../../../shared/prompt/scene-settings';
import type { NormalisedDrawing } from '../drawings/types';
import type { ImageProvider } from '../providers/types';
import { renderScene } from './render';

/** Styles the local renderer draws through a perspective camera from outside: those take the model's cameras. */
const EXTERIOR_PERSPECTIVE: ReadonlySet<RenderStyle> = new Set(['photorealistic', 'artistic', 'night']);

/** Renders are 1024 px; high-resolution exports 2048 or 4096. */
const clampSize = (size: number | undefined) => Math.max(64, Math.min(4096, Math.round(size ?? 1024)));

/** One variation of the local renderer. */
export async function renderVariation(
  drawing: NormalisedDrawing,
  variation: VariationNumber,
  style: RenderStyle,
  size = 1024,
): Promise<{ variation: VariationNumber; png: Buffer; description: string }> {
  const r = await renderScene(drawing, variation, style, clampSize(size));
  return { variation, png: r.png, description: r.description };
}

/** The three variations (1 lighting and materials, 2 camera, 3 time of day), rendered one after another. */
export async function renderVariations(
  drawing: NormalisedDrawing,
  options: { style: RenderStyle; size?: number },
): Promise<{ variation: VariationNumber; png: Buffer; description: string }[]> {
  const out: { variation: VariationNumber; png: Buffer; description: string }[] = [];
  for (const v of VARIATION_NUMBERS) out.push(await renderVariation(drawing, v, options.style, options.size));
  return out;
}

/** The image provider `local`: a deterministic software renderer of the drawing's own geometry. */
export const localImageProvider: ImageProvider = {
  id: 'local',
  async generate(req) {
    const style = req.style ?? styleFromPrompt(req.prompt);
    const size = clampSize(req.size);
    // A placed camera always; the model's default cameras for exterior perspective styles (the isometric and the
    // cut-away interior keep their own projections).
    const view = req.view && (req.view.placed || EXTERIOR_PERSPECTIVE.has(style)) ? req.view : undefined;
    // The 3D model's walls whenever there is a model, so the render shows the building the viewer and the exports
    // show.
    const reading = readPrompt(req.brief ?? req.prompt);
    const r = await renderScene(req.drawing, req.variation, style, size, {
      storeyHeight: req.storeyHeight,
      settings: reading.settings,
      ...(req.view ? { scene: req.view.scene } : {}),
      ...(view ? { camera: view.camera } : {}),
    });
    return {
      png: r.png,
      width: r.width,
      height: r.height,
      description: r.description,
      ...(view ? { camera: view.camera } : r.viewpoint ? { viewpoint: r.viewpoint } : {}),
      reading: { understood: reading.understood, notUnderstood: reading.notUnderstood },
    };
  },
};
