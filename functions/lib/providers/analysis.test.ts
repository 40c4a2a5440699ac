import {
  type BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyseWithBedrock, buildAnalysisRequest, parseAnalysisResponse } from './analysis';
import { DEFAULT_MODEL_IDS } from './config';
import { ContentFilteredError, ProviderServiceError, ProviderThrottledError } from './errors';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const project = { title: 'Lake house', description: 'Two bedrooms', tags: ['Residential', 'Modern'] };

/** A Converse answer as documented: output.message.content[].text, stopReason, usage. */
const answer = (text: string, stopReason: ConverseCommandOutput['stopReason'] = 'end_turn') =>
  ({
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason,
    usage: { inputTokens: 1200, outputTokens: 40, totalTokens: 1240 },
    metrics: { latencyMs: 800 },
    $metadata: {},
  }) as ConverseCommandOutput;

afterEach(() => {
  delete process.env.BEDROCK_ANALYSIS_MODEL_ID;
});

describe('buildAnalysisRequest', () => {
  it('is a Converse request with an image block (png bytes) and a text block, maxTokens 300', () => {
    const req = buildAnalysisRequest(png, 'Photorealistic exterior', project);
    expect(req.modelId).toBe(DEFAULT_MODEL_IDS.analysis);
    expect(req.modelId).toBe('us.amazon.nova-lite-v1:0');
    expect(req.inferenceConfig).toEqual({ maxTokens: 300, temperature: 0.2 });
    expect(req.system?.[0]).toHaveProperty('text');
    expect(req.messages).toHaveLength(1);
    const [message] = req.messages!;
    expect(message!.role).toBe('user');
    const [imageBlock, textBlock] = message!.content!;
    expect(imageBlock).toEqual({ image: { format: 'png', source: { bytes: png } } });
    const text = (textBlock as { text: string }).text;
    expect(text).toContain('Project: Lake house');
    expect(text).toContain('Description: Two bedrooms');
    expect(text).toContain('Tags: Residential, Modern');
    expect(text).toContain('Requested visualization: Photorealistic exterior');
  });

  it('takes the model id from the argument, else BEDROCK_ANALYSIS_MODEL_ID', () => {
    expect(buildAnalysisRequest(png, 'p', project, 'us.amazon.nova-pro-v1:0').modelId).toBe(
      'us.amazon.nova-pro-v1:0',
    );
    process.env.BEDROCK_ANALYSIS_MODEL_ID = 'eu.amazon.nova-lite-v1:0';
    expect(buildAnalysisRequest(png, 'p', { title: 'T' }).modelId).toBe('eu.amazon.nova-lite-v1:0');
  });

  it('omits empty project fields', () => {
    const text = (
      buildAnalysisRequest(png, 'p', { title: 'T', description: null, tags: [] }).messages![0]!
        .content![1] as { text: string }
    ).text;
    expect(text).not.toContain('Description');
    expect(text).not.toContain('Tags');
  });
});

describe('parseAnalysisResponse', () => {
  it('returns the text, whitespace collapsed', () => {
    expect(parseAnalysisResponse(answer('  A floor plan of a\n two-bedroom house.  '))).toBe(
      'A floor plan of a two-bedroom house.',
    );
  });
  it('treats content_filtered and guardrail_intervened as ContentFilteredError', () => {
    expect(() => parseAnalysisResponse(answer('blocked', 'content_filtered'))).toThrow(ContentFilteredError);
    expect(() => parseAnalysisResponse(answer('blocked', 'guardrail_intervened'))).toThrow(
      ContentFilteredError,
    );
  });
  it('treats an answer without text as a service error', () => {
    expect(() => parseAnalysisResponse(answer('   '))).toThrow(ProviderServiceError);
    expect(() => parseAnalysisResponse({ output: undefined, stopReason: 'end_turn' })).toThrow(
      ProviderServiceError,
    );
  });
});

describe('analyseWithBedrock', () => {
  it('sends a ConverseCommand and returns the text', async () => {
    const send = vi.fn(async (_command: ConverseCommand) => answer('A floor plan.'));
    const runtime = { send } as unknown as BedrockRuntimeClient;
    await expect(analyseWithBedrock(png, 'p', project, { runtime })).resolves.toBe('A floor plan.');
    const command = send.mock.calls[0]![0];
    expect(command).toBeInstanceOf(ConverseCommand);
    expect(command.input.modelId).toBe('us.amazon.nova-lite-v1:0');
  });
  it('classifies SDK errors', async () => {
    const send = vi.fn(async () => {
      throw Object.assign(new Error('Too many requests'), { name: 'ThrottlingException', $metadata: {} });
    });
    const runtime = { send } as unknown as BedrockRuntimeClient;
    await expect(analyseWithBedrock(png, 'p', project, { runtime })).rejects.toBeInstanceOf(
      ProviderThrottledError,
    );
  });
});
