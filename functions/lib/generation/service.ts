import type { Level } from '../../../shared/building/schema';
import {
  type RenderStyle,
  VARIATION_NUMBERS,
  type VariationNumber,
  variationName,
} from '../../../shared/domain';
import type { SceneCamera } from '../../../shared/scene/cameras';
import {
  type CreateGenerationInput,
  DEFAULT_FIDELITY,
  type ExportSize,
  type Generation,
  PROMPT_MAX,
  type RefineRenderInput,
  type RenderExport,
} from '../../../shared/schemas/generations';
import type { Caller } from '../auth';
import { projectBuilding } from '../building/project-building';
import {
  closeGeneration,
  exportAttribute,
  failRender,
  type GenerationItem,
  type GenerationRenderItem,
  getGeneration,
  getRenders,
  IdempotencyReplay,
  insertGeneration,
  LimitError,
  RetryConflict,
  reopenForRetry,
  setRenderExport,
} from '../db/generations';
import type { ProjectBundle, ProjectItem } from '../db/projects';
import { getSetting } from '../db/settings';
import { env } from '../env';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { newId } from '../ids';
import type { Logger } from '../logger';
import { isId, ownedProject, ownedProjectBundle } from '../project-views';
import { DOWNLOAD_URL_TTL_SECONDS, downloadName, presignDownload, presignView } from '../storage';
import { finalizeGeneration } from './finalize';
import { variationPrompt } from './prompts';
import type { StartExport } from './start-export';
import type { StartExecution } from './starter';

export const NO_FILE_MESSAGE = 'Please upload at least one file first';
const RENDER_NOT_FOUND = 'Render not found';
const START_FAILED = 'The generation could not be started. Please try again.';
export const MAINTENANCE_MESSAGE =
  'Planform is undergoing maintenance, so new visualizations cannot be started right now. Please try again later.';

function secondsUntilUtcMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/** The drawing a generation starts from: the requested uploaded file, else the first one uploaded. */
function chooseFile(bundle: ProjectBundle, fileId: string | undefined) {
  const uploaded = bundle.files.filter((f) => f.status === 'uploaded');
  if (fileId) {
    const file = uploaded.find((f) => f.id === fileId);
    if (!file) throw badRequest('That file is not an uploaded file of this project');
    return file;
  }
  const first = uploaded[uploaded.length - 1];
  if (!first) throw new AppError('NO_DRAWING', NO_FILE_MESSAGE);
  return first;
}

/**
 * The levels of the project's building (the saved one, else the proposal the 3D tab shows), lowest first; 422 when
 * no drawing has a plan with walls.
 */
async function buildingLevels(bundle: ProjectBundle): Promise<Level[]> {
  const { building } = await projectBuilding(bundle);
  if (!building.levels.length)
    throw new AppError(
      'UNPROCESSABLE',
      'No drawing of this project has a plan with walls yet, so there is no building to visualise.',
    );
  return [...building.levels].sort((a, b) => a.elevationM - b.elevationM);
}

/** 429 with when to try again: the user's daily or concurrent generation limit. */
function limitReached(error: LimitError, limits: { maxConcurrent: number; perDay: number }): AppError {
  const headers =
    error.limit === 'daily' ? { 'retry-after': String(secondsUntilUtcMidnight()) } : { 'retry-after': '30' };
  const { maxConcurrent, perDay } = limits;
  const message =
    error.limit === 'daily'
      ? `You have reached your limit of ${perDay} generations per day. Please try again tomorrow.`
      : `You already have ${maxConcurrent} generation${maxConcurrent === 1 ? '' : 's'} running. Please wait for one to finish.`;
  return new AppError('TOO_MANY_REQUESTS', message, { limit: error.limit }, headers);
}

async function assertNotInMaintenance(): Promise<void> {
  if (await getSetting('maintenance_mode')) {
    throw new AppError('SERVICE_UNAVAILABLE', MAINTENANCE_MESSAGE, undefined, { 'retry-after': '600' });
  }
}

async function generationLimits() {
  const [maxConcurrent, perDay] = await Promise.all([
    getSetting('limits.max_concurrent_generations'),
    getSetting('limits.generations_per_day'),
  ]);
  return { maxConcurrent, perDay };
}

export interface StartResult {
  generation: Generation;
  replayed: boolean;
}

/** What one generation is: its brief, source, look, variations and (for a refinement) the render it refines. */
interface GenerationSpec {
  project: ProjectItem;
  /** The drawing rendered; for the building, its lowest level's. */
  fileId: string;
  /** Rendered from the project's building: its levels as they stand now. */
  levels?: Level[];
  prompt: string;
  style: RenderStyle | null;
  fidelity: number;
  /** The camera placed in the viewer (recorded on the generation). */
  camera?: SceneCamera;
  variations: readonly VariationNumber[];
  /** The camera each variation is rendered from, when one was chosen. */
  cameraOf: (variation: VariationNumber) => SceneCamera | undefined;
  refines?: { renderId: string; prompt: string };
  /** Whether a generation recorded under the same Idempotency-Key was this very request. */
  sameRequest: (existing: GenerationItem) => boolean;
}

/**
 * Records a generation (its renders and jobs, the quota, the counters) in one transaction, then starts its
 * execution. The same Idempotency-Key returns the generation it created and starts nothing new.
 */
async function recordAndStart(
  caller: Caller,
  spec: GenerationSpec,
  options: { idempotencyKey?: string; start: StartExecution; log: Logger },
): Promise<StartResult> {
  const { project } = spec;
  const { maxConcurrent, perDay } = await generationLimits();
  const now = new Date().toISOString();
  const generationId = newId();
  const renders: GenerationRenderItem[] = [];
  const jobs: Record<string, unknown>[] = [];
  for (const variation of spec.variations) {
    const renderId = newId();
    const jobId = newId();
    const camera = spec.cameraOf(variation);
    renders.push({
      id: renderId,
      projectId: project.id,
      userId: caller.userId,
      fileId: spec.fileId,
      ...(spec.levels ? { building: true as const } : {}),
      generationId,
      jobId,
      variation,
      prompt: spec.prompt,
      style: `variation-${variation}`,
      status: 'pending',
      ...(camera ? { camera } : {}),
      ...(spec.refines ? { refines: spec.refines } : {}),
      createdAt: now,
    });
    jobs.push({
      id: jobId,
      userId: caller.userId,
      projectId: project.id,
      renderId,
      generationId,
      jobType: 'visualization_generation',
      status: 'queued',
      inputData: {
        prompt: variationPrompt(spec.prompt, variation),
        variation,
        fileIds: [spec.fileId],
        project: { title: project.title, description: project.description, tags: project.tags },
        ...(spec.refines ? { refines: spec.refines } : {}),
      },
      createdAt: now,
    });
  }
  const generation: GenerationItem = {
    id: generationId,
    projectId: project.id,
    userId: caller.userId,
    prompt: spec.prompt,
    style: spec.style,
    fidelity: spec.fidelity,
    fileId: spec.fileId,
    ...(spec.levels ? { building: true as const, levels: spec.levels } : {}),
    ...(spec.camera ? { camera: spec.camera } : {}),
    ...(spec.refines ? { refines: spec.refines } : {}),
    renderIds: renders.map((r) => r.id),
    jobIds: jobs.map((j) => j.id as string),
    status: 'running',
    succeeded: 0,
    failed: 0,
    analysis: null,
    templateId: null,
    provider: null,
    createdAt: now,
    finishedAt: null,
  };

  try {
    await insertGeneration({
      generation,
      renders,
      jobs,
      idempotencyKey: options.idempotencyKey,
      limits: { maxConcurrent, perDay },
    });
  } catch (error) {
    if (error instanceof IdempotencyReplay) {
      if (error.projectId !== project.id)
        throw conflict('This Idempotency-Key was already used for another project');
      const existing = await getGeneration(error.projectId, error.generationId);
      if (!existing) throw notFound('Generation not found');
      // The same key with another request is a client mistake, not a replay (IETF Idempotency-Key draft: 422).
      if (!spec.sameRequest(existing)) {
        throw new AppError(
          'UNPROCESSABLE',
          'This Idempotency-Key was already used for a different request; use a new key for a new generation.',
        );
      }
      // The first request may have died between its transaction and StartExecution: starting again is safe.
      if (existing.status === 'running')
        await options.start(executionInputOf(existing)).catch(() => undefined);
      return { generation: await toGeneration(existing), replayed: true };
    }
    if (error instanceof LimitError) throw limitReached(error, { maxConcurrent, perDay });
    throw error;
  }

  try {
    await options.start(executionInputOf(generation));
  } catch (error) {
    options.log.error('StartExecution failed', { error, generationId });
    await Promise.all(renders.map((r) => failRender(r, START_FAILED)));
    await closeGeneration(generation, { succeeded: 0, failed: renders.length });
    throw new AppError('SERVICE_UNAVAILABLE', START_FAILED);
  }
  return { generation: await toGeneration(generation, renders), replayed: false };
}

/** A generation of the three variations from the prompt, on the chosen (or first) drawing. */
export async function startGeneration(
  caller: Caller,
  projectId: string | undefined,
  input: CreateGenerationInput,
  options: { idempotencyKey?: string; start: StartExecution; log: Logger },
): Promise<StartResult> {
  await assertNotInMaintenance();
  const bundle = await ownedProjectBundle(caller, projectId);
  const levels = input.building ? await buildingLevels(bundle) : undefined;
  const fileId = levels ? levels[0]!.fileId : chooseFile(bundle, input.fileId).id;
  const prompt = input.prompt.trim();
  const fidelity = input.fidelity ?? DEFAULT_FIDELITY;
  return recordAndStart(
    caller,
    {
      project: bundle.project,
      fileId,
      ...(levels ? { levels } : {}),
      prompt,
      style: input.style ?? null,
      fidelity,
      ...(input.camera ? { camera: input.camera } : {}),
      variations: VARIATION_NUMBERS,
      // The user's camera is variation 1's and 3's (3 changes the time of day); 2 looks from elsewhere.
      cameraOf: (variation) => (variation !== 2 ? input.camera : undefined),
      sameRequest: (existing) =>
        existing.prompt === prompt &&
        !existing.refines &&
        (input.fileId === undefined || existing.fileId === input.fileId) &&
        !!existing.building === !!input.building &&
        (existing.style ?? null) === (input.style ?? null) &&
        existing.fidelity === fidelity &&
        JSON.stringify(existing.camera ?? null) === JSON.stringify(input.camera ?? null),
    },
    options,
  );
}

/**
 * A refinement of a completed render: one new render of the same drawing, variation and camera, from the render's
 * brief with the follow-up words after it (later words win: "white walls" over "brick"). It goes through the same
 * flow and limits as a generation, idempotent by its Idempotency-Key, and appears in a thread under the render.
 */
export async function refineRender(
  caller: Caller,
  projectId: string | undefined,
  renderId: string | undefined,
  input: RefineRenderInput,
  options: { idempotencyKey?: string; start: StartExecution; log: Logger },
): Promise<StartResult> {
  await assertNotInMaintenance();
  const { project, render } = await ownedRender(caller, projectId, renderId);
  if (render.status !== 'completed') throw badRequest('Only a completed render can be refined');
  const parent = await getGeneration(project.id, render.generationId);
  if (!parent) throw notFound(RENDER_NOT_FOUND);
  const followUp = input.prompt.trim();
  const refines = { renderId: render.id, prompt: followUp };
  return recordAndStart(
    caller,
    {
      project,
      fileId: render.fileId,
      // A render of the building is refined on the building it was made from.
      ...(parent.levels ? { levels: parent.levels } : {}),
      prompt: `${parent.prompt.replace(/[\s.,;]+$/, '')}. ${followUp}`.slice(0, PROMPT_MAX),
      style: parent.style,
      fidelity: parent.fidelity,
      variations: [render.variation],
      cameraOf: () => render.camera,
      refines,
      sameRequest: (existing) =>
        existing.refines?.renderId === refines.renderId && existing.refines.prompt === refines.prompt,
    },
    options,
  );
}

/** One of the caller's renders in one of their projects (404 for anyone else's, as for one that does not exist). */
/**
 * The caller's render, or a 404. `beforeLookup` runs once the project is known to be the caller's and before the
 * render is looked up: request bodies are validated there, so a stranger gets the same 404 whatever they send and
 * the owner a 400 for a bad body whether or not the render exists.
 */
async function ownedRender(
  caller: Caller,
  projectId: string | undefined,
  renderId: string | undefined,
  beforeLookup?: () => void,
) {
  const project = await ownedProject(caller, projectId);
  beforeLookup?.();
  if (!isId(renderId)) throw notFound(RENDER_NOT_FOUND);
  const [render] = await getRenders(project.id, [renderId]);
  if (!render) throw notFound(RENDER_NOT_FOUND);
  return { project, render };
}

/**
 * Runs one failed variation again through the same flow (its generation reopens for it; the quota counts it).
 * Idempotent: retrying a render whose retry is under way answers that run and starts nothing new.
 */
export async function retryRender(
  caller: Caller,
  projectId: string | undefined,
  renderId: string | undefined,
  options: { start: StartExecution; log: Logger },
): Promise<StartResult> {
  await assertNotInMaintenance();
  const { render } = await ownedRender(caller, projectId, renderId);
  const generation = await getGeneration(render.projectId, render.generationId);
  if (!generation) throw notFound(RENDER_NOT_FOUND);
  const unsettled = render.status === 'pending' || render.status === 'processing';
  if (unsettled && generation.status === 'running') {
    // The first request may have died between its transaction and StartExecution: starting again is safe.
    await options.start(executionInputOf(generation)).catch(() => undefined);
    return { generation: await toGeneration(generation), replayed: true };
  }
  if (render.status !== 'failed') throw conflict('Only a failed render can be retried');
  if (generation.status === 'running')
    throw conflict(
      'Another variation of this generation is still rendering. Retry this one when it has finished.',
    );
  const limits = await generationLimits();
  let reopened: GenerationItem;
  try {
    reopened = await reopenForRetry(generation, render, limits);
  } catch (error) {
    if (error instanceof LimitError) throw limitReached(error, limits);
    if (error instanceof RetryConflict) {
      // A concurrent request retried it first: answer that run.
      const current = await getGeneration(render.projectId, render.generationId);
      if (current?.status === 'running') return { generation: await toGeneration(current), replayed: true };
      throw conflict('This render cannot be retried right now. Reload the page and try again.');
    }
    throw error;
  }
  try {
    await options.start(executionInputOf(reopened));
  } catch (error) {
    options.log.error('StartExecution failed for a retry', { error, generationId: generation.id });
    await finalizeGeneration(reopened.projectId, reopened.id, options.log, START_FAILED);
    throw new AppError('SERVICE_UNAVAILABLE', START_FAILED);
  }
  return { generation: await toGeneration(reopened), replayed: false };
}

/**
 * A presigned PNG download of a completed render, named from the project title and the variation; with `size`,
 * of its high-resolution export once that is ready.
 */
export async function renderDownload(
  caller: Caller,
  projectId: string | undefined,
  renderId: string | undefined,
  size?: ExportSize,
) {
  const { project, render } = await ownedRender(caller, projectId, renderId);
  if (render.status !== 'completed' || !render.imageKey)
    throw notFound('This render has no image to download');
  const name = `${project.title} - ${variationName(render.variation)}`;
  let key = render.imageKey;
  let fileName = downloadName(`${name}.png`);
  if (size) {
    const stored = render[exportAttribute(size)];
    if (stored?.status !== 'ready' || !stored.key)
      throw conflict(`The ${size} px image is not ready yet. Export it first, then download it.`);
    key = stored.key;
    fileName = downloadName(`${name} (${size} px).png`);
  }
  const url = await presignDownload(env.rendersBucket, key, fileName);
  return { url, fileName, expiresIn: DOWNLOAD_URL_TTL_SECONDS };
}

/** An export under way for longer than this was lost (its invocation died): asking again starts it again. */
const EXPORT_STALE_MS = 5 * 60_000;

/**
 * Asks for a render's high-resolution export (made asynchronously; the render's `exports` say how it goes).
 * Idempotent: an export ready or under way is answered as it is; a failed or lost one starts again. `sizeOf` reads
 * the asked size from the request once the caller is known to own the project.
 */
export async function requestExport(
  caller: Caller,
  projectId: string | undefined,
  renderId: string | undefined,
  sizeOf: () => ExportSize,
  options: { start: StartExport; log: Logger },
): Promise<{ export: RenderExport; started: boolean; size: ExportSize }> {
  let size: ExportSize = 2048;
  const { render } = await ownedRender(caller, projectId, renderId, () => {
    size = sizeOf();
  });
  if (render.status !== 'completed' || !render.imageKey)
    throw badRequest('Only a completed render can be exported in high resolution');
  const largest = await getSetting('limits.max_export_size');
  if (size > largest) throw badRequest(`Exports of ${size} px are not offered; the largest is ${largest} px`);
  const current = render[exportAttribute(size)];
  const underWay =
    current?.status === 'processing' && Date.now() - Date.parse(current.requestedAt) < EXPORT_STALE_MS;
  if (current && (current.status === 'ready' || underWay))
    return { export: { status: current.status }, started: false, size };
  await setRenderExport(render, size, { status: 'processing', requestedAt: new Date().toISOString() });
  try {
    await options.start({ projectId: render.projectId, renderId: render.id, size });
  } catch (error) {
    options.log.error('could not start the export', { error, renderId: render.id, size });
    await setRenderExport(render, size, {
      status: 'failed',
      error: 'The export could not be started. Please try again.',
      requestedAt: new Date().toISOString(),
    });
    throw new AppError('SERVICE_UNAVAILABLE', 'The export could not be started. Please try again.');
  }
  return { export: { status: 'processing' }, started: true, size };
}

export const executionInputOf = (g: Pick<GenerationItem, 'id' | 'projectId' | 'userId' | 'attempt'>) => ({
  generationId: g.id,
  projectId: g.projectId,
  userId: g.userId,
  ...(g.attempt ? { attempt: g.attempt } : {}),
});

export async function toGeneration(
  generation: GenerationItem,
  known?: GenerationRenderItem[],
): Promise<Generation> {
  const renders = known ?? (await getRenders(generation.projectId, generation.renderIds));
  return {
    id: generation.id,
    projectId: generation.projectId,
    status: generation.status,
    prompt: generation.prompt,
    style: generation.style,
    fidelity: generation.fidelity,
    fileId: generation.fileId,
    ...(generation.building ? { building: true } : {}),
    camera: generation.camera ?? null,
    refines: generation.refines ?? null,
    analysis: generation.analysis,
    succeeded: generation.succeeded,
    failed: generation.failed,
    createdAt: generation.createdAt,
    finishedAt: generation.finishedAt,
    renders: await Promise.all(
      renders.map(async (r) => ({
        id: r.id,
        variation: r.variation,
        status: r.status,
        imageUrl: r.imageKey ? await presignView(env.rendersBucket, r.imageKey, 3600) : null,
        previewUrl: r.previewKey ? await presignView(env.rendersBucket, r.previewKey, 3600) : null,
        error: r.error ?? null,
        description: r.description ?? null,
        camera: r.camera ?? null,
        ...(r.viewpoint ? { viewpoint: r.viewpoint } : {}),
        ...(r.promptReading ? { promptReading: r.promptReading } : {}),
        ...(r.geometryKept !== undefined ? { geometryKept: r.geometryKept } : {}),
        ...(r.designLost ? { designLost: true } : {}),
      })),
    ),
  };
}

export async function getGenerationView(
  caller: Caller,
  projectId: string | undefined,
  generationId: string | undefined,
) {
  const project = await ownedProject(caller, projectId);
  const generation = isId(generationId) ? await getGeneration(project.id, generationId) : null;
  if (!generation) throw notFound('Generation not found');
  return toGeneration(generation);
}
