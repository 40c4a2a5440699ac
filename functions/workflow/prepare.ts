import { type RenderStyle, styleFromPrompt } from '../../shared/domain';
import { describePlan } from '../../shared/plan/describe';
import type { PlanModel } from '../../shared/plan/schema';
import { type GenerationItem, getGeneration, getRenders, setGenerationFields } from '../lib/db/generations';
import { type FileItem, getFile, getProject, setFilePlanState } from '../lib/db/projects';
import { getSetting } from '../lib/db/settings';
import { getActiveTemplate } from '../lib/db/templates';
import { loadDrawingPicture } from '../lib/generation/drawing-store';
import { lostLevelMessage } from '../lib/generation/model-view';
import { BUILT_IN_TEMPLATE, fillTemplate } from '../lib/generation/prompts';
import { type Logger, logger } from '../lib/logger';
import { planReadInProgress } from '../lib/plan/plan-state';
import { loadPlan, storeyHeightOf } from '../lib/plan/plan-store';
import { startPlanReading } from '../lib/plan/start-reading';
import { analyseWithBedrock } from '../lib/providers';
import { executionInputSchema, type Prepared, type PreparedItem, parseTaskInput } from './types';

export class DrawingUnreadableError extends Error {
  override name = 'DrawingUnreadable';
}

/** Why a plan with no walls cannot be generated from, when the plan itself does not say. */
export const NO_WALLS =
  'No walls were read from this drawing, so there is no building to visualise. Check what Planform read, or upload a floor plan.';

/**
 * The file's stored plan, corrections included: what every render of the generation is made from (the drawing is
 * not read again). A read under way is waited for; a file with no plan yet (uploaded before plans were read) has its
 * read started and waited for. A plan that failed or holds no walls stops the generation here with why.
 */
async function planOf(fileId: string, projectId: string): Promise<PlanModel> {
  const { file, plan: stored } = await planAfterReading(projectId, fileId);
  if (!stored && file?.status !== 'uploaded')
    throw new DrawingUnreadableError('The drawing file is no longer available');
  const plan = stored ?? (await planReadNow(file!));
  if (plan.status !== 'ready')
    throw new DrawingUnreadableError(plan.message ?? 'The drawing could not be read.');
  if (plan.walls.length === 0) throw new DrawingUnreadableError(plan.message ?? NO_WALLS);
  return plan;
}

/**
 * The plan of a file that has none stored (uploaded before plans were read): its read is started as the files API
 * starts one (the read-plan task; the drawing is not read here) and waited for.
 */
async function planReadNow(file: FileItem): Promise<PlanModel> {
  await setFilePlanState(file, { status: 'processing' });
  await startPlanReading(file.projectId, file.id);
  const { plan } = await planAfterReading(file.projectId, file.id);
  if (!plan)
    throw new DrawingUnreadableError(
      'The drawing is still being read. Try the generation again in a minute.',
    );
  return plan;
}

/** How long Prepare waits for a plan read under way. */
const PLAN_READ_WAIT_MS = 150_000;
const PLAN_READ_POLL_MS = 400;

/**
 * The file, and its stored plan once no read of it is under way; no plan when none is stored, or the read takes
 * too long.
 */
async function planAfterReading(
  projectId: string,
  fileId: string,
): Promise<{ file: FileItem | null; plan: PlanModel | null }> {
  const deadline = Date.now() + PLAN_READ_WAIT_MS;
  for (;;) {
    const file = await getFile(projectId, fileId);
    if (!file || !planReadInProgress(file)) return { file, plan: file ? await loadPlan(fileId) : null };
    if (Date.now() > deadline) return { file, plan: null };
    await new Promise((resolve) => setTimeout(resolve, PLAN_READ_POLL_MS));
  }
}

/**
 * The plans a generation renders, lowest first: the building's levels' (a level whose drawing lost its plan stops
 * the generation with which), else the one drawing's.
 */
async function plansOf(generation: GenerationItem): Promise<PlanModel[]> {
  if (!generation.levels) return [await planOf(generation.fileId, generation.projectId)];
  const plans = await Promise.all(generation.levels.map((l) => loadPlan(l.fileId, l.viewId)));
  const lost = generation.levels.find((_, i) => !plans[i]?.walls.length || plans[i]?.status !== 'ready');
  if (lost) throw new DrawingUnreadableError(lostLevelMessage(lost));
  return plans as PlanModel[];
}

/** What was read of the plans: one drawing's description, or each level's under its name. */
function describePlans(plans: readonly PlanModel[], levels: GenerationItem['levels']): string {
  if (!levels) return describePlan(plans[0]!);
  return plans.map((plan, i) => `${levels[i]!.name}: ${describePlan(plan)}`).join(' ');
}

/**
 * The analysis text the jobs record: from the stored plan, and with a Bedrock provider a model's reading of the
 * drawing's picture through the Converse API (the plan's description stays when the model cannot answer).
 */
async function analysisOf(
  provider: string,
  described: string,
  fileId: string,
  prompt: string,
  project: { title: string; description: string | null; tags: string[] },
  log: Logger,
): Promise<string> {
  if (provider === 'local') return described;
  try {
    const picture = await loadDrawingPicture(fileId);
    return picture ? `${described} ${await analyseWithBedrock(picture, prompt, project)}` : described;
  } catch (error) {
    log.warn('Bedrock analysis unavailable; keeping the plan description', { error });
    return described;
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
 * First state: finds the chosen drawing's stored plan, loads the active visualization template (or the built-in one),
 * fills it for each variation and records the analysis text.
 */
export async function handler(event: unknown): Promise<Prepared> {
  const input = parseTaskInput(executionInputSchema, event, 'prepare');
  const log = logger.child({ generationId: input.generationId, task: 'prepare' });
  const generation = await getGeneration(input.projectId, input.generationId);
  if (!generation) throw new DrawingUnreadableError('The generation no longer exists');
  const project = await getProject(input.projectId);
  if (!project) throw new DrawingUnreadableError('The project no longer exists');
  const [plans, template, provider, renders, refined] = await Promise.all([
    plansOf(generation),
    getActiveTemplate('visualization'),
    getSetting('ai_model_primary'),
    getRenders(input.projectId, generation.renderIds),
    refinedRender(input.projectId, generation.refines),
  ]);
  // A retry reopens the generation with only the retried variation unsettled: the others are not run again.
  const unsettled = new Set(
    renders.filter((r) => r.status === 'pending' || r.status === 'processing').map((r) => r.id),
  );
  const style: RenderStyle = generation.style ?? styleFromPrompt(generation.prompt);
  // The height every 3D model of the plan has (viewer, exports), so the renders stand as high.
  const storeyHeight = await storeyHeightOf(plans[0]!);
  const described = describePlans(plans, generation.levels);
  const analysis = await analysisOf(provider, described, generation.fileId, generation.prompt, project, log);
  await setGenerationFields(generation, { analysis, templateId: template?.id ?? null, provider });
  log.info('prepared', { provider, style, templateId: template?.id ?? null });
  return {
    provider,
    style,
    fidelity: generation.fidelity,
    storeyHeight,
    fileId: generation.fileId,
    levels: generation.levels ?? null,
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
