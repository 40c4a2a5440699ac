import { describe, expect, it } from 'vitest';
import { boundsOfSegments } from '../../../shared/plan/geometry';
import type { Segment } from '../types';
import { borderSegments, clusterViews } from './views';

const rect = (x: number, y: number, w: number, h: number): Segment[] => [
  [x, y, x + w, y],
  [x + w, y, x + w, y + h],
  [x + w, y + h, x, y + h],
  [x, y + h, x, y],
];
const gap = { min: 0.05, max: 0.6 };

describe('sheet views', () => {
  it('sets a sheet border aside and separates the views it held', () => {
    const plan = [...rect(10, 10, 12, 8), ...rect(10.2, 10.2, 11.6, 7.6)];
    const elevation = [...rect(40, 10, 12, 6), [38, 10, 54, 10] as Segment];
    const border = rect(0, 0, 60, 40);
    const segments = [...border, ...plan, ...elevation];
    const bounds = boundsOfSegments(segments)!;
    const isBorder = borderSegments(segments, bounds, gap);
    expect([...isBorder].slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect([...isBorder].slice(4).every((v) => v === 0)).toBe(true);
    const { view, count } = clusterViews(segments, isBorder, bounds);
    expect(count).toBe(2);
    expect(new Set([...view].slice(4, 12)).size).toBe(1);
    expect(new Set([...view].slice(12)).size).toBe(1);
    expect(view[4]).not.toBe(view[12]);
  });

  it('keeps a plan whose outer walls lie on its extents (their inner faces pair with them)', () => {
    const segments = [...rect(0, 0, 12, 8), ...rect(0.2, 0.2, 11.6, 7.6)];
    const isBorder = borderSegments(segments, boundsOfSegments(segments)!, gap);
    expect([...isBorder].every((v) => v === 0)).toBe(true);
  });

  /**
   * A 30 × 20 m plan at (15, 12), as a sheet at 1:100 holds one: double-line outer walls broken by a door, and
   * partitions every 5 m each way.
   */
  const planInside: Segment[] = [
    [15, 12, 29, 12],
    [30, 12, 45, 12],
    [45, 12, 45, 32],
    [45, 32, 15, 32],
    [15, 32, 15, 12],
    [15.2, 12.2, 29, 12.2],
    [30, 12.2, 44.8, 12.2],
    [44.8, 12.2, 44.8, 31.8],
    [44.8, 31.8, 15.2, 31.8],
    [15.2, 31.8, 15.2, 12.2],
    ...[20, 25, 30, 35, 40].flatMap((x): Segment[] => [
      [x, 12.2, x, 31.8],
      [x + 0.1, 12.2, x + 0.1, 31.8],
    ]),
    ...[17, 22, 27].flatMap((y): Segment[] => [
      [15.2, y, 44.8, y],
      [15.2, y + 0.1, 44.8, y + 0.1],
    ]),
  ];
  /** A title block against the inner border's bottom-right corner of a sheet whose inner border is (x0, y0)–(x1, y1). */
  const titleBlock = (x1: number, y0: number): Segment[] => [
    [x1 - 18, y0, x1 - 18, y0 + 5],
    [x1 - 18, y0 + 5, x1, y0 + 5],
    [x1 - 18, y0 + 2.5, x1, y0 + 2.5],
    [x1 - 9, y0, x1 - 9, y0 + 2.5],
  ];

  it('sets aside a frame of two whole rings a wall thickness apart, with a title block against the inner one', () => {
    // ISO 5457: a trimming line and the border 0.3 m inside it (3 mm at 1:100), as a double-line wall would be.
    const outer = rect(0, 0, 60, 42);
    const inner = rect(0.3, 0.3, 59.4, 41.4);
    const segments = [...outer, ...inner, ...titleBlock(59.7, 0.3), ...planInside];
    const isBorder = borderSegments(segments, boundsOfSegments(segments)!, gap);
    expect([...isBorder].slice(0, 8)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect([...isBorder].slice(8).every((v) => v === 0)).toBe(true);
  });

  it('sets aside a whole ring with a title block against it', () => {
    const border = rect(0, 0, 60, 42);
    const segments = [...border, ...titleBlock(60, 0), ...planInside];
    const isBorder = borderSegments(segments, boundsOfSegments(segments)!, gap);
    expect([...isBorder].slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect([...isBorder].slice(4).every((v) => v === 0)).toBe(true);
  });

  it('keeps a building whose outer walls are two whole rings when its rooms meet them', () => {
    // No door drawn in the outer walls (a sketch), but partitions run from wall to wall: a building, not a frame.
    const partitions: Segment[] = [
      [4, 0.2, 4, 7.8],
      [4.1, 0.2, 4.1, 7.8],
      [8, 0.2, 8, 7.8],
      [8.1, 0.2, 8.1, 7.8],
    ];
    const segments = [...rect(0, 0, 12, 8), ...rect(0.2, 0.2, 11.6, 7.6), ...partitions];
    const isBorder = borderSegments(segments, boundsOfSegments(segments)!, gap);
    expect([...isBorder].every((v) => v === 0)).toBe(true);
  });

  it('knows a cluster inside another one (a core in a building) from one beside it or in its notch', () => {
    const building = [...rect(0, 0, 20, 12), ...rect(0.3, 0.3, 19.4, 11.4)];
    const core = rect(8, 4, 2, 3);
    const beside = rect(30, 0, 4, 4);
    // An L-shaped building: a cluster in the notch of the L has open sky on two sides.
    const ell: Segment[] = [
      [0, 20, 20, 20],
      [20, 20, 20, 26],
      [20, 26, 8, 26],
      [8, 26, 8, 32],
      [8, 32, 0, 32],
      [0, 32, 0, 20],
    ];
    const inNotch = rect(14, 29, 2, 2);
    const segments = [...building, ...core, ...beside, ...ell, ...inNotch];
    const { view, enclosedBy } = clusterViews(
      segments,
      new Uint8Array(segments.length),
      boundsOfSegments(segments)!,
    );
    const of = (i: number) => view[i]!;
    expect(enclosedBy[of(8)]).toBe(of(0));
    expect(enclosedBy[of(12)]).toBe(-1);
    expect(enclosedBy[of(22)]).toBe(-1);
    expect(enclosedBy[of(0)]).toBe(-1);
  });
});
