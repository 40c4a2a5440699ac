export { planQueryOptions } from './api/plan';
export type { PlanTarget } from './components/plan-dialog';
