import { CircleAlert, ExternalLink, Maximize2 } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { DesignLostNote, GeometryKeptNote, PromptReadingNote } from '@/components/ui/prompt-reading';
import { Spinner } from '@/components/ui/spinner';
import type { VisualizationItem } from '../lib/visualizations';

/** One variation: a placeholder while it renders, then its image with View Full and Open in new tab, or why it failed. */
export function VisualizationCard({
  item,
  onViewFull,
}: {
  item: VisualizationItem;
  onViewFull: (item: VisualizationItem) => void;
}) {
  const label = `Variation ${item.variation}: ${item.style}`;
  return (
    <article
      aria-label={label}
      data-testid="visualization"
      data-status={item.status}
      aria-busy={item.status === 'generating' || undefined}
      className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative flex aspect-square items-center justify-center bg-slate-100">
        {item.status === 'generating' ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-slate-100 via-slate-200/70 to-slate-100 motion-safe:animate-pulse">
            <Spinner className="size-8" />
            <span className="text-sm font-medium text-slate-700">
              {item.phase === 'processing' ? 'Rendering...' : 'Waiting to start'}
            </span>
          </div>
        ) : item.status === 'failed' ? (
          <div className="flex flex-col items-center gap-2 px-4 text-center">
            <CircleAlert aria-hidden="true" className="size-8 text-red-600" />
            <p className="font-semibold text-red-800">Generation Failed</p>
            <p className="text-sm text-red-700">{item.error || 'Generation failed'}</p>
          </div>
        ) : item.previewUrl ? (
          <img
            src={item.previewUrl}
            alt={`${label}. ${item.prompt}`}
            className="h-full w-full object-cover"
            decoding="async"
          />
        ) : (
          <span className="text-sm text-slate-500">No image</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            Variation {item.variation}
          </p>
          <p className="font-medium text-slate-900">{item.style}</p>
        </div>
        {item.description ? (
          <p className="line-clamp-3 text-xs text-slate-600" title={item.description}>
            {item.description}
          </p>
        ) : null}
        {item.designLost ? <DesignLostNote /> : null}
        <GeometryKeptNote kept={item.geometryKept} />
        <PromptReadingNote reading={item.promptReading} />
        {item.status === 'completed' && item.imageUrl ? (
          <div className="mt-auto flex items-center gap-2 pt-1">
            <Button variant="outline" size="sm" onClick={() => onViewFull(item)}>
              <Maximize2 aria-hidden="true" />
              View Full
            </Button>
            <a
              href={item.imageUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Open in new tab"
              title="Open in new tab"
              className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'px-2' })}
            >
              <ExternalLink aria-hidden="true" />
            </a>
          </div>
        ) : null}
      </div>
    </article>
  );
}
