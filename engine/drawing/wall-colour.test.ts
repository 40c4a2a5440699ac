import { describe, expect, it } from 'vitest';
import { otsu } from './image';
import { findWallColour, type RgbImage, thinLongPixels, wallInkOfColour } from './wall-colour';

// The suite's seed (vitest.config.ts prints it; FC_SEED=<seed> reproduces a run).
const SEED = Number(process.env.FC_SEED ?? 20261124);

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];
const W = 400;
const H = 300;

function canvas(paper: Rgb) {
  const data = new Uint8Array(W * H * 3);
  const truth = new Uint8Array(W * H);
  const fill = (
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    colour: (x: number, y: number) => Rgb,
    wall = false,
  ) => {
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const c = colour(x, y);
        data.set(c, (y * W + x) * 3);
        truth[y * W + x] = wall ? 1 : 0;
      }
  };
  fill(0, 0, W, H, () => paper);
  return { img: { data, width: W, height: H } as RgbImage, truth, fill };
}

/** Luminance below Otsu's threshold: the reading by darkness the colour must beat. */
function darkInk(img: RgbImage): Uint8Array {
  const n = img.width * img.height;
  const lum = new Uint8Array(n);
  const hist = new Float64Array(256);
  for (let i = 0; i < n; i++) {
    lum[i] = Math.round(
      0.2126 * img.data[i * 3]! + 0.7152 * img.data[i * 3 + 1]! + 0.0722 * img.data[i * 3 + 2]!,
    );
    hist[lum[i]!]!++;
  }
  const t = otsu(hist, n);
  let dark = 0;
  for (let i = 0; i < n; i++) if (lum[i]! < t) dark++;
  const inverted = dark > n / 2;
  return lum.map((v) => (v < t !== inverted ? 1 : 0));
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++;
    if (a[i] || b[i]) either++;
  }
  return both / Math.max(1, either);
}

/** A marketing render: salmon cut walls (lit and shaded faces) around dark wooden floors and grey furniture. */
function render(seed: number) {
  const rand = random(seed);
  const { img, truth, fill } = canvas([255, 255, 255]);
  const planks = Array.from({ length: 40 }, () => 70 + Math.floor(rand() * 50));
  fill(60, 40, 340, 260, (x) => {
    const v = planks[Math.floor(x / 7) % planks.length]!;
    return [v + 10, v, v - 15];
  });
  for (let k = 0; k < 6; k++) {
    const x = 90 + Math.floor(rand() * 200);
    const y = 70 + Math.floor(rand() * 140);
    const g = 150 + Math.floor(rand() * 60);
    fill(x, y, x + 20 + Math.floor(rand() * 20), y + 12 + Math.floor(rand() * 20), () => [g, g, g - 5]);
  }
  const lit: Rgb = [225, 185, 160];
  const shaded: Rgb = [208, 158, 124];
  fill(50, 30, 350, 42, () => lit, true);
  fill(50, 258, 350, 270, () => lit, true);
  fill(50, 30, 62, 270, () => shaded, true);
  fill(338, 30, 350, 270, () => shaded, true);
  fill(190, 42, 200, 180, () => shaded, true); // an interior wall
  return { img, truth };
}

describe('walls found by their colour', () => {
  it('reads salmon walls over dark textured floors (lit and shaded faces as one colour)', () => {
    for (let k = 0; k < 5; k++) {
      const seed = SEED + k;
      const { img, truth } = render(seed);
      const colour = findWallColour(img, darkInk(img));
      expect(colour, `seed ${seed}`).not.toBeNull();
      const ink = wallInkOfColour(img, colour!);
      expect(iou(ink, truth), `seed ${seed}`).toBeGreaterThan(0.9);
      // The dark floors, which a reading by darkness takes for walls, are not in it.
      expect(iou(darkInk(img), truth), `seed ${seed}`).toBeLessThan(0.3);
    }
  });

  it('leaves black-line drawings and black walls to the reading by darkness', () => {
    const lines = canvas([250, 250, 248]);
    lines.fill(60, 40, 340, 43, () => [20, 20, 20], true);
    lines.fill(60, 257, 340, 260, () => [20, 20, 20], true);
    lines.fill(60, 40, 63, 260, () => [20, 20, 20], true);
    lines.fill(337, 40, 340, 260, () => [20, 20, 20], true);
    for (let x = 100; x < 300; x += 9) lines.fill(x, 150, x + 5, 157, () => [40, 40, 40]); // text
    expect(findWallColour(lines.img, darkInk(lines.img))).toBeNull();

    const solid = canvas([255, 255, 255]);
    solid.fill(60, 40, 340, 260, () => [235, 220, 190]); // beige rooms
    solid.fill(50, 30, 350, 42, () => [5, 5, 5], true);
    solid.fill(50, 258, 350, 270, () => [5, 5, 5], true);
    solid.fill(50, 30, 62, 270, () => [5, 5, 5], true);
    solid.fill(338, 30, 350, 270, () => [5, 5, 5], true);
    expect(findWallColour(solid.img, darkInk(solid.img))).toBeNull();
  });

  it('never takes the paper for the walls, nor a blank sheet for anything', () => {
    const blank = canvas([255, 255, 255]);
    expect(findWallColour(blank.img, darkInk(blank.img))).toBeNull();
  });

  it('thin long pixels: a wall stretch, not a blob or a dot', () => {
    const w = 50;
    const h = 50;
    const mask = new Uint8Array(w * h);
    for (let y = 10; y < 13; y++) for (let x = 5; x < 45; x++) mask[y * w + x] = 1; // a wall
    for (let y = 20; y < 45; y++) for (let x = 20; x < 45; x++) mask[y * w + x] = 1; // a blob
    mask[2 * w + 2] = 1; // a dot
    const thin = thinLongPixels(mask, w, h, 10, 5);
    expect(thin[11 * w + 20]).toBe(1); // horizontal
    expect(thin[30 * w + 30]).toBe(0);
    expect(thin[2 * w + 2]).toBe(0);
  });
});
