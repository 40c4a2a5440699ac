import { CheckCircle2, CircleAlert, FileText, ScanSearch, X } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes } from '@/lib/format';
import type { UploadItem } from '../hooks/use-project-upload';

/**
 * The files of this visit to the upload page, each with its progress and state, removable; an uploaded file offers
 * what Planform read from it.
 */
export function UploadList({
  items,
  onRemove,
  onShowPlan,
}: {
  items: UploadItem[];
  onRemove: (id: string) => void;
  onShowPlan?: (item: UploadItem) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploaded files" className="flex flex-col gap-2">
      {items.map((item) => (
        <li
          key={item.localId}
          data-testid="upload-item"
          data-status={item.status}
          className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
        >
          <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100">
            {item.preview ? (
              <img src={item.preview} alt="" className="h-full w-full object-cover" />
            ) : (
              <FileText aria-hidden="true" className="size-6 text-slate-400" />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <p className="truncate text-sm font-medium text-slate-900" title={item.file.name}>
                {item.file.name}
              </p>
              <span className="shrink-0 text-xs text-slate-500">{formatBytes(item.file.size)}</span>
            </div>
            {item.status === 'uploading' ? (
              <>
                <Progress value={item.progress} label={`Uploading ${item.file.name}`} />
                <p className="flex items-center gap-1.5 text-xs text-slate-600">
                  <Spinner className="size-3" />
                  {item.progress >= 100 ? 'Checking file...' : `Uploading... ${item.progress}%`}
                </p>
              </>
            ) : item.status === 'uploaded' ? (
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-emerald-700">
                <span className="flex items-center gap-1.5">
                  <CheckCircle2 aria-hidden="true" className="size-3.5" />
                  Uploaded
                </span>
                {onShowPlan && item.fileId ? (
                  <button
                    type="button"
                    onClick={() => onShowPlan(item)}
                    aria-label={`What Planform read in ${item.file.name}`}
                    className="flex items-center gap-1 rounded text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  >
                    <ScanSearch aria-hidden="true" className="size-3.5" />
                    What Planform read
                  </button>
                ) : null}
              </p>
            ) : (
              <p className="flex items-center gap-1.5 text-xs font-medium text-red-700">
                <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
                {item.error ?? 'Upload failed'}
              </p>
            )}
          </div>
          <button
            type="button"
            aria-label={`Remove ${item.file.name}`}
            onClick={() => onRemove(item.localId)}
            className="shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
