/**
 * Image providers by id (System Settings → `ai_model_primary`): `local` is the software renderer in
 * engine/render; the `bedrock-*` ids are Amazon Bedrock models (bedrock-image.ts). See README.md.
 */
import type { ImageProviderId } from '../../../shared/domain';
import { createBedrockImageProvider } from './bedrock-image';
import { localImageProvider } from './local';
import type { ImageProvider } from './types';

export {
  type AnalysisProject,
  analyseWithBedrock,
  buildAnalysisRequest,
  parseAnalysisResponse,
} from './analysis';
export {
  type BedrockImageDeps,
  type BedrockImageKind,
  type BedrockImageProvider,
  type BedrockImageRequest,
  createBedrockImageProvider,
} from './bedrock-image';
export { BEDROCK_REQUEST_TIMEOUT_MS, bedrockRuntimeClient, DEFAULT_MODEL_IDS, MODEL_IDS } from './config';
export * from './errors';
export { assertModelActive, foundationModelId } from './lifecycle';
export type { ImageProvider, ImageRequest, ImageResult } from './types';

const bedrock = new Map<ImageProviderId, ImageProvider>();

/** The provider for an id; the Bedrock ones are created once per container. */
export function getImageProvider(id: ImageProviderId): ImageProvider {
  switch (id) {
    case 'local':
      return localImageProvider;
    case 'bedrock-stability-structure':
    case 'bedrock-nova-canvas': {
      let provider = bedrock.get(id);
      if (!provider) {
        provider = createBedrockImageProvider(
          id === 'bedrock-stability-structure' ? 'stability-structure' : 'nova-canvas',
        );
        bedrock.set(id, provider);
      }
      return provider;
    }
    default: {
      const unknown: never = id;
      throw new Error(`Unknown image provider ${String(unknown)}`);
    }
  }
}
