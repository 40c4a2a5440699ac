import { COPIED_INDICATOR_MS } from '@shared/constants';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { ShareDialog } from './share-dialog';

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

const LINK = 'http://localhost:3000/projects/p1/public?k=abcdefghijklmnopqrstuvwxyz';

let writeText: ReturnType<typeof vi.fn>;

async function setup() {
  const user = userEvent.setup();
  // After userEvent.setup(), which puts its own clipboard stub on navigator.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const onClose = vi.fn();
  renderPage(<ShareDialog project={{ id: 'p1', title: 'Riverside House' }} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Share "Riverside House"' });
  const field = await within(dialog).findByLabelText('Project link');
  return { user, onClose, dialog, inDialog: within(dialog), field };
}

describe('ShareDialog', () => {
  beforeEach(() => {
    api.post.mockResolvedValue({ url: LINK });
    writeText = vi.fn().mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('creates the link on open and shows it read-only, with the read-only notice', async () => {
    const { dialog, inDialog, field } = await setup();
    expect(api.post).toHaveBeenCalledWith('/projects/p1/share');
    expect(field).toHaveValue(LINK);
    expect(field).toHaveAttribute('readonly');
    expect(inDialog.getByText('Read-only access')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(
      "Anyone with the link can view this project's files and renders, but cannot edit or delete them.",
    );
  });

  it('copies the link and shows "Copied" for 2 seconds', async () => {
    const { inDialog } = await setup();
    vi.useFakeTimers();
    fireEvent.click(inDialog.getByRole('button', { name: 'Copy' }));
    // Sonner shows toasts on the next tick.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(inDialog.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByText('Link copied!')).toBeInTheDocument();
    expect(screen.getByText('The project link has been copied to your clipboard.')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPIED_INDICATOR_MS - 1));
    expect(inDialog.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(inDialog.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(inDialog.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });

  it('asks to copy by hand when the clipboard refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    writeText.mockRejectedValue(new Error('denied'));
    const { user, inDialog, field } = await setup();
    await user.click(inDialog.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
    expect(screen.getByText('Please copy the link manually.')).toBeInTheDocument();
    expect(inDialog.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(field).toHaveFocus();
  });

  it('uses the native share sheet when there is one, and only logs a cancelled share', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { user, inDialog } = await setup();
    await user.click(inDialog.getByRole('button', { name: 'Share Link' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK, title: 'Riverside House' }));
    expect(info).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Failed to copy')).not.toBeInTheDocument();
  });

  it('copies instead when there is no native share', async () => {
    const { user, inDialog } = await setup();
    await user.click(inDialog.getByRole('button', { name: 'Share Link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();
  });

  it('offers e-mail and LinkedIn with the link', async () => {
    const { inDialog } = await setup();
    const email = new URL(inDialog.getByRole('link', { name: 'Email' }).getAttribute('href')!);
    expect(email.protocol).toBe('mailto:');
    expect(email.searchParams.get('subject')).toContain('Riverside House');
    expect(email.searchParams.get('body')).toContain(LINK);
    const linkedIn = inDialog.getByRole('link', { name: /LinkedIn/ });
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    expect(new URL(linkedIn.getAttribute('href')!).searchParams.get('url')).toBe(LINK);
  });

  it('revokes the link, then offers a new one', async () => {
    api.delete.mockResolvedValue(undefined);
    const { user, inDialog } = await setup();
    await user.click(inDialog.getByRole('button', { name: 'Revoke link' }));
    expect(api.delete).toHaveBeenCalledWith('/projects/p1/share');
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    expect(inDialog.getByText('The link has been revoked')).toBeInTheDocument();
    expect(inDialog.queryByLabelText('Project link')).not.toBeInTheDocument();

    api.post.mockResolvedValue({ url: `${LINK}-new` });
    await user.click(inDialog.getByRole('button', { name: 'Create new link' }));
    expect(await inDialog.findByLabelText('Project link')).toHaveValue(`${LINK}-new`);
    expect(api.post).toHaveBeenCalledTimes(2);
  });
});
