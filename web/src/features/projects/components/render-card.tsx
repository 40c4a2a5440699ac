import { Box, ImageOff, Maximize2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { StatusBadge } from './status-badge';

function placeholderText(status: string | undefined, error?: string | null): string {
  if (status === 'pending') return 'Waiting to start';
  if (status === 'processing') return 'Rendering...';
  if (status === 'failed') return error || 'Generation failed';
  return 'No image';
}

/** A render: its image (or a placeholder), status, prompt, style and date, and a full-size button. */
export function RenderCard({
  prompt,
  style,
  status,
  imageUrl,
  fullUrl,
  createdAt,
  error,
  onViewFull,
  onOpenIn3d,
}: {
  prompt: string;
  style: string | null;
  status?: string;
  imageUrl: string | null;
  fullUrl: string | null;
  createdAt: string;
  error?: string | null;
  onViewFull?: () => void;
  /** Shown for renders made from a camera placed on the 3D model: the viewer opens at that camera. */
  onOpenIn3d?: () => void;
}) {
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="render-card">
      <div className="relative flex aspect-video items-center justify-center bg-slate-100">
        {imageUrl ? (
          <img src={imageUrl} alt={`Render: ${prompt}`} className="h-full w-full object-cover" />
        ) : (
          <div className="flex flex-col items-center gap-2 px-4 text-center text-sm text-slate-500">
            {status === 'processing' ? (
              <Spinner className="size-8" />
            ) : (
              <ImageOff aria-hidden="true" className="size-8 text-slate-400" />
            )}
            <span>{placeholderText(status, error)}</span>
          </div>
        )}
        {status ? <StatusBadge status={status} className="absolute left-3 top-3 shadow-sm" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="line-clamp-3 text-sm text-slate-900">{prompt}</p>
        {style ? <p className="text-xs text-slate-600">Style: {style}</p> : null}
        <p className="text-xs text-slate-500">
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
        </p>
        <div className="mt-auto flex flex-wrap gap-2">
          {fullUrl && onViewFull ? (
            <Button variant="outline" size="sm" onClick={onViewFull}>
              <Maximize2 aria-hidden="true" />
              View Full Size
            </Button>
          ) : null}
          {onOpenIn3d ? (
            <Button variant="outline" size="sm" onClick={onOpenIn3d}>
              <Box aria-hidden="true" />
              Open in 3D
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
