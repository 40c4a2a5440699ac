import { describe, expect, it } from 'vitest';
import { fitCircle, rasterArcs } from './raster-arcs';
import { thinLineSegments } from './raster-lines';

const SIZE = 200;

/** An ink mask with pen lines of `pen` pixels (axis lines and circular arcs, angles with y down). */
function drawing(pen = 2) {
  const ink = new Uint8Array(SIZE * SIZE);
  const dot = (x: number, y: number) => {
    for (let dy = 0; dy < pen; dy++)
      for (let dx = 0; dx < pen; dx++) {
        const px = Math.floor(x - pen / 2 + dx + 0.5);
        const py = Math.floor(y - pen / 2 + dy + 0.5);
        if (px >= 0 && py >= 0 && px < SIZE && py < SIZE) ink[py * SIZE + px] = 1;
      }
  };
  return {
    ink,
    line(x0: number, y0: number, x1: number, y1: number) {
      const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
      for (let k = 0; k <= steps; k++) dot(x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps);
    },
    arc(cx: number, cy: number, r: number, from: number, to: number) {
      const steps = Math.ceil(r * (to - from) * 2);
      for (let k = 0; k <= steps; k++) {
        const t = from + ((to - from) * k) / steps;
        dot(cx + r * Math.cos(t), cy + r * Math.sin(t));
      }
    },
  };
}

/** A wall line along y = 100 broken by a doorway of `r` pixels, hinged at x = 60, its leaf open and its swing. */
function doorway(r: number) {
  const d = drawing();
  d.line(5, 100, 60, 100);
  d.line(60 + r, 100, 195, 100);
  d.line(60, 100, 60, 100 - r); // the leaf, open at right angles
  d.arc(60, 100, r, -Math.PI / 2, 0); // from the leaf's end to the far jamb
  const lines = thinLineSegments(d.ink, SIZE, SIZE, 6, 3);
  return { ...rasterArcs(d.ink, SIZE, SIZE, lines, 100), lines };
}

describe('rasterArcs (the door swings of a picture)', () => {
  it.each([30, 80])('finds a swing of %i px with its hinge, radius and quarter turn', (r) => {
    const { arcs, arcLines, lines } = doorway(r);
    expect(arcs).toHaveLength(1);
    const [a] = arcs;
    expect(Math.hypot(a!.cx - 60, a!.cy - 100)).toBeLessThan(2);
    expect(Math.abs(a!.r - r) / r).toBeLessThan(0.05);
    expect(((a!.end - a!.start) * 180) / Math.PI).toBeGreaterThan(75);
    // The straight runs the line search took from where the arc runs almost along an axis are the arc's.
    const kept = lines.filter((_, i) => !arcLines.has(i));
    const along = (x0: number, x1: number) =>
      kept.some(([a, y, b, y2]) => y === y2 && Math.abs(y - 100) <= 1 && a <= x0 && b >= x1);
    expect(along(10, 55)).toBe(true);
    expect(along(60 + r + 5, 190)).toBe(true);
    expect(kept.every(([x0, y0, x1, y1]) => x0 === x1 || y0 === y1)).toBe(true);
  });

  it('finds no arc in straight line work, in lettering or in a gently bent stroke', () => {
    const d = drawing();
    d.line(10, 10, 190, 10);
    d.line(10, 10, 10, 190);
    d.arc(100, 100, 3, 0, 2 * Math.PI); // an "o"
    d.arc(100, 600, 500, -Math.PI / 2 - 0.08, -Math.PI / 2 + 0.08); // 9° of a large circle
    const lines = thinLineSegments(d.ink, SIZE, SIZE, 6, 3);
    expect(rasterArcs(d.ink, SIZE, SIZE, lines, 100).arcs).toEqual([]);
  });
});

describe('fitCircle', () => {
  it('gives the circle through points on a quarter of it, and none through points on a line', () => {
    const quarter = Float64Array.from(
      Array.from({ length: 20 }, (_, k) => {
        const t = (k / 19) * (Math.PI / 2);
        return [12 + 40 * Math.cos(t), -7 + 40 * Math.sin(t)];
      }).flat(),
    );
    const circle = fitCircle(quarter)!;
    expect(circle.cx).toBeCloseTo(12, 6);
    expect(circle.cy).toBeCloseTo(-7, 6);
    expect(circle.r).toBeCloseTo(40, 6);
    expect(fitCircle(Float64Array.from([0, 0, 1, 1, 2, 2, 3, 3]))).toBeNull();
  });
});
