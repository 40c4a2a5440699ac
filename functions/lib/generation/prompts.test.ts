import { describe, expect, it } from 'vitest';
import { readableFailure } from './errors';
import { BUILT_IN_TEMPLATE, fillTemplate, variationPrompt } from './prompts';

const project = { title: 'Harbour Office', description: null, tags: ['Commercial', 'Modern'] };

describe('prompt templates', () => {
  it('fills every known variable and keeps unknown ones', () => {
    const text = fillTemplate(
      '{prompt} | {variation} | {variation_suffix} | {style} | {project_title} | {project_tags} | {other}',
      {
        prompt: 'Photorealistic exterior view.',
        variation: 2,
        style: 'photorealistic',
        project,
      },
    );
    expect(text).toBe(
      'Photorealistic exterior view | 2 | alternative camera perspective and composition | photorealistic | Harbour Office | Commercial, Modern | {other}',
    );
  });

  it('the built-in template names the drawing, the variation and the style', () => {
    const text = fillTemplate(BUILT_IN_TEMPLATE, {
      prompt: 'Night scene',
      variation: 3,
      style: 'night',
      project,
    });
    expect(text).toContain('Night scene');
    expect(text).toContain('different time of day with atmospheric effects');
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('the job prompt is the user prompt with the spec suffix', () => {
    expect(variationPrompt('Isometric architectural rendering', 1)).toBe(
      'Isometric architectural rendering, enhanced lighting and detailed material textures',
    );
  });
});

describe('readableFailure', () => {
  it('passes provider messages through and hides internal errors', () => {
    expect(
      readableFailure({
        Error: 'ContentFiltered',
        Cause: JSON.stringify({ errorType: 'ContentFiltered', errorMessage: 'Blocked by the filter' }),
      }),
    ).toBe('Blocked by the filter');
    expect(readableFailure({ Error: 'TypeError', Cause: 'x is undefined at /var/task/index.mjs:1' })).toBe(
      'Generation failed',
    );
    expect(readableFailure({ Error: 'States.Timeout', Cause: '' })).toBe(
      'The image took too long to generate',
    );
    expect(readableFailure(undefined)).toBe('Generation failed');
  });
});
