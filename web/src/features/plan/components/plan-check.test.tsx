import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanCheckSummary } from './plan-check';

describe('PlanCheckSummary', () => {
  it('names the verdict and lists its reasons in words', () => {
    render(
      <PlanCheckSummary
        check={{
          verdict: 'unreadable',
          reasons: ['312 rooms were found: a grid of lines was read as walls.'],
        }}
      />,
    );
    const check = screen.getByRole('region', { name: 'Plan check' });
    expect(check).toHaveAttribute('data-verdict', 'unreadable');
    expect(screen.getByRole('heading', { name: 'Could not read this drawing' })).toBeInTheDocument();
    expect(screen.getByText(/312 rooms were found/)).toBeInTheDocument();
    expect(screen.getByText(/Pick another view or page/)).toBeInTheDocument();
  });

  it('says a consistent reading looks right', () => {
    render(<PlanCheckSummary check={{ verdict: 'looks-right', reasons: [] }} />);
    expect(screen.getByRole('heading', { name: 'Looks right' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
