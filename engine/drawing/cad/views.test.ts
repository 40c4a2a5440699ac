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
});
