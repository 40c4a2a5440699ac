/**
 * A drawing's 3D model as the product builds it: read into its plan (`readPlan`, corrections optional), then the
 * scene (`buildScene`). For tests and benchmarks of what comes after the reader (the renderer, the providers).
 */
import { readPlan } from '../../engine/plan/read-plan';
import type { PlanCorrections, PlanModel } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import type { Scene, SceneOptions } from '../../shared/scene/types';

export async function sceneOfFile(
  bytes: Uint8Array,
  fileName: string,
  options: { corrections?: PlanCorrections; scene?: Partial<SceneOptions> } = {},
): Promise<{ plan: PlanModel; scene: Scene }> {
  const { plan } = await readPlan({
    bytes: Buffer.from(bytes),
    fileName,
    ...(options.corrections ? { corrections: options.corrections } : {}),
  });
  if (plan.status !== 'ready' || plan.walls.length === 0)
    throw new Error(`${fileName} was not read into a plan with walls: ${plan.message ?? plan.status}`);
  return { plan, scene: buildScene(plan, options.scene) };
}
