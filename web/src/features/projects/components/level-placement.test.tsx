import type { Level } from '@shared/building/schema';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LevelPlacement, type LevelWall } from './level-placement';

const level = (name: string, elevationM: number, offsetM: [number, number] = [0, 0]): Level => ({
  name,
  fileId: name.toLowerCase(),
  elevationM,
  rotationDeg: 0,
  offsetM,
});
const square: LevelWall[] = [
  [
    [0, 0],
    [10, 0],
  ],
  [
    [10, 0],
    [10, 8],
  ],
  [
    [10, 8],
    [0, 8],
  ],
  [
    [0, 8],
    [0, 0],
  ],
];

describe('LevelPlacement', () => {
  it('moves the level above the lowest by the arrow keys: 5 cm, with Shift 50 cm, north up', () => {
    const onShift = vi.fn();
    // Listed top first: the level placed is the one above the lowest, whatever the order.
    const levels = [level('OG', 3, [0.1, 0.2]), level('EG', 0)];
    const { getByRole, getByText } = render(
      <LevelPlacement levels={levels} walls={[square, square]} onShift={onShift} />,
    );
    expect(getByText('in blue over EG in grey: drag it, or use the arrow keys.')).toBeTruthy();
    const view = getByRole('application', { name: /^Placement of OG from above/ });
    fireEvent.keyDown(view, { key: 'ArrowRight' });
    expect(onShift).toHaveBeenLastCalledWith(0, [0.15, 0.2]);
    fireEvent.keyDown(view, { key: 'ArrowUp', shiftKey: true });
    expect(onShift).toHaveBeenLastCalledWith(0, [0.1, -0.3]);
    fireEvent.keyDown(view, { key: 'Enter' });
    expect(onShift).toHaveBeenCalledTimes(2);
  });

  it('draws the level placed by its shift and turn over the level below', () => {
    const levels = [level('EG', 0), { ...level('OG', 3, [2, 0]), rotationDeg: 90 as const }];
    const { getByTestId } = render(
      <LevelPlacement levels={levels} walls={[square, square]} onShift={() => {}} />,
    );
    // Turned a quarter counter-clockwise seen from above: (10, 0) goes to (0, -10), then 2 m east.
    expect(getByTestId('placed-level').getAttribute('d')).toMatch(/^M2\.000 0\.000L2\.000 -10\.000/);
  });

  it('shows nothing for a building of one level', () => {
    const { container } = render(
      <LevelPlacement levels={[level('EG', 0)]} walls={[square]} onShift={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
