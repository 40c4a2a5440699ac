import { describe, expect, it } from 'vitest';
import { dimensionMetres, dimensionScale } from './dimension-scale';
import type { Segment } from './types';

describe('dimensionMetres (the length a dimension text states)', () => {
  it('reads millimetres, metres with decimals, and feet and inches', () => {
    expect(dimensionMetres('3830')).toBe(3.83);
    expect(dimensionMetres('10700')).toBe(10.7);
    expect(dimensionMetres('3.45')).toBe(3.45);
    expect(dimensionMetres('12,600 m')).toBe(12.6);
    expect(dimensionMetres(`11'3"`)).toBeCloseTo(3.429, 3);
    expect(dimensionMetres(`10'-0"`)).toBeCloseTo(3.048, 3);
  });

  it('leaves levels, room numbers, areas, scales and words alone', () => {
    for (const text of ['+3,300', '0.5', '1:100', '22.59 m²', '17', 'Kitchen', '120000', `9'13"`])
      expect(dimensionMetres(text)).toBeNull();
  });
});

describe('dimensionScale (dimensions written over their lines)', () => {
  // 100 px per metre: a 5 m and a 3 m dimension on one chain, extension lines at its ticks, texts above.
  const lines: Segment[] = [
    [100, 200, 900, 200], // the chain
    [100, 190, 100, 260],
    [600, 190, 600, 260],
    [900, 190, 900, 260],
  ];
  const at = (text: string, x: number) => ({ text, x, y: 185, height: 16 });

  it('takes metres per pixel from dimensions that agree, each cut at the extension lines around it', () => {
    expect(dimensionScale([at('5000', 350), at('3000', 750)], lines)).toEqual({
      metresPerPixel: 0.01,
      agreeing: 2,
    });
  });

  it('needs two that agree: one dimension, or two that disagree, give no scale', () => {
    expect(dimensionScale([at('5000', 350)], lines)).toBeNull();
    expect(dimensionScale([at('5000', 350), at('4200', 750)], lines)).toBeNull();
  });

  it('ignores numbers with no dimension line under them', () => {
    expect(dimensionScale([at('5000', 350), { text: '3000', x: 750, y: 600, height: 16 }], lines)).toBeNull();
  });
});
