/**
 * The plans this instance last wrote, by file, each with the plan revision its write made: a warm function that
 * serves an editing session's next `PATCH …/plan` neither reads the plan and its edits back from S3 nor parses them.
 * The revision (counted on the file item, read fresh for each request) is bumped by every write of a file's plan,
 * so a plan written elsewhere since (another instance, a new reading) is never answered from here.
 */
import type { PlanEdit } from '../../../shared/plan/edits';
import type { PlanModel } from '../../../shared/plan/schema';

/** How many files' plans one instance keeps in memory after writing them (an editing session touches one). */
export const RECENT_PLANS = 4;

export interface RecentPlan {
  revision: number;
  plan: PlanModel;
  /** The kept edits as written with this plan, or null when they were not read or written with it. */
  edits: readonly PlanEdit[] | null;
}

const recentPlans = new Map<string, RecentPlan>();

export function rememberPlan(fileId: string, recent: RecentPlan): void {
  recentPlans.delete(fileId);
  recentPlans.set(fileId, recent);
  for (const oldest of recentPlans.keys()) {
    if (recentPlans.size <= RECENT_PLANS) break;
    recentPlans.delete(oldest);
  }
}

/** The plan (and edits) this instance wrote for the file at exactly `revision`, or null. */
export function recentPlan(fileId: string, revision: number): RecentPlan | null {
  const recent = recentPlans.get(fileId);
  return recent && recent.revision === revision ? recent : null;
}
