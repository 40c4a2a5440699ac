import { DEFAULT_FIDELITY } from '@shared/schemas/generations';
import type { ProjectSummary } from '@shared/schemas/projects';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/features/auth';
import { useGenerations } from '../hooks/use-generations';
import type { PromptState } from '../hooks/use-prompt-state';
import { PromptCard, type SourceDrawing } from './prompt-card';
import { VisualizationsCard } from './visualizations-card';

/**
 * The generation section of the upload page: the "AI Generation Prompt" card and, once something has been
 * generated, the "Generated Visualizations" grid. Validation happens here, before anything is sent (spec §5).
 */
export function GenerationPanel({
  project,
  files,
  prompt,
}: {
  project: ProjectSummary | null;
  /** The uploaded drawings, in upload order; the first is the default source. */
  files: SourceDrawing[];
  prompt: PromptState;
}) {
  const { status } = useAuth();
  const { batches, busy, generate } = useGenerations();
  const [fidelity, setFidelity] = useState(DEFAULT_FIDELITY);
  const [chosenFile, setChosenFile] = useState<string | undefined>();
  const source = files.find((f) => f.id === chosenFile) ?? files[0];
  const results = useRef<HTMLDivElement>(null);
  const newestBatch = batches[0]?.key;

  // A generation just started: bring its three placeholders into view (below the prompt, often below the fold).
  useEffect(() => {
    if (!newestBatch) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    results.current?.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [newestBatch]);

  function onGenerate() {
    if (status !== 'signedIn') {
      toast.error('Please log in to upload files');
      return;
    }
    if (!project || !prompt.prompt.trim()) {
      toast.error('Please ensure project is created and prompt is provided');
      return;
    }
    if (!source) {
      toast.error('Please upload at least one file first');
      return;
    }
    if (busy) return;
    void generate(project.id, { prompt: prompt.prompt, fidelity, fileId: source.id, fileName: source.name });
  }

  return (
    <>
      <PromptCard
        prompt={prompt}
        files={files}
        fileId={source?.id}
        onFileChange={setChosenFile}
        fidelity={fidelity}
        onFidelityChange={setFidelity}
        busy={busy}
        onGenerate={onGenerate}
      />
      {batches.length > 0 ? (
        // scroll-mt: the sticky top bar (4rem) must not cover the results' heading.
        <div ref={results} className="scroll-mt-20">
          <VisualizationsCard batches={batches} />
        </div>
      ) : null}
    </>
  );
}
