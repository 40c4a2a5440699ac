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
}

export interface Prepared {
  provider: string;
  style: RenderStyle;
  fidelity: number;
  fileId: string;
  analysis: string;
  items: PreparedItem[];
}

/** What each Map iteration receives (the Map's ItemSelector). */
export interface VariationInput extends ExecutionInput {
  provider: string;
  style: RenderStyle;
  fidelity: number;
  fileId: string;
  analysis: string;
  item: PreparedItem;
  image?: { imageKey: string; description: string };
  error?: { Error?: string; Cause?: string };
}
