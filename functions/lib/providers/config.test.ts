import { createServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import {
  BEDROCK_MAX_ATTEMPTS,
  BEDROCK_REQUEST_TIMEOUT_MS,
  bedrockClientConfig,
  GENERATE_OVERHEAD_SECONDS,
  GENERATE_TIMEOUT_SECONDS,
} from './config';
import { classifyBedrockError } from './errors';

describe('Bedrock Runtime client timeouts', () => {
  it('every attempt of a Bedrock call ends before the Generate Lambda times out', () => {
    expect(bedrockClientConfig()).toMatchObject({
      maxAttempts: BEDROCK_MAX_ATTEMPTS,
      requestHandler: { requestTimeout: BEDROCK_REQUEST_TIMEOUT_MS },
    });
    expect(BEDROCK_REQUEST_TIMEOUT_MS).toBeLessThan(GENERATE_TIMEOUT_SECONDS * 1000);
    expect(
      BEDROCK_MAX_ATTEMPTS * BEDROCK_REQUEST_TIMEOUT_MS + GENERATE_OVERHEAD_SECONDS * 1000,
    ).toBeLessThanOrEqual(GENERATE_TIMEOUT_SECONDS * 1000);
  });

  it('a model that never answers ends, after the configured attempts, in a retryable ProviderTimeout', async () => {
    // The Bedrock Runtime client speaks HTTP/2; this server accepts each request and stays silent.
    let requests = 0;
    const server = createServer();
    server.on('stream', () => {
      requests++;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new BedrockRuntimeClient({
      ...bedrockClientConfig(300),
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    try {
      const started = Date.now();
      const error = await client
        .send(new InvokeModelCommand({ modelId: 'amazon.nova-canvas-v1:0', body: '{}' }))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect((error as Error | null)?.name).toBe('TimeoutError');
      expect(classifyBedrockError(error, 'amazon.nova-canvas-v1:0').name).toBe('ProviderTimeout');
      expect(requests).toBe(BEDROCK_MAX_ATTEMPTS);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
