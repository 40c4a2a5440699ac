import { ACTIVE_USER_DAYS, NEW_USER_DAYS, QUEUE_HIGH_PENDING } from '../../../shared/constants';
import type { AdminStats, SystemHealth, WeekChange } from '../../../shared/schemas/admin';
import { LAST_ACTIVE_COUNTER } from '../db/profiles';
import type { CounterSnapshot } from '../db/stats';

/** How many daily buckets the dashboard reads: enough for "new in 30 days" and two weeks of changes. */
export const STATS_DAYS = Math.max(NEW_USER_DAYS, 2 * 7, ACTIVE_USER_DAYS);

/** Sum of a counter over days [from, to) (0 = today). */
export function sumDays(snapshot: CounterSnapshot, name: string, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to && i < snapshot.days.length; i++) sum += snapshot.days[i]?.[name] ?? 0;
  return sum;
}

export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  const change = ((current - previous) / previous) * 100;
  return Math.sign(change) * Math.round(Math.abs(change)); // half away from zero: -37.5 → -38
}

/** What a counter's daily buckets say about this week (last 7 days) against the week before. */
export function weekChange(snapshot: CounterSnapshot, name: string): WeekChange {
  const current = sumDays(snapshot, name, 0, 7);
  const previous = sumDays(snapshot, name, 7, 14);
  return { current, previous, percent: percentChange(current, previous) };
}

/** The dashboard numbers from the counters alone (O(1) in the data size). */
export function computeStats(snapshot: CounterSnapshot, health: SystemHealth, now = new Date()): AdminStats {
  const t = (name: string) => snapshot.total[name] ?? 0;
  const pending = t('jobsQueued');
  const admins = snapshot.roles.admin ?? 0;
  const superAdmins = snapshot.roles.super_admin ?? 0;
  return {
    users: {
      total: t('users'),
      active7d: sumDays(snapshot, LAST_ACTIVE_COUNTER, 0, ACTIVE_USER_DAYS),
      new30d: sumDays(snapshot, 'users', 0, NEW_USER_DAYS),
      admins: admins + superAdmins,
      superAdmins,
      change: weekChange(snapshot, 'users'),
    },
    projects: { total: t('projects'), change: weekChange(snapshot, 'projects') },
    renders: {
      total: t('renders'),
      completed: t('rendersCompleted'),
      failed: t('rendersFailed'),
      change: weekChange(snapshot, 'renders'),
    },
    jobs: {
      pending,
      total: t('jobs'),
      queue: pending > QUEUE_HIGH_PENDING ? 'high' : 'normal',
      change: weekChange(snapshot, 'jobs'),
    },
    storage: { usedBytes: t('storageBytes'), files: t('files') },
    health,
    generatedAt: now.toISOString(),
  };
}
