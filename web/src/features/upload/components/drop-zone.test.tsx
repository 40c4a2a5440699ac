import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropZone } from './drop-zone';

/** A File whose size is `size` without allocating it. */
function sizedFile(name: string, size: number, type = '') {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('DropZone', () => {
  it('accepts several files through the hidden file field, limited to the accepted types', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFiles = vi.fn();
    render(<DropZone onFiles={onFiles} />);
    const input = screen.getByLabelText('Choose files to upload');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.pdf,.dwg,.dxf');
    expect(input).toHaveAccessibleDescription(
      'Supported formats: JPG, PNG, PDF, DWG, DXF (max 100MB per file)',
    );
    const a = new File(['a'], 'plan.png', { type: 'image/png' });
    const b = new File(['b'], 'site.dxf');
    await user.upload(input, [a, b]);
    expect(onFiles).toHaveBeenCalledWith([a, b]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists rejected files with the reason and passes on only the good ones', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFiles = vi.fn();
    render(<DropZone onFiles={onFiles} />);
    const good = new File(['a'], 'plan.pdf');
    await user.upload(screen.getByLabelText('Choose files to upload'), [
      good,
      new File(['a'], 'notes.txt'),
      sizedFile('huge.png', 100 * 1024 * 1024 + 1),
      sizedFile('empty.jpg', 0),
    ]);
    expect(onFiles).toHaveBeenCalledWith([good]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('These files were not added:');
    expect(alert).toHaveTextContent(
      'notes.txt: File type must be one of .jpg, .jpeg, .png, .pdf, .dwg, .dxf',
    );
    expect(alert).toHaveTextContent('huge.png: File is larger than 100 MB');
    expect(alert).toHaveTextContent('empty.jpg: File is empty');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes dropped files and calls nothing when all are rejected', () => {
    const onFiles = vi.fn();
    render(<DropZone onFiles={onFiles} />);
    const zone = screen.getByTestId('drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    expect(screen.getByText('Drop the files here')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['a'], 'model.skp')] } });
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This file was not added:model.skp: File type must be one of .jpg, .jpeg, .png, .pdf, .dwg, .dxf',
    );

    const drawing = new File(['a'], 'floor.dwg');
    fireEvent.drop(zone, { dataTransfer: { files: [drawing] } });
    expect(onFiles).toHaveBeenCalledWith([drawing]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
