import type { AdminJob } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signedInAs } from '@/test/render';
import { fakeApi, health } from '../test/fake-api';
import { AdminHealthPage } from './health-page';
import { AdminJobsPage } from './jobs-page';
import { AdminStoragePage } from './storage-page';

vi.mock('aws-amplify/auth', () => ({}));
const auth = signedInAs('a@example.com', 'admin');

const job = (over: Partial<AdminJob>): AdminJob => ({
  id: 'j1',
  projectId: 'p1',
  projectTitle: 'Riverside House',
  userId: 'u1',
  userEmail: 'ada@example.com',
  renderId: 'r1',
  generationId: 'g1',
  jobType: 'visualization_generation',
  status: 'queued',
  prompt: 'Night scene',
  variation: 2,
  error: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  completedAt: null,
  ...over,
});

describe('admin queue, health and storage pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists AI jobs with a status filter and links to their projects', async () => {
    const fake = fakeApi({
      'GET /api/admin/jobs': (req) => ({
        items: [job({}), job({ id: 'j2', status: 'failed', error: 'Provider timed out' })].filter(
          (j) => req.query.get('status') === 'all' || j.status === req.query.get('status'),
        ),
        nextCursor: null,
      }),
    });
    const user = userEvent.setup();
    renderPage(<AdminJobsPage />, { path: '/admin/jobs', auth });
    expect(await screen.findAllByTestId('job-row')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Riverside House' })[0]).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(1));
    expect(screen.getByText('Provider timed out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(fake.calls.map((c) => c.query.get('status'))).toEqual(['all', 'failed']);
  });

  it('shows the health probes', async () => {
    fakeApi({
      'GET /api/admin/health': health({
        database: { status: 'error', latencyMs: null, message: 'The database did not answer within 3 s' },
      }),
    });
    renderPage(<AdminHealthPage />, { path: '/admin/health', auth });
    const db = await screen.findByTestId('probe-Database');
    expect(within(db).getByText('Error')).toBeInTheDocument();
    expect(within(db).getByText('No answer')).toBeInTheDocument();
    expect(within(screen.getByTestId('probe-Storage')).getByText('Healthy')).toBeInTheDocument();
    expect(within(screen.getByTestId('probe-AI Services')).getByText('local')).toBeInTheDocument();
  });

  it('shows storage in total and per user', async () => {
    fakeApi({
      'GET /api/admin/storage': {
        totalBytes: 4 * 1024 ** 2,
        totalFiles: 3,
        warningBytes: 80 * 1024 ** 3,
        status: 'healthy',
        users: [
          { id: 'u1', email: 'ada@example.com', storageBytes: 1024 ** 2, fileCount: 1, projectCount: 1 },
        ],
        nextCursor: null,
      },
    });
    renderPage(<AdminStoragePage />, { path: '/admin/storage', auth });
    expect(await screen.findByText('4.00 MB')).toBeInTheDocument();
    const [row] = screen.getAllByTestId('storage-row');
    expect(within(row!).getByText('1.00 MB')).toBeInTheDocument();
    expect(within(row!).getByText('25%')).toBeInTheDocument();
  });
});
