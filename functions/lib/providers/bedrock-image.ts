/**
 * Image providers on Amazon Bedrock behind the ImageProvider interface: the normalised drawing becomes the
 * conditioning image of a Stability AI Control Structure or Amazon Nova Canvas (image conditioning) request,
 * sent with InvokeModel (JSON in, JSON out). Every failure is a typed provider error (errors.ts).
 *
 * InvokeModel: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html
 * Bodies: stability.ts, nova-canvas.ts.
 */
import type { BedrockClient } from '@aws-sdk/client-bedrock';
import { type BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { logger } from '../logger';
import { type Style, styleFromPrompt } from '../render/styles';
import { prepareConditionImage, sceneConditionImage, toPng } from './conditioning';
import { bedrockRuntimeClient, MODEL_IDS } from './config';
import { classifyBedrockError, ModelUnavailableError, ProviderServiceError } from './errors';
import { assertModelActive } from './lifecycle';
import { buildNovaCanvasRequest, novaCanvasSide, parseNovaCanvasResponse } from './nova-canvas';
import { variationSuffix } from './prompt';
import { buildStabilityControlRequest, parseStabilityResponse, stabilityCanvasSide } from './stability';
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

export interface BedrockImageDeps {
  runtime?: BedrockRuntimeClient;
  modelId?: string;
  /** Control-plane client for the lifecycle check. */
  control?: BedrockClient;
  /** Check the model's lifecycle (GetFoundationModel, cached per container) before invoking; default true. */
  checkLifecycle?: boolean;
  /** Nova Canvas quality; default 'standard'. */
  quality?: 'standard' | 'premium';
}

const MODEL_NAMES: Record<BedrockImageKind, string> = {
  'stability-structure': 'Stability AI Control Structure',
  'nova-canvas': 'Amazon Nova Canvas',
};

const STYLE_LABELS: Record<Style, string> = {
  photorealistic: 'Photorealistic',
  isometric: 'Isometric',
  artistic: 'Artistic',
  night: 'Night',
  interior: 'Interior',
};

export const providerIdFor = (kind: BedrockImageKind) => `bedrock-${kind}` as const;

export function createBedrockImageProvider(
  kind: BedrockImageKind,
  deps: BedrockImageDeps = {},
): BedrockImageProvider {
  const modelIdOf = () =>
    deps.modelId ?? (kind === 'stability-structure' ? MODEL_IDS.stabilityStructure : MODEL_IDS.novaCanvas);
  const log = logger.child({ provider: providerIdFor(kind) });

  async function ensureActive(modelId: string) {
    if (deps.checkLifecycle === false) return;
    try {
      await assertModelActive(modelId, deps.control);
    } catch (err) {
      if (err instanceof ModelUnavailableError) throw err;
      // The lifecycle check is advisory: when it cannot be made, InvokeModel gives the real answer.
      log.warn('Model lifecycle check failed; invoking anyway', { modelId, error: err });
    }
  }

  async function invoke(modelId: string, body: unknown): Promise<unknown> {
    let raw: Uint8Array | undefined;
    try {
      const out = await (deps.runtime ?? bedrockRuntimeClient()).send(
        new InvokeModelCommand({
          modelId,
          contentType: 'application/json',
          accept: 'application/json',
          body: JSON.stringify(body),
        }),
      );
      raw = out.body;
    } catch (err) {
      const classified = classifyBedrockError(err, modelId);
      log.warn('InvokeModel failed', { modelId, errorName: classified.name, detail: classified.detail });
      throw classified;
    }
    try {
      return JSON.parse(new TextDecoder().decode(raw));
    } catch (err) {
      throw new ProviderServiceError(undefined, { detail: `${modelId}: response is not JSON`, cause: err });
    }
  }

  return {
    id: providerIdFor(kind),
    async generate(req: BedrockImageRequest): Promise<ImageResult> {
      const modelId = modelIdOf();
      await ensureActive(modelId);
      const style = req.style ?? styleFromPrompt(req.prompt);
      const common = {
        prompt: req.prompt,
        variation: req.variation,
        style,
        fidelity: req.fidelity,
        seed: req.seed,
        generationId: req.generationId,
      };

      let imageBytes: Buffer;
      if (kind === 'stability-structure') {
        const side = stabilityCanvasSide(req.size);
        // The model seen from the variation's camera where there is one; the plan drawing otherwise.
        const condition = req.view
          ? await sceneConditionImage(req.view, side)
          : await prepareConditionImage(req.drawing.png, side);
        const body = buildStabilityControlRequest({ ...common, image: condition.png });
        imageBytes = parseStabilityResponse(await invoke(modelId, body)).png;
      } else {
        const condition = await prepareConditionImage(req.drawing.png, novaCanvasSide(req.size));
        const body = buildNovaCanvasRequest({
          ...common,
          image: condition.png,
          width: condition.width,
          height: condition.height,
          quality: deps.quality,
        });
        imageBytes = parseNovaCanvasResponse(await invoke(modelId, body)).png;
      }

      let out: { png: Buffer; width: number; height: number };
      try {
        out = await toPng(imageBytes);
      } catch (err) {
        throw new ProviderServiceError(undefined, {
          detail: `${modelId}: image could not be decoded`,
          cause: err,
        });
      }
      return {
        ...out,
        description: `${STYLE_LABELS[style]} visualization of the drawing by ${MODEL_NAMES[kind]} on Amazon Bedrock, with ${variationSuffix(req.variation)}.`,
        ...(kind === 'stability-structure' && req.view ? { camera: req.view.camera } : {}),
      };
    },
  };
}
