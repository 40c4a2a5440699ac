/**
 * A project's building: the levels the user saved, or a proposal from the drawings whose plans have walls; checked
 * against the project's drawings when saved; built from the levels' stored plans (with the user's corrections).
 */
import { alignLevels } from '../../../shared/building/align';
import { proposeBuilding } from '../../../shared/building/propose';
import type { Level, ProjectBuilding } from '../../../shared/building/schema';
import type { PlanModel } from '../../../shared/plan/schema';
import { buildScene } from '../../../shared/scene/build';
import { type BuildingScene, buildBuilding } from '../../../shared/scene/building';
import { getBuilding, StaleBuildingError, saveBuilding } from '../db/buildings';
import type { FileItem, ProjectBundle } from '../db/projects';
import { AppError } from '../errors';
import { planReadInProgress } from '../plan/plan-state';
import { loadPlan, withStoreyHeight } from '../plan/plan-store';

/** A drawing of the project whose stored plan has walls: what a level can be made of. */
interface LevelPlan {
  file: FileItem;
  plan: PlanModel;
}

/** The project's drawings with a plan that has walls, in upload order, their plans at their storey heights. */
async function levelPlans(bundle: ProjectBundle): Promise<Map<string, LevelPlan>> {
  const candidates = [...bundle.files]
    .reverse()
    .filter((f) => f.status === 'uploaded' && f.planStatus === 'ready' && !planReadInProgress(f));
  const loaded = await Promise.all(
    candidates.map(async (file) => {
      const plan = await loadPlan(file.id);
      return plan?.status === 'ready' && plan.walls.length
        ? { file, plan: await withStoreyHeight(plan) }
        : null;
    }),
  );
  return new Map(loaded.filter((l): l is LevelPlan => l !== null).map((l) => [l.file.id, l]));
}

const withoutExtension = (name: string) => name.replace(/\.[^.]*$/, '');

/** The saved building (levels whose drawing lost its plan left out, with a warning) or a proposal. */
export async function projectBuilding(
  bundle: ProjectBundle,
): Promise<{ building: ProjectBuilding; plans: Map<string, LevelPlan> }> {
  const plans = await levelPlans(bundle);
  const saved = await getBuilding(bundle.project.id);
  if (saved) {
    const kept = saved.levels.filter((l) => plans.has(l.fileId));
    const lost = saved.levels.filter((l) => !plans.has(l.fileId));
    const warnings = lost.length
      ? [
          `${lost.map((l) => l.name).join(', ')} ${lost.length > 1 ? 'have' : 'has'} no drawing with a plan any more and ${lost.length > 1 ? 'are' : 'is'} left out of the building.`,
        ]
      : [];
    return { building: { levels: kept, proposed: false, revision: saved.revision, warnings }, plans };
  }
  const proposal = proposedBuilding(plans);
  return { building: { ...proposal, proposed: true, revision: 0 }, plans };
}

/** The levels proposed from the drawings' names, each placed over the one below by its footprint. */
function proposedBuilding(plans: Map<string, LevelPlan>): { levels: Level[]; warnings: string[] } {
  const proposal = proposeBuilding(
    [...plans.values()].map(({ file, plan }) => ({
      fileId: file.id,
      fileName: file.originalName,
      titles: [plan.source.view ?? ''].filter(Boolean),
      storeyHeightM: plan.storeyHeight ?? 0,
    })),
  );
  const footprints = proposal.levels.map((l) => buildScene(plans.get(l.fileId)!.plan).footprint);
  const aligned = alignLevels(proposal.levels, footprints);
  return { levels: aligned.levels, warnings: [...proposal.warnings, ...aligned.warnings] };
}

/** Checks every level's drawing and saves the levels; answers the new revision. */
export async function saveProjectBuilding(
  bundle: ProjectBundle,
  levels: readonly Level[],
  expectedRevision: number | undefined,
): Promise<number> {
  const plans = await levelPlans(bundle);
  levels.forEach((level, i) => {
    if (plans.has(level.fileId)) return;
    const file = bundle.files.find((f) => f.id === level.fileId && f.status === 'uploaded');
    const why = file
      ? `its drawing ${withoutExtension(file.originalName)} has no plan with walls`
      : 'its drawing is not one of this project’s';
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
  return buildBuilding(building.levels.map((level) => ({ level, plan: plans.get(level.fileId)!.plan })));
}
