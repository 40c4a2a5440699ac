import { describe, expect, it } from 'vitest';
import { applyTransform, centroid, describeScale, invertTransform, metresPerUnitFrom } from './scale';

describe('plan scale helpers', () => {
  it('describes the scale in words', () => {
    expect(
      describeScale({
        units: 'mm',
        metresPerUnit: 0.001,
        scaleGuessed: false,
        scaleSource: 'file',
        yDown: false,
      }),
    ).toBe('Drawing units: millimetres (from the file)');
    expect(describeScale({ units: 'px', metresPerUnit: 0.021, scaleGuessed: true, yDown: true })).toBe(
      '1 px = 2.1 cm (guessed)',
    );
    expect(
      describeScale({
        units: 'pt',
        metresPerUnit: 0.0313,
        scaleGuessed: false,
        scaleSource: 'user',
        yDown: true,
      }),
    ).toBe('1 pt = 3.1 cm (set by you)');
  });

  it('turns a measured length into metres per unit', () => {
    expect(metresPerUnitFrom([0, 0], [300, 400], 5)).toBeCloseTo(0.01, 12);
    expect(metresPerUnitFrom([1, 1], [1, 1], 5)).toBeNull();
    expect(metresPerUnitFrom([0, 0], [1, 0], 0)).toBeNull();
  });

  it('inverts the preview transform', () => {
    const t: [number, number, number, number, number, number] = [2, 0, 10, 0, -2, 500];
    const inverse = invertTransform(t)!;
    const p = applyTransform(inverse, applyTransform(t, [12.5, -3]));
    expect(p[0]).toBeCloseTo(12.5, 9);
    expect(p[1]).toBeCloseTo(-3, 9);
    expect(invertTransform([0, 0, 0, 0, 0, 0])).toBeNull();
  });

  it('finds a room label position', () => {
    expect(
      centroid([
        [0, 0],
        [4, 0],
        [4, 2],
        [0, 2],
      ]),
    ).toEqual([2, 1]);
  });
});
