import { variationName } from '@shared/domain';
import { EXPORT_SIZES, type ExportSize, type RenderExports } from '@shared/schemas/generations';
import { Box, Download, ImageOff, ImageUp, Maximize2, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DesignLostNote, GeometryKeptNote, PromptReadingNote } from '@/components/ui/prompt-reading';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { DownloadButton } from './download-button';
import { StatusBadge } from './status-badge';

function placeholderText(status: string | undefined, error?: string | null): string {
  if (status === 'pending') return 'Waiting to start';
  if (status === 'processing') return 'Rendering...';
  if (status === 'failed') return error || 'Generation failed';
  return 'No image';
}

/**
 * A render: its image (or a placeholder), status, variation name, date and actions — View Full Size, Download,
 * Open in 3D, and Retry when it failed. `prompt` is shown when the card stands alone (not under its generation).
 */
export function RenderCard({
  variation,
  prompt,
  status,
  imageUrl,
  fullUrl,
  createdAt,
  error,
  onViewFull,
  onOpenIn3d,
  onDownload,
  onRetry,
  retrying = false,
  retryBlockedReason,
  showPrompt = true,
  promptReading,
  geometryKept,
  designLost = false,
  highResolution,
  children,
}: {
  variation: number | null;
  prompt: string;
  status?: string;
  imageUrl: string | null;
  fullUrl: string | null;
  createdAt: string;
  /** Why it failed; null when the group above already says it. */
  error?: string | null;
  onViewFull?: () => void;
  /** Shown for renders made from the 3D model: the viewer opens at its camera (or the one nearest its projection). */
  onOpenIn3d?: () => void;
  onDownload?: () => Promise<void>;
  onRetry?: () => void;
  retrying?: boolean;
  /** Set while Retry cannot run (another variation of the generation is rendering). */
  retryBlockedReason?: string;
  showPrompt?: boolean;
  promptReading?: { understood: string[]; notUnderstood: string[] } | null;
  geometryKept?: number | null;
  /** It kept too little of the 3D model: shown as "did not keep the design". */
  designLost?: boolean;
  /** High-resolution exports: their states, how to ask for one and how to download it once ready. */
  highResolution?: {
    exports: RenderExports;
    request: (size: ExportSize) => void;
    download: (size: ExportSize) => Promise<void>;
  };
  /** Below the actions: the render's refinements and the form that adds one. */
  children?: ReactNode;
}) {
  const name = variation ? variationName(variation) : null;
  const label = name ? `Variation ${variation}: ${name}` : 'Render';
  return (
    <Card
      className="flex h-full flex-col overflow-hidden"
      data-testid="render-card"
      data-status={status}
      aria-label={label}
      role="article"
    >
      <div className="relative flex aspect-video items-center justify-center bg-slate-100">
        {imageUrl ? (
          <img
            src={imageUrl}
            alt={`${label}. ${prompt}`}
            width={512}
            height={288}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex flex-col items-center gap-2 px-4 text-center text-sm text-slate-600">
            {status === 'processing' || status === 'pending' ? (
              <Spinner className="size-8" />
            ) : (
              <ImageOff aria-hidden="true" className="size-8 text-slate-400" />
            )}
            <span>{placeholderText(status, status === 'failed' && error === null ? 'Failed' : error)}</span>
          </div>
        )}
        {status ? <StatusBadge status={status} className="absolute left-3 top-3 shadow-sm" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {name ? (
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Variation {variation}
            </p>
            <p className="font-medium text-slate-900">{name}</p>
          </div>
        ) : null}
        {showPrompt ? <p className="line-clamp-3 break-words text-sm text-slate-900">{prompt}</p> : null}
        <p className="text-xs text-slate-500">
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
        </p>
        {designLost ? <DesignLostNote /> : null}
        <GeometryKeptNote kept={geometryKept} />
        <PromptReadingNote reading={promptReading} />
        <div className="mt-auto flex flex-wrap gap-2">
          {fullUrl && onViewFull ? (
            <Button variant="outline" size="sm" onClick={onViewFull}>
              <Maximize2 aria-hidden="true" />
              View Full Size
            </Button>
          ) : null}
          {fullUrl && onDownload ? (
            <DownloadButton
              icon={Download}
              label="Download"
              busyLabel="Downloading..."
              download={onDownload}
              ariaLabel={`Download ${name ?? 'render'} as PNG`}
            />
          ) : null}
          {onOpenIn3d ? (
            <Button variant="outline" size="sm" onClick={onOpenIn3d}>
              <Box aria-hidden="true" />
              Open in 3D
            </Button>
          ) : null}
          {status === 'failed' && onRetry ? (
            <Button
              variant="outline"
              size="sm"
              onClick={onRetry}
              disabled={retrying || !!retryBlockedReason}
              title={retryBlockedReason}
              aria-label={`Retry ${name ?? 'render'}`}
            >
              {retrying ? <Spinner className="size-4" /> : <RotateCcw aria-hidden="true" />}
              {retrying ? 'Retrying...' : 'Retry'}
            </Button>
          ) : null}
        </div>
        {highResolution && status === 'completed' ? <HighResolution {...highResolution} name={name} /> : null}
        {children}
      </div>
    </Card>
  );
}

/** "High resolution": for each size, Export, its progress, Download once ready, or why it failed. */
function HighResolution({
  exports,
  request,
  download,
  name,
}: NonNullable<Parameters<typeof RenderCard>[0]['highResolution']> & { name: string | null }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="high-resolution">
      <span className="text-slate-600">High resolution:</span>
      {EXPORT_SIZES.map((size) => {
        const state = exports[`${size}`];
        if (state?.status === 'ready')
          return (
            <DownloadButton
              key={size}
              icon={Download}
              label={`${size} px`}
              busyLabel="Downloading..."
              download={() => download(size)}
              ariaLabel={`Download ${name ?? 'render'} at ${size} px`}
            />
          );
        if (state?.status === 'processing')
          return (
            <Button key={size} variant="outline" size="sm" disabled aria-label={`Preparing ${size} px`}>
              <Spinner className="size-4" />
              Preparing {size} px...
            </Button>
          );
        return (
          <span key={size} className="inline-flex items-center gap-1">
            <Button
              variant="outline"
              size="sm"
              onClick={() => request(size)}
              aria-label={`Export ${name ?? 'render'} at ${size} px`}
            >
              <ImageUp aria-hidden="true" />
              {size} px
            </Button>
            {state?.status === 'failed' ? (
              <span className="text-red-700">{state.error || 'Failed'}</span>
            ) : null}
          </span>
        );
      })}
    </div>
  );
}
