import { describe, expect, it } from 'vitest';
import { coverOf } from './finalize';

describe('coverOf', () => {
  it('takes the completed render that kept the most of the building, then the first variation', () => {
    const render = (variation: 1 | 2 | 3, status: 'completed' | 'failed', geometryKept?: number) => ({
      variation,
      status,
      previewKey: `renders/r${variation}.webp`,
      ...(geometryKept !== undefined ? { geometryKept } : {}),
    });
    expect(
      coverOf([render(1, 'completed', 0.2), render(2, 'completed', 0.8), render(3, 'failed', 0.9)]),
    ).toBe('renders/r2.webp');
    expect(coverOf([render(2, 'completed'), render(1, 'completed')])).toBe('renders/r1.webp');
    expect(coverOf([render(1, 'failed')])).toBeUndefined();
  });
});
