import { describe, expect, it } from 'vitest';
import { pictureViews } from './picture-views';

/** A mask of `width` × `height` with the given rectangles' outlines inked (2 px pens) and filled boxes of words. */
function mask(width: number, height: number, outlines: number[][], words: number[][] = []) {
  const ink = new Uint8Array(width * height);
  const set = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) ink[y * width + x] = 1;
  };
  for (const [x0, y0, x1, y1] of outlines) {
    for (let x = x0!; x < x1!; x++) for (const y of [y0!, y0! + 1, y1! - 2, y1! - 1]) set(x, y);
    for (let y = y0!; y < y1!; y++) for (const x of [x0!, x0! + 1, x1! - 2, x1! - 1]) set(x, y);
    // A partition across the middle, so the plan is more than a frame.
    for (let x = x0!; x < x1!; x++) set(x, Math.round((y0! + y1!) / 2));
  }
  for (const [x0, y0, x1, y1] of words)
    for (let y = y0!; y < y1!; y++) for (let x = x0!; x < x1!; x += 2) set(x, y);
  return { ink, width, height };
}

describe('the drawings on one picture', () => {
  it('tells three plans side by side apart, each with the title above it', () => {
    const m = mask(
      1200,
      600,
      [
        [20, 150, 370, 580],
        [420, 120, 820, 590],
        [870, 160, 1180, 560],
      ],
      [
        [100, 20, 280, 40],
        [520, 60, 700, 80],
        [950, 60, 1100, 80],
      ],
    );
    const views = pictureViews(m.ink, m.width, m.height);
    expect(views.map((v) => [v.x0, v.x1])).toEqual([
      [20, 370],
      [420, 820],
      [870, 1180],
    ]);
    // The title stays with its plan: the view reaches up to it.
    expect(views.map((v) => v.y0)).toEqual([20, 60, 60]);
  });

  it('keeps one plan whole: its title, a scale note and a legend beside it are not drawings of their own', () => {
    const m = mask(
      900,
      700,
      [[50, 100, 700, 650]],
      [
        [200, 20, 500, 45],
        [750, 300, 880, 330],
        [300, 670, 360, 690],
      ],
    );
    expect(pictureViews(m.ink, m.width, m.height)).toEqual(
      [{ x0: 0, y0: 0, x1: 900, y1: 700 }].map(() => ({ x0: 50, y0: 20, x1: 879, y1: 690 })),
    );
  });

  it('keeps a plan whole with its dimension chains apart under it', () => {
    const m = mask(1000, 620, [[150, 20, 900, 460]]);
    // Two chains, each a line with ticks, under the plan: long, as tall as a small drawing, and with as much ink.
    for (const y of [500, 535])
      for (let x = 140; x < 910; x++) for (const dy of [0, 1]) m.ink[(y + dy) * 1000 + x] = 1;
    for (const y of [500, 535])
      for (let x = 140; x < 910; x += 40) for (let dy = -20; dy <= 20; dy++) m.ink[(y + dy) * 1000 + x] = 1;
    expect(pictureViews(m.ink, m.width, m.height)).toHaveLength(1);
  });

  it('tells two plans one above the other apart', () => {
    const m = mask(600, 1000, [
      [40, 30, 560, 450],
      [60, 540, 540, 980],
    ]);
    expect(pictureViews(m.ink, m.width, m.height).map((v) => [v.y0, v.y1])).toEqual([
      [30, 450],
      [540, 980],
    ]);
  });
});
