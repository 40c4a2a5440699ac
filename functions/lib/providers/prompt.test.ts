import { describe, expect, it } from 'vitest';
import { RENDER_STYLE_DEFINITIONS, RENDER_STYLES, VARIATION_SUFFIXES } from '../../../shared/domain';
import {
  buildVariationPrompt,
  clampSeed,
  controlStrengthFor,
  resolveSeed,
  seedFor,
  truncateText,
  variationSuffix,
} from './prompt';

describe('buildVariationPrompt', () => {
  it('is the user prompt, the variation suffix and the style words', () => {
    for (const variation of [1, 2, 3] as const) {
      const p = buildVariationPrompt(
        { prompt: '  Modern villa\n by a lake ', variation, style: 'night' },
        1024,
      );
      expect(p).toBe(
        `Modern villa by a lake, ${VARIATION_SUFFIXES[variation - 1]}, ${RENDER_STYLE_DEFINITIONS.night.promptWords}`,
      );
    }
    expect(variationSuffix(1)).toBe('enhanced lighting and detailed material textures');
    expect(variationSuffix(2)).toBe('alternative camera perspective and composition');
    expect(variationSuffix(3)).toBe('different time of day with atmospheric effects');
    for (const style of RENDER_STYLES)
      expect(RENDER_STYLE_DEFINITIONS[style].promptWords.length).toBeGreaterThan(10);
  });

  it('shortens only the user part, at a word boundary, to fit the limit', () => {
    const long = `${'spacious open plan living room with oak floors '.repeat(60)}END`;
    const p = buildVariationPrompt({ prompt: long, variation: 2, style: 'photorealistic' }, 1024);
    expect(p.length).toBeLessThanOrEqual(1024);
    expect(p).not.toContain('END');
    expect(
      p.endsWith(`, ${VARIATION_SUFFIXES[1]}, ${RENDER_STYLE_DEFINITIONS.photorealistic.promptWords}`),
    ).toBe(true);
    const head = p.slice(0, p.indexOf(`, ${VARIATION_SUFFIXES[1]}`));
    expect(long.startsWith(head)).toBe(true);
    expect(head.endsWith(' ')).toBe(false);
  });

  it('still fits when the limit is smaller than the suffix', () => {
    const p = buildVariationPrompt({ prompt: 'house', variation: 1, style: 'artistic' }, 40);
    expect(p.length).toBeLessThanOrEqual(40);
    expect(p.startsWith('house')).toBe(true);
  });
});

describe('truncateText', () => {
  it('never splits a surrogate pair', () => {
    const s = `${'a'.repeat(9)}😀😀`;
    const t = truncateText(s, 10);
    expect(t.length).toBeLessThanOrEqual(10);
    expect(t).toBe('a'.repeat(9));
    expect(() => encodeURIComponent(t)).not.toThrow();
  });
  it('leaves short text alone', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('anything', 0)).toBe('');
  });
});

describe('controlStrengthFor', () => {
  it('maps Creative (0) … Precise (1) onto 0.3 … 0.95, the default fidelity onto the documented 0.7', () => {
    expect(controlStrengthFor(0)).toBe(0.3);
    expect(controlStrengthFor(0.7)).toBe(0.7);
    expect(controlStrengthFor(undefined)).toBe(0.7);
    expect(controlStrengthFor(1)).toBe(0.95);
    expect(controlStrengthFor(0.35)).toBe(0.5);
    expect(controlStrengthFor(-3)).toBe(0.3);
    expect(controlStrengthFor(9)).toBe(0.95);
    expect(controlStrengthFor(Number.NaN)).toBe(0.7);
    let last = 0;
    for (let f = 0; f <= 1.0001; f += 0.05) {
      const s = controlStrengthFor(f);
      expect(s).toBeGreaterThanOrEqual(last);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
      last = s;
    }
  });
});

describe('seeds', () => {
  it('are deterministic per (generation, variation) and within 1..max', () => {
    const a = seedFor('01jabcdefghijklmnopqrstuvw', 1, 858_993_459);
    expect(seedFor('01jabcdefghijklmnopqrstuvw', 1, 858_993_459)).toBe(a);
    expect(seedFor('01jabcdefghijklmnopqrstuvw', 2, 858_993_459)).not.toBe(a);
    expect(seedFor('01jzzzzzzzzzzzzzzzzzzzzzzz', 1, 858_993_459)).not.toBe(a);
    for (let i = 0; i < 200; i++) {
      const s = seedFor(`g${i}`, 3, 1000);
      expect(s).toBeGreaterThanOrEqual(1);
      expect(s).toBeLessThanOrEqual(1000);
    }
  });
  it('explicit seeds win and are brought into range', () => {
    expect(resolveSeed({ seed: 42, generationId: 'g', variation: 1 }, 100)).toBe(42);
    expect(resolveSeed({ generationId: 'g', variation: 1 }, 100)).toBe(seedFor('g', 1, 100));
    expect(resolveSeed({ variation: 1 }, 100)).toBeUndefined();
    expect(clampSeed(100, 100)).toBe(100);
    expect(clampSeed(101, 100)).toBe(1);
    expect(clampSeed(0, 100)).toBeGreaterThanOrEqual(1);
    expect(clampSeed(-5, 100)).toBeGreaterThanOrEqual(1);
    expect(clampSeed(Number.NaN, 100)).toBe(1);
  });
});
