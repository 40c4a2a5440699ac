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

  it('keeps long walls even when alone, and works in millimetres', () => {
    const walls = [wall([0, 0, 3000, 0], 200), wall([0, 2000, 400, 2000], 200)];
    expect(withoutIsolatedStubs(walls, 0.001)).toEqual([walls[0]]);
    expect(withoutIsolatedStubs([walls[0]!], 0.001)).toEqual([walls[0]]);
  });
});
