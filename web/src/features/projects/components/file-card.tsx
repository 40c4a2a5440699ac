import type { FileType } from '@shared/domain';
import { FileBox, FileImage, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatBytes, formatDateTime } from '@/lib/format';
import { fileTypeLabel } from '../lib/files';

const TYPE_ICONS = { image: FileImage, pdf: FileText, cad: FileBox, other: FileText } as const;

/** A file: its preview (or an icon), name, type, size and date, plus optional actions. */
export function FileCard({
  name,
  fileType,
  sizeBytes,
  previewUrl,
  createdAt,
  actions,
}: {
  name: string;
  fileType: FileType;
  sizeBytes: number;
  previewUrl: string | null;
  createdAt: string;
  actions?: ReactNode;
}) {
  const Icon = TYPE_ICONS[fileType] ?? FileText;
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="file-card">
      <div className="flex aspect-video items-center justify-center bg-slate-100">
        {previewUrl ? (
          <img src={previewUrl} alt={`Preview of ${name}`} className="h-full w-full object-contain" />
        ) : (
          <Icon aria-hidden="true" className="size-12 text-slate-400" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="break-all font-medium text-slate-900">{name}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">Type</dt>
          <dd className="text-slate-800">{fileTypeLabel(fileType, name)}</dd>
          <dt className="text-slate-500">Size</dt>
          <dd className="text-slate-800">{formatBytes(sizeBytes)}</dd>
          <dt className="text-slate-500">Uploaded</dt>
          <dd className="text-slate-800">
            <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          </dd>
        </dl>
        {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions}</div> : null}
      </div>
    </Card>
  );
}
