import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { beyondDimensionChains } from './dimension-frame';

// A 10 × 8 m building (y up, metres), and a neighbour's shed 3 m beyond its north facade.
const building: Segment[] = [
  [0, 0, 10, 0],
  [10, 0, 10, 8],
  [10, 8, 0, 8],
  [0, 8, 0, 0],
  [5, 0, 5, 8],
  [0, 4, 10, 4],
];
const shed: Segment[] = [
  [2, 12, 4, 12],
  [4, 12, 4, 13],
];
const chain = (y: number, figures: [string, number][]) => figures.map(([text, x]) => ({ text, x, y }));
/** Exterior dimensions north of the building: openings and walls, then the overall length, 0.6 m apart. */
const exterior = [
  ...chain(9, [
    ['345', 0.2],
    ['4655', 2.5],
    ['4655', 7.5],
    ['345', 9.8],
  ]),
  ...chain(9.6, [
    ['5000', 2.5],
    ['5000', 7.5],
    ['10000', 5],
  ]),
];

describe('beyondDimensionChains (exterior dimensions frame the plan)', () => {
  it('drops what lies wholly beyond two stacked exterior chains, keeps the building', () => {
    expect([...beyondDimensionChains([...building, ...shed], exterior, 1)].sort()).toEqual([6, 7]);
  });

  it('works in millimetres', () => {
    const mm = (s: Segment) => s.map((v) => v * 1000) as Segment;
    const texts = exterior.map((t) => ({ ...t, x: t.x * 1000, y: t.y * 1000 }));
    expect(beyondDimensionChains([...building, ...shed].map(mm), texts, 0.001).size).toBe(2);
  });

  it('a single chain is not enough: an interior chain near a facade looks the same', () => {
    const single = chain(7, [
      ['2500', 1],
      ['2500', 4],
      ['5000', 8],
    ]);
    expect(beyondDimensionChains([...building, ...shed], single, 1).size).toBe(0);
    expect(beyondDimensionChains([...building, ...shed], exterior.slice(0, 4), 1).size).toBe(0);
  });

  it('keeps what is beyond when it is much of the drawing (a second building, not context)', () => {
    const second: Segment[] = [
      [0, 12, 10, 12],
      [10, 12, 10, 20],
      [10, 20, 0, 20],
      [0, 20, 0, 12],
    ];
    expect(beyondDimensionChains([...building, ...second], exterior, 1).size).toBe(0);
  });
});
