/** A user's corrections to a plan model, applied without reading the drawing again where that is possible. */
import { checkPlan } from './check';
import type { PlanCorrections, PlanModel } from './schema';

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Applies a user's scale: geometry stays in the file's space; only metres per unit (and room areas) change. */
export function applyCorrections(model: PlanModel, corrections: PlanCorrections): PlanModel {
  const metresPerUnit = corrections.metresPerUnit;
  if (metresPerUnit === undefined) return { ...model, corrections };
  const ratio = (metresPerUnit / model.space.metresPerUnit) ** 2;
  const corrected: PlanModel = {
    ...model,
    corrections,
    space: { ...model.space, metresPerUnit, scaleGuessed: false, scaleSource: 'user' },
    rooms: model.rooms.map((r) => ({ ...r, areaM2: round2(r.areaM2 * ratio) })),
  };
  return { ...corrected, check: checkPlan(corrected) };
}
