import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { withoutIsolatedStubs } from './stubs';

const wall = (seg: Segment, thickness = 0.2) => ({ seg, thickness });

describe('withoutIsolatedStubs', () => {
  it('drops a short piece standing alone (a post, a mullion) and keeps short pieces joined to walls', () => {
    const walls = [
      wall([0, 0, 5, 0]),
      wall([5, 0, 5, 0.5]), // a return joined at the corner
      wall([2, 0.1, 2, 0.5]), // a nib off the wall
      wall([2.5, 3, 2.5, 3.3], 0.15), // a post in the room
    ];
    expect(withoutIsolatedStubs(walls, 1).map((w) => w.seg)).toEqual([
      walls[0]!.seg,
      walls[1]!.seg,
      walls[2]!.seg,
    ]);
  });

  it('keeps a pier between two windows (in the line of walls on both sides), not a post beside the line', () => {
    const walls = [
      wall([0, 0, 0, 3]),
      wall([0, 4.5, 0, 5]), // a 0.5 m pier: windows of 1.5 and 1.2 m either side
      wall([0, 6.2, 0, 9]),
      wall([1, 4.5, 1, 5]), // a post a metre into the room
      wall([0, 12.5, 0, 13]), // in line above, but 3.5 m off: no window is so wide
    ];
    expect(withoutIsolatedStubs(walls, 1).map((w) => w.seg)).toEqual([
      walls[0]!.seg,
      walls[1]!.seg,
      walls[2]!.seg,
    ]);
  });

  it('keeps long walls even when alone, and works in millimetres', () => {
    const walls = [wall([0, 0, 3000, 0], 200), wall([0, 2000, 400, 2000], 200)];
    expect(withoutIsolatedStubs(walls, 0.001)).toEqual([walls[0]]);
    expect(withoutIsolatedStubs([walls[0]!], 0.001)).toEqual([walls[0]]);
  });
});
