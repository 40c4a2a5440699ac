const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A human-readable size: units Bytes, KB, MB, GB, base 1024, two decimals ("1.50 MB"; "0 Bytes"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${value.toFixed(2)} ${BYTE_UNITS[exponent]}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** US English short date: "Mar 5, 2025". An unreadable date gives "—". */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

/** US English short date and time: "Mar 5, 2025, 2:07 PM". An unreadable date gives "—". */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/** "1 file", "3 files". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
