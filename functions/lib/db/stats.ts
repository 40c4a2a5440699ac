import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { batchGet } from './paging';
import { dayOf } from './profiles';

export type Counters = Record<string, number>;

/** One read of the totals item: the health report's probe that the table answers. */
export async function readTotalsItem(): Promise<void> {
  await db().send(new GetCommand({ TableName: tableName(), Key: keys.stats('TOTAL') }));
}

export interface CounterSnapshot {
  /** STATS/TOTAL: current numbers. */
  total: Counters;
  /** STATS/ROLES: profiles per elevated role. */
  roles: Counters;
  /** STATS/DAY#<d>, newest first: days[0] is today (UTC), days[i] is i days ago. Missing days are {}. */
  days: Counters[];
  /** The dates of `days`, same order. */
  dates: string[];
}

const numbers = (item: Record<string, unknown> | undefined): Counters => {
  const out: Counters = {};
  for (const [name, value] of Object.entries(item ?? {})) {
    if (typeof value === 'number') out[name] = value;
  }
  return out;
};

/** The last `n` UTC dates, today first. */
export function lastDates(now: Date, n: number): string[] {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: n }, (_, i) => dayOf(new Date(midnight - i * 86_400_000)));
}

/**
 * Every counter the admin dashboard shows, in one BatchGetItem: the totals, the role counts and `days` daily
 * buckets. Its cost depends on the number of days asked for, never on the amount of data.
 */
export async function readCounters(now = new Date(), days = 30): Promise<CounterSnapshot> {
  const dates = lastDates(now, days);
  const items = await batchGet([
    keys.stats('TOTAL'),
    keys.roleCounts,
    ...dates.map((d) => keys.stats(`DAY#${d}`)),
  ]);
  const bySk = new Map(items.map((item) => [item.SK as string, item]));
  return {
    total: numbers(bySk.get('TOTAL')),
    roles: numbers(bySk.get('ROLES')),
    days: dates.map((d) => numbers(bySk.get(`DAY#${d}`))),
    dates,
  };
}
