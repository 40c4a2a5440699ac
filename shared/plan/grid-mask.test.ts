import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointInPolygon } from './geometry';
import { fillConvexPolygon, labelPieces } from './grid-mask';

const W = 40;
const H = 30;

/** A convex quadrilateral: a rectangle of any size and angle (a wall's footprint), anywhere near the grid. */
const quad = fc
  .record({
    cx: fc.double({ min: -10, max: 50, noNaN: true }),
    cy: fc.double({ min: -10, max: 40, noNaN: true }),
    length: fc.double({ min: 0.5, max: 60, noNaN: true }),
    thickness: fc.double({ min: 0.2, max: 8, noNaN: true }),
    angle: fc.double({ min: 0, max: Math.PI, noNaN: true }),
  })
  .map(({ cx, cy, length, thickness, angle }) => {
    const [ux, uy] = [Math.cos(angle) * (length / 2), Math.sin(angle) * (length / 2)];
    const [nx, ny] = [-Math.sin(angle) * (thickness / 2), Math.cos(angle) * (thickness / 2)];
    return [
      [cx - ux + nx, cy - uy + ny],
      [cx + ux + nx, cy + uy + ny],
      [cx + ux - nx, cy + uy - ny],
      [cx - ux - nx, cy - uy - ny],
    ] as [number, number][];
  });

describe('fillConvexPolygon', () => {
  it('sets exactly the pixels whose centre lies inside the polygon (away from its edges)', () => {
    fc.assert(
      fc.property(quad, (polygon) => {
        const mask = new Uint8Array(W * H);
        fillConvexPolygon(mask, W, H, polygon);
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < W; x++) {
            const centre: [number, number] = [x + 0.5, y + 0.5];
            const nearEdge = polygon.some((a, i) => {
              const b = polygon[(i + 1) % polygon.length]!;
              const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
              const t = Math.max(
                0,
                Math.min(
                  1,
                  ((centre[0] - a[0]) * (b[0] - a[0]) + (centre[1] - a[1]) * (b[1] - a[1])) / len ** 2,
                ),
              );
              return (
                Math.hypot(centre[0] - a[0] - t * (b[0] - a[0]), centre[1] - a[1] - t * (b[1] - a[1])) < 1e-6
              );
            });
            if (nearEdge) continue;
            expect(mask[y * W + x] === 1).toBe(pointInPolygon(centre, polygon));
          }
        }
      }),
    );
  });
});

describe('labelPieces', () => {
  it('numbers the 8-connected pieces in the order of their first cell, corners touching', () => {
    // 5 × 3: a diagonal pair joined at a corner, a lone cell, and an unset row.
    const mask = Uint8Array.from([1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const { label, count, cells, starts } = labelPieces(mask, 5, 3);
    expect(count).toBe(2);
    expect(Array.from(label)).toEqual([0, -1, -1, -1, 1, -1, 0, -1, -1, -1, -1, -1, -1, -1, -1]);
    expect(Array.from(cells)).toEqual([0, 6, 4]);
    expect(Array.from(starts)).toEqual([0, 2, 3]);
  });

  it('labels no piece in an empty mask', () => {
    const { label, count } = labelPieces(new Uint8Array(12), 4, 3);
    expect(count).toBe(0);
    expect(label.every((v) => v === -1)).toBe(true);
  });
});
