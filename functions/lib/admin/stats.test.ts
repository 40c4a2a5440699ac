import { describe, expect, it } from 'vitest';
import type { SystemHealth } from '../../../shared/schemas/admin';
import type { CounterSnapshot } from '../db/stats';
import { lastDates } from '../db/stats';
import { computeStats, percentChange, STATS_DAYS, sumDays, weekChange } from './stats';

const health = {} as SystemHealth;

function snapshot(
  days: Record<number, Record<string, number>>,
  total: Record<string, number> = {},
  roles = {},
) {
  const s: CounterSnapshot = {
    total,
    roles,
    days: Array.from({ length: STATS_DAYS }, (_, i) => days[i] ?? {}),
    dates: lastDates(new Date('2026-03-15T10:00:00Z'), STATS_DAYS),
  };
  return s;
}

describe('admin statistics from counters', () => {
  it('reads 30 daily buckets, today first', () => {
    expect(STATS_DAYS).toBe(30);
    const dates = lastDates(new Date('2026-03-01T23:59:59Z'), 3);
    expect(dates).toEqual(['2026-03-01', '2026-02-28', '2026-02-27']);
  });

  it('computes week-over-week changes: last 7 days against the 7 before', () => {
    const s = snapshot({
      0: { users: 3 },
      6: { users: 1 },
      7: { users: 2 },
      13: { users: 2 },
      14: { users: 50 },
    });
    expect(sumDays(s, 'users', 0, 7)).toBe(4);
    expect(weekChange(s, 'users')).toEqual({ current: 4, previous: 4, percent: 0 });
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 8)).toBe(-38);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(3, 0)).toBeNull();
  });

  it('maps totals, roles, distinct active users (last-active buckets) and the queue level', () => {
    const s = snapshot(
      {
        0: { lastActiveUsers: 2, users: 1, jobs: 6 },
        3: { lastActiveUsers: 1 },
        6: { lastActiveUsers: 4 },
        7: { lastActiveUsers: 9, jobs: 3 },
        29: { users: 5 },
      },
      {
        users: 40,
        projects: 12,
        renders: 30,
        rendersCompleted: 20,
        rendersFailed: 4,
        jobs: 33,
        jobsQueued: 11,
        storageBytes: 1234,
        files: 7,
      },
      { admin: 2, super_admin: 1 },
    );
    const stats = computeStats(s, health, new Date('2026-03-15T10:00:00Z'));
    expect(stats.users).toMatchObject({ total: 40, active7d: 7, new30d: 6, admins: 3, superAdmins: 1 });
    expect(stats.renders).toMatchObject({ total: 30, completed: 20, failed: 4 });
    expect(stats.jobs).toMatchObject({
      pending: 11,
      total: 33,
      queue: 'high',
      change: { current: 6, previous: 3, percent: 100 },
    });
    expect(stats.storage).toEqual({ usedBytes: 1234, files: 7 });
    expect(computeStats(snapshot({}, { jobsQueued: 10 }), health).jobs.queue).toBe('normal');
    expect(stats.generatedAt).toBe('2026-03-15T10:00:00.000Z');
  });
});
