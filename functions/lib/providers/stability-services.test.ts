import { describe, expect, it } from 'vitest';
import { RENDER_STYLE_DEFINITIONS } from '../../../shared/domain';
import { readPrompt } from '../../../shared/prompt/scene-settings';
import { NEGATIVE_PROMPT, seedFor } from './prompt';
import { STABILITY_LIMITS } from './stability';
import {
  buildConservativeUpscaleRequest,
  buildFastUpscaleRequest,
  buildSearchReplaceRequest,
  CONSERVATIVE_UPSCALE_LIMITS,
  surfaceEditsOf,
  upscaleServiceFor,
} from './stability-services';

const editsOf = (followUp: string) => surfaceEditsOf(readPrompt(followUp), followUp);

describe('surfaceEditsOf', () => {
  it('edits the walls or the roof when the follow-up changes only their finish', () => {
    expect(editsOf('white render walls')).toEqual([
      { search: 'the building walls', replacement: 'white smooth rendered stucco walls' },
    ]);
    expect(editsOf('red brick facade')).toEqual([
      { search: 'the building walls', replacement: 'red brick walls' },
    ]);
    expect(editsOf('slate roof')).toEqual([{ search: 'the roof', replacement: 'slate roof' }]);
    expect(editsOf('timber cladding and a grey metal roof')).toEqual([
      { search: 'the building walls', replacement: 'timber cladding walls' },
      { search: 'the roof', replacement: 'grey standing seam metal roof' },
    ]);
  });

  it('renders again when the follow-up changes more than surfaces', () => {
    expect(editsOf('add a flat roof')).toBeNull(); // a roof's shape is geometry
    expect(editsOf('pitched slate roof')).toBeNull();
    expect(editsOf('white walls, add a flat roof, evening')).toBeNull();
    expect(editsOf('white walls at night')).toBeNull();
    expect(editsOf('white walls with a swimming pool')).toBeNull(); // words not understood
    expect(editsOf('interior view')).toBeNull();
    expect(editsOf('')).toBeNull();
  });
});

describe('Stability service bodies (documented fields only)', () => {
  const image = Buffer.from('png bytes');

  it('Search and Replace: prompt, search_prompt, image, negative prompt, PNG, seed and preset', () => {
    const body = buildSearchReplaceRequest({
      image,
      edit: { search: 'the roof', replacement: 'slate roof' },
      style: 'photorealistic',
      variation: 2,
      generationId: 'gen-1',
    });
    expect(body).toEqual({
      prompt: `slate roof, ${RENDER_STYLE_DEFINITIONS.photorealistic.promptWords}`,
      search_prompt: 'the roof',
      image: image.toString('base64'),
      negative_prompt: NEGATIVE_PROMPT,
      output_format: 'png',
      seed: seedFor('gen-1', 2, STABILITY_LIMITS.seedMax),
      style_preset: 'photographic',
    });
    const artistic = buildSearchReplaceRequest({
      image,
      edit: { search: 'the roof', replacement: 'slate roof' },
      style: 'artistic',
      variation: 1,
    });
    expect(artistic).not.toHaveProperty('seed');
    expect(artistic).not.toHaveProperty('style_preset');
  });

  it('Fast Upscale: the image and the output format', () => {
    expect(buildFastUpscaleRequest(image)).toEqual({ image: image.toString('base64'), output_format: 'png' });
  });

  it('Conservative Upscale: the render prompt, the lowest documented creativity', () => {
    const body = buildConservativeUpscaleRequest({
      image,
      prompt: 'Brick villa',
      variation: 1,
      style: 'photorealistic',
      generationId: 'gen-1',
    });
    expect(body.prompt.startsWith('Brick villa, ')).toBe(true);
    expect(body).toMatchObject({
      image: image.toString('base64'),
      creativity: CONSERVATIVE_UPSCALE_LIMITS.creativity,
      negative_prompt: NEGATIVE_PROMPT,
      output_format: 'png',
      seed: seedFor('gen-1', 1, STABILITY_LIMITS.seedMax),
    });
    expect(body.creativity).toBeGreaterThanOrEqual(0.2);
    expect(body.creativity).toBeLessThanOrEqual(0.5);
  });
});

describe('upscaleServiceFor', () => {
  it('4096 px from a 1024 px render: Fast Upscale (4×, within its 1,048,576 px input)', () => {
    expect(upscaleServiceFor(1024, 1024, 4096)).toBe('fast');
  });
  it('2048 px from a 1024 px render: Fast Upscale reaches it too; larger inputs go to Conservative Upscale', () => {
    expect(upscaleServiceFor(1024, 1024, 2048)).toBe('fast');
    expect(upscaleServiceFor(1536, 1024, 4096)).toBe('conservative'); // over Fast's 1,048,576 px
    expect(upscaleServiceFor(2000, 1500, 4096)).toBe('conservative');
  });
  it('no model when the render is already as large, or outside every documented input', () => {
    expect(upscaleServiceFor(4096, 4096, 4096)).toBe('none');
    expect(upscaleServiceFor(3072, 3072, 2048)).toBe('none');
    expect(upscaleServiceFor(40, 40, 2048)).toBe('none'); // 1,600 px: under Conservative's 4,096
  });
});
