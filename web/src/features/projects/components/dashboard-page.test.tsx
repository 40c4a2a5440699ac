import type { ProjectPage } from '@shared/schemas/projects';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { projectSummary } from '@/test/fixtures';
import { renderPage, signedInAs } from '@/test/render';
import { DashboardPage, VIEW_STORAGE_KEY } from './dashboard-page';

const api = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  patch: vi.fn(),
  delete: vi.fn(),
}));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiRequest: (await import('@/test/fake-transport')).fakeTransport(api),
}));

const page = (items: ProjectPage['items'], nextCursor: string | null = null): ProjectPage => ({
  items,
  nextCursor,
});

/** The query string of the n-th list call. */
const listCall = (n: number) => new URLSearchParams(String(api.get.mock.calls[n]![0]).split('?')[1]);

function setup() {
  const user = userEvent.setup();
  renderPage(<DashboardPage />, { path: '/dashboard', auth: signedInAs('ada@example.com') });
  return user;
}

describe('DashboardPage', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('shows "Loading projects..." and then the projects with status, counts, date and tags', async () => {
    api.get.mockResolvedValue(
      page([
        projectSummary({
          id: 'p1',
          title: 'Riverside House',
          status: 'processing',
          fileCount: 1,
          renderCount: 3,
          tags: ['Residential', 'Modern'],
        }),
      ]),
    );
    setup();
    expect(screen.getByText('Loading projects...')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Riverside House' });
    const inCard = within(card);
    expect(inCard.getByText('Processing')).toBeInTheDocument();
    expect(inCard.getByText('1 file')).toBeInTheDocument();
    expect(inCard.getByText('3 renders')).toBeInTheDocument();
    expect(inCard.getByText('Mar 5, 2025')).toBeInTheDocument();
    expect(inCard.getByText('Residential')).toBeInTheDocument();
    expect(inCard.getByText('Modern')).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: 'Open Riverside House' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(listCall(0).get('status')).toBe('all');
    expect(listCall(0).has('q')).toBe(false);
  });

  it('invites to create the first project when there is none', async () => {
    api.get.mockResolvedValue(page([]));
    setup();
    expect(await screen.findByText('No projects found')).toBeInTheDocument();
    expect(screen.getByText('Create your first project to get started')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Project' })).toHaveAttribute('href', '/upload');
    expect(screen.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/upload');
  });

  it('searches on the server after a pause in typing and says when nothing matches', async () => {
    api.get.mockResolvedValueOnce(page([projectSummary({ title: 'Riverside House' })]));
    api.get.mockResolvedValue(page([]));
    const user = setup();
    await screen.findByRole('article', { name: 'Riverside House' });
    await user.type(screen.getByPlaceholderText('Search projects, tags...'), 'villa');
    expect(await screen.findByText('Try adjusting your search terms')).toBeInTheDocument();
    expect(screen.getByText('No projects found')).toBeInTheDocument();
    // One request for the typed word, not one per key.
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(listCall(1).get('q')).toBe('villa');
  });

  it('filters by status with the filter buttons', async () => {
    api.get.mockResolvedValue(page([projectSummary()]));
    const user = setup();
    await screen.findByRole('article', { name: 'Riverside House' });
    const filters = screen.getByRole('group', { name: 'Filter by status' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Draft', 'Processing', 'Completed', 'Failed']);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    api.get.mockResolvedValue(page([]));
    await user.click(within(filters).getByRole('button', { name: 'Completed' }));
    // Nothing was searched for: the empty filter says what it means, not "adjust your search terms".
    expect(await screen.findByText('No project has finished renders yet.')).toBeInTheDocument();
    expect(screen.queryByText('Try adjusting your search terms')).toBeNull();
    expect(within(filters).getByRole('button', { name: 'Completed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(listCall(api.get.mock.calls.length - 1).get('status')).toBe('completed');
    await user.click(within(filters).getByRole('button', { name: 'Failed' }));
    expect(await screen.findByText('No project has a failed generation.')).toBeInTheDocument();
    expect(listCall(api.get.mock.calls.length - 1).get('status')).toBe('failed');
  });

  it('switches between grid and list and remembers the choice', async () => {
    api.get.mockResolvedValue(page([projectSummary()]));
    const user = setup();
    await screen.findByRole('article', { name: 'Riverside House' });
    const list = () => screen.getByRole('list', { name: '' });
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe('list');
    expect(list()).toHaveAttribute('data-view', 'list');
  });

  it('starts in the remembered view', async () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'list');
    api.get.mockResolvedValue(page([projectSummary()]));
    setup();
    await screen.findByRole('article', { name: 'Riverside House' });
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('loads more projects page by page', async () => {
    api.get.mockResolvedValueOnce(page([projectSummary({ title: 'First' })], 'cursor-2'));
    api.get.mockResolvedValueOnce(page([projectSummary({ title: 'Second' })]));
    const user = setup();
    await screen.findByRole('article', { name: 'First' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Second' })).toBeInTheDocument();
    expect(listCall(1).get('cursor')).toBe('cursor-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('toasts when the projects cannot be loaded', async () => {
    api.get.mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    setup();
    expect(await screen.findByText('Failed to load projects. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('deletes a project after confirmation and takes it off the list', async () => {
    api.get.mockResolvedValue(page([projectSummary({ id: 'p1', title: 'Old Shed' })]));
    api.delete.mockResolvedValue(undefined);
    const user = setup();
    const card = await screen.findByRole('article', { name: 'Old Shed' });
    await user.click(within(card).getByRole('button', { name: 'Delete Old Shed' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete "Old Shed"?' });
    api.get.mockResolvedValue(page([]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete Project' }));
    expect(await screen.findByText('Project deleted successfully')).toBeInTheDocument();
    expect(api.delete).toHaveBeenCalledWith('/projects/p1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Old Shed' })).not.toBeInTheDocument());
  });
});
