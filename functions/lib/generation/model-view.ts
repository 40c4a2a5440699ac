import type { VariationNumber } from '../../../shared/domain';
import type { PlanModel } from '../../../shared/plan/schema';
import { buildScene } from '../../../shared/scene/build';
import { type SceneCamera, variationCamera } from '../../../shared/scene/cameras';
import type { ImageRequest } from '../providers/types';

/**
 * The 3D model of a plan at a storey height, seen from the camera the user placed or else the variation's default
 * camera (1 the three-quarter view, 2 the opposite corner, 3 the first again): what an image model is conditioned
 * on, and where the local renderer looks from. None when the plan has no walls (nothing to build). The Generate task and a render's high-resolution export both ask here, so both show one building.
 */
export function modelView(
  plan: PlanModel | null | undefined,
  storeyHeight: number | undefined,
  shot: { variation: VariationNumber; camera?: SceneCamera | null },
): ImageRequest['view'] | undefined {
  if (plan?.status !== 'ready' || plan.walls.length === 0) return undefined;
  const scene = buildScene(plan, storeyHeight ? { storeyHeight } : {});
  return {
    scene,
    camera: shot.camera ?? variationCamera(scene, shot.variation),
    placed: !!shot.camera,
  };
}
