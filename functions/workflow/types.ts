import type { PromptReadingSummary } from '../../shared/prompt/scene-settings';
import type { SceneCamera } from '../../shared/scene/cameras';
import type { RenderStyle, VariationNumber } from '../../shared/schemas/generations';

export interface ExecutionInput {
  generationId: string;
  projectId: string;
  userId: string;
}

export interface PreparedItem {
  variation: VariationNumber;
  renderId: string;
  jobId: string;
  /** The provider prompt: the active template filled for this variation. */
  prompt: string;
  /** The user's own prompt (what the local renderer reads its scene settings from). */
  brief?: string;
  /** The camera the user placed, for the variations rendered from it (1 and 3). */
  camera?: SceneCamera;
}

export interface Prepared {
  provider: string;
  style: RenderStyle;
  fidelity: number;
  /** Floor to ceiling, metres: the plan's, else the `rendering.storey_height` setting (as the 3D model's). */
  storeyHeight: number;
  fileId: string;
  analysis: string;
  items: PreparedItem[];
}

/** What each Map iteration receives (the Map's ItemSelector). */
export interface VariationInput extends ExecutionInput {
  provider: string;
  style: RenderStyle;
  fidelity: number;
  storeyHeight?: number;
  fileId: string;
  analysis: string;
  item: PreparedItem;
  image?: {
    imageKey: string;
    description: string;
    camera?: SceneCamera;
    /** Drawn in the style's own projection: the camera on the model nearest to it, for "Open in 3D". */
    viewpoint?: SceneCamera;
    reading?: PromptReadingSummary;
    /** How much of the model's geometry the image kept (0–1), when it was made from the model's camera. */
    geometryKept?: number;
  };
  error?: { Error?: string; Cause?: string };
}
