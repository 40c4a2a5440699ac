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

  it('drops a small box standing loose in a room: a bath’s ring of sides, a chair read both ways', () => {
    const building = [wall([0, 0, 8, 0]), wall([8, 0, 8, 6]), wall([8, 6, 0, 6]), wall([0, 6, 0, 0])];
    // A 1.7 × 0.75 m bath: an outer outline and an inner one 0.1 m in, paired into a ring of four 0.1 m sides.
    const bath = [
      wall([2, 2.05, 3.7, 2.05], 0.1),
      wall([2, 2.7, 3.7, 2.7], 0.1),
      wall([2.05, 2, 2.05, 2.75], 0.1),
      wall([3.65, 2, 3.65, 2.75], 0.1),
    ];
    // A 0.45 m chair: its sides pair across it one way and the other, two pieces crossing in their middles.
    const chair = [wall([5, 3.225, 5.45, 3.225], 0.45), wall([5.225, 3, 5.225, 3.45], 0.45)];
    expect(withoutIsolatedStubs([...building, ...bath, ...chair], 1)).toEqual(building);
  });

  it('keeps the pieces of wall left between openings: a T of three and an L, and a wall standing free', () => {
    const tee = [wall([0, 0, 0.4, 0], 0.25), wall([0.4, 0, 0.9, 0], 0.25), wall([0.4, 0, 0.4, -0.6], 0.1)];
    const corner = [wall([5, 0, 5.8, 0], 0.25), wall([5, 0, 5, 0.7], 0.25)];
    const freeStanding = [wall([2, 3, 3.6, 3], 0.1)];
    const walls = [...tee, ...corner, ...freeStanding];
    expect(withoutIsolatedStubs(walls, 1)).toEqual(walls);
  });
});
