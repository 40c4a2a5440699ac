import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dropCollinear,
  indexCellSize,
  pointSegmentDistance,
  polygonArea,
  signedArea,
  traceRegionOutline,
  unionOfSpans,
  visitCellsNearSegment,
  wallQuad,
} from './geometry';

describe('traceRegionOutline', () => {
  it('traces a rectangle of cells counter-clockwise by its four corners', () => {
    const w = 5;
    const h = 4;
    const mask = new Uint8Array(w * h);
    for (let y = 1; y < 3; y++) for (let x = 1; x < 4; x++) mask[y * w + x] = 1;
    const outline = traceRegionOutline(mask, w, h, 1)!;
    expect(outline).toEqual([
      [1, 1],
      [4, 1],
      [4, 3],
      [1, 3],
    ]);
    expect(signedArea(outline)).toBe(6);
  });

  it('traces an L shape and ignores another region value', () => {
    // rows bottom-up: row 0 = "22.", row 1 = "2..", the 2s form an L of three cells
    const mask = [2, 2, 0, 2, 0, 7];
    const outline = traceRegionOutline(mask, 3, 2, 2)!;
    expect(polygonArea(outline)).toBe(3);
    expect(outline).toHaveLength(6);
  });

  it('returns null when no cell has the value', () => {
    expect(traceRegionOutline(new Uint8Array(4), 2, 2, 1)).toBeNull();
  });

  it('encloses exactly the cell count of any hole-free, 4-connected blob (property)', () => {
    // Blobs grown from one seed cell by random 4-neighbour steps, with holes filled: the outline area is the count.
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 3, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 60 }),
        (w, h, steps) => {
          const mask = new Uint8Array(w * h);
          let x = Math.floor(w / 2);
          let y = Math.floor(h / 2);
          mask[y * w + x] = 1;
          for (const s of steps) {
            x = Math.min(w - 1, Math.max(0, x + [1, 0, -1, 0][s]!));
            y = Math.min(h - 1, Math.max(0, y + [0, 1, 0, -1][s]!));
            mask[y * w + x] = 1;
          }
          fillHoles(mask, w, h);
          const outline = traceRegionOutline(mask, w, h, 1)!;
          const cells = mask.reduce((n, v) => n + v, 0);
          // Diagonal pinches can split a blob's outline; the first component's area never exceeds the count.
          expect(signedArea(outline)).toBeGreaterThan(0);
          expect(polygonArea(outline)).toBeLessThanOrEqual(cells);
          if (!hasDiagonalPinch(mask, w, h)) expect(polygonArea(outline)).toBe(cells);
        },
      ),
    );
  });
});

function fillHoles(mask: Uint8Array, w: number, h: number) {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let x = 0; x < w; x++) stack.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) stack.push(y * w, y * w + w - 1);
  while (stack.length) {
    const i = stack.pop()!;
    if (outside[i] || mask[i]) continue;
    outside[i] = 1;
    const x = i % w;
    const y = Math.floor(i / w);
    if (x > 0) stack.push(i - 1);
    if (x < w - 1) stack.push(i + 1);
    if (y > 0) stack.push(i - w);
    if (y < h - 1) stack.push(i + w);
  }
  for (let i = 0; i < w * h; i++) if (!outside[i]) mask[i] = 1;
}

function hasDiagonalPinch(mask: Uint8Array, w: number, h: number) {
  for (let y = 0; y < h - 1; y++) {
    for (let x = 0; x < w - 1; x++) {
      const a = mask[y * w + x];
      const b = mask[y * w + x + 1];
      const c = mask[(y + 1) * w + x];
      const d = mask[(y + 1) * w + x + 1];
      if ((a && d && !b && !c) || (b && c && !a && !d)) return true;
    }
  }
  return false;
}

describe('wall footprint', () => {
  it('widens the centreline by half the thickness each side', () => {
    const quad = wallQuad({ a: [0, 0], b: [10, 0], thickness: 2 });
    expect(quad).toEqual([
      [0, 1],
      [10, 1],
      [10, -1],
      [0, -1],
    ]);
    expect(polygonArea(quad)).toBe(20);
  });

  it('drops collinear vertices', () => {
    expect(
      dropCollinear([
        [0, 0],
        [1, 0],
        [2, 0],
        [2, 2],
        [0, 2],
      ]),
    ).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ]);
  });
});

describe('indexCellSize', () => {
  it('is the smallest cell asked for on a plan of usual size', () => {
    expect(
      indexCellSize(
        [
          [0, 0, 20, 0],
          [0, 0, 0, 15],
        ],
        1,
      ),
    ).toBe(1);
  });

  it('grows with the extent (512 cells a side) and with the total length (250,000 cells along)', () => {
    expect(indexCellSize([[0, 0, 10_240, 0]], 1)).toBe(20);
    const many = Array.from({ length: 1000 }, (_, i) => [0, i / 1000, 1000, i / 1000] as const);
    expect(indexCellSize(many, 1)).toBe(4);
  });
});

describe('unionOfSpans', () => {
  it('merges overlapping and touching spans, sorted, and leaves out empty ones', () => {
    expect(
      unionOfSpans([
        [5, 6],
        [0, 2],
        [1, 3],
        [3, 4],
        [7, 7],
      ]),
    ).toEqual([
      [0, 4],
      [5, 6],
    ]);
  });

  it('covers a point exactly when one of the spans does (property)', () => {
    const span = fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 10 }));
    fc.assert(
      fc.property(fc.array(span, { maxLength: 12 }), fc.integer({ min: -2, max: 62 }), (raw, point) => {
        const spans = raw.map(([from, length]): [number, number] => [from, from + length]);
        const union = unionOfSpans(spans);
        const inAny = spans.some(([a, b]) => b > a && point >= a && point <= b);
        expect(union.some(([a, b]) => point >= a && point <= b)).toBe(inAny);
        union.forEach(([, end], i) => {
          if (i + 1 < union.length) expect(end).toBeLessThan(union[i + 1]![0]);
        });
      }),
    );
  });
});

describe('visitCellsNearSegment', () => {
  const coordinate = fc.double({ min: -50, max: 50, noNaN: true });
  it('visits, once each, the cell of every point within reach of the segment, and only cells near it (property)', () => {
    fc.assert(
      fc.property(
        fc.tuple(coordinate, coordinate, coordinate, coordinate),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.25, max: 8, noNaN: true }),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        ([x1, y1, x2, y2], reach, cell, samples) => {
          const visits: string[] = [];
          visitCellsNearSegment(x1, y1, x2, y2, reach, cell, (cx, cy) => visits.push(`${cx},${cy}`));
          expect(new Set(visits).size).toBe(visits.length);
          const visited = new Set(visits);
          for (const [t, share, angle] of samples) {
            const r = reach * share * 0.999;
            const x = x1 + (x2 - x1) * t + r * Math.cos(angle);
            const y = y1 + (y2 - y1) * t + r * Math.sin(angle);
            expect(visited.has(`${Math.floor(x / cell)},${Math.floor(y / cell)}`)).toBe(true);
          }
          for (const key of visited) {
            const [cx, cy] = key.split(',').map(Number) as [number, number];
            const centre = pointSegmentDistance((cx + 0.5) * cell, (cy + 0.5) * cell, x1, y1, x2, y2);
            expect(centre).toBeLessThanOrEqual(reach * Math.SQRT2 + (cell * Math.SQRT2) / 2 + 1e-9);
          }
        },
      ),
    );
  });
});
