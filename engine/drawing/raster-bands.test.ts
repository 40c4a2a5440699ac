import { describe, expect, it } from 'vitest';
import { bandFaceSegments } from './raster-bands';

const LIMITS = { penPx: 3, maxThicknessPx: 12, minLengthPx: 6 };

/** A width × height mask with the given boxes [x0, y0, x1, y1) inked. */
function mask(width: number, height: number, boxes: [number, number, number, number][]): Uint8Array {
  const ink = new Uint8Array(width * height);
  for (const [x0, y0, x1, y1] of boxes)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) ink[y * width + x] = 1;
  return ink;
}

describe('bandFaceSegments', () => {
  it('a band thicker than a pen gives its two long edges', () => {
    const faces = bandFaceSegments(mask(80, 40, [[10, 20, 60, 25]]), 80, 40, LIMITS);
    expect(faces).toEqual([
      [10, 20.5, 60, 20.5],
      [10, 24.5, 60, 24.5],
    ]);
  });

  it('a vertical band gives vertical faces', () => {
    const faces = bandFaceSegments(mask(40, 80, [[5, 10, 11, 70]]), 40, 80, LIMITS);
    expect(faces).toEqual([
      [5.5, 10, 5.5, 70],
      [10.5, 10, 10.5, 70],
    ]);
  });

  it('a pen’s line, a blob and a band thicker than a wall give none', () => {
    const ink = mask(120, 120, [
      [10, 10, 100, 12], // a line two pixels thick
      [10, 30, 30, 50], // a square blob
      [10, 60, 110, 80], // 20 px thick
    ]);
    expect(bandFaceSegments(ink, 120, 120, LIMITS)).toEqual([]);
  });

  it('a band is cut where a wall meets it', () => {
    const ink = mask(100, 60, [
      [0, 10, 100, 15],
      [48, 15, 53, 60],
    ]);
    const horizontal = bandFaceSegments(ink, 100, 60, LIMITS).filter((s) => s[1] === s[3]);
    // Where the other wall meets it, the ink across is that wall's: the band is cut there, both faces.
    expect(horizontal).toContainEqual([0, 10.5, 48, 10.5]);
    expect(horizontal).toContainEqual([53, 10.5, 100, 10.5]);
  });
});
