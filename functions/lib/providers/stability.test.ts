import { describe, expect, it } from 'vitest';
import { RENDER_STYLE_DEFINITIONS, VARIATION_SUFFIXES } from '../../../shared/domain';
import { ContentFilteredError, ProviderServiceError } from './errors';
import { seedFor } from './prompt';
import {
  buildStabilityControlRequest,
  parseStabilityResponse,
  STABILITY_LIMITS,
  STABILITY_STYLE_PRESETS,
  stabilityCanvasSide,
} from './stability';

/** From the guide's Control Structure example: `{ "image": <base64>, "prompt": "surreal structure …" }`. */
const DOC_PROMPT = 'surreal structure with motion generated sparks lighting the scene';
/** From the guide's "Model invocation responses body field" and the filtered answer it documents. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);
const DOC_RESPONSE = { seeds: [2130420379], finish_reasons: [null], images: [PNG_1PX.toString('base64')] };
const DOC_FILTERED = { finish_reasons: ['Filter reason: prompt'] };

const image = Buffer.from('fake-png-bytes');

describe('buildStabilityControlRequest', () => {
  it('builds the documented body: prompt, base64 image, control_strength, negative_prompt, seed, output_format', () => {
    const body = buildStabilityControlRequest({
      image,
      prompt: DOC_PROMPT,
      variation: 1,
      style: 'photorealistic',
      fidelity: 0.7,
      generationId: 'gen1',
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'control_strength',
        'image',
        'negative_prompt',
        'output_format',
        'prompt',
        'seed',
        'style_preset',
      ].sort(),
    );
    expect(body.prompt).toBe(
      `${DOC_PROMPT}, ${VARIATION_SUFFIXES[0]}, ${RENDER_STYLE_DEFINITIONS.photorealistic.promptWords}`,
    );
    expect(body.image).toBe(image.toString('base64'));
    expect(Buffer.from(body.image, 'base64').equals(image)).toBe(true);
    expect(body.control_strength).toBe(0.7);
    expect(body.output_format).toBe('png');
    expect(body.negative_prompt.length).toBeGreaterThan(0);
    expect(body.negative_prompt.length).toBeLessThanOrEqual(STABILITY_LIMITS.negativePromptMax);
    expect(body.seed).toBe(seedFor('gen1', 1, STABILITY_LIMITS.seedMax));
    expect(body.style_preset).toBe('photographic');
    // It serialises to plain JSON, as InvokeModel's body is sent.
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });

  it('keeps every value in its documented range', () => {
    for (const fidelity of [0, 0.2, 0.7, 1, 7, -1]) {
      for (const style of ['photorealistic', 'isometric', 'artistic', 'night', 'interior'] as const) {
        const body = buildStabilityControlRequest({
          image,
          prompt: 'x'.repeat(12_000),
          variation: 3,
          style,
          fidelity,
          seed: 2 ** 40,
        });
        expect(body.control_strength).toBeGreaterThanOrEqual(0);
        expect(body.control_strength).toBeLessThanOrEqual(1);
        expect(body.prompt.length).toBeLessThanOrEqual(STABILITY_LIMITS.promptMax);
        expect(body.seed).toBeGreaterThanOrEqual(1);
        expect(body.seed).toBeLessThanOrEqual(4_294_967_294);
        if (body.style_preset) expect(STABILITY_STYLE_PRESETS).toContain(body.style_preset);
      }
    }
  });

  it('omits seed (random) when neither a seed nor a generation id is given, and the preset for watercolour', () => {
    const body = buildStabilityControlRequest({ image, prompt: 'p', variation: 2, style: 'artistic' });
    expect('seed' in body).toBe(false);
    expect('style_preset' in body).toBe(false);
  });
});

describe('stabilityCanvasSide', () => {
  it('is the requested size within 64 … 3072 px (3072² = 9,437,184, the documented pixel maximum)', () => {
    expect(stabilityCanvasSide(undefined)).toBe(1024);
    expect(stabilityCanvasSide(1024)).toBe(1024);
    expect(stabilityCanvasSide(10)).toBe(64);
    expect(stabilityCanvasSide(5000)).toBe(3072);
    expect(3072 * 3072).toBeLessThanOrEqual(STABILITY_LIMITS.maxPixels);
  });
});

describe('parseStabilityResponse', () => {
  it('decodes the first image of the documented response', () => {
    const out = parseStabilityResponse(DOC_RESPONSE);
    expect(out.png.equals(PNG_1PX)).toBe(true);
    expect(out.seed).toBe(2130420379);
  });

  it('turns the documented filter reasons into ContentFilteredError with a readable message', () => {
    expect(() => parseStabilityResponse(DOC_FILTERED)).toThrow(ContentFilteredError);
    expect(() => parseStabilityResponse(DOC_FILTERED)).toThrow(/prompt was blocked/);
    expect(() =>
      parseStabilityResponse({ seeds: [1], finish_reasons: ['Filter reason: output image'], images: [] }),
    ).toThrow(/generated image was blocked/);
    expect(() => parseStabilityResponse({ finish_reasons: ['Filter reason: input image'] })).toThrow(
      /drawing was blocked/,
    );
    try {
      parseStabilityResponse(DOC_FILTERED);
    } catch (err) {
      expect((err as ContentFilteredError).name).toBe('ContentFiltered');
      expect((err as ContentFilteredError).detail).toBe('Stability: Filter reason: prompt');
    }
  });

  it('treats "Inference error", a missing image and a malformed answer as retryable service errors', () => {
    expect(() => parseStabilityResponse({ finish_reasons: ['Inference error'] })).toThrow(
      ProviderServiceError,
    );
    expect(() => parseStabilityResponse({ seeds: [1], finish_reasons: [null], images: [] })).toThrow(
      ProviderServiceError,
    );
    expect(() => parseStabilityResponse(null)).toThrow(ProviderServiceError);
    expect(() => parseStabilityResponse('nope')).toThrow(ProviderServiceError);
  });
});
