import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FolderOpen, LayoutDashboard } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldHint } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import {
  GenerationPanel,
  GenerationSideCards,
  type SourceDrawing,
  usePromptState,
} from '@/features/generation';
import type { PlanTarget } from '@/features/plan';
import { buildingQueryOptions, projectKeys, TagInput } from '@/features/projects';
import { errorMessage } from '@/lib/utils';
import { useProjectUpload } from '../hooks/use-project-upload';
import { DropZone } from './drop-zone';
import { UploadList } from './upload-list';

/**
 * Upload and generate: project information, then files (the project is created on the first upload), then, once a
 * file has uploaded, the AI generation section. Side cards with tips, example styles and a guide sit alongside.
 */
// The plan overlay (and the full schema it validates with) loads only when a user opens it.
const PlanDialog = lazy(() => import('@/features/plan/dialog').then((m) => ({ default: m.PlanDialog })));

export function UploadPage() {
  const [planTarget, setPlanTarget] = useState<PlanTarget | null>(null);
  const queryClient = useQueryClient();
  const refreshProject = useCallback(
    (projectId: string) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
    [queryClient],
  );
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [titleMissing, setTitleMissing] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const { items, project, upload, remove } = useProjectUpload();
  const locked = project !== null;
  const uploaded = items.filter((item) => item.status === 'uploaded');
  const prompt = usePromptState();
  const drawings: SourceDrawing[] = uploaded.flatMap((item) =>
    item.fileId ? [{ id: item.fileId, name: item.file.name }] : [],
  );
  const building = useProjectBuilding(project?.id, drawings.length);
  // Once shown, the generation section stays (with its results) even if the files are taken off the list.
  const [generationShown, setGenerationShown] = useState(false);
  if (!generationShown && project && uploaded.length > 0) setGenerationShown(true);

  async function onFiles(files: File[]) {
    const outcome = await upload(files, { title, description, tags });
    if (outcome === 'no-title') {
      setTitleMissing(true);
      titleRef.current?.focus();
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Upload Your Project"
        subtitle="Upload your architectural drawings and turn them into 3D visualizations."
      />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <Card>
            <CardHeader>
              <CardTitle>Project Information</CardTitle>
              <CardDescription>
                {locked
                  ? 'The project has been created. Change its details from the project page’s Settings.'
                  : 'The project is created when you upload the first file.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-title`}>Project Title</Label>
                <Input
                  ref={titleRef}
                  id={`${id}-title`}
                  value={title}
                  placeholder="e.g. Riverside House"
                  readOnly={locked}
                  className={locked ? 'bg-slate-50' : undefined}
                  onChange={(event) => {
                    setTitle(event.target.value);
                    if (event.target.value.trim()) setTitleMissing(false);
                  }}
                  aria-invalid={titleMissing || undefined}
                  aria-describedby={titleMissing ? `${id}-title-error` : undefined}
                />
                {titleMissing ? (
                  <p id={`${id}-title-error`} className="text-sm font-medium text-red-700">
                    Please enter a project title first
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-description`}>Description (Optional)</Label>
                <Textarea
                  id={`${id}-description`}
                  value={description}
                  placeholder="What is this project about?"
                  readOnly={locked}
                  className={locked ? 'bg-slate-50' : undefined}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-tags`}>Tags</Label>
                <TagInput id={`${id}-tags`} tags={tags} onChange={setTags} disabled={locked} />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Upload Files</CardTitle>
              <CardDescription>
                Floor plans, elevations, sketches or CAD drawings. You can add several files.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <DropZone onFiles={onFiles} />
              <UploadList
                items={items}
                onRemove={remove}
                onShowPlan={(item) =>
                  project && item.fileId
                    ? setPlanTarget({
                        projectId: project.id,
                        fileId: item.fileId,
                        fileName: item.file.name,
                        previewUrl: null,
                      })
                    : undefined
                }
              />
              {items.length === 0 ? (
                <FieldHint>
                  Files are checked after upload: only real images, PDFs and CAD drawings are kept.
                </FieldHint>
              ) : null}
            </CardContent>
          </Card>

          {project ? (
            <Card className="border-emerald-200 bg-emerald-50/50" data-testid="project-created">
              <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex items-start gap-2 text-slate-800">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                  <span>
                    Project <span className="font-semibold">{project.title}</span> created.{' '}
                    {uploaded.length === 1 ? '1 file uploaded.' : `${uploaded.length} files uploaded.`}
                  </span>
                </p>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Link to={`/projects/${project.id}`} className={buttonVariants({ variant: 'outline' })}>
                    <FolderOpen aria-hidden="true" />
                    Open Project
                  </Link>
                  <Link to="/dashboard" className={buttonVariants()}>
                    <LayoutDashboard aria-hidden="true" />
                    View in Dashboard
                  </Link>
                </div>
              </CardContent>
            </Card>
          ) : null}

          {generationShown ? (
            <GenerationPanel
              project={project}
              files={drawings}
              buildingLevels={building.levels}
              buildingProblem={building.problem}
              prompt={prompt}
              onProjectChanged={refreshProject}
              onShowPlan={(drawing) =>
                project
                  ? setPlanTarget({
                      projectId: project.id,
                      fileId: drawing.id,
                      fileName: drawing.name,
                      previewUrl: null,
                    })
                  : undefined
              }
            />
          ) : null}
        </div>
        <aside aria-label="Help and examples" className="flex flex-col gap-6">
          <GenerationSideCards prompt={prompt} ready={generationShown} />
        </aside>
      </div>
      {planTarget ? (
        <Suspense fallback={null}>
          <PlanDialog target={planTarget} onClose={() => setPlanTarget(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** How often, and how many times, the building is asked for while its drawings are read. */
const BUILDING_POLL_MS = 4000;
const BUILDING_POLLS = 15;

/**
 * How many levels the project's building has, when more than one (so the whole building can be generated from).
 * The levels are proposed as the drawings' plans are read: asked again for a while after each upload.
 */
function useProjectBuilding(
  projectId: string | undefined,
  drawings: number,
): { levels: number | undefined; problem: string | undefined } {
  const queryClient = useQueryClient();
  const building = useQuery({
    ...buildingQueryOptions(projectId ?? ''),
    enabled: !!projectId && drawings > 0,
    refetchInterval: (query) =>
      (query.state.data?.levels.length ?? 0) > 1 || query.state.dataUpdateCount >= BUILDING_POLLS
        ? false
        : BUILDING_POLL_MS,
  });
  useEffect(() => {
    if (projectId && drawings > 0)
      void queryClient.resetQueries({ queryKey: buildingQueryOptions(projectId).queryKey });
  }, [projectId, drawings, queryClient]);
  const levels = building.data?.levels.length ?? 0;
  return {
    levels: levels > 1 ? levels : undefined,
    // Asked for and refused (the drawings can still be generated from one by one): say so instead of nothing.
    problem:
      building.isError && !building.data
        ? `The whole building could not be loaded (${errorMessage(building.error)}). Generate from one drawing, or from the project's 3D Model tab later.`
        : undefined,
  };
}
