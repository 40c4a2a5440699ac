import type { Plan } from '../plan/build-plan';

/** The index of the plan grid's cell holding a world point; −1 outside the grid. */
export function gridCellIndex(plan: Pick<Plan, 'grid'>, x: number, y: number): number {
  const g = plan.grid;
  const gx = Math.floor((x - g.ox) / g.cell);
  const gy = Math.floor((y - g.oy) / g.cell);
  if (gx < 0 || gy < 0 || gx >= g.w || gy >= g.h) return -1;
  return gy * g.w + gx;
}
