import { logger } from '../lib/logger';

export interface PrepareInput {
  generationId?: string;
  [key: string]: unknown;
}

/** First state of the generation flow. Placeholder until the generation feature lands: echoes its input. */
export async function handler(input: PrepareInput): Promise<PrepareInput & { preparedAt: string }> {
  logger.info('prepare', { generationId: input.generationId });
  return { ...input, preparedAt: new Date().toISOString() };
}
