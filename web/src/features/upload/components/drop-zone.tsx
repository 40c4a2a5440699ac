import { UPLOAD_FORMATS_LABEL } from '@shared/domain';
import { CloudUpload, X } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { cn } from '@/lib/utils';
import { ACCEPT_ATTRIBUTE, type FileRejection, partitionFiles } from '../lib/validate-file';

/**
 * The "Upload Files" drop zone: drag and drop or click (or Enter/Space on the focused field) to choose files.
 * Files of the wrong type, empty or larger than 100 MB are listed with the reason and not passed on.
 */
export function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<FileRejection[]>([]);

  function take(files: File[]) {
    if (files.length === 0) return;
    const { accepted, rejected } = partitionFiles(files);
    setRejections(rejected);
    if (accepted.length > 0) onFiles(accepted);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(Array.from(event.dataTransfer.files));
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    take(Array.from(event.target.files ?? []));
    // Choosing the same file again must fire another change.
    event.target.value = '';
  }

  return (
    <div className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; keyboard users use the file field inside */}
      <div
        data-testid="drop-zone"
        data-dragging={dragging || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <label
          htmlFor={id}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            'has-[:focus-visible]:border-indigo-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500/40',
            dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
            disabled && 'pointer-events-none opacity-50',
          )}
        >
          <CloudUpload aria-hidden="true" className="size-10 text-indigo-600" />
          <span className="font-medium text-slate-900">
            {dragging ? 'Drop the files here' : 'Drag & drop files here, or click to browse'}
          </span>
          <span id={`${id}-hint`} className="text-sm text-slate-600">
            Supported formats: {UPLOAD_FORMATS_LABEL} (max 100MB per file)
          </span>
          <input
            id={id}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            aria-label="Choose files to upload"
            aria-describedby={`${id}-hint`}
            disabled={disabled}
            onChange={onChange}
            className="sr-only"
            data-testid="file-input"
          />
        </label>
      </div>
      {rejections.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">
              {rejections.length === 1 ? 'This file was not added:' : 'These files were not added:'}
            </p>
            <button
              type="button"
              aria-label="Dismiss"
              onClick={() => setRejections([])}
              className="rounded p-0.5 hover:bg-red-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <ul className="mt-1 flex flex-col gap-1">
            {rejections.map(({ file, errors }, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two dropped files may share a name
              <li key={`${file.name}-${index}`}>
                <span className="font-medium break-all">{file.name}</span>:{' '}
                {errors.map((e) => e.message).join('; ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
