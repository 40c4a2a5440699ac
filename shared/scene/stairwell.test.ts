import { describe, expect, it } from 'vitest';
import { namesStair } from './stairwell';

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
