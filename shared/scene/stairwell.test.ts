import { describe, expect, it } from 'vitest';
import { flightMiddles, namesStair } from './stairwell';

describe('namesStair', () => {
  it('knows a room of stairs by its name, in the languages plans are drawn in', () => {
    for (const name of [
      'Stair',
      'STAIRS',
      'Staircase 2',
      'Treppenhaus',
      'Treppe',
      'Escalier',
      'Escalera',
      'Trap',
      'Schody',
      'Лестница',
      '階段',
      '楼梯',
    ])
      expect(namesStair(name), name).toBe(true);
  });

  it('not inside a longer word, nor in other rooms', () => {
    for (const name of [
      'Upstairs lounge',
      'Stairsville',
      'Kitchen',
      'Treppenabsatzlager',
      'Bedroom 2',
      '',
      undefined,
    ])
      expect(namesStair(name), String(name)).toBe(false);
  });
});

describe('flightMiddles', () => {
  it('puts each flight’s core at the middle of its steps, on the floor (x, z)', () => {
    const step = (x: number, z: number) => ({
      center: [x, 0.1, z] as [number, number, number],
      size: [0.28, 0.2, 1] as [number, number, number],
      rotationY: 0,
    });
    const scene = {
      stairs: [
        { name: 'Stair 1', treads: 3, steps: [step(1, 2), step(1.28, 2), step(1.56, 2)] },
        { name: 'Stair 2', treads: 0, steps: [] },
      ],
    };
    const [middle, ...rest] = flightMiddles(scene);
    expect(rest).toEqual([]);
    expect(middle![0]).toBeCloseTo(1.28, 6);
    expect(middle![1]).toBeCloseTo(2, 6);
    expect(flightMiddles({})).toEqual([]);
  });
});
