export { planQueryOptions } from './api/plan';
export { PlanDialog, type PlanTarget } from './components/plan-dialog';
