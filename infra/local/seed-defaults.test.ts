import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../functions/lib/generation/prompts';
import { createTemplateSchema } from '../../shared/schemas/admin';
import { SEED_VISUALIZATION_TEMPLATE } from './seed';

describe('seeded admin defaults', () => {
  it('seeds an active visualization template whose every placeholder the pipeline fills', () => {
    const parsed = createTemplateSchema.parse({
      ...SEED_VISUALIZATION_TEMPLATE,
      variables: [...SEED_VISUALIZATION_TEMPLATE.variables],
    });
    expect(parsed).toMatchObject({ category: 'visualization', isActive: true });
    const placeholders = [...SEED_VISUALIZATION_TEMPLATE.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect([...new Set(placeholders)].sort()).toEqual([...SEED_VISUALIZATION_TEMPLATE.variables].sort());
    const text = fillTemplate(SEED_VISUALIZATION_TEMPLATE.template, {
      prompt: 'Photorealistic exterior view.',
      variation: 2,
      style: 'photorealistic',
      project: { title: 'Riverside House', description: 'Two storeys.', tags: ['Residential'] },
    });
    expect(text).not.toMatch(/\{\w+\}/);
    expect(text).toContain('"Riverside House"');
    expect(text).toContain('Variation 2: alternative camera perspective and composition.');
    expect(text).toContain('Brief from the architect: Photorealistic exterior view.');
  });
});
