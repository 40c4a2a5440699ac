/**
 * Model ids, from the environment with documented defaults (read on access, so a test or a Lambda's
 * configuration can change them). Values may be in-Region model ids, cross-Region inference profile ids
 * (`us.…`) or their ARNs.
 */
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';

export const DEFAULT_MODEL_IDS = {
  /** https://docs.aws.amazon.com/bedrock/latest/userguide/stable-image-services.html (Control Structure) */
  stabilityStructure: 'us.stability.stable-image-control-structure-v1:0',
  /** https://docs.aws.amazon.com/nova/latest/userguide/image-gen-req-resp-structure.html */
  novaCanvas: 'amazon.nova-canvas-v1:0',
  /** https://docs.aws.amazon.com/bedrock/latest/userguide/model-card-amazon-nova-lite.html (Converse, image in) */
  analysis: 'us.amazon.nova-lite-v1:0',
} as const;

const fromEnv = (name: string, fallback: string) => process.env[name]?.trim() || fallback;

export const MODEL_IDS = {
  get stabilityStructure(): string {
    return fromEnv('BEDROCK_STABILITY_MODEL_ID', DEFAULT_MODEL_IDS.stabilityStructure);
  },
  get novaCanvas(): string {
    return fromEnv('BEDROCK_NOVA_CANVAS_MODEL_ID', DEFAULT_MODEL_IDS.novaCanvas);
  },
  get analysis(): string {
    return fromEnv('BEDROCK_ANALYSIS_MODEL_ID', DEFAULT_MODEL_IDS.analysis);
  },
};

/**
 * Image generation can take well over the SDK's usual minute; the Nova guide recommends a read timeout of at
 * least 300 s. Step Functions retries the typed errors, so the SDK itself retries only once.
 */
export const BEDROCK_REQUEST_TIMEOUT_MS = 300_000;

let runtime: BedrockRuntimeClient | undefined;

/** The shared Bedrock Runtime client (Region: BEDROCK_REGION, else the Lambda's AWS_REGION). */
export function bedrockRuntimeClient(): BedrockRuntimeClient {
  runtime ??= new BedrockRuntimeClient({
    region: process.env.BEDROCK_REGION || undefined,
    maxAttempts: 2,
    requestHandler: { requestTimeout: BEDROCK_REQUEST_TIMEOUT_MS },
  });
  return runtime;
}
