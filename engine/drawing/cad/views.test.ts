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
