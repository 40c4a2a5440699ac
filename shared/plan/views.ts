import type { PlanModel } from './schema';

/**
 * The walls of the sheet's other plans of the building (`source.views[].walls`): read and shown on the overlay, not
 * built in 3D.
 */
export function otherPlanWalls(plan: Pick<PlanModel, 'source'>): PlanModel['walls'] {
  return (plan.source.views ?? []).flatMap((view) => view.walls ?? []);
}
