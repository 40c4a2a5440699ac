import { describe, expect, it } from 'vitest';
import type { Segment } from '../types';
import { stackedSteps } from './steps';

const wall = (seg: Segment, thickness: number) => ({ seg, thickness });
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('stackedSteps (steps drawn as nested outlines, paired line by line)', () => {
  it('finds three "walls" a step’s going thick stacked face to face', () => {
    const steps = [0, 0.3, 0.6].map((y) => wall([0, y, 4 + y, y], 0.3));
    const room = [wall([0, 3, 6, 3], 0.2), wall([0, 3, 0, 8], 0.2)];
    expect(sorted(stackedSteps([...steps, ...room], 1))).toEqual([0, 1, 2]);
  });

  it('leaves two stacked walls (a wall with a lining), and a cavity wall’s thin leaves, alone', () => {
    expect(stackedSteps([wall([0, 0, 5, 0], 0.3), wall([0, 0.3, 5, 0.3], 0.3)], 1).size).toBe(0);
    const cavity = [0, 0.1, 0.2].map((y) => wall([0, y, 5, y], 0.1));
    expect(stackedSteps(cavity, 1).size).toBe(0);
  });

  it('works in millimetres', () => {
    const steps = [0, 300, 600, 900].map((y) => wall([0, y, 3000, y], 300));
    expect(stackedSteps(steps, 0.001).size).toBe(4);
  });
});
