/**
 * A render's high-resolution export through Stability AI's upscalers on Amazon Bedrock (plan and bodies in
 * stability-services.ts): Fast Upscale (4×) or Conservative Upscale, then fitted to the asked size (Lanczos), so
 * the file is exactly as large as offered whatever the model returned.
 */

import sharp from 'sharp';
import type { RenderStyle, VariationNumber } from '../../../shared/domain';
import { logger } from '../logger';
import { type BedrockInvokeDeps, bedrockJsonInvoker } from './bedrock-invoke';
import { MODEL_IDS } from './config';
import { ProviderServiceError } from './errors';
import { parseStabilityResponse } from './stability';
import {
  buildConservativeUpscaleRequest,
  buildFastUpscaleRequest,
  type UpscaleService,
  upscaleServiceFor,
} from './stability-services';

export interface UpscaleRequest {
  png: Buffer;
  /** Long side of the export in pixels. */
  size: number;
  /** What the render was made from (Conservative Upscale asks for a prompt). */
  prompt: string;
  variation: VariationNumber;
  style: RenderStyle;
  generationId?: string;
}

export interface UpscaleDeps extends BedrockInvokeDeps {
  fastModelId?: string;
  conservativeModelId?: string;
}

/** The render enlarged by an upscaler to `size` px on its long side; `service` names the one used. */
export async function upscaleWithStability(
  req: UpscaleRequest,
  deps: UpscaleDeps = {},
): Promise<{ png: Buffer; service: UpscaleService }> {
  const meta = await sharp(req.png).metadata();
  if (!meta.width || !meta.height)
    throw new ProviderServiceError(undefined, { detail: 'Upscale: unreadable render' });
  const service = upscaleServiceFor(meta.width, meta.height, req.size);
  const invoke = bedrockJsonInvoker(deps, logger.child({ provider: 'bedrock-stability-upscale' }));
  let image = req.png;
  if (service === 'fast') {
    const modelId = deps.fastModelId ?? MODEL_IDS.stabilityFastUpscale;
    image = parseStabilityResponse(await invoke(modelId, buildFastUpscaleRequest(req.png))).png;
  } else if (service === 'conservative') {
    const modelId = deps.conservativeModelId ?? MODEL_IDS.stabilityConservativeUpscale;
    image = parseStabilityResponse(
      await invoke(modelId, buildConservativeUpscaleRequest({ ...req, image: req.png })),
    ).png;
  }
  const png = await fitToLongSide(image, req.size).catch((cause: unknown) => {
    throw new ProviderServiceError(undefined, { detail: 'Upscale: image could not be decoded', cause });
  });
  return { png, service };
}

/** An image as a PNG exactly `size` px on its long side (Lanczos), larger or smaller than it was. */
export function fitToLongSide(image: Buffer, size: number): Promise<Buffer> {
  return sharp(image)
    .resize({ width: size, height: size, fit: 'inside', kernel: 'lanczos3' })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
