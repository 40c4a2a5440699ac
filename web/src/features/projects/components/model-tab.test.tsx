import { PLAN_MODEL_VERSION, type PlanModel } from '@shared/plan/schema';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signedInAs } from '@/test/render';
import { ModelTab, PublicModel } from './model-tab';

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

function plan(overrides: Partial<PlanModel> = {}): PlanModel {
  return {
    version: PLAN_MODEL_VERSION,
    status: 'ready',
    source: { format: 'dxf' },
    space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
    walls: [
      { a: [0, 0], b: [4, 0], thickness: 0.2 },
      { a: [4, 0], b: [4, 3], thickness: 0.2 },
    ],
    openings: [],
    rooms: [],
    warnings: [],
    ...overrides,
  };
}

const files = [
  { id: 'f1', name: 'ground.dxf', planStatus: 'ready' as const },
  { id: 'f2', name: 'elevation.dxf', planStatus: 'ready' as const },
];

const show = (element: React.ReactElement) => renderPage(element, { auth: signedInAs('ada@example.com') });

describe('ModelTab', () => {
  afterEach(() => vi.clearAllMocks());

  // jsdom has no WebGL: the tab says so in words and points to the export, which stays available.
  it('says WebGL is needed where the browser has none, and offers the exports it points to', async () => {
    api.get.mockResolvedValue({ plan: plan() });
    show(<ModelTab projectId="p1" files={files} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The 3D view needs WebGL/);
    expect(api.get).toHaveBeenCalledWith('/projects/p1/files/f1/plan');
    expect(screen.getByRole('button', { name: 'Export .glb' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export .ifc' })).toBeInTheDocument();
  });

  it('asks for another drawing’s plan when one is chosen', async () => {
    api.get.mockResolvedValue({ plan: plan() });
    const user = userEvent.setup();
    show(<ModelTab projectId="p1" files={files} />);
    await screen.findByRole('alert');
    await user.selectOptions(screen.getByLabelText('Drawing'), 'elevation.dxf');
    await vi.waitFor(() => expect(api.get).toHaveBeenCalledWith('/projects/p1/files/f2/plan'));
  });

  it('offers the project’s levels as one building, stacked, with a choice of how many to show', async () => {
    const levels = [
      { name: 'EG', fileId: 'f1', elevationM: 0, rotationDeg: 0, offsetM: [0, 0] },
      { name: '1.OG', fileId: 'f2', elevationM: 3, rotationDeg: 0, offsetM: [0, 0] },
    ];
    api.get.mockImplementation(async (path: string) =>
      path === '/projects/p1/building'
        ? { building: { levels, proposed: true, revision: 0, warnings: ['Check the heights.'] } }
        : { plan: plan() },
    );
    const user = userEvent.setup();
    show(<ModelTab projectId="p1" files={files} />);
    await screen.findByRole('alert');
    await screen.findByRole('option', { name: 'Whole building (2 levels)' });
    await user.selectOptions(screen.getByLabelText('Drawing'), 'Whole building (2 levels)');
    expect(await screen.findByText('EG at 0.00 m · 1.OG at 3.00 m')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Check the heights.');
    const shown = screen.getByLabelText('Show');
    expect([...shown.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Up to EG',
      'All levels',
    ]);
    await user.selectOptions(shown, 'Up to EG');
    expect(screen.getByRole('button', { name: 'Export .ifc' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/projects/p1/files/f2/plan');

    // The owner names the levels, sets a floor level and a turn, and saves them.
    expect(screen.getByText(/Proposed from the drawings’ names/)).toBeInTheDocument();
    const name = screen.getByLabelText('Name of level 2');
    await user.clear(name);
    await user.type(name, 'First floor');
    const level = screen.getByLabelText('Floor level of First floor in metres');
    await user.clear(level);
    await user.type(level, '3.2');
    await user.selectOptions(screen.getByLabelText('Turn of First floor'), '90°');
    const east = screen.getByLabelText('Shift east of First floor in metres');
    await user.clear(east);
    await user.type(east, '0.5');
    const saved = [
      levels[0],
      {
        ...levels[1],
        name: 'First floor',
        elevationM: 3.2,
        rotationDeg: 90,
        offsetM: [0.5, levels[1]!.offsetM[1]],
      },
    ];
    api.put.mockResolvedValue({ building: { levels: saved, proposed: false, revision: 1, warnings: [] } });
    await user.click(screen.getByRole('button', { name: 'Save levels' }));
    await vi.waitFor(() => expect(api.put).toHaveBeenCalledWith('/projects/p1/building', { levels: saved }));
    expect(await screen.findByText(/Saved. The building and its exports use them./)).toBeInTheDocument();
  });

  it('opens on the building of a one-file set of plans when Open in 3D comes from a render of the building', async () => {
    const levels = [
      {
        name: 'Ground floor',
        fileId: 'f1',
        viewId: 'page-2',
        elevationM: 0,
        rotationDeg: 0,
        offsetM: [0, 0],
      },
      { name: 'First floor', fileId: 'f1', elevationM: 3, rotationDeg: 0, offsetM: [0, 0] },
    ];
    api.get.mockImplementation(async (path: string) =>
      path === '/projects/p1/building'
        ? { building: { levels, proposed: true, revision: 0, warnings: [] } }
        : { plan: plan() },
    );
    renderPage(<ModelTab projectId="p1" files={files.slice(0, 1)} />, {
      auth: signedInAs('ada@example.com'),
      state: { fileId: 'building', camera: { position: [20, 10, 20], target: [0, 0, 0], fovDeg: 50 } },
    });
    expect(await screen.findByText('Ground floor at 0.00 m · First floor at 3.00 m')).toBeInTheDocument();
    // One drawing, yet a choice: the building or the drawing itself.
    expect(screen.getByLabelText('Drawing')).toHaveValue('building');
    expect(api.get).toHaveBeenCalledWith('/projects/p1/files/f1/plan?view=page-2');
  });

  it('says when the drawing is still being read, could not be read, or holds no walls', async () => {
    api.get.mockResolvedValueOnce({ plan: plan({ status: 'processing', walls: [] }) });
    const first = show(<ModelTab projectId="p1" files={files.slice(0, 1)} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Planform is still reading ground.dxf');
    first.unmount();

    api.get.mockResolvedValueOnce({
      plan: plan({ status: 'failed', walls: [], message: 'This DWG is damaged.' }),
    });
    const second = show(<ModelTab projectId="p1" files={files.slice(0, 1)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This DWG is damaged.');
    second.unmount();

    api.get.mockResolvedValueOnce({
      plan: plan({ walls: [], message: 'No walls found: this looks like an elevation.' }),
    });
    show(<ModelTab projectId="p1" files={files.slice(0, 1)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No walls were found in ground.dxf, so there is no 3D model to show. No walls found: this looks like an elevation.',
    );
  });

  it('shows a shared project’s levels as one building, read-only', async () => {
    const levels = [
      { name: 'EG', fileId: 'f1', elevationM: 0, rotationDeg: 0, offsetM: [0, 0] },
      { name: '1.OG', fileId: 'f2', elevationM: 3, rotationDeg: 0, offsetM: [0, 0] },
    ];
    const token = 'k'.repeat(22);
    api.get.mockImplementation(async (path: string) =>
      path === `/public/projects/p1/building?k=${token}`
        ? { building: { levels, proposed: false, revision: 2, warnings: ['Check the heights.'] } }
        : { plan: plan() },
    );
    const user = userEvent.setup();
    show(<PublicModel projectId="p1" token={token} files={files} />);
    await screen.findByRole('option', { name: 'Whole building (2 levels)' });
    await user.selectOptions(screen.getByLabelText('Drawing'), 'Whole building (2 levels)');
    expect(await screen.findByText('EG at 0.00 m · 1.OG at 3.00 m')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith(`/public/projects/p1/files/f2/plan?k=${token}`);
    expect(screen.queryByRole('button', { name: 'Export .glb' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save levels' })).toBeNull();
    expect(screen.queryByText('Check the heights.')).toBeNull();
  });

  it('reads a shared drawing through the link, without signing in', async () => {
    api.get.mockResolvedValue({ plan: plan() });
    show(<PublicModel projectId="p1" token={'k'.repeat(22)} files={files.slice(0, 1)} />);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Export .glb' })).toBeNull();
    // A public route: the contract's client sends it no ID token (api-call.test.ts).
    expect(api.get).toHaveBeenCalledWith(`/public/projects/p1/files/f1/plan?k=${'k'.repeat(22)}`);
  });
});
