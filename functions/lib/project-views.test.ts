import { describe, expect, it } from 'vitest';
import { inShowingOrder } from './project-views';

describe('inShowingOrder', () => {
  it('keeps the newest generation first and puts each generation’s variations in order', () => {
    const renders = [
      { id: 'r6', generationId: 'g2', variation: 1 },
      { id: 'r9', generationId: 'g2', variation: 3 },
      { id: 'r8', generationId: 'g2', variation: 2 },
      { id: 'r5', generationId: undefined, variation: undefined },
      { id: 'r3', generationId: 'g1', variation: 3 },
      { id: 'r1', generationId: 'g1', variation: 1 },
    ];
    expect(inShowingOrder(renders).map((r) => r.id)).toEqual(['r6', 'r8', 'r9', 'r5', 'r1', 'r3']);
  });
});
