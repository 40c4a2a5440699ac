import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { pairParallelLines } from './wall-pairs';

const options = { minGap: 0.05, maxGap: 0.6, minOverlap: 0.1 };

describe('pairParallelLines', () => {
  it('pairs the two faces of a wall into its centreline and thickness', () => {
    const { walls, paired } = pairParallelLines(
      [
        [0, 0, 5, 0],
        [0, 0.2, 5, 0.2],
      ],
      options,
    );
    expect(walls).toHaveLength(1);
    expect(walls[0]!.thickness).toBeCloseTo(0.2, 9);
    expect(walls[0]!.seg.map((v) => Number(v.toFixed(6)))).toEqual([0, 0.1, 5, 0.1]);
    expect([...paired]).toEqual([1, 1]);
  });

  it('gives back what is left of a face beyond the stretch it pairs over, in either direction', () => {
    // The lower face runs on 6 units past the wall; the upper one is drawn right to left.
    const { walls, remainders } = pairParallelLines(
      [
        [0, 0, 10, 0],
        [4, 0.2, 0, 0.2],
      ],
      options,
    );
    expect(walls).toHaveLength(1);
    expect(remainders).toHaveLength(1);
    expect(remainders[0]!.index).toBe(0);
    expect(remainders[0]!.seg.map((v) => Number(v.toFixed(6)) + 0)).toEqual([4, 0, 10, 0]);
    // A face paired over its whole length leaves nothing; nor does a remainder shorter than the overlap asked for.
    const flush = pairParallelLines(
      [
        [0, 0, 5.05, 0],
        [0, 0.2, 5, 0.2],
      ],
      options,
    );
    expect(flush.remainders).toEqual([]);
  });

  it('pairs one long face with each piece of a face broken by a door, over their overlap only', () => {
    const { walls } = pairParallelLines(
      [
        [0, 0, 10, 0],
        [0, 0.25, 4, 0.25],
        [5, 0.25, 10, 0.25],
      ],
      options,
    );
    const spans = walls.map((w) => [Math.min(w.seg[0], w.seg[2]), Math.max(w.seg[0], w.seg[2])]);
    expect(spans.sort((a, b) => a[0]! - b[0]!)).toEqual([
      [0, 4],
      [5, 10],
    ]);
  });

  it('leaves lines too far apart, too close, or not facing each other unpaired', () => {
    const segments: Segment[] = [
      [0, 0, 5, 0],
      [0, 3, 5, 3], // a room apart
      [0, 3.01, 5, 3.01], // a double stroke
      [10, 0.2, 15, 0.2], // parallel but beside, not facing
    ];
    expect(pairParallelLines(segments, options).walls).toHaveLength(0);
  });

  it('finds the same wall whatever the rotation and line direction (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0.08, max: 0.5, noNaN: true }),
        fc.boolean(),
        (angle, thickness, reverse) => {
          const c = Math.cos(angle);
          const s = Math.sin(angle);
          const at = (x: number, y: number): [number, number] => [x * c - y * s, x * s + y * c];
          const a: Segment = [...at(0, 0), ...at(4, 0)];
          const b: Segment = reverse
            ? [...at(4, thickness), ...at(0, thickness)]
            : [...at(0, thickness), ...at(4, thickness)];
          const { walls } = pairParallelLines([a, b], options);
          expect(walls).toHaveLength(1);
          expect(walls[0]!.thickness).toBeCloseTo(thickness, 6);
          const [x1, y1, x2, y2] = walls[0]!.seg;
          expect(Math.hypot(x2 - x1, y2 - y1)).toBeCloseTo(4, 6);
        },
      ),
    );
  });
});
