/** The plan feature's lazy entry: "What Planform read" and its overlay, loaded when a user opens it. */
export { PlanDialog } from './components/plan-dialog';
