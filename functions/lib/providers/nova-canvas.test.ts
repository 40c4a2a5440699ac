import { describe, expect, it } from 'vitest';
import { RENDER_STYLE_DEFINITIONS, VARIATION_SUFFIXES } from '../../../shared/domain';
import { ContentFilteredError, ProviderServiceError } from './errors';
import {
  buildNovaCanvasRequest,
  isNovaCanvasSize,
  NOVA_CANVAS_LIMITS,
  novaCanvasSide,
  parseNovaCanvasResponse,
} from './nova-canvas';
import { seedFor } from './prompt';

const image = Buffer.from('condition-png');
const base = { image, width: 1024, height: 1024, variation: 1 as const, style: 'isometric' as const };

describe('buildNovaCanvasRequest', () => {
  it('builds the documented "text-to-image request with image conditioning" body', () => {
    const body = buildNovaCanvasRequest({
      ...base,
      prompt: 'A modern house',
      fidelity: 1,
      generationId: 'gen1',
    });
    expect(Object.keys(body).sort()).toEqual(['imageGenerationConfig', 'taskType', 'textToImageParams']);
    expect(body.taskType).toBe('TEXT_IMAGE');
    expect(Object.keys(body.textToImageParams).sort()).toEqual(
      ['conditionImage', 'controlMode', 'controlStrength', 'negativeText', 'text'].sort(),
    );
    expect(body.textToImageParams.text).toBe(
      `A modern house, ${VARIATION_SUFFIXES[0]}, ${RENDER_STYLE_DEFINITIONS.isometric.promptWords}`,
    );
    expect(body.textToImageParams.conditionImage).toBe(image.toString('base64'));
    expect(body.textToImageParams.controlMode).toBe('CANNY_EDGE');
    expect(body.textToImageParams.controlStrength).toBe(0.95);
    expect(body.imageGenerationConfig).toEqual({
      numberOfImages: 1,
      width: 1024,
      height: 1024,
      quality: 'standard',
      cfgScale: 6.5,
      seed: seedFor('gen1', 1, NOVA_CANVAS_LIMITS.seedMax),
    });
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });

  it('keeps text and negativeText within 1–1024 characters and values in their documented ranges', () => {
    const prompt = `${'Two-storey family house with a flat green roof and large glazing '.repeat(40)}TAIL`;
    for (const variation of [1, 2, 3] as const) {
      const body = buildNovaCanvasRequest({
        ...base,
        variation,
        prompt,
        fidelity: 0,
        seed: 999_999_999_999,
        cfgScale: 50,
      });
      const { text, negativeText, controlStrength } = body.textToImageParams;
      expect(text.length).toBeGreaterThanOrEqual(1);
      expect(text.length).toBeLessThanOrEqual(1024);
      expect(text).not.toContain('TAIL');
      expect(text).toContain(VARIATION_SUFFIXES[variation - 1]);
      expect(negativeText.length).toBeGreaterThanOrEqual(1);
      expect(negativeText.length).toBeLessThanOrEqual(1024);
      expect(controlStrength).toBe(0.3);
      expect(body.imageGenerationConfig.seed).toBeGreaterThanOrEqual(0);
      expect(body.imageGenerationConfig.seed).toBeLessThanOrEqual(858_993_459);
      expect(body.imageGenerationConfig.cfgScale).toBe(10);
    }
  });

  it('passes the options through and leaves the seed out when there is none', () => {
    const body = buildNovaCanvasRequest({
      ...base,
      prompt: 'p',
      quality: 'premium',
      controlMode: 'SEGMENTATION',
      cfgScale: 0.5,
    });
    expect(body.imageGenerationConfig.quality).toBe('premium');
    expect(body.imageGenerationConfig.cfgScale).toBe(1.1);
    expect(body.textToImageParams.controlMode).toBe('SEGMENTATION');
    expect('seed' in body.imageGenerationConfig).toBe(false);
  });

  it('refuses sizes Nova Canvas does not accept', () => {
    expect(() => buildNovaCanvasRequest({ ...base, prompt: 'p', width: 1000, height: 1024 })).toThrow(
      RangeError,
    );
    expect(() => buildNovaCanvasRequest({ ...base, prompt: 'p', width: 2048, height: 2048 })).toThrow(
      RangeError,
    );
  });
});

describe('Nova Canvas sizes', () => {
  it('accepts only sides of 320–4096 px divisible by 16, aspect ≤ 4:1, fewer than 4,194,304 pixels', () => {
    expect(isNovaCanvasSize(1024, 1024)).toBe(true);
    expect(isNovaCanvasSize(320, 1280)).toBe(true);
    expect(isNovaCanvasSize(320, 1296)).toBe(false); // 4.05:1
    expect(isNovaCanvasSize(304, 304)).toBe(false);
    expect(isNovaCanvasSize(1000, 1000)).toBe(false);
    expect(isNovaCanvasSize(2048, 2048)).toBe(false); // = 4,194,304, not fewer
    expect(isNovaCanvasSize(2032, 2032)).toBe(true);
    expect(isNovaCanvasSize(4096, 1024)).toBe(false); // 4,194,304 pixels
  });

  it('turns a requested size into an accepted square side', () => {
    expect(novaCanvasSide(undefined)).toBe(1024);
    expect(novaCanvasSide(1024)).toBe(1024);
    expect(novaCanvasSide(1000)).toBe(1008);
    expect(novaCanvasSide(64)).toBe(320);
    expect(novaCanvasSide(2048)).toBe(2032);
    for (let s = 0; s <= 5000; s += 37) {
      const side = novaCanvasSide(s);
      expect(isNovaCanvasSize(side, side)).toBe(true);
    }
  });
});

describe('parseNovaCanvasResponse', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('decodes the first image of the documented response `{ images: [base64] }`', () => {
    expect(parseNovaCanvasResponse({ images: [png.toString('base64')] }).png.equals(png)).toBe(true);
  });

  it('treats the documented `error` field, or no image, as content moderation', () => {
    const moderated = {
      images: [],
      error: 'An image generated by the model may conflict with the AWS Responsible AI Policy.',
    };
    expect(() => parseNovaCanvasResponse(moderated)).toThrow(ContentFilteredError);
    expect(() => parseNovaCanvasResponse(moderated)).toThrow(
      /blocked by the image service's content moderation/,
    );
    expect(() => parseNovaCanvasResponse({ images: [] })).toThrow(ContentFilteredError);
    expect(() => parseNovaCanvasResponse({ error: 'x' })).toThrow(ContentFilteredError);
    try {
      parseNovaCanvasResponse(moderated);
    } catch (err) {
      expect((err as ContentFilteredError).detail).toContain('Responsible AI');
    }
  });

  it('treats a malformed answer as a service error', () => {
    expect(() => parseNovaCanvasResponse(undefined)).toThrow(ProviderServiceError);
    expect(() => parseNovaCanvasResponse([1])).toThrow(ProviderServiceError);
  });
});
