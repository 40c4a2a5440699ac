import { describe, expect, it } from 'vitest';
import { statusStyle } from './status-badge';

describe('statusStyle', () => {
  it('names the known statuses and shows an unknown one neutrally, by its own name', () => {
    expect(statusStyle('processing')).toMatchObject({ label: 'Processing', variant: 'info' });
    expect(statusStyle('mystery')).toMatchObject({ label: 'Mystery', variant: 'neutral' });
    expect(statusStyle('')).toMatchObject({ label: 'Unknown', variant: 'neutral' });
  });
});
