import type { Level } from '../../../shared/building/schema';
import type { VariationNumber } from '../../../shared/domain';
import { type PlanModel, planHasWalls } from '../../../shared/plan/schema';
import { readPrompt } from '../../../shared/prompt/scene-settings';
import { buildScene } from '../../../shared/scene/build';
import { buildBuilding, flattenBuilding } from '../../../shared/scene/building';
import { interiorCamera, type SceneCamera, variationCamera } from '../../../shared/scene/cameras';
import type { Scene } from '../../../shared/scene/types';
import { loadLevelPlan } from '../building/project-building';
import type { ImageRequest } from '../providers/types';

/**
 * Where a render is seen from: the camera the user placed, else its variation's default camera; `brief` is the
 * user's prompt (an interior asked for is seen from inside a room).
 */
type Shot = { variation: VariationNumber; camera?: SceneCamera | null; brief?: string | undefined };

/**
 * The 3D model of a plan at a storey height, seen from the camera the user placed or else the variation's default
 * camera (1 the three-quarter view, 2 the opposite corner, 3 the first again): what an image model is conditioned
 * on, and where the local renderer looks from. None when the plan has no walls (nothing to build). The Generate task
 * and a render's high-resolution export both ask here, so both show one building.
 */
export function modelView(
  plan: PlanModel | null | undefined,
  storeyHeight: number | undefined,
  shot: Shot,
): ImageRequest['view'] | undefined {
  if (!planHasWalls(plan)) return undefined;
  return sceneView(buildScene(plan, storeyHeight ? { storeyHeight } : {}), shot);
}

/**
 * A scene seen from the shot's camera; without one, from standing in a room when the brief asks for an interior (as
 * the local renderer sees it), else from the variation's default camera.
 */
export function sceneView(scene: Scene, shot: Shot): ImageRequest['view'] {
  const interior =
    !shot.camera && shot.brief && readPrompt(shot.brief).settings.view === 'interior'
      ? interiorCamera(scene, shot.variation)
      : undefined;
  return {
    scene,
    camera: shot.camera ?? interior ?? variationCamera(scene, shot.variation),
    placed: !!shot.camera,
  };
}

/**
 * The project's building as one scene, as the 3D tab shows it with every level: each level's stored plan (with the
 * user's corrections, at its storey height) stacked and placed. Or the first level whose drawing no longer has a
 * plan with walls.
 */
export async function buildingScene(levels: readonly Level[]): Promise<{ scene: Scene } | { lost: Level }> {
  const plans = await Promise.all(levels.map(loadLevelPlan));
  const lost = levels.find((_, i) => !plans[i]);
  if (lost) return { lost };
  return { scene: flattenBuilding(buildBuilding(levels.map((level, i) => ({ level, plan: plans[i]! })))) };
}

/** Why a render of the building cannot be made: a level lost its plan. */
export const lostLevelMessage = (level: Pick<Level, 'name'>) =>
  `${level.name} has no plan with walls any more, so the building cannot be rendered. Correct its drawing or change the building's levels, then generate again.`;
