import type { Generation } from '@shared/schemas/generations';
import type { UploadTicket } from '@shared/schemas/projects';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { projectFile, projectSummary } from '@/test/fixtures';
import { authState, renderPage, signedInAs } from '@/test/render';
import { sendToStorage } from '../api/uploads';
import { UploadPage } from './upload-page';

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
vi.mock('../api/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/uploads')>()),
  sendToStorage: vi.fn(),
}));

const PROJECT = projectSummary({ id: 'p1', title: 'Harbour Lofts' });

function ticketFor(name: string, id = `f-${name}`): UploadTicket {
  return {
    file: projectFile({ id, originalName: name, status: 'uploading', projectId: 'p1' }),
    upload: { url: 'http://s3.local/uploads', fields: { key: `u/p1/${name}` } },
  };
}

/** Answers POST /projects, POST /projects/p1/files and .../complete like the API. */
function routePosts({ complete }: { complete?: (fileId: string) => unknown } = {}) {
  api.post.mockImplementation(async (path: string, body?: { name?: string }) => {
    if (path === '/projects') return PROJECT;
    if (path === '/projects/p1/files') return ticketFor(body!.name!);
    if (path === '/projects/p1/generations') return { generation: generation('running') };
    const done = /^\/projects\/p1\/files\/([^/]+)\/complete$/.exec(path);
    if (done) {
      const fileId = done[1]!;
      if (complete) return complete(fileId);
      return projectFile({ id: fileId, originalName: fileId.slice(2) });
    }
    throw new Error(`unexpected POST ${path}`);
  });
}

function generation(status: Generation['status']): Generation {
  const settled = status !== 'running';
  return {
    id: 'g1',
    projectId: 'p1',
    status,
    prompt: 'Photorealistic exterior view',
    style: null,
    fidelity: 0.7,
    fileId: 'f-plan.png',
    analysis: null,
    succeeded: settled ? 3 : 0,
    failed: 0,
    createdAt: '2025-03-05T12:00:00.000Z',
    finishedAt: null,
    renders: ([1, 2, 3] as const).map((variation) => ({
      id: `r${variation}`,
      variation,
      status: settled ? 'completed' : 'pending',
      imageUrl: settled ? `https://renders.example/r${variation}.png` : null,
      previewUrl: settled ? `https://renders.example/r${variation}.webp` : null,
    })),
  };
}

const projectCreations = () => api.post.mock.calls.filter(([path]) => path === '/projects');

function setup(auth = signedInAs('ada@example.com')) {
  const user = userEvent.setup({ applyAccept: false });
  renderPage(<UploadPage />, { path: '/upload', auth });
  return { user, input: screen.getByLabelText('Choose files to upload') };
}

const png = (name = 'plan.png') => new File(['png'], name, { type: 'image/png' });

describe('UploadPage', () => {
  beforeEach(() => {
    vi.mocked(sendToStorage).mockImplementation(async (_ticket, _file, options) => {
      options?.onProgress?.(1);
    });
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('shows the project information and upload cards', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Upload Your Project' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Project Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Project Title')).toBeInTheDocument();
    expect(screen.getByLabelText('Description (Optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Tags')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upload Files' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View in Dashboard' })).not.toBeInTheDocument();
  });

  it('asks to sign in first', async () => {
    const { user, input } = setup(authState());
    await user.upload(input, png());
    expect(await screen.findByText('Please log in to upload files')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('asks for a title first and uploads nothing', async () => {
    const { user, input } = setup();
    await user.type(screen.getByLabelText('Project Title'), '   ');
    await user.upload(input, png());
    // A toast, and the same words under the field.
    expect(await screen.findAllByText('Please enter a project title first')).toHaveLength(2);
    expect(screen.getByLabelText('Project Title')).toHaveAccessibleDescription(
      'Please enter a project title first',
    );
    expect(api.post).not.toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Uploaded files' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Project Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Project Title')).toHaveFocus();
  });

  it('creates the project on the first upload and puts later uploads in the same project', async () => {
    routePosts();
    let finish!: () => void;
    vi.mocked(sendToStorage).mockImplementationOnce(async (_ticket, _file, options) => {
      options?.onProgress?.(0.5);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      options?.onProgress?.(1);
    });
    const { user, input } = setup();
    await user.type(screen.getByLabelText('Project Title'), 'Harbour Lofts');
    await user.type(screen.getByLabelText('Description (Optional)'), 'By the docks');
    await user.click(screen.getByRole('button', { name: 'Modern' }));
    await user.upload(input, [png('plan.png'), new File(['dxf'], 'site.dxf')]);

    expect(await screen.findByText('Project created successfully')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/projects', {
      title: 'Harbour Lofts',
      description: 'By the docks',
      tags: ['Modern'],
    });
    expect(api.post).toHaveBeenCalledWith('/projects/p1/files', {
      name: 'site.dxf',
      size: 3,
      contentType: 'image/vnd.dxf',
    });
    const list = within(screen.getByRole('list', { name: 'Uploaded files' }));
    const progress = await list.findByRole('progressbar', { name: 'Uploading plan.png' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(list.getByText('Uploading... 50%')).toBeInTheDocument();
    await act(async () => finish());
    expect(await list.findAllByText('Uploaded')).toHaveLength(2);

    expect(screen.getByRole('link', { name: 'View in Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Open Project' })).toHaveAttribute('href', '/projects/p1');
    expect(screen.getByLabelText('Project Title')).toHaveAttribute('readonly');

    await user.upload(input, png('elevation.png'));
    expect(await list.findAllByText('Uploaded')).toHaveLength(3);
    expect(projectCreations()).toHaveLength(1);
    expect(screen.getByTestId('project-created')).toHaveTextContent(
      'Project Harbour Lofts created. 3 files uploaded.',
    );
  });

  it('says when the project cannot be created, and uploads nothing', async () => {
    api.post.mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_FAILED', 'Title must be at most 200 characters'),
    );
    const { user, input } = setup();
    await user.type(screen.getByLabelText('Project Title'), 'Harbour Lofts');
    await user.upload(input, png());
    expect(await screen.findByText('Failed to create project')).toBeInTheDocument();
    expect(screen.getByText('Title must be at most 200 characters')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Uploaded files' })).not.toBeInTheDocument();

    // Trying again creates it.
    routePosts();
    await user.upload(input, png());
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });

  it('marks a file the server refuses as failed, with a toast, and removes it on request', async () => {
    routePosts({
      complete: (fileId) => {
        if (fileId === 'f-fake.pdf')
          throw new ApiError(422, 'UNPROCESSABLE', 'fake.pdf is not a valid PDF file');
        return projectFile({ id: fileId });
      },
    });
    const { user, input } = setup();
    await user.type(screen.getByLabelText('Project Title'), 'Harbour Lofts');
    await user.upload(input, [png(), new File(['nope'], 'fake.pdf', { type: 'application/pdf' })]);

    expect(await screen.findByText('Failed to upload fake.pdf')).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Uploaded files' }));
    expect(await list.findByText('Uploaded')).toBeInTheDocument();
    const failed = screen.getAllByTestId('upload-item').find((li) => li.dataset.status === 'error')!;
    expect(failed).toHaveTextContent('fake.pdf is not a valid PDF file');

    await user.click(screen.getByRole('button', { name: 'Remove fake.pdf' }));
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
  });

  it('deletes the project again when every file of its first upload is refused, and says so', async () => {
    routePosts({
      complete: (fileId) => {
        throw new ApiError(422, 'UNPROCESSABLE', `${fileId.slice(2)} is not a drawing`);
      },
    });
    api.delete.mockResolvedValue(undefined);
    const { user, input } = setup();
    await user.type(screen.getByLabelText('Project Title'), 'Harbour Lofts');
    await user.upload(input, [
      new File(['nope'], 'fake.pdf', { type: 'application/pdf' }),
      new File([''], 'empty.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText('No project was created')).toBeInTheDocument();
    expect(api.delete).toHaveBeenCalledWith('/projects/p1');
    expect(screen.queryByTestId('project-created')).toBeNull();
    const statuses = screen.getAllByTestId('upload-item').map((li) => li.dataset.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 'error')).toBe(true);
    expect(screen.getByLabelText('Project Title')).not.toHaveAttribute('readonly');
  });

  it('marks a file failed when storage refuses it', async () => {
    routePosts();
    vi.mocked(sendToStorage).mockRejectedValueOnce(
      new Error('Your proposed upload exceeds the maximum allowed size'),
    );
    const { user, input } = setup();
    await user.type(screen.getByLabelText('Project Title'), 'Harbour Lofts');
    await user.upload(input, png('big.png'));
    expect(await screen.findByText('Failed to upload big.png')).toBeInTheDocument();
    expect(screen.getByTestId('upload-item')).toHaveAttribute('data-status', 'error');
    expect(api.post).not.toHaveBeenCalledWith('/projects/p1/files/f-big.png/complete');
  });

  it('shows the side cards, and the AI generation section once a file has uploaded', async () => {
    routePosts();
    api.get.mockResolvedValue({ generation: generation('completed') });
    const { user, input } = setup();
    expect(screen.getByRole('heading', { name: 'Pro Tips' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Example Styles' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Guide' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'AI Generation Prompt' })).not.toBeInTheDocument();

    // A style chosen before uploading is kept for the prompt.
    await user.click(screen.getByRole('button', { name: /^Photorealistic/ }));
    await user.type(screen.getByLabelText('Project Title'), 'Harbour Lofts');
    await user.upload(input, png());
    expect(await screen.findByRole('heading', { name: 'AI Generation Prompt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prompt')).toHaveValue('Photorealistic exterior view');

    await user.click(screen.getByRole('button', { name: 'Generate 3D Visualization' }));
    expect(api.post).toHaveBeenCalledWith(
      '/projects/p1/generations',
      { prompt: 'Photorealistic exterior view', fidelity: 0.7, fileId: 'f-plan.png' },
      { headers: { 'idempotency-key': expect.any(String) } },
    );
    expect(await screen.findByText('Generated 3 visualizations successfully!')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'View Full' })).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: 'View in Dashboard' })).toHaveLength(1);

    // Taking the file off the list keeps the results; generating again asks for a file.
    await user.click(screen.getByRole('button', { name: 'Remove plan.png' }));
    expect(screen.getAllByRole('button', { name: 'View Full' })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Generate 3D Visualization' }));
    expect(await screen.findByText('Please upload at least one file first')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.post.mock.calls.filter(([path]) => path === '/projects/p1/generations')).toHaveLength(1),
    );
  });

  it('says so when the building cannot be had, and offers the drawing alone', async () => {
    routePosts();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/projects/p1/building') throw new ApiError(503, 'UNAVAILABLE', 'The service is busy');
      return { generation: generation('completed') };
    });
    const { user, input } = setup();
    await user.type(screen.getByLabelText('Project Title'), 'Harbour Lofts');
    await user.upload(input, png());
    expect(
      await screen.findByText(
        "The whole building could not be loaded (The service is busy). Generate from one drawing, or from the project's 3D Model tab later.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Whole building/ })).not.toBeInTheDocument();
  });
});
