/**
 * Image providers on Amazon Bedrock behind the ImageProvider interface: the 3D model seen from the variation's
 * camera becomes the conditioning image of a Stability AI Control Structure or Amazon Nova Canvas (image conditioning) request,
 * sent with InvokeModel (JSON in, JSON out). Every failure is a typed provider error (errors.ts).
 *
 * InvokeModel: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html
 * Bodies: stability.ts, nova-canvas.ts.
 */
import { RENDER_STYLE_DEFINITIONS, type RenderStyle, styleFromPrompt } from '../../../shared/domain';
import { readPrompt } from '../../../shared/prompt/scene-settings';
import { logger } from '../logger';
import { type BedrockInvokeDeps, bedrockJsonInvoker } from './bedrock-invoke';
import { sceneConditionImage, toPng } from './conditioning';
import { MODEL_IDS } from './config';
import { ProviderServiceError } from './errors';
import { buildNovaCanvasRequest, novaCanvasSide, parseNovaCanvasResponse } from './nova-canvas';
import { variationSuffix } from './prompt';
import { buildStabilityControlRequest, parseStabilityResponse, stabilityCanvasSide } from './stability';
import { buildSearchReplaceRequest, surfaceEditsOf } from './stability-services';
import type { ImageProvider, ImageRequest, ImageResult } from './types';

export type BedrockImageKind = 'stability-structure' | 'nova-canvas';

/**
 * An ImageRequest with an explicit seed. Without one, the seed is derived from (generationId, variation) when the
 * request names its generation (the Generate task always does), else the model picks one.
 */
export interface BedrockImageRequest extends ImageRequest {
  /** Used as is (brought into the model's range). */
  seed?: number;
}

/** An ImageProvider whose generate also takes the seed / generation id (still assignable to ImageProvider). */
export type BedrockImageProvider = Omit<ImageProvider, 'id' | 'generate'> & {
  id: 'bedrock-stability-structure' | 'bedrock-nova-canvas';
  generate(request: BedrockImageRequest): Promise<ImageResult>;
};

export interface BedrockImageDeps extends BedrockInvokeDeps {
  modelId?: string;
  /** The Search and Replace model of refinements (MODEL_IDS.stabilitySearchReplace by default). */
  searchReplaceModelId?: string;
  /** Nova Canvas quality; default 'standard'. */
  quality?: 'standard' | 'premium';
}

const MODEL_NAMES: Record<BedrockImageKind, string> = {
  'stability-structure': 'Stability AI Control Structure',
  'nova-canvas': 'Amazon Nova Canvas',
};

export const providerIdFor = (kind: BedrockImageKind) => `bedrock-${kind}` as const;

export function createBedrockImageProvider(
  kind: BedrockImageKind,
  deps: BedrockImageDeps = {},
): BedrockImageProvider {
  const modelIdOf = () =>
    deps.modelId ?? (kind === 'stability-structure' ? MODEL_IDS.stabilityStructure : MODEL_IDS.novaCanvas);
  const log = logger.child({ provider: providerIdFor(kind) });

  const invoke = bedrockJsonInvoker(deps, log);

  /**
   * A refinement that only changes surfaces ("white render walls", "slate roof"): the render it refines, edited
   * with Search and Replace one surface at a time, so everything else in it stays. Null for any other follow-up.
   */
  async function editedSurfaces(
    req: BedrockImageRequest,
    refines: NonNullable<ImageRequest['refines']>,
    common: {
      variation: ImageRequest['variation'];
      style: RenderStyle;
      seed?: number;
      generationId?: string;
    },
  ): Promise<ImageResult | null> {
    const edits = surfaceEditsOf(readPrompt(refines.followUp), refines.followUp);
    if (!edits) return null;
    const modelId = deps.searchReplaceModelId ?? MODEL_IDS.stabilitySearchReplace;
    let image = refines.image;
    for (const edit of edits) {
      const body = buildSearchReplaceRequest({ ...common, image, edit });
      image = parseStabilityResponse(await invoke(modelId, body)).png;
    }
    const out = await decoded(image, modelId);
    return {
      ...out,
      description: `${RENDER_STYLE_DEFINITIONS[common.style].label} visualization refined by Stability AI Search and Replace on Amazon Bedrock (${edits.map((e) => e.replacement).join(', ')}).`,
      ...(req.view ? { camera: req.view.camera } : {}),
    };
  }

  return {
    id: providerIdFor(kind),
    async generate(req: BedrockImageRequest): Promise<ImageResult> {
      const modelId = modelIdOf();
      const style = req.style ?? styleFromPrompt(req.prompt);
      const common = {
        prompt: req.prompt,
        variation: req.variation,
        style,
        fidelity: req.fidelity,
        seed: req.seed,
        // A refinement keeps its render's seed: the same materials and light where the follow-up changes nothing.
        generationId: req.refines?.generationId ?? req.generationId,
      };
      if (kind === 'stability-structure' && req.refines) {
        const edited = await editedSurfaces(req, req.refines, { ...common, style });
        if (edited) return edited;
      }

      let imageBytes: Buffer;
      if (kind === 'stability-structure') {
        const side = stabilityCanvasSide(req.size);
        const condition = await sceneConditionImage(req.view, side);
        const body = buildStabilityControlRequest({ ...common, image: condition.png });
        imageBytes = parseStabilityResponse(await invoke(modelId, body)).png;
      } else {
        const condition = await sceneConditionImage(req.view, novaCanvasSide(req.size));
        const body = buildNovaCanvasRequest({
          ...common,
          image: condition.png,
          width: condition.width,
          height: condition.height,
          quality: deps.quality,
        });
        imageBytes = parseNovaCanvasResponse(await invoke(modelId, body)).png;
      }

      const out = await decoded(imageBytes, modelId);
      return {
        ...out,
        description: `${RENDER_STYLE_DEFINITIONS[style].label} visualization of the drawing by ${MODEL_NAMES[kind]} on Amazon Bedrock, with ${variationSuffix(req.variation)}.`,
        camera: req.view.camera,
      };
    },
  };
}

async function decoded(
  bytes: Buffer,
  modelId: string,
): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    return await toPng(bytes);
  } catch (err) {
    throw new ProviderServiceError(undefined, {
      detail: `${modelId}: image could not be decoded`,
      cause: err,
    });
  }
}
