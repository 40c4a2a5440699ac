import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, plural } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1.00 Bytes'],
    [512, '512.00 Bytes'],
    [1023, '1023.00 Bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024, '1.00 MB'],
    [1.5 * 1024 * 1024, '1.50 MB'],
    [100 * 1024 * 1024, '100.00 MB'],
    [1024 ** 3, '1.00 GB'],
    [2.25 * 1024 ** 3, '2.25 GB'],
    [5 * 1024 ** 4, '5120.00 GB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('treats negative and non-finite sizes as zero', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });
});

describe('dates', () => {
  // Midday UTC is the same calendar day in every time zone a test machine is likely to use.
  const iso = '2025-03-05T12:00:00.000Z';

  it('formats a date in US English with a short month', () => {
    expect(formatDate(iso)).toBe('Mar 5, 2025');
  });

  it('adds the hour and minute', () => {
    const local = new Date(2025, 2, 5, 14, 7);
    expect(formatDateTime(local)).toBe('Mar 5, 2025, 2:07 PM');
  });

  it('shows a dash for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('')).toBe('—');
  });
});

describe('plural', () => {
  it('uses the singular for one only', () => {
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(2, 'render')).toBe('2 renders');
  });
});
