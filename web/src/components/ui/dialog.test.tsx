import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

function Harness({
  locked = false,
  onOpenChange,
}: {
  locked?: boolean;
  onOpenChange?: (o: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        open={open}
        locked={locked}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
      >
        <DialogHeader>
          <DialogTitle>Rename project</DialogTitle>
          <DialogDescription>Pick a new name.</DialogDescription>
        </DialogHeader>
        <input aria-label="Name" />
        <DialogFooter>
          <Button onClick={() => setOpen(false)}>Done</Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a named, described modal dialog that takes focus and gives it back on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Rename project' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Pick a new name.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const name = screen.getByLabelText('Name');
    const done = screen.getByRole('button', { name: 'Done' });
    const close = screen.getByRole('button', { name: 'Close' });
    expect(name).toHaveFocus();
    await user.tab();
    expect(done).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('makes the page behind inert while open, except the toasts, and undoes it on close', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <section data-react-aria-top-layer aria-label="Notifications" />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await user.click(opener);
    expect(opener).toHaveAttribute('inert');
    expect(toasts.closest('[inert]')).toBeNull();
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    await user.keyboard('{Escape}');
    expect(document.querySelector('[inert]')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on the overlay and the close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByTestId('dialog-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be closed by Escape, the overlay or the close button while locked', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness locked onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('dialog-overlay'));
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
