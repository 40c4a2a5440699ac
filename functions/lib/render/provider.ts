import { readPrompt } from '../../../shared/prompt/scene-settings';
import type { SceneCamera } from '../../../shared/scene/cameras';
import type { Scene } from '../../../shared/scene/types';
import type { NormalisedDrawing } from '../drawings/types';
import { renderScene } from './render';
import { type Style, styleFromPrompt, VARIATIONS, type Variation } from './styles';

export interface ImageRequest {
  drawing: NormalisedDrawing;
  prompt: string;
  variation: Variation;
  /** When absent, taken from the prompt (styleFromPrompt). */
  style?: Style;
  /**
   * The user's own words (the prompt above is the template filled with them): the local renderer reads its
   * materials, roof, site, season, time of day, weather and mood from them.
   */
  brief?: string;
  /** How closely the image must follow the drawing, 0–1 (a Bedrock provider maps it to control strength). */
  fidelity?: number;
  /** Square output size in pixels; 1024 by default. */
  size?: number;
  /**
   * The generation this image belongs to. A Bedrock provider derives its seed from (generationId, variation), so
   * a retried Generate asks for the same image; the local renderer is deterministic and ignores it.
   */
  generationId?: string;
  /** Floor to ceiling in metres for renderers of a 3D model (the 3D model's own; 2.70 m by default). */
  storeyHeight?: number;
  /**
   * The 3D model and this variation's camera. Image models conditioned on structure are given the model seen from
   * the camera (a line drawing), not the flat plan, so they can make the view the variation asks for.
   */
  view?: {
    scene: Scene;
    camera: SceneCamera /** The user placed this camera (else a default one). */;
    placed?: boolean;
  };
}

export interface ImageResult {
  png: Buffer;
  width: number;
  height: number;
  description?: string;
  /** The camera on the 3D model the image was made from, when it was made from one. */
  camera?: SceneCamera;
  /**
   * Made from the 3D model in a projection of its own (the isometric, the cut-away interior): the camera on the
   * model nearest to it, for "Open in 3D" (not for rendering again: the style draws its own projection).
   */
  viewpoint?: SceneCamera;
  /** What a renderer that reads the brief itself understood of it, and the words it had no use for. */
  reading?: { understood: string[]; notUnderstood: string[] };
}

/** Styles the local renderer draws through a perspective camera from outside: those take the model's cameras. */
const EXTERIOR_PERSPECTIVE: ReadonlySet<Style> = new Set(['photorealistic', 'artistic', 'night']);

/** Something that turns a normalised drawing and a prompt into an image: the local renderer, or Bedrock. */
export interface ImageProvider {
  id: string;
  generate(req: ImageRequest): Promise<ImageResult>;
}

/** Renders are 1024 px; high-resolution exports 2048 or 4096. */
const clampSize = (size: number | undefined) => Math.max(64, Math.min(4096, Math.round(size ?? 1024)));

/** One variation of the local renderer. */
export async function renderVariation(
  drawing: NormalisedDrawing,
  variation: Variation,
  style: Style,
  size = 1024,
): Promise<{ variation: Variation; png: Buffer; description: string }> {
  const r = await renderScene(drawing, variation, style, clampSize(size));
  return { variation, png: r.png, description: r.description };
}

/** The three variations (1 lighting and materials, 2 camera, 3 time of day), rendered one after another. */
export async function renderVariations(
  drawing: NormalisedDrawing,
  options: { style: Style; size?: number },
): Promise<{ variation: Variation; png: Buffer; description: string }[]> {
  const out: { variation: Variation; png: Buffer; description: string }[] = [];
  for (const v of VARIATIONS) out.push(await renderVariation(drawing, v, options.style, options.size));
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
