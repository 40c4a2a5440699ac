import { type RenderStyle, styleFromPrompt } from '../../shared/domain';
import { type GenerationItem, getGeneration, getRenders, setGenerationFields } from '../lib/db/generations';
import { getFile, getProject, setFilePreviewKey } from '../lib/db/projects';
import { getSetting } from '../lib/db/settings';
import { getActiveTemplate } from '../lib/db/templates';
import { normaliseDrawing } from '../lib/drawings';
import type { NormalisedDrawing } from '../lib/drawings/types';
import { env } from '../lib/env';
import { drawingKeys, loadDrawing, saveDrawing } from '../lib/generation/drawing-store';
import { BUILT_IN_TEMPLATE, fillTemplate } from '../lib/generation/prompts';
import { type Logger, logger } from '../lib/logger';
import { planReadInProgress } from '../lib/plan/plan-state';
import { loadPlan, storeyHeightOf } from '../lib/plan/plan-store';
import { analyseWithBedrock } from '../lib/providers';
import { analyseDrawing } from '../lib/render';
import { readObject } from '../lib/storage';
import { executionInputSchema, type Prepared, type PreparedItem, parseTaskInput } from './types';

export class DrawingUnreadableError extends Error {
  override name = 'DrawingUnreadable';
}

/**
 * The file's normalised drawing: the one stored when its plan was read after upload (no second reading), else made
 * now and kept; non-image files get it as their preview. A drawing in which no plan was found stops here with why.
 */
async function drawingOf(fileId: string, projectId: string): Promise<NormalisedDrawing> {
  const drawing = await readDrawingOf(fileId, projectId);
  if (drawing.geometry.noPlanReason) throw new DrawingUnreadableError(drawing.geometry.noPlanReason);
  return drawing;
}

/** How long Prepare waits for a plan read already under way (the drawing it stores), before reading the file itself. */
const PLAN_READ_WAIT_MS = 150_000;
const PLAN_READ_POLL_MS = 400;

/** The drawing the plan read under way stores, once it has finished; null if none is under way or it takes too long. */
async function drawingFromPlanRead(projectId: string, fileId: string): Promise<NormalisedDrawing | null> {
  const deadline = Date.now() + PLAN_READ_WAIT_MS;
  for (let waited = false; ; waited = true) {
    const file = await getFile(projectId, fileId);
    // Nothing under way: the caller has just found no stored drawing, so only a finished wait reads it again.
    if (!file || !planReadInProgress(file)) return waited ? loadDrawing(fileId) : null;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, PLAN_READ_POLL_MS));
  }
}

async function readDrawingOf(fileId: string, projectId: string): Promise<NormalisedDrawing> {
  // A generation started right after an upload meets the plan read still running: wait for it rather than read the
  // same file twice and write the same objects at once.
  const cached = (await loadDrawing(fileId)) ?? (await drawingFromPlanRead(projectId, fileId));
  if (cached) return cached;
  const file = await getFile(projectId, fileId);
  if (file?.status !== 'uploaded')
    throw new DrawingUnreadableError('The drawing file is no longer available');
  let drawing: NormalisedDrawing;
  try {
    drawing = await normaliseDrawing({
      bytes: await readObject(env.uploadsBucket, file.storagePath),
      fileName: file.originalName,
      contentType: file.contentType,
    });
  } catch (error) {
    throw new DrawingUnreadableError((error as Error).message || 'The drawing could not be read');
  }
  await saveDrawing(fileId, drawing);
  if (!file.previewKey)
    await setFilePreviewKey(projectId, fileId, drawingKeys(fileId).png).catch(() => undefined);
  return drawing;
}

/**
 * The analysis text the jobs record: from the drawing's own geometry, and with a Bedrock provider a model's
 * reading of the drawing through the Converse API (the geometric analysis stays when the model cannot answer).
 */
async function analysisOf(
  provider: string,
  drawing: NormalisedDrawing,
  prompt: string,
  project: { title: string; description: string | null; tags: string[] },
  log: Logger,
): Promise<string> {
  const geometric = analyseDrawing(drawing);
  if (provider === 'local') return geometric;
  try {
    return `${geometric} ${await analyseWithBedrock(drawing.png, prompt, project)}`;
  } catch (error) {
    log.warn('Bedrock analysis unavailable; keeping the geometric analysis', { error });
    return geometric;
  }
}

/** What a refinement edits: the refined render's image and generation (none when that render is gone). */
async function refinedRender(
  projectId: string,
  refines: GenerationItem['refines'],
): Promise<PreparedItem['refines'] | undefined> {
  if (!refines) return undefined;
  const [render] = await getRenders(projectId, [refines.renderId]);
  if (render?.status !== 'completed' || !render.imageKey) return undefined;
  return { imageKey: render.imageKey, followUp: refines.prompt, generationId: render.generationId };
}

/**
 * First state: normalises the chosen drawing, loads the active visualization template (or the built-in one),
 * fills it for each variation and records the analysis text.
 */
export async function handler(event: unknown): Promise<Prepared> {
  const input = parseTaskInput(executionInputSchema, event, 'prepare');
  const log = logger.child({ generationId: input.generationId, task: 'prepare' });
  const generation = await getGeneration(input.projectId, input.generationId);
  if (!generation) throw new DrawingUnreadableError('The generation no longer exists');
  const project = await getProject(input.projectId);
  if (!project) throw new DrawingUnreadableError('The project no longer exists');
  const [drawing, template, provider, storeyHeight, renders, refined] = await Promise.all([
    drawingOf(generation.fileId, input.projectId),
    getActiveTemplate('visualization'),
    getSetting('ai_model_primary'),
    // The height every 3D model of the plan has (viewer, exports), so the renders stand as high.
    loadPlan(generation.fileId).then(storeyHeightOf),
    getRenders(input.projectId, generation.renderIds),
    refinedRender(input.projectId, generation.refines),
  ]);
  // A retry reopens the generation with only the retried variation unsettled: the others are not run again.
  const unsettled = new Set(
    renders.filter((r) => r.status === 'pending' || r.status === 'processing').map((r) => r.id),
  );
  const style: RenderStyle = generation.style ?? styleFromPrompt(generation.prompt);
  const analysis = await analysisOf(provider, drawing, generation.prompt, project, log);
  await setGenerationFields(generation, { analysis, templateId: template?.id ?? null, provider });
  log.info('prepared', { provider, style, templateId: template?.id ?? null });
  return {
    provider,
    style,
    fidelity: generation.fidelity,
    storeyHeight,
    fileId: generation.fileId,
    analysis,
    // Each unsettled render (a retry reopens a generation with one): its variation and camera are its own.
    items: renders
      .filter((r) => unsettled.has(r.id))
      .map((render) => ({
        variation: render.variation,
        renderId: render.id,
        jobId: render.jobId,
        brief: generation.prompt,
        ...(render.camera ? { camera: render.camera } : {}),
        ...(refined ? { refines: refined } : {}),
        prompt: fillTemplate(template?.template ?? BUILT_IN_TEMPLATE, {
          prompt: generation.prompt,
          variation: render.variation,
          style,
          project: { title: project.title, description: project.description, tags: project.tags },
        }),
      })),
  };
}
