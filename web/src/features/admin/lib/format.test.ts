import { describe, expect, it } from 'vitest';
import { changeText, changeTone, formatPercent, settingValueText } from './format';

describe('admin formatting', () => {
  it('words the computed week-over-week change', () => {
    expect(changeText({ current: 12, previous: 10, percent: 20 })).toBe('+20% from last week');
    expect(changeText({ current: 5, previous: 8, percent: -38 })).toBe('-38% from last week');
    expect(changeText({ current: 3, previous: 3, percent: 0 })).toBe('No change from last week');
    expect(changeText({ current: 4, previous: 0, percent: null })).toBe('+4 this week (none last week)');
    expect(changeTone({ current: 4, previous: 0, percent: null })).toBe('up');
    expect(changeTone({ current: 1, previous: 2, percent: -50 })).toBe('down');
  });

  it('formats percentages and setting values', () => {
    expect(formatPercent(83.33)).toBe('83.3%');
    expect(formatPercent(100)).toBe('100%');
    expect(settingValueText('local')).toBe('local');
    expect(settingValueText(false)).toBe('false');
    expect(settingValueText({ a: [1] })).toBe('{"a":[1]}');
  });
});
