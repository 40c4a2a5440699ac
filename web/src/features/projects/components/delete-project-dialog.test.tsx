import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderPage } from '@/test/render';
import { DeleteProjectDialog } from './delete-project-dialog';

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

function deferred() {
  let resolve!: (value?: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const user = userEvent.setup();
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  renderPage(
    <DeleteProjectDialog project={{ id: 'p1', title: 'Old Shed' }} onClose={onClose} onDeleted={onDeleted} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Delete "Old Shed"?' });
  return { user, onClose, onDeleted, dialog, inDialog: within(dialog) };
}

describe('DeleteProjectDialog', () => {
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('says what is deleted, and Cancel closes without deleting', async () => {
    const { user, onClose, dialog, inDialog } = setup();
    expect(dialog).toHaveAccessibleDescription(
      'This permanently deletes the project and all of its files and renders. They cannot be restored.',
    );
    await user.click(inDialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(api.delete).not.toHaveBeenCalled();
  });

  it('cannot be closed while deleting, then closes with a toast', async () => {
    const request = deferred();
    api.delete.mockReturnValue(request.promise);
    const { user, onClose, onDeleted, inDialog } = setup();
    await user.click(inDialog.getByRole('button', { name: 'Delete Project' }));
    expect(api.delete).toHaveBeenCalledWith('/projects/p1');

    expect(inDialog.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(inDialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(inDialog.getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('dialog-overlay'));
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => request.resolve());
    expect(await screen.findByText('Project deleted successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    expect(onDeleted).toHaveBeenCalledWith('p1');
  });

  it('stays open on failure with the message, and can be tried again', async () => {
    const request = deferred();
    api.delete.mockReturnValueOnce(request.promise);
    const { user, onClose, inDialog } = setup();
    await user.click(inDialog.getByRole('button', { name: 'Delete Project' }));
    await act(async () => request.reject(new ApiError(409, 'CONFLICT', 'The project is busy')));
    expect(await screen.findByText('The project is busy')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(inDialog.getByRole('button', { name: 'Delete Project' })).toBeEnabled();
    expect(inDialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    api.delete.mockRejectedValueOnce(new Error(''));
    await user.click(inDialog.getByRole('button', { name: 'Delete Project' }));
    expect(await screen.findByText('Failed to delete project')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
