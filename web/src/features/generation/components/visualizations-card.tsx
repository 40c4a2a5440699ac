import { Images } from 'lucide-react';
import { useState } from 'react';
import { ImageViewerDialog, type ViewerImage } from '@/components/image-viewer-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import type { BatchView } from '../hooks/use-generations';
import { designLostNote, type VisualizationItem } from '../lib/visualizations';
import { fidelityBand } from './fidelity-control';
import { VisualizationCard } from './visualization-card';

function batchStatus(batch: BatchView): string {
  const total = batch.items.length;
  if (batch.state !== 'settled') {
    const done = batch.items.filter((i) => i.status !== 'generating').length;
    return done === 0 ? `Generating ${total} visualizations...` : `Generating... ${done} of ${total} done`;
  }
  const lost = batch.items.filter((i) => i.designLost).length;
  const failed = batch.failed > 0 ? `, ${batch.failed} failed` : '';
  const notKept = lost > 0 ? `, ${designLostNote(lost)}` : '';
  return `${batch.succeeded - lost} of ${total} completed${notKept}${failed}`;
}

/** The "Generated Visualizations" grid: every generation of this visit, newest first, three variations each. */
export function VisualizationsCard({ batches }: { batches: BatchView[] }) {
  const [viewing, setViewing] = useState<ViewerImage | null>(null);

  function viewFull(item: VisualizationItem) {
    if (item.imageUrl) setViewing({ url: item.imageUrl, prompt: item.prompt, style: item.style });
  }

  return (
    <Card data-testid="generated-visualizations">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Images aria-hidden="true" className="size-5 text-indigo-600" />
          Generated Visualizations
        </CardTitle>
        <CardDescription>
          Newest first. Every image is also saved to the project, where you can find it later.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        {batches.map((batch) => (
          <section
            key={batch.key}
            aria-label={`Generation: ${batch.prompt}`}
            data-testid="generation-batch"
            data-state={batch.state}
            className="flex flex-col gap-3"
          >
            <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <h3 className="break-words font-medium text-slate-900">“{batch.prompt}”</h3>
                <p className="text-xs text-slate-500">
                  <time dateTime={batch.startedAt}>{formatDateTime(batch.startedAt)}</time>
                  {' · '}
                  {fidelityBand(batch.fidelity).name} ({batch.fidelity.toFixed(2)})
                  {batch.fileName ? ` · ${batch.fileName}` : ''}
                </p>
              </div>
              <p
                role="status"
                className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-slate-700"
              >
                {batch.state !== 'settled' ? <Spinner className="size-4" /> : null}
                {batchStatus(batch)}
              </p>
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {batch.items.map((item) => (
                <li key={item.id}>
                  <VisualizationCard item={item} onViewFull={viewFull} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
      <ImageViewerDialog image={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
