import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { NotFoundPage } from './not-found';

describe('NotFoundPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says the page is missing, links home and logs the path', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '*', element: <NotFoundPage /> }], { path: '/no/such/page' });
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(error).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      '/no/such/page',
    );
  });
});
