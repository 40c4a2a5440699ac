import type { PlanModel } from '@shared/plan/schema';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanOverlay } from './plan-overlay';

const square = (x: number): PlanModel['rooms'][number]['polygon'] => [
  [x, 0],
  [x + 4, 0],
  [x + 4, 3],
  [x, 3],
];

const plan = {
  version: 1,
  status: 'ready',
  source: { format: 'dxf' },
  space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
  walls: [
    { a: [0, 0], b: [8, 0], thickness: 0.2 },
    { a: [0, 3], b: [8, 3], thickness: 0.2 },
  ],
  openings: [],
  rooms: [
    { polygon: square(0), areaM2: 12, label: 'KITCHEN' },
    { polygon: square(4), areaM2: 11.5, label: null },
  ],
  warnings: [],
} as unknown as PlanModel;

describe('PlanOverlay', () => {
  it('labels each room with the name written on the drawing, when there is one, and its area', () => {
    const { container } = render(
      <PlanOverlay plan={plan} previewUrl={null} measuring={false} points={[]} onPoint={() => {}} />,
    );
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toContain('KITCHEN12.0 m²');
    expect(labels).toContain('11.5 m²');
  });
});

describe('PlanOverlay with stairs read', () => {
  it('draws each flight’s outline, names its treads and counts the flights', () => {
    const withStairs = {
      ...plan,
      stairs: [
        {
          outline: [
            [0.5, 0.5],
            [1.5, 0.5],
            [1.5, 2.5],
            [0.5, 2.5],
          ],
          treads: 7,
        },
      ],
    } as unknown as PlanModel;
    const { getAllByTestId, getByRole, queryAllByTestId } = render(
      <PlanOverlay plan={withStairs} previewUrl={null} measuring={false} points={[]} onPoint={() => {}} />,
    );
    const flights = getAllByTestId('plan-stair');
    expect(flights).toHaveLength(1);
    expect(flights[0]!.textContent).toBe('Stairs: 7 treads');
    // No arrow where the drawing does not show which way the flight climbs.
    expect(queryAllByTestId('plan-stair-climb')).toHaveLength(0);
    expect(
      getByRole('img', {
        name: '2 walls, 0 openings, 2 rooms and 1 flight of stairs drawn over the drawing',
      }),
    ).toBeInTheDocument();
  });
});

describe('PlanOverlay with a flight whose arrow was read', () => {
  it('draws an arrow up the flight, from the middle of its foot to the middle of its head', () => {
    const climbing = {
      ...plan,
      stairs: [
        {
          outline: [
            [0.5, 2.5],
            [1.5, 2.5],
            [1.5, 0.5],
            [0.5, 0.5],
          ],
          treads: 7,
          climbDrawn: true,
        },
      ],
    } as unknown as PlanModel;
    const { getByTestId } = render(
      <PlanOverlay plan={climbing} previewUrl={null} measuring={false} points={[]} onPoint={() => {}} />,
    );
    const arrow = getByTestId('plan-stair-climb');
    expect(arrow.textContent).toBe('Up');
    const points = (arrow.getAttribute('points') ?? '').split(' ').map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(5);
    // Foot then head, the head drawn twice (once for each wing of the arrow's head).
    expect(points[1]).toEqual(points[3]);
    expect(points[0]).not.toEqual(points[1]);
  });
});

describe('PlanOverlay on a sheet with two plans of the building', () => {
  it('draws the other plan’s walls apart from the walls the 3D model is built from', () => {
    const sheet = {
      ...plan,
      source: {
        format: 'dxf',
        view: 'View 1',
        views: [
          { id: 'view-1', label: 'View 1', kind: 'plan' },
          {
            id: 'view-2',
            label: 'View 2',
            kind: 'plan',
            walls: [{ a: [20, 0], b: [28, 0], thickness: 0.2 }],
          },
        ],
      },
    } as unknown as PlanModel;
    const { getAllByTestId, getByTestId } = render(
      <PlanOverlay plan={sheet} previewUrl={null} measuring={false} points={[]} onPoint={() => {}} />,
    );
    expect(getAllByTestId('other-plan-wall')).toHaveLength(1);
    expect(getByTestId('plan-overlay').getAttribute('aria-label')).toMatch(/^2 walls/);
  });
});
