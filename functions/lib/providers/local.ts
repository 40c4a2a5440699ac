import { renderScene } from '../../../engine/render/render';
import { type RenderStyle, styleFromPrompt } from '../../../shared/domain';
import { readPrompt } from '../../../shared/prompt/scene-settings';
import type { ImageProvider } from './types';

/** Styles the local renderer draws through a perspective camera from outside: those take the model's cameras. */
const EXTERIOR_PERSPECTIVE: ReadonlySet<RenderStyle> = new Set(['photorealistic', 'artistic', 'night']);

/** Renders are 1024 px; high-resolution exports 2048 or 4096. */
const clampSize = (size: number | undefined) => Math.max(64, Math.min(4096, Math.round(size ?? 1024)));

/** The image provider `local`: a deterministic software renderer of the 3D model (the stored plan's). */
export const localImageProvider: ImageProvider = {
  id: 'local',
  async generate(req) {
    const style = req.style ?? styleFromPrompt(req.prompt);
    const size = clampSize(req.size);
    // A placed camera always; the model's default cameras for exterior perspective styles (the isometric and the
    // cut-away interior keep their own projections).
    const view = req.view.placed || EXTERIOR_PERSPECTIVE.has(style) ? req.view : undefined;
    const reading = readPrompt(req.brief ?? req.prompt);
    const r = await renderScene(req.view.scene, req.variation, style, size, {
      settings: reading.settings,
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
