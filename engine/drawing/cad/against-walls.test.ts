import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { withoutThingsAgainstWalls } from './against-walls';

const wall = (seg: Segment, thickness: number) => ({ seg, thickness });
/** The thickest wall the pairing allows, metres (mpu 1). */
const MAX_WALL = 0.6;

describe('withoutThingsAgainstWalls', () => {
  it('takes a counter whose front pairs with the wall it stands against for a counter, and its sink with it', () => {
    const outer = wall([0, 5.125, 8, 5.125], 0.25); // faces at 5.25 and 5.0
    const counter = wall([1, 4.7, 3.2, 4.7], 0.6); // the wall's inner face 5.0 and the counter's front 4.4
    const sink = wall([1.4, 4.7, 2.2, 4.7], 0.4); // a sink drawn inside the counter
    const across = wall([4, 0, 4, 5], 0.12);
    expect(withoutThingsAgainstWalls([outer, counter, sink, across], MAX_WALL, 1)).toEqual([outer, across]);
  });

  it('takes the stack a sink slices the counter into for the counter too', () => {
    // The counter's front (4.4) and the sink's two long sides (4.5, 4.9) pair across the sink, not with the wall.
    const outer = wall([0, 5.125, 8, 5.125], 0.25);
    const counterLeft = wall([1, 4.7, 1.4, 4.7], 0.6);
    const counterRight = wall([2.2, 4.7, 3.2, 4.7], 0.6);
    const sinkFront = wall([1.4, 4.45, 2.2, 4.45], 0.1);
    const sink = wall([1.4, 4.7, 2.2, 4.7], 0.4);
    const sinkBack = wall([1.4, 4.95, 2.2, 4.95], 0.1);
    const walls = [outer, counterLeft, sinkFront, sink, sinkBack, counterRight];
    expect(withoutThingsAgainstWalls(walls, MAX_WALL, 1)).toEqual([outer]);
  });

  it('works in millimetres', () => {
    const outer = wall([0, 5125, 8000, 5125], 250);
    const counter = wall([1000, 4700, 3200, 4700], 600);
    expect(withoutThingsAgainstWalls([outer, counter], MAX_WALL / 0.001, 0.001)).toEqual([outer]);
  });

  it('keeps the layers of a wall drawn in three lines, together no thicker than a wall', () => {
    const lining = wall([0, 0.05, 6, 0.05], 0.1);
    const core = wall([0, 0.2, 6, 0.2], 0.2);
    expect(withoutThingsAgainstWalls([lining, core], MAX_WALL, 1)).toEqual([lining, core]);
  });

  it('keeps two leaves of a thick wall about as thick as each other, though together thicker than a wall', () => {
    const outer = wall([0, 0.175, 6, 0.175], 0.35);
    const inner = wall([0, 0.54, 3, 0.54], 0.38);
    expect(withoutThingsAgainstWalls([outer, inner], MAX_WALL, 1)).toEqual([outer, inner]);
  });

  it('keeps a thick pair beside a wall only along a short stretch of it (a wall meeting a corner), or set apart', () => {
    const outer = wall([0, 5.125, 8, 5.125], 0.25);
    const along = wall([7, 4.7, 9.5, 4.7], 0.6); // lies against the wall for 1 m of its 2.5 m
    const apart = wall([1, 4.5, 3, 4.5], 0.5); // 0.1 m clear of the wall's face
    expect(withoutThingsAgainstWalls([outer, along, apart], MAX_WALL, 1)).toEqual([outer, along, apart]);
  });
});
