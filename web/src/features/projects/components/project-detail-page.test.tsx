import type { ProjectRender } from '@shared/schemas/projects';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { generation, projectDetail, projectFile, projectRender } from '@/test/fixtures';
import { renderPage, signedInAs } from '@/test/render';
import { RENDER_POLL_MS } from '../api/projects';
import { ProjectDetailPage, recentActivity } from './project-detail-page';

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

function setup(path = '/projects/p1') {
  const user = userEvent.setup();
  const view = renderPage(<ProjectDetailPage />, {
    path,
    route: '/projects/:id',
    auth: signedInAs('ada@example.com'),
  });
  return { user, ...view };
}

const LONG_PROMPT = 'Modern interior with natural lighting, oak floors and a double-height living room';

describe('recentActivity', () => {
  it('lists the 3 newest completed renders with the first 50 characters of the prompt', () => {
    const items = recentActivity([
      projectRender({ prompt: 'old', createdAt: '2025-01-01T00:00:00Z' }),
      projectRender({ prompt: 'failed', status: 'failed', createdAt: '2025-01-09T00:00:00Z' }),
      projectRender({ prompt: LONG_PROMPT, createdAt: '2025-01-05T00:00:00Z' }),
      projectRender({ prompt: 'newest', createdAt: '2025-01-08T00:00:00Z' }),
      projectRender({ prompt: 'middle', createdAt: '2025-01-03T00:00:00Z' }),
    ]);
    expect(items.map((i) => i.text)).toEqual([
      'Render completed: newest',
      `Render completed: ${LONG_PROMPT.slice(0, 50)}...`,
      'Render completed: middle',
    ]);
  });
});

describe('ProjectDetailPage', () => {
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('shows a spinner, then the header, the summary and the overview', async () => {
    api.get.mockResolvedValue(
      projectDetail({
        id: 'p1',
        title: 'Riverside House',
        description: 'Two storeys by the river',
        status: 'completed',
        tags: ['Residential'],
        files: [projectFile(), projectFile({ status: 'error', originalName: 'broken.pdf' })],
        renders: [projectRender({ prompt: 'Night scene with ambient lighting' })],
      }),
    );
    setup();
    expect(screen.getByRole('status', { name: 'Loading project' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Riverside House', level: 1 })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/projects/p1');
    expect(screen.getByText('Two storeys by the river')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();

    const summary = within(screen.getByRole('region', { name: 'Project summary' }));
    expect(summary.getByText('Completed')).toBeInTheDocument();
    expect(summary.getByText('Files').nextSibling).toHaveTextContent('1');
    expect(summary.getByText('Renders').nextSibling).toHaveTextContent('1');

    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Files (1)' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Renders (1)' })).toBeInTheDocument();
    const overview = within(screen.getByRole('tabpanel', { name: 'Overview' }));
    expect(overview.getByText('Project Details')).toBeInTheDocument();
    expect(overview.getByText('Last Updated')).toBeInTheDocument();
    expect(overview.getByText('Residential')).toBeInTheDocument();
    expect(overview.getByText('Render completed: Night scene with ambient lighting')).toBeInTheDocument();
  });

  it('says "No tags" and "No recent activity", and shows the empty tabs', async () => {
    api.get.mockResolvedValue(projectDetail({ id: 'p1', renders: [projectRender({ status: 'pending' })] }));
    const { user } = setup();
    expect(await screen.findByText('No tags')).toBeInTheDocument();
    expect(screen.getByText('No recent activity')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Files (0)' }));
    expect(screen.getByText('No files uploaded')).toBeInTheDocument();
    expect(screen.getByText('Upload files to get started with rendering.')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys and lists files with size, type and date', async () => {
    api.get.mockResolvedValue(
      projectDetail({
        id: 'p1',
        files: [
          projectFile({
            originalName: 'plan.png',
            sizeBytes: 1.5 * 1024 * 1024,
            previewUrl: 'https://x/p.png',
          }),
          projectFile({ originalName: 'site.dxf', fileType: 'cad', sizeBytes: 2048 }),
        ],
      }),
    );
    const { user } = setup();
    const overview = await screen.findByRole('tab', { name: 'Overview' });
    await user.click(overview);
    await user.keyboard('{ArrowRight}');
    const filesTab = screen.getByRole('tab', { name: 'Files (2)' });
    expect(filesTab).toHaveFocus();
    expect(filesTab).toHaveAttribute('aria-selected', 'true');
    const panel = within(screen.getByRole('tabpanel', { name: 'Files (2)' }));
    const cards = panel.getAllByTestId('file-card');
    expect(cards[0]).toHaveTextContent('plan.png');
    expect(cards[0]).toHaveTextContent('Image (PNG)');
    expect(cards[0]).toHaveTextContent('1.50 MB');
    expect(cards[0]).toHaveTextContent(formatDateTime('2025-03-05T12:00:00.000Z'));
    expect(within(cards[0]!).getByRole('img', { name: 'Preview of plan.png' })).toHaveAttribute(
      'src',
      'https://x/p.png',
    );
    expect(cards[1]).toHaveTextContent('CAD drawing (DXF)');
    expect(cards[1]).toHaveTextContent('2.00 KB');
    expect(panel.getByRole('button', { name: 'Download plan.png' })).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '3D Model' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Renders (0)' })).toHaveFocus();
    expect(screen.getByText('No renders yet')).toBeInTheDocument();
    expect(screen.getByText('Start rendering to see your visualizations here.')).toBeInTheDocument();
    await user.keyboard('{End}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('downloads a file through the download URL', async () => {
    const file = projectFile({ id: 'f1', projectId: 'p1', originalName: 'plan.png' });
    api.get.mockImplementation(async (path: string) =>
      path.endsWith('/download')
        ? { url: 'http://s3.local/plan.png?sig', fileName: 'plan.png', expiresIn: 300 }
        : projectDetail({ id: 'p1', files: [file] }),
    );
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = setup('/projects/p1?tab=files');
    await user.click(await screen.findByRole('button', { name: 'Download plan.png' }));
    expect(api.get).toHaveBeenCalledWith('/projects/p1/files/f1/download');
    expect(clicked[0]?.href).toBe('http://s3.local/plan.png?sig');
    expect(clicked[0]?.download).toBe('plan.png');
    click.mockRestore();
  });

  it('downloads the 3D model of a file whose plan was read, and not of one still being read', async () => {
    const ready = projectFile({ id: 'f1', projectId: 'p1', originalName: 'plan.dxf', planStatus: 'ready' });
    const reading = projectFile({
      id: 'f2',
      projectId: 'p1',
      originalName: 'late.dxf',
      planStatus: 'processing',
    });
    api.get.mockImplementation(async (path: string) =>
      path.includes('/model')
        ? { url: 'http://s3.local/plan-model.glb?sig', fileName: 'plan-model.glb', expiresIn: 300 }
        : projectDetail({ id: 'p1', files: [ready, reading] }),
    );
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = setup('/projects/p1?tab=files');
    await user.click(await screen.findByRole('button', { name: 'Export the 3D model of plan.dxf (.glb)' }));
    expect(api.get).toHaveBeenCalledWith('/projects/p1/files/f1/model?format=glb');
    expect(clicked[0]?.download).toBe('plan-model.glb');
    expect(screen.queryByRole('button', { name: 'Export the 3D model of late.dxf (.glb)' })).toBeNull();
    click.mockRestore();
  });

  it('offers Open in 3D on renders made from the model: at their camera, or the one nearest an isometric view', async () => {
    const camera = {
      position: [1, 2, 3] as [number, number, number],
      target: [0, 0, 0] as [number, number, number],
      fovDeg: 45,
    };
    api.get.mockResolvedValue(
      projectDetail({
        id: 'p1',
        renders: [
          projectRender({ id: 'placed', generationId: 'g1', variation: 1, fileId: 'f1', camera }),
          projectRender({
            id: 'iso',
            generationId: 'g1',
            variation: 2,
            fileId: 'f1',
            viewpoint: { ...camera, fovDeg: 20 },
          }),
          projectRender({ id: 'flat', generationId: 'g1', variation: 3, fileId: 'f1' }),
        ],
      }),
    );
    setup('/projects/p1?tab=renders');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Renders (3)' }));
    const cards = panel.getAllByTestId('render-card');
    expect(cards.map((c) => !!within(c).queryByRole('button', { name: 'Open in 3D' }))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('groups renders by generation, newest first, with the prompt once and the variations named in order', async () => {
    const older = '2026-01-02T10:00:00.000Z';
    const newer = '2026-01-03T10:00:00.000Z';
    const of = (generationId: string, variation: number, extra: Partial<ProjectRender> = {}) =>
      projectRender({
        id: `${generationId}-${variation}`,
        generationId,
        variation,
        style: `variation-${variation}`,
        createdAt: generationId === 'g1' ? older : newer,
        prompt: generationId === 'g1' ? 'Isometric architectural rendering' : 'Night scene',
        ...extra,
      });
    const failed = { status: 'failed' as const, renderUrl: null, error: 'The drawing could not be read.' };
    api.get.mockResolvedValue(
      projectDetail({
        id: 'p1',
        renders: [
          of('g1', 2),
          of('g1', 1),
          of('g1', 3),
          of('g2', 1, failed),
          of('g2', 3, failed),
          of('g2', 2, failed),
        ],
      }),
    );
    const { user } = setup('/projects/p1?tab=renders');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Renders (6)' }));
    const groups = panel.getAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'Night scene',
      'Isometric architectural rendering',
    ]);
    // The shared reason once, above the three failed cards, each with Retry.
    const [failedGroup, doneGroup] = groups.map((g) => within(g));
    expect(failedGroup!.getAllByText('The drawing could not be read.')).toHaveLength(1);
    expect(failedGroup!.getAllByRole('button', { name: /^Retry / })).toHaveLength(3);
    expect(doneGroup!.queryByText('Isometric architectural rendering', { selector: 'p' })).toBeNull();
    const cards = doneGroup!.getAllByTestId('render-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Variation 1: Lighting & materials',
      'Variation 2: Alternative camera',
      'Variation 3: Time of day',
    ]);
    expect(cards[0]).toHaveTextContent('Completed');
    expect(doneGroup!.queryByRole('button', { name: /^Retry / })).toBeNull();

    await user.click(within(cards[1]!).getByRole('button', { name: 'View Full Size' }));
    const viewer = screen.getByRole('dialog', { name: 'Render: Alternative camera' });
    expect(within(viewer).getByRole('img', { name: 'Isometric architectural rendering' })).toHaveAttribute(
      'src',
      'https://renders.example/r.png',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('downloads a render as a PNG named by the server, and retries one failed variation', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    click.mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const done = projectRender({ id: 'r1', generationId: 'g1', variation: 1 });
    const failed = projectRender({
      id: 'r2',
      generationId: 'g1',
      variation: 2,
      status: 'failed',
      renderUrl: null,
      error: 'Content filtered',
    });
    api.get.mockImplementation(async (path: string) =>
      path.endsWith('/download')
        ? {
            url: 'https://renders.example/r1.png?sig',
            fileName: 'Riverside House - Lighting & materials.png',
            expiresIn: 300,
          }
        : projectDetail({ id: 'p1', status: 'completed', renders: [done, failed] }),
    );
    api.post.mockResolvedValue({ generation: generation({ id: 'g1' }) });
    const { user } = setup('/projects/p1?tab=renders');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Renders (2)' }));
    await user.click(panel.getByRole('button', { name: 'Download Lighting & materials as PNG' }));
    expect(api.get).toHaveBeenCalledWith('/projects/p1/renders/r1/download');
    expect(clicked[0]?.download).toBe('Riverside House - Lighting & materials.png');
    // One failed card: its own reason on it.
    expect(panel.getByText('Content filtered')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Retry Alternative camera' }));
    expect(api.post).toHaveBeenCalledWith('/projects/p1/renders/r2/retry');
    click.mockRestore();
  });

  it('shows a render’s refinements as a thread under it and refines from the latest', async () => {
    const root = projectRender({
      id: 'r1',
      generationId: 'g1',
      variation: 1,
      createdAt: '2026-01-02T10:00:00.000Z',
    });
    const first = projectRender({
      id: 'r2',
      generationId: 'g2',
      variation: 1,
      refines: { renderId: 'r1', prompt: 'white walls' },
      promptReading: { understood: ['Walls: white'], notUnderstood: [] },
      createdAt: '2026-01-02T10:05:00.000Z',
    });
    const second = projectRender({
      id: 'r3',
      generationId: 'g3',
      variation: 1,
      status: 'processing',
      renderUrl: null,
      refines: { renderId: 'r2', prompt: 'add a flat roof' },
      createdAt: '2026-01-02T10:06:00.000Z',
    });
    api.get.mockResolvedValue(
      projectDetail({ id: 'p1', status: 'processing', renders: [second, first, root] }),
    );
    api.post.mockResolvedValue({ generation: generation({ id: 'g4' }) });
    const { user } = setup('/projects/p1?tab=renders');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Renders (3)' }));
    // One group (the refinements are not generations of their own), one card, its thread oldest first.
    expect(panel.getAllByRole('region')).toHaveLength(1);
    expect(panel.getAllByTestId('render-card')).toHaveLength(1);
    const entries = panel.getAllByTestId('refinement');
    expect(entries.map((e) => e.getAttribute('data-status'))).toEqual(['completed', 'processing']);
    expect(entries[0]).toHaveTextContent('white walls');
    expect(entries[0]).toHaveTextContent('Understood: Walls: white');
    expect(entries[1]).toHaveTextContent('add a flat roof');
    expect(entries[1]).toHaveTextContent('Rendering...');
    // A finished refinement can be downloaded; one still rendering cannot.
    expect(
      within(entries[0]!).getByRole('button', { name: 'Download refinement "white walls"' }),
    ).toBeInTheDocument();
    expect(within(entries[1]!).queryByRole('button', { name: /^Download/ })).toBeNull();

    await user.click(panel.getByRole('button', { name: 'Refine Lighting & materials' }));
    const field = panel.getByLabelText('What should change?');
    expect(panel.getByRole('button', { name: 'Refine' })).toBeDisabled();
    await user.type(field, 'evening');
    await user.click(panel.getByRole('button', { name: 'Refine' }));
    // Builds on the latest completed refinement.
    expect(api.post).toHaveBeenCalledWith(
      '/projects/p1/renders/r2/refine',
      { prompt: 'evening' },
      { headers: { 'idempotency-key': expect.any(String) } },
    );
  });

  it('exports a render at high resolution: asks, shows it being made, then downloads it', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const render = projectRender({
      id: 'r1',
      generationId: 'g1',
      variation: 1,
      exports: { '2048': { status: 'ready' }, '4096': { status: 'failed', error: 'Could not be made' } },
    });
    api.get.mockImplementation(async (path: string) =>
      path.includes('/download')
        ? {
            url: 'https://renders.example/r1@2048.png?sig',
            fileName: 'Riverside House - Lighting & materials (2048 px).png',
            expiresIn: 300,
          }
        : projectDetail({ id: 'p1', status: 'completed', renders: [render] }),
    );
    api.post.mockResolvedValue({ export: { size: 4096, status: 'processing' } });
    const { user } = setup('/projects/p1?tab=renders');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Renders (1)' }));
    await user.click(panel.getByRole('button', { name: 'Download Lighting & materials at 2048 px' }));
    expect(api.get).toHaveBeenCalledWith('/projects/p1/renders/r1/download?size=2048');
    expect(panel.getByText('Could not be made')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Export Lighting & materials at 4096 px' }));
    expect(api.post).toHaveBeenCalledWith('/projects/p1/renders/r1/exports', { size: 4096 });
    click.mockRestore();
  });

  it('reads the project again while renders are pending, until they settle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const pending = projectRender({ id: 'r1', prompt: 'Night scene', status: 'pending', renderUrl: null });
      const processing = { ...pending, status: 'processing' as const };
      const completed = {
        ...pending,
        status: 'completed' as const,
        renderUrl: 'https://renders.example/r1.png',
      };
      api.get
        .mockResolvedValueOnce(projectDetail({ id: 'p1', renders: [pending] }))
        .mockResolvedValueOnce(projectDetail({ id: 'p1', renders: [processing] }))
        .mockResolvedValue(projectDetail({ id: 'p1', status: 'completed', renders: [completed] }));
      setup();
      expect(await screen.findByText('No recent activity')).toBeInTheDocument();
      expect(api.get).toHaveBeenCalledTimes(1);

      await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS));
      expect(api.get).toHaveBeenCalledTimes(2);
      expect(screen.getByText('No recent activity')).toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS));
      expect(await screen.findByText('Render completed: Night scene')).toBeInTheDocument();
      expect(api.get).toHaveBeenCalledTimes(3);

      // Settled: no more reads.
      await act(() => vi.advanceTimersByTimeAsync(RENDER_POLL_MS * 3));
      expect(api.get).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the project does not exist', async () => {
    api.get.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Project not found'));
    setup();
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByText("The project you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('toasts and goes to the dashboard when the project cannot be loaded', async () => {
    api.get.mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    setup();
    expect(await screen.findByText('Failed to load project details')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('edits the title, description and tags in Settings', async () => {
    api.get.mockResolvedValue(projectDetail({ id: 'p1', title: 'Riverside House', tags: ['Modern'] }));
    api.patch.mockImplementation(async (_path: string, body: object) => ({
      ...projectDetail({ id: 'p1' }),
      ...body,
    }));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Project Settings' }));
    const title = dialog.getByLabelText('Project Title');
    await user.clear(title);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Please enter a project title first')).toBeInTheDocument();
    expect(api.patch).not.toHaveBeenCalled();

    await user.type(title, 'Riverside Villa');
    await user.type(dialog.getByLabelText('Description (Optional)'), 'With a boathouse');
    await user.click(dialog.getByRole('button', { name: 'Remove tag Modern' }));
    await user.click(dialog.getByRole('button', { name: 'Exterior' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(api.patch).toHaveBeenCalledWith('/projects/p1', {
      title: 'Riverside Villa',
      description: 'With a boathouse',
      tags: ['Exterior'],
    });
    expect(await screen.findByText('Project updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Riverside Villa', level: 1 })).toBeInTheDocument();
  });

  it('keeps Settings open when saving fails', async () => {
    api.get.mockResolvedValue(projectDetail({ id: 'p1' }));
    api.patch.mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update project')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Project Settings' })).toBeInTheDocument();
  });
});
