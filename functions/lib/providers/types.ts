/**
 * The image provider interface: what turns the 3D model, a camera on it and a prompt into an image. The local
 * renderer (`render/provider.ts`) and the Bedrock providers (`bedrock-image.ts`) implement it; the workflow picks
 * one by id (`index.ts`).
 */
import type { RenderStyle, VariationNumber } from '../../../shared/domain';
import type { SceneCamera } from '../../../shared/scene/cameras';
import type { Scene } from '../../../shared/scene/types';

export interface ImageRequest {
  prompt: string;
  variation: VariationNumber;
  /** When absent, taken from the prompt (styleFromPrompt). */
  style?: RenderStyle;
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
  /**
   * A refinement: the image of the render it refines, the follow-up words, and that render's generation (its seed
   * is kept). Providers that can edit an image change only what the follow-up names; the others render again from
   * the whole brief (in `prompt`).
   */
  refines?: { image: Buffer; followUp: string; generationId: string };
  /**
   * The 3D model of the stored plan (corrections included) and this variation's camera: the only input of the
   * building. The local renderer renders the model; image models conditioned on structure are given the model seen
   * from the camera (a line drawing), so they make the view the variation asks for.
   */
  view: {
    scene: Scene;
    camera: SceneCamera;
    /** The user placed this camera (else a default one). */
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

/** Something that turns the 3D model and a prompt into an image: the local renderer, or Bedrock. */
export interface ImageProvider {
  id: string;
  generate(req: ImageRequest): Promise<ImageResult>;
}
