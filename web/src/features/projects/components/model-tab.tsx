import type { ProjectBuilding } from '@shared/building/schema';
import { type PlanModel, planHasWalls } from '@shared/plan/schema';
import { buildScene } from '@shared/scene/build';
import { buildBuilding, flattenBuilding } from '@shared/scene/building';
import type { SceneCamera } from '@shared/scene/cameras';
import type { Scene } from '@shared/scene/types';
import { type QueryClient, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Camera } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { createGeneration, newIdempotencyKey } from '@/features/generation';
import { planQueryOptions } from '@/features/plan';
import { ModelViewer, type ViewMode, viewerCanvasSize, warmModel, warmRenderer } from '@/features/viewer';
import { errorMessage } from '@/lib/utils';
import { buildingQueryOptions, downloadBuildingModel } from '../api/building';
import { downloadModel, type ModelFormat } from '../api/files';
import { projectKeys } from '../api/projects';
import { publicBuildingQueryOptions, publicPlanQueryOptions } from '../api/public-plan';
import { BUILDING } from '../lib/model-subject';
import { BuildingLevelsForm } from './building-levels-form';
import { DownloadButton } from './download-button';
import type { LevelWall } from './level-placement';

export interface ModelFile {
  id: string;
  name: string;
  planStatus?: 'processing' | 'ready' | 'failed';
}

/** Whose plan: the owner's (signed in) or a share link's. */
type PlanSource = { projectId: string; token?: undefined } | { projectId: string; token: string };

/**
 * The 3D model built from what Planform read in one of the project's drawings, with a choice of drawing. three.js
 * loads with this module only (the pages import it lazily).
 */
function ModelPanel({
  files,
  source,
  onExport,
  initial: opened,
  renderView = false,
}: {
  files: ModelFile[];
  source: PlanSource;
  onExport?: (fileId: string, format: ModelFormat) => Promise<void>;
  initial?: { fileId?: string; camera?: SceneCamera };
  renderView?: boolean;
}) {
  const initial =
    files.find((f) => f.id === opened?.fileId) ?? files.find((f) => f.planStatus === 'ready') ?? files[0];
  // "Open in 3D" on a render of the whole building opens the building.
  const [fileId, setFileId] = useState(opened?.fileId === BUILDING ? BUILDING : (initial?.id ?? ''));
  const file = files.find((f) => f.id === fileId) ?? initial;
  const selectId = useId();
  // A project of several levels (several drawings, or one set of plans) can be seen as one building (the
  // owner's, or through a share link).
  const owner = source.token === undefined;
  const anyPlan = files.some((f) => f.planStatus !== 'failed');
  const owners = useQuery({ ...buildingQueryOptions(source.projectId), enabled: owner && anyPlan });
  const links = useQuery({
    ...publicBuildingQueryOptions(source.projectId, source.token ?? ''),
    enabled: !owner && anyPlan,
  });
  const building = owner ? owners.data : links.data;
  const wholeBuilding = building && building.levels.length > 1 ? building : null;
  if (!file) return null;
  const showsBuilding = fileId === BUILDING && wholeBuilding;
  return (
    <div className="flex flex-col gap-4">
      {files.length > 1 || wholeBuilding ? (
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <label htmlFor={selectId} className="shrink-0 font-medium text-slate-700">
            Drawing
          </label>
          {/* A long file name must not widen the page on a phone: the select shrinks and cuts it short. */}
          <select
            id={selectId}
            value={showsBuilding ? BUILDING : file.id}
            onChange={(e) => setFileId(e.target.value)}
            className="h-9 w-full min-w-0 max-w-md truncate rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {wholeBuilding ? (
              <option value={BUILDING}>{`Whole building (${wholeBuilding.levels.length} levels)`}</option>
            ) : null}
            {files.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {showsBuilding ? (
        <BuildingModel
          source={source}
          building={wholeBuilding}
          camera={opened?.fileId === BUILDING ? opened.camera : undefined}
          fileNames={Object.fromEntries(files.map((f) => [f.id, f.name]))}
        />
      ) : (
        <FileModel
          key={file.id}
          file={file}
          source={source}
          onExport={onExport}
          camera={opened?.fileId === file.id ? opened.camera : undefined}
          renderView={renderView}
        />
      )}
    </div>
  );
}

/**
 * The project's levels as one building: each level's plan stacked at its elevation and placed over the one below,
 * with a choice of how many levels to show (a cut above a level shows its rooms from above) and the building's
 * exports.
 */
function BuildingModel({
  source,
  building,
  fileNames,
  camera,
}: {
  source: PlanSource;
  building: ProjectBuilding;
  fileNames: Record<string, string>;
  /** Where to open the view (a render's camera, from "Open in 3D"). */
  camera?: SceneCamera | undefined;
}) {
  const { projectId, token } = source;
  const plans = useQueries({
    queries: building.levels.map((level) =>
      token === undefined
        ? planQueryOptions(projectId, level.fileId, level.viewId)
        : publicPlanQueryOptions(projectId, token, level.fileId, level.viewId),
    ),
    combine: (results) => ({
      plans: results.map((r) => r.data),
      error: results.find((r) => r.isError)?.error ?? null,
    }),
  });
  const [upTo, setUpTo] = useState(building.levels.length - 1);
  const showId = useId();
  const ready = plans.plans.every(planHasWalls);
  const stacked = useMemo(
    () =>
      ready ? buildBuilding(building.levels.map((level, i) => ({ level, plan: plans.plans[i]! }))) : null,
    [ready, building.levels, plans.plans],
  );
  const scene = useMemo(() => (stacked ? flattenBuilding(stacked, upTo) : null), [stacked, upTo]);
  // Each level's walls on its own floor, in the order of the levels: what the placement view moves.
  const levelWalls = useMemo(() => {
    const walls: LevelWall[][] = building.levels.map(() => []);
    for (const storey of stacked?.storeys ?? [])
      walls[storey.levelIndex] = storey.scene.walls.map((w): LevelWall => [w.start, w.end]);
    return walls;
  }, [stacked, building.levels]);
  if (plans.error) return <Alert>{errorMessage(plans.error)}</Alert>;
  // A level's drawing read again since the building was loaded, and now without walls: say which, do not wait.
  const unbuilt = building.levels.find((_, i) => {
    const plan = plans.plans[i];
    return plan && plan.status !== 'processing' && (plan.status !== 'ready' || !plan.walls.length);
  });
  if (unbuilt)
    return (
      <Alert>{`${unbuilt.name} has no plan with walls any more. Reload the page to see the building without it, or correct its drawing.`}</Alert>
    );
  if (!scene)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4" /> Stacking the levels…
      </p>
    );
  const ordered = [...building.levels].sort((a, b) => a.elevationM - b.elevationM);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={showId} className="font-medium text-slate-700">
          Show
        </label>
        <select
          id={showId}
          value={upTo}
          onChange={(e) => setUpTo(Number(e.target.value))}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {ordered.map((level, i) => (
            <option key={`${level.fileId}-${level.viewId ?? ''}-${level.elevationM}`} value={i}>
              {i === ordered.length - 1 ? 'All levels' : `Up to ${level.name}`}
            </option>
          ))}
        </select>
        <span className="text-slate-600">
          {ordered.map((l) => `${l.name} at ${l.elevationM.toFixed(2)} m`).join(' · ')}
        </span>
      </div>
      {token === undefined && building.warnings.length ? (
        <ul role="status" className="list-disc rounded-md bg-amber-50 p-3 pl-8 text-sm text-amber-900">
          {building.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <ModelViewer
        scene={scene}
        title="the building"
        initialCamera={camera}
        footer={
          token === undefined
            ? (view) => <RenderThisView projectId={projectId} subject={{ building: true }} view={view} />
            : undefined
        }
        actions={
          token === undefined ? (
            <>
              <DownloadButton
                icon={Box}
                label="Export .glb"
                busyLabel="Preparing..."
                title="glTF binary, a node per storey"
                download={() => downloadBuildingModel(projectId, 'glb')}
              />
              <DownloadButton
                icon={Box}
                label="Export .ifc"
                busyLabel="Preparing..."
                title="IFC4, a storey per level"
                download={() => downloadBuildingModel(projectId, 'ifc')}
              />
            </>
          ) : null
        }
      />
      {token === undefined ? (
        <BuildingLevelsForm
          key={`${building.revision}-${building.levels.length}`}
          projectId={projectId}
          building={building}
          fileNames={fileNames}
          levelWalls={levelWalls}
        />
      ) : null}
    </div>
  );
}

/** The scene of each plan answer, built once while the answer is kept (the query cache's, or one just fetched). */
const planScenes = new WeakMap<PlanModel, Scene>();

function sceneOf(plan: PlanModel): Scene {
  let scene = planScenes.get(plan);
  if (!scene) {
    const started = performance.now();
    scene = buildScene(plan);
    performance.measure('planform:model-scene', { start: started });
    planScenes.set(plan, scene);
  }
  return scene;
}

/**
 * Fetches the plan the 3D Model tab opens on, creates the WebGL renderer sized for the view the tab will show in
 * `column` (an element as wide as the tab's content), and builds the model, so the tab draws at once (the page calls
 * it when idle; an edited plan's model is then built by code already compiled).
 */
export async function prefetchModel(
  client: QueryClient,
  projectId: string,
  fileId: string,
  column?: HTMLElement | null,
): Promise<void> {
  warmRenderer(column ? viewerCanvasSize(column) : null);
  const options = planQueryOptions(projectId, fileId);
  await client.prefetchQuery(options);
  const plan = client.getQueryData(options.queryKey);
  if (plan?.status !== 'ready' || !plan.walls.length) return;
  await whenIdle();
  warmModel(sceneOf(plan));
}

/** Resolves once the page is idle (at most a second from now). */
const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (window.requestIdleCallback) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else window.setTimeout(resolve, 200);
  });

/** The owner's "3D Model" tab, with the glb export. */
export function ModelTab({ projectId, files }: { projectId: string; files: ModelFile[] }) {
  // "Open in 3D" on a render navigates here with the render's drawing and camera.
  const opened = (useLocation().state ?? null) as { fileId?: string; camera?: SceneCamera } | null;
  return (
    <ModelPanel
      files={files}
      source={{ projectId }}
      initial={opened ?? undefined}
      onExport={(fileId, format) => downloadModel(projectId, fileId, format)}
      renderView
    />
  );
}

/** The share page's 3D view: read-only, through the link's token. */
export function PublicModel({
  projectId,
  token,
  files,
}: {
  projectId: string;
  token: string;
  files: ModelFile[];
}) {
  return <ModelPanel files={files} source={{ projectId, token }} />;
}

function FileModel({
  file,
  source,
  onExport,
  camera,
  renderView,
}: {
  file: ModelFile;
  source: PlanSource;
  onExport?: (fileId: string, format: ModelFormat) => Promise<void>;
  camera?: SceneCamera;
  renderView: boolean;
}) {
  const shared = source.token !== undefined;
  const owners = useQuery({ ...planQueryOptions(source.projectId, file.id), enabled: !shared });
  const links = useQuery({
    ...publicPlanQueryOptions(source.projectId, source.token ?? '', file.id),
    enabled: shared,
  });
  const query = shared ? links : owners;
  const plan = query.data;
  if (query.isError) return <Alert>{errorMessage(query.error)}</Alert>;
  if (!plan || plan.status === 'processing')
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4" /> Planform is still reading {file.name}. The 3D model appears as soon as
        it is read.
      </p>
    );
  if (plan.status === 'failed')
    return <Alert>{plan.message ?? 'Planform could not read this drawing.'}</Alert>;
  if (!plan.walls.length)
    return (
      <Alert>
        {`No walls were found in ${file.name}, so there is no 3D model to show.`}
        {plan.message ? ` ${plan.message}` : ''}
      </Alert>
    );
  return (
    <PlanModelView
      plan={plan}
      file={file}
      onExport={onExport}
      camera={camera}
      projectId={renderView ? source.projectId : undefined}
    />
  );
}

function PlanModelView({
  plan,
  file,
  onExport,
  camera,
  projectId,
}: {
  plan: PlanModel;
  file: ModelFile;
  onExport?: (fileId: string, format: ModelFormat) => Promise<void>;
  camera?: SceneCamera;
  /** The owner's project: a prompt can render the current view. */
  projectId?: string;
}) {
  const scene = useMemo(() => sceneOf(plan), [plan]);
  return (
    <ModelViewer
      scene={scene}
      title={file.name}
      initialCamera={camera}
      footer={
        projectId
          ? (view) => <RenderThisView projectId={projectId} subject={{ fileId: file.id }} view={view} />
          : undefined
      }
      actions={
        onExport ? (
          <>
            <DownloadButton
              icon={Box}
              label="Export .glb"
              busyLabel="Preparing..."
              title="glTF binary, for 3D software"
              download={() => onExport(file.id, 'glb')}
            />
            <DownloadButton
              icon={Box}
              label="Export .ifc"
              busyLabel="Preparing..."
              title="IFC4, for BIM software"
              download={() => onExport(file.id, 'ifc')}
            />
          </>
        ) : null
      }
    />
  );
}

/**
 * A prompt and "Render this view": a generation whose variations 1 and 3 are rendered from the camera as it is
 * now (2 from the model's opposite corner). From the orbit or walk view; the top view is a plan, not a camera.
 */
function RenderThisView({
  projectId,
  subject,
  view,
}: {
  projectId: string;
  /** One drawing's model, or the whole building (every level). */
  subject: { fileId: string } | { building: true };
  view: { camera: () => SceneCamera | null; mode: ViewMode };
}) {
  const client = useQueryClient();
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const promptId = useId();
  const hintId = useId();
  async function render() {
    const camera = view.camera();
    if (!camera || !prompt.trim()) return;
    setBusy(true);
    try {
      await createGeneration(projectId, { prompt: prompt.trim(), ...subject, camera }, newIdempotencyKey());
      await client.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      toast.success('Rendering this view', {
        description: 'Variations 1 and 3 are rendered from this camera. They appear in the Renders tab.',
      });
      setPrompt('');
    } catch (error) {
      toast.error('Failed to start generation', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  const topView = view.mode === 'top';
  return (
    <form
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void render();
      }}
    >
      <label htmlFor={promptId} className="text-sm font-medium text-slate-900">
        Prompt for this view
      </label>
      <textarea
        id={promptId}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        rows={2}
        maxLength={2000}
        aria-describedby={hintId}
        placeholder="White render walls, timber windows, late afternoon light"
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      <p id={hintId} className="text-xs text-slate-600">
        {topView
          ? 'Switch to Orbit or Walk to choose a camera: the top view is a plan.'
          : 'Variations 1 and 3 are rendered from this camera, variation 2 from the opposite corner.'}
      </p>
      <Button type="submit" size="sm" className="self-start" disabled={busy || topView || !prompt.trim()}>
        {busy ? <Spinner className="size-4" /> : <Camera aria-hidden="true" />}
        {busy ? 'Starting...' : 'Render this view'}
      </Button>
    </form>
  );
}

function Alert({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
      {children}
    </p>
  );
}
