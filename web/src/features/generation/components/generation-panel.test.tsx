import type { PlanCheck, PlanModel } from '@shared/plan/schema';
import type { Generation, GenerationRender } from '@shared/schemas/generations';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { projectSummary } from '@/test/fixtures';
import { authState, renderPage, signedInAs } from '@/test/render';
import { usePromptState } from '../hooks/use-prompt-state';
import { GenerationPanel } from './generation-panel';
import type { SourceDrawing } from './prompt-card';

const api = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  patch: vi.fn(),
  delete: vi.fn(),
}));
/** The source drawing's plan (`GET …/files/{fileId}/plan`), answered apart from the generations' reads. */
const plans = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => {
  const { fakeTransport } = await import('@/test/fake-transport');
  const generations = fakeTransport(api);
  const planReads = fakeTransport({ ...api, get: plans.get });
  return {
    ...(await importOriginal<typeof import('@/lib/api-client')>()),
    apiRequest: (path: string, options?: Parameters<typeof generations>[1]) =>
      path.endsWith('/plan') ? planReads(path, options) : generations(path, options),
  };
});

function planWith(verdict: PlanCheck['verdict'], walls = 4): PlanModel {
  return {
    version: 1,
    status: 'ready',
    source: { format: 'dxf' },
    space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, yDown: false },
    walls: Array.from({ length: walls }, (_, i) => ({
      a: [0, i * 1000],
      b: [4000, i * 1000],
      thickness: 200,
    })),
    openings: [],
    rooms: [],
    warnings: [],
    check: {
      verdict,
      reasons: verdict === 'looks-right' ? [] : ['The walls found enclose no room: walls may be missing.'],
    },
  } as PlanModel;
}

const PROJECT = projectSummary({ id: 'p1', title: 'Harbour Lofts' });
const PLAN: SourceDrawing = { id: 'f1', name: 'ground-floor.dxf' };
const PROMPT = 'Isometric architectural rendering';

function render(variation: 1 | 2 | 3, overrides: Partial<GenerationRender> = {}): GenerationRender {
  return {
    id: `r${variation}`,
    variation,
    status: 'pending',
    imageUrl: null,
    previewUrl: null,
    error: null,
    description: null,
    ...overrides,
  };
}

const done = (variation: 1 | 2 | 3, id = `r${variation}`) =>
  render(variation, {
    id,
    status: 'completed',
    imageUrl: `https://renders.example/${id}.png`,
    previewUrl: `https://renders.example/${id}.webp`,
    description: `Variation ${variation} of the plan`,
  });

function generation(overrides: Partial<Generation> = {}): Generation {
  return {
    id: 'g1',
    projectId: 'p1',
    status: 'running',
    prompt: PROMPT,
    style: null,
    fidelity: 0.7,
    fileId: 'f1',
    analysis: null,
    succeeded: 0,
    failed: 0,
    createdAt: '2025-03-05T12:00:00.000Z',
    finishedAt: null,
    renders: [render(1), render(2), render(3)],
    ...overrides,
  };
}

const settled = (renders: GenerationRender[], overrides: Partial<Generation> = {}) =>
  generation({
    status: renders.some((r) => r.status === 'completed') ? 'completed' : 'failed',
    succeeded: renders.filter((r) => r.status === 'completed').length,
    failed: renders.filter((r) => r.status === 'failed').length,
    finishedAt: '2025-03-05T12:01:00.000Z',
    renders,
    ...overrides,
  });

const showPlan = vi.fn();

function Harness({
  project,
  files,
  buildingLevels,
}: {
  project: typeof PROJECT | null;
  files: SourceDrawing[];
  buildingLevels?: number | undefined;
}) {
  const prompt = usePromptState();
  return (
    <GenerationPanel
      project={project}
      files={files}
      buildingLevels={buildingLevels}
      prompt={prompt}
      onShowPlan={showPlan}
    />
  );
}

function setup({
  auth = signedInAs('ada@example.com'),
  project = PROJECT as typeof PROJECT | null,
  files = [PLAN],
  buildingLevels = undefined as number | undefined,
} = {}) {
  const user = userEvent.setup();
  renderPage(<Harness project={project} files={files} buildingLevels={buildingLevels} />, {
    path: '/upload',
    auth,
  });
  return {
    user,
    field: screen.getByLabelText('Prompt'),
    generateButton: () => screen.getByRole('button', { name: /Generate 3D Visualization|Generating\.\.\./ }),
  };
}

const cards = () => screen.queryAllByTestId('visualization');
/** The toast whose text includes `text` (title or description). */
const findToast = (text: string, timeout = 1000) =>
  waitFor(
    () => {
      const toasts = Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]'));
      const hit = toasts.find((t) => t.textContent?.includes(text));
      if (!hit) throw new Error(`No toast "${text}" among: ${toasts.map((t) => t.textContent).join(' | ')}`);
      return hit;
    },
    { timeout },
  );
const toastTexts = () =>
  Array.from(document.querySelectorAll('[data-sonner-toast]'), (t) => t.textContent ?? '').join(' | ');

/** POST answers with the pending generation; GET answers with `then` (or the generation as it is). */
function serve(then: Generation | (() => Generation), start = generation()) {
  api.post.mockResolvedValue({ generation: start });
  api.get.mockImplementation(async () => ({ generation: typeof then === 'function' ? then() : then }));
}

async function generateWith(user: ReturnType<typeof userEvent.setup>, prompt = PROMPT) {
  await user.click(screen.getByRole('button', { name: prompt }));
  await user.click(screen.getByRole('button', { name: 'Generate 3D Visualization' }));
}

describe('GenerationPanel', () => {
  beforeEach(() => {
    plans.get.mockResolvedValue({ plan: planWith('looks-right') });
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('asks first when the drawing could not be read: generate anyway, or check what was read', async () => {
    plans.get.mockResolvedValue({ plan: planWith('unreadable') });
    serve(settled([done(1), done(2), done(3)]));
    const { user } = setup();
    await waitFor(() => expect(plans.get).toHaveBeenCalledWith('/projects/p1/files/f1/plan'));
    await generateWith(user);
    const dialog = await screen.findByRole('dialog', { name: 'Planform could not read this drawing' });
    expect(within(dialog).getByText(/enclose no room/)).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Check what was read' }));
    expect(showPlan).toHaveBeenCalledWith(PLAN);
    expect(api.post).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Generate 3D Visualization' }));
    await user.click(await screen.findByRole('button', { name: 'Generate anyway' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    await findToast('Generated 3 visualizations successfully!');
  });

  it('offers no generation from a drawing with no plan in it (an elevation)', async () => {
    plans.get.mockResolvedValue({ plan: planWith('unreadable', 0) });
    const { user } = setup();
    await waitFor(() => expect(plans.get).toHaveBeenCalled());
    await generateWith(user);
    const dialog = await screen.findByRole('dialog', { name: 'Planform could not read this drawing' });
    expect(within(dialog).queryByRole('button', { name: 'Generate anyway' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows renders that kept too little of the model as not keeping the design, not as successes', async () => {
    const lost = (v: 1 | 2 | 3) => ({ ...done(v), geometryKept: 0.2, designLost: true });
    serve(settled([done(1), lost(2), lost(3)]));
    const { user } = setup();
    await generateWith(user);
    const toast = await findToast('Generated 1 visualizations successfully!');
    expect(toast).toHaveTextContent('2 did not keep the design');
    expect(screen.getByText('1 of 3 completed, 2 did not keep the design')).toBeInTheDocument();
    expect(within(cards()[1]!).getByTestId('design-lost')).toHaveTextContent('Did not keep the design');
    expect(within(cards()[0]!).queryByTestId('design-lost')).toBeNull();
  });

  it('warns when no render kept the design', async () => {
    const lost = (v: 1 | 2 | 3) => ({ ...done(v), geometryKept: 0.1, designLost: true });
    serve(settled([lost(1), lost(2), lost(3)]));
    const { user } = setup();
    await generateWith(user);
    const toast = await findToast('The visualizations did not keep the design');
    expect(toast).toHaveTextContent('Check what Planform read');
    expect(toastTexts()).not.toMatch(/successfully/);
  });

  it('generates at once from a drawing worth checking', async () => {
    plans.get.mockResolvedValue({ plan: planWith('worth-checking') });
    serve(settled([done(1), done(2), done(3)]));
    const { user } = setup();
    await waitFor(() => expect(plans.get).toHaveBeenCalled());
    await generateWith(user);
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
  });

  it('disables Generate while the prompt is blank; a quick prompt fills it', async () => {
    const { user, field, generateButton } = setup();
    expect(screen.getByRole('heading', { name: 'AI Generation Prompt' })).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    await user.type(field, '   ');
    expect(generateButton()).toBeDisabled();

    const quick = within(screen.getByRole('group', { name: 'Quick prompts' })).getAllByRole('button');
    expect(quick.map((b) => b.textContent)).toEqual([
      'Photorealistic exterior view',
      'Isometric architectural rendering',
      'Modern interior with natural lighting',
      'Night scene with ambient lighting',
      'Artistic watercolor style',
    ]);
    await user.click(screen.getByRole('button', { name: 'Night scene with ambient lighting' }));
    expect(field).toHaveValue('Night scene with ambient lighting');
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Night scene with ambient lighting' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(generateButton()).toBeEnabled();
    // No source picker for a single drawing; the fidelity control starts at 0.7.
    expect(screen.queryByLabelText('Source drawing')).not.toBeInTheDocument();
    const fidelity = screen.getByRole('slider', { name: 'Fidelity' });
    expect(fidelity).toHaveValue('0.7');
    expect(screen.getByText('Creative')).toBeInTheDocument();
    expect(screen.getByText('Precise')).toBeInTheDocument();
  });

  it('shows three placeholders at once, sends one request with a fresh key, and is busy until it settles', async () => {
    let answer!: (value: unknown) => void;
    api.post.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.get.mockResolvedValue({
      generation: generation({ renders: [render(1, { status: 'processing' }), render(2), render(3)] }),
    });
    const { user, generateButton } = setup();
    await generateWith(user);

    expect(screen.getByRole('heading', { name: 'Generated Visualizations' })).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      'Variation 1: Lighting & materials',
      'Variation 2: Alternative camera',
      'Variation 3: Time of day',
    ]);
    expect(cards().every((c) => c.dataset.status === 'generating')).toBe(true);
    expect(generateButton()).toHaveTextContent('Generating...');
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    expect(api.post).toHaveBeenCalledTimes(1);
    const [path, body, options] = api.post.mock.calls[0]!;
    expect(path).toBe('/projects/p1/generations');
    expect(body).toEqual({ prompt: PROMPT, fidelity: 0.7, fileId: 'f1' });
    expect(options.headers['idempotency-key']).toMatch(/^[\w.:-]{8,128}$/);

    await act(async () => answer({ generation: generation() }));
    expect(await screen.findByText('Rendering...')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/projects/p1/generations/g1');
    expect(generateButton()).toHaveTextContent('Generating...');
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Generating 3 visualizations...')).toBeInTheDocument();
  });

  it('fills completed variations with their image and buttons, shows a failed one, and toasts the count', async () => {
    serve(
      settled([
        done(1),
        render(2, { status: 'failed', error: 'The image took too long to generate' }),
        done(3),
      ]),
    );
    const { user, generateButton } = setup();
    await generateWith(user);

    await findToast('Generated 2 visualizations successfully!');
    const [first, second, third] = cards();
    expect(first).toHaveAttribute('data-status', 'completed');
    expect(within(first!).getByRole('img')).toHaveAttribute('src', 'https://renders.example/r1.webp');
    expect(within(first!).getByRole('button', { name: 'View Full' })).toBeInTheDocument();
    const open = within(first!).getByRole('link', { name: 'Open in new tab' });
    expect(open).toHaveAttribute('href', 'https://renders.example/r1.png');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(first!).getByText('Variation 1 of the plan')).toBeInTheDocument();

    expect(second).toHaveAttribute('data-status', 'failed');
    expect(within(second!).getByText('Generation Failed')).toBeInTheDocument();
    expect(within(second!).getByText('The image took too long to generate')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'View Full' })).not.toBeInTheDocument();
    expect(third).toHaveAttribute('data-status', 'completed');
    expect(screen.getByText('2 of 3 completed, 1 failed')).toBeInTheDocument();

    // Settled: Generate works again, and the project is read again.
    expect(generateButton()).toHaveTextContent('Generate 3D Visualization');
    expect(generateButton()).toBeEnabled();
  });

  it('says "Generated 3 visualizations successfully!" when all three succeed', async () => {
    serve(settled([done(1), done(2), done(3)]));
    const { user } = setup();
    await generateWith(user);
    await findToast('Generated 3 visualizations successfully!');
    expect(cards().filter((c) => c.dataset.status === 'completed')).toHaveLength(3);
    expect(screen.getByText('3 of 3 completed')).toBeInTheDocument();
  });

  it('says "Failed to generate visualizations" when none succeeds, with the default error text', async () => {
    serve(
      settled([
        render(1, { status: 'failed', error: 'The image service was unavailable. Please try again.' }),
        render(2, { status: 'failed' }),
        render(3, { status: 'failed' }),
      ]),
    );
    const { user } = setup();
    await generateWith(user);
    const toast = await findToast('Failed to generate visualizations');
    expect(toast).toHaveTextContent('The image service was unavailable. Please try again.');
    expect(toastTexts()).not.toContain('successfully');
    expect(screen.getAllByText('Generation Failed')).toHaveLength(3);
    expect(within(cards()[1]!).getByText('Generation failed')).toBeInTheDocument();
  });

  it('shows the server’s reason for a refused generation (429) and removes the placeholders', async () => {
    api.post.mockRejectedValue(
      new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        'You already have 2 generations running. Please wait for one to finish.',
      ),
    );
    const { user, generateButton } = setup();
    await generateWith(user);
    const toast = await findToast('Failed to generate visualizations');
    expect(toast).toHaveTextContent('You already have 2 generations running. Please wait for one to finish.');
    expect(cards()).toHaveLength(0);
    expect(generateButton()).toBeEnabled();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('shows the server’s own words when it finds no drawing to use (matched by its code, NO_DRAWING)', async () => {
    api.post.mockRejectedValue(new ApiError(400, 'NO_DRAWING', 'Please upload at least one file first'));
    const { user } = setup();
    await generateWith(user);
    const toast = await findToast('Please upload at least one file first');
    expect(toast).not.toHaveTextContent('Failed to generate visualizations');
    expect(cards()).toHaveLength(0);
  });

  it('says "Failed to generate visualizations" for an unexpected error', async () => {
    api.post.mockRejectedValue(new ApiError(500, 'INTERNAL', 'Something went wrong. Please try again.'));
    const { user } = setup();
    await generateWith(user);
    await findToast('Failed to generate visualizations');
    expect(cards()).toHaveLength(0);
  });

  it('gives up on a generation that can no longer be read (404 while polling)', async () => {
    api.post.mockResolvedValue({ generation: generation() });
    api.get.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Generation not found'));
    const { user, generateButton } = setup();
    await generateWith(user);
    const toast = await findToast('Failed to generate visualizations');
    expect(toast).toHaveTextContent('Generation not found');
    expect(cards().map((c) => c.dataset.status)).toEqual(['failed', 'failed', 'failed']);
    expect(screen.getAllByText('Generation not found')).toHaveLength(4);
    expect(generateButton()).toBeEnabled();
  });

  it('asks again with the same key when the request did not reach the server', async () => {
    api.post
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Could not reach the server.'))
      .mockResolvedValueOnce({ generation: generation() });
    api.get.mockResolvedValue({ generation: settled([done(1), done(2), done(3)]) });
    const { user } = setup();
    await generateWith(user);
    await findToast('Generated 3 visualizations successfully!', 4000);
    expect(api.post).toHaveBeenCalledTimes(2);
    const keys = api.post.mock.calls.map(([, , options]) => options.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says a blank prompt needs filling (Ctrl+Enter), and sends nothing', async () => {
    const first = setup();
    first.field.focus();
    await first.user.keyboard('{Control>}{Enter}{/Control}');
    await findToast('Please ensure project is created and prompt is provided');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('asks to sign in when signed out', async () => {
    const { user } = setup({ auth: authState() });
    await generateWith(user);
    await findToast('Please log in to upload files');
    expect(api.post).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(0);
  });

  it('asks for an uploaded file when there is none', async () => {
    const { user } = setup({ files: [] });
    await generateWith(user);
    await findToast('Please upload at least one file first');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('asks for a project when there is none', async () => {
    const { user } = setup({ project: null });
    await generateWith(user);
    await findToast('Please ensure project is created and prompt is provided');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends the chosen drawing and fidelity', async () => {
    serve(settled([done(1), done(2), done(3)]));
    const { user } = setup({ files: [PLAN, { id: 'f2', name: 'section.pdf' }] });
    const picker = screen.getByLabelText('Source drawing');
    expect(picker).toHaveValue('f1');
    await user.selectOptions(picker, 'section.pdf');
    fireEvent.change(screen.getByRole('slider', { name: 'Fidelity' }), { target: { value: '1' } });
    expect(screen.getByRole('slider', { name: 'Fidelity' })).toHaveAccessibleDescription(
      'Follows the walls and openings of the drawing closely.',
    );
    await generateWith(user, 'Artistic watercolor style');
    expect(api.post).toHaveBeenCalledWith(
      '/projects/p1/generations',
      { prompt: 'Artistic watercolor style', fidelity: 1, fileId: 'f2' },
      expect.anything(),
    );
    await findToast('Generated 3 visualizations successfully!');
  });

  it('offers the whole building as the source when the project has several levels, and sends it without a drawing', async () => {
    serve(settled([done(1), done(2), done(3)]));
    const { user } = setup({ files: [PLAN], buildingLevels: 3 });
    const picker = screen.getByLabelText('Source drawing');
    expect([...picker.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Whole building (3 levels)',
      'ground-floor.dxf',
    ]);
    await user.selectOptions(picker, 'Whole building (3 levels)');
    await generateWith(user);
    expect(api.post).toHaveBeenCalledWith(
      '/projects/p1/generations',
      { prompt: PROMPT, fidelity: 0.7, building: true },
      expect.anything(),
    );
    expect(await screen.findByText(/· Whole building/)).toBeInTheDocument();
  });

  it('fills each variation as it completes, keeps earlier generations below the newest, and opens one full size', async () => {
    let reads = 0;
    api.post.mockResolvedValueOnce({ generation: generation() });
    api.get.mockImplementation(async () => {
      reads += 1;
      return {
        generation:
          reads === 1
            ? generation({ renders: [done(1), render(2, { status: 'processing' }), render(3)] })
            : settled([done(1), done(2), done(3)]),
      };
    });
    const { user } = setup();
    await generateWith(user);
    await waitFor(() => expect(cards()[0]).toHaveAttribute('data-status', 'completed'));
    expect(cards()[1]).toHaveAttribute('data-status', 'generating');
    expect(within(cards()[1]!).getByText('Rendering...')).toBeInTheDocument();
    expect(within(cards()[2]!).getByText('Waiting to start')).toBeInTheDocument();
    expect(screen.getByText('Generating... 1 of 3 done')).toBeInTheDocument();

    // The next read, 1.5 s later, has them all.
    await findToast('Generated 3 visualizations successfully!', 4000);

    // A second generation goes on top; the first stays.
    const second = settled([done(1, 's1'), done(2, 's2'), done(3, 's3')], {
      id: 'g2',
      prompt: 'Night scene with ambient lighting',
    });
    api.post.mockResolvedValueOnce({ generation: { ...second, status: 'running' } });
    api.get.mockImplementation(async (path: string) => ({
      generation: path.endsWith('/g2') ? second : settled([done(1), done(2), done(3)]),
    }));
    await generateWith(user, 'Night scene with ambient lighting');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const batches = screen.getAllByTestId('generation-batch');
    expect(batches.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Generation: Night scene with ambient lighting',
      `Generation: ${PROMPT}`,
    ]);
    await waitFor(() => expect(batches[0]).toHaveAttribute('data-state', 'settled'));

    await user.click(within(batches[1]!).getAllByRole('button', { name: 'View Full' })[1]!);
    const dialog = screen.getByRole('dialog', { name: 'Render: Alternative camera' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'https://renders.example/r2.png');
  });
});
