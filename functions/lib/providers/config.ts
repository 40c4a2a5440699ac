/**
 * Model ids, from the environment with documented defaults (read on access, so a test or a Lambda's
 * configuration can change them). Values may be in-Region model ids, cross-Region inference profile ids
 * (`us.…`) or their ARNs.
 */
import { BedrockRuntimeClient, type BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';

export const DEFAULT_MODEL_IDS = {
  /** https://docs.aws.amazon.com/bedrock/latest/userguide/stable-image-services.html (Control Structure) */
  stabilityStructure: 'us.stability.stable-image-control-structure-v1:0',
  /** Same page (Search and Replace): refinements that change only surfaces. */
  stabilitySearchReplace: 'us.stability.stable-image-search-replace-v1:0',
  /** Same page (Fast Upscale, 4×): exports of AI renders up to 1,048,576 px (the default 1024 px renders). */
  stabilityFastUpscale: 'us.stability.stable-fast-upscale-v1:0',
  /** Same page (Conservative Upscale, about 4 megapixels): exports of larger AI renders. */
  stabilityConservativeUpscale: 'us.stability.stable-conservative-upscale-v1:0',
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
  get stabilitySearchReplace(): string {
    return fromEnv('BEDROCK_SEARCH_REPLACE_MODEL_ID', DEFAULT_MODEL_IDS.stabilitySearchReplace);
  },
  get stabilityFastUpscale(): string {
    return fromEnv('BEDROCK_FAST_UPSCALE_MODEL_ID', DEFAULT_MODEL_IDS.stabilityFastUpscale);
  },
  get stabilityConservativeUpscale(): string {
    return fromEnv('BEDROCK_CONSERVATIVE_UPSCALE_MODEL_ID', DEFAULT_MODEL_IDS.stabilityConservativeUpscale);
  },
  get novaCanvas(): string {
    return fromEnv('BEDROCK_NOVA_CANVAS_MODEL_ID', DEFAULT_MODEL_IDS.novaCanvas);
  },
  get analysis(): string {
    return fromEnv('BEDROCK_ANALYSIS_MODEL_ID', DEFAULT_MODEL_IDS.analysis);
  },
};

/**
 * The Generate task's limit in seconds: its Lambda timeout (infra/lib/constructs/generation.ts) and its state's
 * `TimeoutSeconds` in shared/workflow/generate.asl.json (the CDK tests check both).
 */
export const GENERATE_TIMEOUT_SECONDS = 180;

/** What a Generate invocation needs besides Bedrock: reading the drawing, the conditioning image, the PNG upload. */
export const GENERATE_OVERHEAD_SECONDS = 20;

/** Attempts per Bedrock call: one SDK retry (a dropped connection, a throttle); Step Functions retries the rest. */
export const BEDROCK_MAX_ATTEMPTS = 2;

/**
 * How long one Bedrock request may stay silent before the SDK gives up (the Bedrock Runtime client speaks
 * HTTP/2, where `requestTimeout` is the stream's inactivity timeout: no byte of the answer for that long).
 * Every attempt must end inside the Generate Lambda, so that a slow model surfaces as a typed ProviderTimeout,
 * which the state retries (up to 4 times), instead of the invocation being cut off at the Lambda's limit:
 * (180 s − 20 s) / 2 attempts = 80 s each. The Prepare task (5 minutes) shares the client for the analysis,
 * which fits as well.
 */
export const BEDROCK_REQUEST_TIMEOUT_MS =
  Math.floor((GENERATE_TIMEOUT_SECONDS - GENERATE_OVERHEAD_SECONDS) / BEDROCK_MAX_ATTEMPTS) * 1000;

/** The shared client's configuration (Region: BEDROCK_REGION, else the Lambda's AWS_REGION); tests shorten the timeout. */
export function bedrockClientConfig(requestTimeout = BEDROCK_REQUEST_TIMEOUT_MS): BedrockRuntimeClientConfig {
  return {
    region: process.env.BEDROCK_REGION || undefined,
    maxAttempts: BEDROCK_MAX_ATTEMPTS,
    requestHandler: { requestTimeout },
  };
}

let runtime: BedrockRuntimeClient | undefined;

/** The shared Bedrock Runtime client. */
export function bedrockRuntimeClient(): BedrockRuntimeClient {
  runtime ??= new BedrockRuntimeClient(bedrockClientConfig());
  return runtime;
}
