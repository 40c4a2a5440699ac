import type { PlanModel } from '@shared/plan/schema';
import { DEFAULT_FIDELITY } from '@shared/schemas/generations';
import type { ProjectSummary } from '@shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/features/auth';
import { planQueryOptions } from '@/features/plan';
import { useGenerations } from '../hooks/use-generations';
import type { PromptState } from '../hooks/use-prompt-state';
import { PromptCard, type SourceDrawing, WHOLE_BUILDING } from './prompt-card';
import { UnreadablePlanDialog } from './unreadable-plan-dialog';

import { VisualizationsCard } from './visualizations-card';

/**
 * The generation section of the upload page: the "AI Generation Prompt" card and, once something has been
 * generated, the "Generated Visualizations" grid. Validation happens here, before anything is sent (spec §5).
 */
export function GenerationPanel({
  project,
  files,
  prompt,
  buildingLevels,
  buildingProblem,
  onShowPlan,
  onProjectChanged,
}: {
  project: ProjectSummary | null;
  /** The uploaded drawings, in upload order; the first is the default source. */
  files: SourceDrawing[];
  /** How many levels the project's building has, when more than one: the whole building can be rendered. */
  buildingLevels?: number | undefined;
  /** Why the project's building could not be had, when asking for it failed. */
  buildingProblem?: string | undefined;
  prompt: PromptState;
  /** Opens "What Planform read" for a drawing (offered when its plan could not be read). */
  onShowPlan?: (source: SourceDrawing) => void;
  /** A generation of the project started or settled: its page and lists may refresh. */
  onProjectChanged?: (projectId: string) => void;
}) {
  const { status } = useAuth();
  const { batches, busy, generate } = useGenerations(onProjectChanged);
  const [fidelity, setFidelity] = useState(DEFAULT_FIDELITY);
  const [chosenFile, setChosenFile] = useState<string | undefined>();
  const wholeBuilding = chosenFile === WHOLE_BUILDING && !!buildingLevels;
  const source = files.find((f) => f.id === chosenFile) ?? files[0];
  const results = useRef<HTMLDivElement>(null);
  const newestBatch = batches[0]?.key;
  const [unreadable, setUnreadable] = useState<{ plan: PlanModel; source: SourceDrawing } | null>(null);
  const sourcePlan = useQuery(sourcePlanQuery(project?.id, source?.id));

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
    // The building's levels were each checked when they were proposed or saved: plans with walls.
    if (wholeBuilding)
      void generate(project.id, {
        prompt: prompt.prompt,
        fidelity,
        building: true,
        fileName: 'Whole building',
      });
    else void generateChecked(project, source);
  }

  /**
   * Asks first when the drawing's plan could not be read. A plan known and settled decides at once; one still being
   * read (or not fetched yet) is asked for once more, and a plan still being read then is not waited for.
   */
  async function generateChecked(target: ProjectSummary, drawing: SourceDrawing) {
    const known = sourcePlan.data;
    const plan = known && known.status !== 'processing' ? known : (await sourcePlan.refetch()).data;
    if (plan?.check?.verdict === 'unreadable') {
      setUnreadable({ plan, source: drawing });
      return;
    }
    start(target, drawing);
  }

  function start(target: ProjectSummary, drawing: SourceDrawing) {
    void generate(target.id, { prompt: prompt.prompt, fidelity, fileId: drawing.id, fileName: drawing.name });
  }

  return (
    <>
      <PromptCard
        prompt={prompt}
        files={files}
        fileId={wholeBuilding ? WHOLE_BUILDING : source?.id}
        buildingLevels={buildingLevels}
        buildingProblem={buildingProblem}
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
      <UnreadablePlanDialog
        plan={unreadable?.plan ?? null}
        fileName={unreadable?.source.name ?? ''}
        onClose={() => setUnreadable(null)}
        onGenerateAnyway={() => {
          if (project && unreadable) start(project, unreadable.source);
          setUnreadable(null);
        }}
        onCheckPlan={
          onShowPlan && unreadable
            ? () => {
                onShowPlan(unreadable.source);
                setUnreadable(null);
              }
            : undefined
        }
      />
    </>
  );
}

/**
 * The source drawing's plan, kept fresh while it is read: "What Planform read"'s own query, so a correction made
 * there reaches the check here. Never retried: without it the generation goes ahead as before.
 */
function sourcePlanQuery(projectId: string | undefined, fileId: string | undefined) {
  return {
    ...planQueryOptions(projectId ?? '', fileId ?? ''),
    enabled: !!projectId && !!fileId,
    retry: false,
  };
}
