/**
 * Drawing analysis with a multimodal model on Amazon Bedrock through the Converse API: the line drawing as an
 * image block plus a short instruction; the answer is one or two sentences of plain text.
 *
 * Converse: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 *   ContentBlock `{ text }` and `{ image: { format: 'png' | 'jpeg' | 'gif' | 'webp', source: { bytes } } }`
 *   (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageBlock.html),
 *   `inferenceConfig: { maxTokens, temperature, topP }`, response `output.message.content[].text` and
 *   `stopReason` (end_turn | max_tokens | content_filtered | guardrail_intervened | …).
 * Default model: Amazon Nova Lite, `us.amazon.nova-lite-v1:0` (model card: text + image in, Converse supported,
 *   lifecycle Active — https://docs.aws.amazon.com/bedrock/latest/userguide/model-card-amazon-nova-lite.html).
 */
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { bedrockRuntimeClient, MODEL_IDS } from './config';
import { ContentFilteredError, classifyBedrockError, ProviderServiceError } from './errors';
import { truncateText } from './prompt';

export interface AnalysisProject {
  title: string;
  description?: string | null;
  tags?: readonly string[];
}

export const ANALYSIS_MAX_TOKENS = 300;
/** Longest analysis kept (the model is asked for ≤ 80 words; this only guards storage). */
export const ANALYSIS_MAX_CHARS = 1200;

const SYSTEM_PROMPT =
  'You are an assistant to architects. You describe architectural drawings accurately and briefly, in plain ' +
  'text without markdown, and you never invent details that are not visible in the drawing.';

/** The Converse request: the drawing as a PNG image block and the instruction as a text block. */
export function buildAnalysisRequest(
  drawingPng: Uint8Array,
  prompt: string,
  project: AnalysisProject,
  modelId: string = MODEL_IDS.analysis,
): ConverseCommandInput {
  const about = [
    `Project: ${truncateText(project.title.trim(), 200)}`,
    project.description?.trim() ? `Description: ${truncateText(project.description.trim(), 1000)}` : '',
    project.tags?.length ? `Tags: ${project.tags.slice(0, 30).join(', ')}` : '',
    `Requested visualization: ${truncateText(prompt.replace(/\s+/g, ' ').trim(), 2000)}`,
  ].filter(Boolean);
  const instruction =
    'Describe what this drawing shows in one or two sentences (at most 80 words): the kind of drawing ' +
    '(floor plan, elevation, section or site plan), the building type, the rooms or spaces and notable ' +
    'features such as doors, windows and stairs, and anything that matters for the requested visualization.';
  return {
    modelId,
    system: [{ text: SYSTEM_PROMPT }],
    messages: [
      {
        role: 'user',
        content: [
          { image: { format: 'png', source: { bytes: drawingPng } } },
          { text: `${about.join('\n')}\n\n${instruction}` },
        ],
      },
    ],
    inferenceConfig: { maxTokens: ANALYSIS_MAX_TOKENS, temperature: 0.2 },
  };
}

/** The answer's text. A content-filtered or guardrail answer is a ContentFilteredError; no text is a service error. */
export function parseAnalysisResponse(output: Pick<ConverseCommandOutput, 'output' | 'stopReason'>): string {
  if (output.stopReason === 'content_filtered' || output.stopReason === 'guardrail_intervened') {
    throw new ContentFilteredError("The drawing analysis was blocked by the model's content filter.", {
      detail: `Converse stopReason ${output.stopReason}`,
    });
  }
  const content = output.output && 'message' in output.output ? (output.output.message?.content ?? []) : [];
  const text = content
    .map((block) => ('text' in block && typeof block.text === 'string' ? block.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) throw new ProviderServiceError(undefined, { detail: 'Converse: the answer has no text' });
  return truncateText(text, ANALYSIS_MAX_CHARS);
}

/** Analyses the drawing with the configured model; failures are typed provider errors. */
export async function analyseWithBedrock(
  drawingPng: Uint8Array,
  prompt: string,
  project: AnalysisProject,
  deps: { runtime?: BedrockRuntimeClient; modelId?: string } = {},
): Promise<string> {
  const input = buildAnalysisRequest(drawingPng, prompt, project, deps.modelId ?? MODEL_IDS.analysis);
  let output: ConverseCommandOutput;
  try {
    output = await (deps.runtime ?? bedrockRuntimeClient()).send(new ConverseCommand(input));
  } catch (err) {
    throw classifyBedrockError(err, input.modelId);
  }
  return parseAnalysisResponse(output);
}
