/**
 * A project's building: the levels the user saved, or a proposal from the drawings whose plans have walls; checked
 * against the project's drawings when saved; built from the levels' stored plans (with the user's corrections).
 */
import { alignLevels } from '../../../shared/building/align';
import { proposeBuilding } from '../../../shared/building/propose';
import { guessedScaleWarnings } from '../../../shared/building/scale-check';
import type { Level, ProjectBuilding } from '../../../shared/building/schema';
import { isOwnPlanView, planViewId, storeyTitles } from '../../../shared/building/storey-views';
import { type PlanModel, planHasWalls } from '../../../shared/plan/schema';
import { buildScene } from '../../../shared/scene/build';
import { type BuildingScene, buildBuilding } from '../../../shared/scene/building';
import { flightMiddles } from '../../../shared/scene/stairwell';
import { getBuilding, StaleBuildingError, saveBuilding } from '../db/buildings';
import type { FileItem, ProjectBundle } from '../db/projects';
import { AppError } from '../errors';
import { planReadInProgress } from '../plan/plan-state';
import { loadPlan, planOfView, withStoreyHeight } from '../plan/plan-store';

/** A plan with walls of one of the project's drawings (its own, or another storey it holds): what a level can be. */
interface LevelPlan {
  file: FileItem;
  /** The view or page of the drawing it was read from, for another storey the drawing holds. */
  viewId?: string;
  plan: PlanModel;
}

/** The key of a level's plan: its drawing's own plan, or another storey the drawing holds. */
const levelPlanKey = (level: Pick<Level, 'fileId' | 'viewId'>) => `${level.fileId}/${level.viewId ?? ''}`;

/**
 * The plans with walls of the project's drawings, in upload order, at their storey heights: each drawing's own
 * (also under its view's id, when its drawing holds other storeys) and the other storeys it holds.
 */
async function levelPlans(bundle: ProjectBundle): Promise<Map<string, LevelPlan>> {
  const candidates = [...bundle.files]
    .reverse()
    .filter((f) => f.status === 'uploaded' && f.planStatus === 'ready' && !planReadInProgress(f));
  const loaded = (await Promise.all(candidates.map(plansOfFile))).flat();
  const plans = new Map<string, LevelPlan>();
  for (const level of loaded) {
    if (!level) continue;
    plans.set(levelPlanKey({ fileId: level.file.id, viewId: level.viewId }), level);
    const ownView = level.viewId === undefined && level.file.storeyViews?.length && planViewId(level.plan);
    if (ownView) plans.set(levelPlanKey({ fileId: level.file.id, viewId: ownView }), level);
  }
  return plans;
}

/**
 * A drawing's own plan and the other storeys it holds. The storey on the page the plan is now read from is that
 * plan (as the user corrected it), not its first reading.
 */
async function plansOfFile(file: FileItem): Promise<(LevelPlan | null)[]> {
  const own = await loadPlan(file.id);
  const storeys = (file.storeyViews ?? []).filter((viewId) => !isOwnPlanView(viewId, own));
  const stored = await Promise.all(storeys.map((viewId) => loadPlan(file.id, viewId)));
  return Promise.all(
    [own, ...stored].map(async (plan, i) => {
      const viewId = i === 0 ? undefined : storeys[i - 1];
      return planHasWalls(plan)
        ? { file, ...(viewId ? { viewId } : {}), plan: await withStoreyHeight(plan) }
        : null;
    }),
  );
}

/**
 * The plan a level stands for (`planOfView`, the rule `levelPlans` keys the project's plans by), at its storey
 * height; null when it has none with walls.
 */
export async function loadLevelPlan(level: Pick<Level, 'fileId' | 'viewId'>): Promise<PlanModel | null> {
  const plan = await planOfView(level.fileId, level.viewId);
  return planHasWalls(plan) ? withStoreyHeight(plan) : null;
}

/** The level's plan, when its drawing (and view) still has one with walls. */
const planOfLevel = (plans: Map<string, LevelPlan>, level: Pick<Level, 'fileId' | 'viewId'>) =>
  plans.get(levelPlanKey(level));

const withoutExtension = (name: string) => name.replace(/\.[^.]*$/, '');

/** The saved building (levels whose drawing lost its plan left out, with a warning) or a proposal. */
export async function projectBuilding(
  bundle: ProjectBundle,
): Promise<{ building: ProjectBuilding; plans: Map<string, LevelPlan> }> {
  const plans = await levelPlans(bundle);
  const saved = await getBuilding(bundle.project.id);
  if (saved) {
    const kept = saved.levels.filter((l) => planOfLevel(plans, l));
    const lost = saved.levels.filter((l) => !planOfLevel(plans, l));
    const warnings = lost.length
      ? [
          `${lost.map((l) => l.name).join(', ')} ${lost.length > 1 ? 'have' : 'has'} no drawing with a plan any more and ${lost.length > 1 ? 'are' : 'is'} left out of the building.`,
        ]
      : [];
    warnings.push(...scaleWarnings(kept, plans));
    return { building: { levels: kept, proposed: false, revision: saved.revision, warnings }, plans };
  }
  const proposal = proposedBuilding(plans);
  return { building: { ...proposal, proposed: true, revision: 0 }, plans };
}

/** The levels proposed from the drawings' names, each placed over the one below by its footprint. */
function proposedBuilding(plans: Map<string, LevelPlan>): { levels: Level[]; warnings: string[] } {
  const distinct = [...new Set(plans.values())];
  const proposal = proposeBuilding(
    distinct.map(({ file, viewId, plan }) => ({
      fileId: file.id,
      ...(viewId ? { viewId } : {}),
      fileName: file.originalName,
      titles: storeyTitles(plan),
      storeyHeightM: plan.storeyHeight ?? 0,
    })),
  );
  const scenes = proposal.levels.map((l) => buildScene(planOfLevel(plans, l)!.plan));
  const aligned = alignLevels(
    proposal.levels,
    scenes.map((scene) => scene.footprint),
    scenes.map((scene) => flightMiddles(scene)),
  );
  return {
    levels: aligned.levels,
    warnings: [...proposal.warnings, ...aligned.warnings, ...scaleWarnings(aligned.levels, plans)],
  };
}

/** The levels whose scale nothing on their drawing vouches for. */
const scaleWarnings = (levels: readonly Level[], plans: Map<string, LevelPlan>) =>
  guessedScaleWarnings(
    levels.map((level) => ({ name: level.name, space: planOfLevel(plans, level)!.plan.space })),
  );

/** Checks every level's drawing and saves the levels; answers the new revision. */
export async function saveProjectBuilding(
  bundle: ProjectBundle,
  levels: readonly Level[],
  expectedRevision: number | undefined,
): Promise<number> {
  const plans = await levelPlans(bundle);
  levels.forEach((level, i) => {
    if (planOfLevel(plans, level)) return;
    const file = bundle.files.find((f) => f.id === level.fileId && f.status === 'uploaded');
    const drawing = file ? withoutExtension(file.originalName) : '';
    const why = !file
      ? 'its drawing is not one of this project’s'
      : level.viewId
        ? `${level.viewId.replace('-', ' ')} of its drawing ${drawing} is not a plan with walls`
        : `its drawing ${drawing} has no plan with walls`;
    throw new AppError('VALIDATION_FAILED', `Level ${i + 1} (${level.name}): ${why}.`, [
      { path: ['levels', i, 'fileId'], message: why },
    ]);
  });
  try {
    return await saveBuilding(bundle.project.id, levels, expectedRevision);
  } catch (error) {
    if (error instanceof StaleBuildingError)
      throw new AppError(
        'PRECONDITION_FAILED',
        'The building changed since you loaded it (in another tab). Load it again and redo the change.',
      );
    throw error;
  }
}

/** The 3D building of the project's levels (saved, else proposed); 422 when no drawing has a plan with walls. */
export async function projectBuildingScene(bundle: ProjectBundle): Promise<BuildingScene> {
  const { building, plans } = await projectBuilding(bundle);
  if (!building.levels.length)
    throw new AppError(
      'UNPROCESSABLE',
      'No drawing of this project has a plan with walls yet, so there is no building to export.',
    );
  return buildBuilding(building.levels.map((level) => ({ level, plan: planOfLevel(plans, level)!.plan })));
}
