import { describe, expect, it } from 'vitest';
import type { PlanModel, PlanView } from '../plan/schema';
import { isOwnPlanView, MAX_STOREY_VIEWS, planViewId, storeyViews } from './storey-views';

const page = (n: number, kind: PlanView['kind'], storeys?: string[], label = `Page ${n}`): PlanView => ({
  id: `page-${n}`,
  label,
  kind,
  page: n,
  ...(storeys ? { storeys } : {}),
});

const planOf = (views: PlanView[], ownPage: number, corrections?: PlanModel['corrections']) =>
  ({
    source: { format: 'pdf', page: ownPage, views, view: views[ownPage - 1]?.label },
    ...(corrections ? { corrections } : {}),
  }) as Pick<PlanModel, 'source' | 'corrections'>;

describe('the other storeys a drawing holds', () => {
  // An estate agent's set: an overview of every floor, then one page per floor, then room tables.
  const set = [
    page(1, 'unknown', ['Main Floor', '2nd Floor', 'Basement']),
    page(2, 'plan', ['Main Floor']),
    page(3, 'unknown', ['2nd Floor']),
    page(4, 'unknown', ['Basement']),
    page(5, 'text', ['MAIN FLOOR', '2ND FLOOR', 'BASEMENT']),
  ];

  it('are the pages naming one storey each, not the overview, the tables or the plan’s own page', () => {
    expect(storeyViews(planOf(set, 2)).map((v) => v.id)).toEqual(['page-3', 'page-4']);
  });

  it('follow the page the user chose as the plan', () => {
    const plan = planOf(set, 3, { viewId: 'page-3' });
    expect(planViewId(plan)).toBe('page-3');
    expect(storeyViews(plan).map((v) => v.id)).toEqual(['page-2', 'page-4']);
  });

  it('a level names the drawing’s own plan by no view, or by the page the plan is read from now', () => {
    const picked = planOf(set, 3, { viewId: 'page-3' });
    expect(isOwnPlanView(undefined, picked)).toBe(true);
    expect(isOwnPlanView('page-3', picked)).toBe(true);
    expect(isOwnPlanView('page-2', picked)).toBe(false);
    expect(isOwnPlanView('page-2', planOf(set, 2))).toBe(true);
    // A drawing without a plan stored: only a level naming no view is its own plan.
    expect(isOwnPlanView('page-2', null)).toBe(false);
  });

  it('take the first page naming a storey, and read titles of CAD views too', () => {
    const views: PlanView[] = [
      { id: 'view-1', label: 'Ground floor plan', kind: 'plan' },
      { id: 'view-2', label: 'First floor plan', kind: 'plan' },
      { id: 'view-3', label: 'First floor plan (furnished)', kind: 'plan' },
      { id: 'view-4', label: 'Section A-A, first floor', kind: 'section' },
      { id: 'view-5', label: 'Details', kind: 'plan' },
    ];
    const plan = { source: { format: 'dxf', views, view: 'Ground floor plan' } } as Pick<PlanModel, 'source'>;
    expect(planViewId(plan)).toBe('view-1');
    expect(storeyViews(plan).map((v) => v.id)).toEqual(['view-2']);
  });

  it('are none for a drawing of one view, and at most a bounded number', () => {
    expect(storeyViews({ source: { format: 'png' } } as Pick<PlanModel, 'source'>)).toEqual([]);
    const tower = Array.from({ length: 30 }, (_, i) => page(i + 1, 'unknown', [`Level ${i}`]));
    expect(storeyViews(planOf(tower, 1))).toHaveLength(MAX_STOREY_VIEWS);
  });
});
