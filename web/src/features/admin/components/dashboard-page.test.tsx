import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signedInAs } from '@/test/render';
import { apiError, fakeApi, health, stats } from '../test/fake-api';
import { AdminDashboardPage } from './dashboard-page';

vi.mock('aws-amplify/auth', () => ({}));
const auth = signedInAs('admin@example.com', 'admin');

describe('AdminDashboardPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the four cards with measured numbers and computed week-over-week changes', async () => {
    fakeApi({ 'GET /api/admin/stats': stats() });
    renderPage(<AdminDashboardPage />, { path: '/admin', auth });
    const users = await screen.findByTestId('stat-users');
    expect(within(users).getByText('Total Users')).toBeInTheDocument();
    expect(within(users).getByText('1,234')).toBeInTheDocument();
    expect(within(users).getByText('87 active in last 7 days')).toBeInTheDocument();
    expect(within(users).getByText('+20% from last week')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-projects')).getByText('456')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-projects')).getByText('-38% from last week')).toBeInTheDocument();
    const renders = screen.getByTestId('stat-renders');
    expect(within(renders).getByText('850 successful, 30 failed')).toBeInTheDocument();
    expect(within(renders).getByText('+9 this week (none last week)')).toBeInTheDocument();
    const jobs = screen.getByTestId('stat-jobs');
    expect(within(jobs).getByText('AI Jobs Queue')).toBeInTheDocument();
    expect(within(jobs).getByTestId('stat-jobs-value')).toHaveTextContent('12');
    expect(within(jobs).getByText(/pending of 2,700 total/)).toBeInTheDocument();
    expect(within(jobs).getByText('High')).toBeInTheDocument();
    expect(within(jobs).getByText('No change from last week')).toBeInTheDocument();
    // No fixed text anywhere.
    expect(screen.queryByText('+12%')).not.toBeInTheDocument();
  });

  it('shows system health from the probes and the quick actions', async () => {
    fakeApi({
      'GET /api/admin/stats': stats({
        health: health({
          storage: {
            status: 'warning',
            latencyMs: 5,
            message: 'More than 80 GB used',
            usedBytes: 90 * 1024 ** 3,
            warningBytes: 80 * 1024 ** 3,
          },
        }),
      }),
    });
    renderPage(<AdminDashboardPage />, { path: '/admin', auth });
    const storage = await screen.findByTestId('health-Storage');
    expect(within(storage).getByText('Warning')).toBeInTheDocument();
    expect(within(storage).getByText(/More than 80 GB used/)).toBeInTheDocument();
    expect(within(screen.getByTestId('health-Database')).getByText('Healthy')).toBeInTheDocument();
    expect(within(screen.getByTestId('health-AI Services')).getByText(/provider local/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: 'View AI Queue' })).toHaveAttribute('href', '/admin/jobs');
    expect(screen.getByRole('link', { name: 'System Logs' })).toHaveAttribute('href', '/admin/logs');
    expect(screen.getByRole('link', { name: 'Database Health' })).toHaveAttribute('href', '/admin/health');
  });

  it('reloads with Refresh Data', async () => {
    let total = 1;
    const fake = fakeApi({
      'GET /api/admin/stats': () =>
        stats({ projects: { total: total++, change: { current: 0, previous: 0, percent: 0 } } }),
    });
    const user = userEvent.setup();
    renderPage(<AdminDashboardPage />, { path: '/admin', auth });
    expect(await screen.findByTestId('stat-projects-value')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    await vi.waitFor(() => expect(screen.getByTestId('stat-projects-value')).toHaveTextContent('2'));
    expect(fake.callsTo('GET', '/api/admin/stats')).toHaveLength(2);
  });

  it('says "Failed to load dashboard statistics" when the call fails, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /api/admin/stats': () => apiError(500, 'Something went wrong. Please try again.', 'INTERNAL'),
    });
    renderPage(<AdminDashboardPage />, { path: '/admin', auth });
    expect(await screen.findByText('Failed to load dashboard statistics')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });
});
