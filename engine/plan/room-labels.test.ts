import { describe, expect, it } from 'vitest';
import type { PlanPoint } from '../../shared/plan/schema';
import { mayNameARoom } from '../drawing/vocabulary';
import { roomLabel } from './room-labels';

const square: PlanPoint[] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
];
const word = (text: string, x: number, y: number) => ({ text, at: [x, y] as PlanPoint });

describe('roomLabel', () => {
  it('takes the name above the finish and the area (reading order, y down or y up)', () => {
    const words = [word('Parket', 5, 5), word('TEHNIČNA SOBA', 5, 4), word('A: 6.42 m2', 5, 6)];
    expect(roomLabel(words, square, true)).toBe('TEHNIČNA SOBA');
    const up = [word('Parket', 5, 5), word('SPALNICA', 5, 6), word('A: 11.0 m2', 5, 4)];
    expect(roomLabel(up, square, false)).toBe('SPALNICA');
  });

  it('prefers a room word to other words, drops a size written after the name, ignores words outside', () => {
    const words = [word('manifold', 5, 1), word('KITCHEN 7\'-6" x 9\'-0"', 5, 5), word('BEDROOM', 20, 5)];
    expect(roomLabel(words, square, true)).toBe('KITCHEN');
    expect(roomLabel([word('BEDROOM', 20, 5), word('12.5', 5, 5)], square, true)).toBeNull();
  });
});

describe('mayNameARoom', () => {
  it('names, not marks, sizes, areas, scales or notes with a measure', () => {
    for (const text of ['KITCHEN', 'Bed Room', 'SOBA 2', 'Küche', 'EX. ABLUTIONS'])
      expect(mayNameARoom(text)).toBe(true);
    for (const text of ['A: 6.42 m2', 'P= 1.20', 'D1', '1:50', 'NEW 85mm STEP', '2400', 'W3'])
      expect(mayNameARoom(text)).toBe(false);
  });
});
