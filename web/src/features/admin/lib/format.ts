import type { WeekChange } from '@shared/schemas/admin';

/** A card's week-over-week change, as computed by the server from the daily counters. */
export function changeText(change: WeekChange): string {
  if (change.percent === null) return `+${change.current} this week (none last week)`;
  if (change.percent === 0) return 'No change from last week';
  return `${change.percent > 0 ? '+' : ''}${change.percent}% from last week`;
}

export function changeTone(change: WeekChange): 'up' | 'down' | 'flat' {
  if (change.percent === null) return change.current > 0 ? 'up' : 'flat';
  if (change.percent > 0) return 'up';
  if (change.percent < 0) return 'down';
  return 'flat';
}

/** "83.3%"; whole numbers without decimals ("100%"). */
export function formatPercent(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/** A setting value as the table and the form show it: text as is, anything else as JSON. */
export function settingValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export const ROLE_LABELS = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' } as const;

/** A template or setting category as the console shows it ("visualization" → "Visualization"). */
export const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);
