import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_EXTENSIONS,
  FILE_KIND_IDS,
  FILE_KINDS,
  fileKindOfExtension,
  IMAGE_PROVIDERS,
  RENDER_STYLE_DEFINITIONS,
  RENDER_STYLES,
  styleFromPrompt,
  UPLOAD_FORMATS_LABEL,
  VARIATION_NUMBERS,
  VARIATION_SUFFIXES,
  VARIATIONS,
  VARIATIONS_PER_GENERATION,
  variationName,
} from './domain';
import { CONTENT_TYPES_BY_EXTENSION, contentTypeFits } from './schemas/project-rules';

describe('the domain registry', () => {
  it('has the spec’s three variations, numbered from 1, with their suffixes word for word', () => {
    expect(VARIATION_NUMBERS).toEqual([1, 2, 3]);
    expect(VARIATIONS_PER_GENERATION).toBe(3);
    expect(VARIATION_SUFFIXES).toEqual([
      'enhanced lighting and detailed material textures',
      'alternative camera perspective and composition',
      'different time of day with atmospheric effects',
    ]);
    expect(VARIATION_NUMBERS.map((n) => VARIATIONS[n].camera)).toEqual(['main', 'opposite', 'main']);
    expect(variationName(2)).toBe('Alternative camera');
    expect(variationName(4)).toBe('Visualization');
    expect(variationName(null)).toBe('Visualization');
  });

  it('lists every style once, and reads the quick prompts as their styles', () => {
    expect([...RENDER_STYLES].sort()).toEqual(Object.keys(RENDER_STYLE_DEFINITIONS).sort());
    expect(styleFromPrompt('Isometric architectural rendering')).toBe('isometric');
    expect(styleFromPrompt('Photorealistic exterior view')).toBe('photorealistic');
    expect(styleFromPrompt('Artistic watercolor style')).toBe('artistic');
    expect(styleFromPrompt('Night scene with ambient lighting')).toBe('night');
    expect(styleFromPrompt('Modern interior with natural lighting')).toBe('interior');
    expect(styleFromPrompt('a house')).toBe('photorealistic');
  });

  it('names the providers the ai_model_primary setting offers', () => {
    expect(IMAGE_PROVIDERS).toEqual(['local', 'bedrock-stability-structure', 'bedrock-nova-canvas']);
  });

  it('derives the accepted extensions, the formats label and the Content-Types from the file kinds', () => {
    expect(ACCEPTED_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'pdf', 'dwg', 'dxf']);
    expect(UPLOAD_FORMATS_LABEL).toBe('JPG, PNG, PDF, DWG, DXF');
    expect(fileKindOfExtension('JPG')).toBe('jpeg');
    expect(fileKindOfExtension('dwg')).toBe('dwg');
    expect(fileKindOfExtension('exe')).toBeUndefined();
    for (const kind of FILE_KIND_IDS) {
      for (const ext of FILE_KINDS[kind].extensions) {
        expect(CONTENT_TYPES_BY_EXTENSION[ext as keyof typeof CONTENT_TYPES_BY_EXTENSION]).toBe(
          FILE_KINDS[kind].contentTypes,
        );
      }
    }
    expect(contentTypeFits('plan.DWG', 'application/acad')).toBe(true);
    expect(contentTypeFits('plan.png', 'application/acad')).toBe(false);
  });
});
