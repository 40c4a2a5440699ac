import { describe, expect, it } from 'vitest';
import {
  executionInputSchema,
  markFailedInputSchema,
  parseTaskInput,
  TaskInputError,
  variationInputSchema,
} from './types';

const execution = { generationId: 'g1', projectId: 'p1', userId: 'u1' };
const variation = {
  ...execution,
  provider: 'local',
  style: 'photorealistic',
  fidelity: 0.7,
  fileId: 'f1',
  analysis: 'A plan of about 10 × 8 m.',
  item: { variation: 2, renderId: 'r2', jobId: 'j2', prompt: 'a house' },
};

describe('workflow inputs, parsed at each task’s edge', () => {
  it('takes what the state machine hands a task, and leaves out what the task does not read', () => {
    expect(parseTaskInput(executionInputSchema, { ...execution, extra: 1 }, 'prepare')).toEqual(execution);
    const parsed = parseTaskInput(
      variationInputSchema,
      {
        ...variation,
        image: {
          imageKey: 'k',
          description: 'd',
          camera: { position: [1, 2, 3], target: [0, 0, 0], fovDeg: 45 },
        },
      },
      'store',
    );
    expect(parsed.item.variation).toBe(2);
    expect(parsed.image?.camera?.fovDeg).toBe(45);
  });

  it('refuses a malformed input with the task and the field in the message', () => {
    const bad = () =>
      parseTaskInput(
        variationInputSchema,
        { ...variation, item: { ...variation.item, variation: 4 } },
        'generate',
      );
    expect(bad).toThrow(TaskInputError);
    expect(bad).toThrow(/^generate: item\.variation: /);
    expect(() => parseTaskInput(executionInputSchema, { generationId: 'g1' }, 'finalize')).toThrow(
      /finalize: projectId/,
    );
  });

  it('tells a variation’s catch from Prepare’s (all renders)', () => {
    const all = parseTaskInput(
      markFailedInputSchema,
      { ...execution, all: true, error: { Error: 'X' } },
      'mark-failed',
    );
    expect(all.all).toBe(true);
    const one = parseTaskInput(
      markFailedInputSchema,
      { ...variation, error: { Error: 'ProviderThrottled' } },
      'mark-failed',
    );
    expect('item' in one && one.item.renderId).toBe('r2');
  });
});
