/**
 * Which other views or pages of one drawing are plans of other storeys of the same building: a set of floor plans on
 * the pages of a PDF ("Main Floor", "2nd Floor", "Basement"), or several titled plans on a CAD sheet. Pure.
 */
import type { PlanModel, PlanView } from '../plan/schema';
import { storeyOfTitle, storeysNamed } from './level-names';

/** At most this many other storeys are read from one drawing (each is a reading of its own). */
export const MAX_STOREY_VIEWS = 8;

/** Views that are not plans, whatever they name. */
const NOT_PLANS: ReadonlySet<PlanView['kind']> = new Set(['text', 'elevation', 'section']);

/** The storeys a view names: those of its texts, else the one its label names. */
function storeysOf(view: PlanView): number[] {
  if (view.storeys?.length) {
    const named = storeysNamed(view.storeys).map((n) => n.rank);
    // A picture's view may be titled by its level mark alone ("План на отм. +3,300").
    return named.length
      ? named
      : [...new Set(view.storeys.map(storeyOfTitle).flatMap((n) => (n ? [n.rank] : [])))];
  }
  const named = storeyOfTitle(view.label);
  return named ? [named.rank] : [];
}

/** The id of the view or page a plan was read from, when its drawing has several. */
export function planViewId(plan: Pick<PlanModel, 'source' | 'corrections'>): string | undefined {
  if (plan.corrections?.viewId) return plan.corrections.viewId;
  const views = plan.source.views;
  if (!views?.length) return undefined;
  if (plan.source.page !== undefined) return `page-${plan.source.page}`;
  return views.find((v) => v.label === plan.source.view)?.id;
}

/**
 * Whether a level naming `viewId` of a drawing is the drawing's own plan (as the user corrected it) rather than
 * another storey stored apart: it names no view, or the view the drawing's plan is read from now (the user may have
 * picked that page as the plan after the building was saved). One rule for every reader of a level's plan.
 */
export function isOwnPlanView(
  viewId: string | undefined,
  own: Pick<PlanModel, 'source' | 'corrections'> | null | undefined,
): boolean {
  return viewId === undefined || (!!own && planViewId(own) === viewId);
}

/**
 * The drawing's other views that each name exactly one storey, not the plan's own and not one named already (the
 * first view naming a storey is its plan), in the drawing's order: the levels a set of plans brings. A view naming
 * several storeys is an overview of them, a key plan or a schedule, and is left out.
 */
export function storeyViews(plan: Pick<PlanModel, 'source' | 'corrections'>): PlanView[] {
  const views = plan.source.views ?? [];
  const ownId = planViewId(plan);
  const own = views.find((v) => v.id === ownId);
  const ownStoreys = own ? storeysOf(own) : [];
  const taken = new Set(ownStoreys.length === 1 ? ownStoreys : []);
  const picked: PlanView[] = [];
  for (const view of views) {
    if (picked.length >= MAX_STOREY_VIEWS) break;
    if (view.id === ownId || NOT_PLANS.has(view.kind)) continue;
    const storeys = storeysOf(view);
    if (storeys.length !== 1 || taken.has(storeys[0]!)) continue;
    taken.add(storeys[0]!);
    picked.push(view);
  }
  return picked;
}

/** What a plan's drawing calls it: its view's or page's label, and the storeys that view names. */
export function storeyTitles(plan: Pick<PlanModel, 'source' | 'corrections'>): string[] {
  const ownId = planViewId(plan);
  const own = plan.source.views?.find((v) => v.id === ownId);
  return [plan.source.view ?? '', ...(own?.storeys ?? [])].filter(Boolean);
}

/** A storey's reading worth a level: a plan with walls that the plan check did not call unreadable. */
export const isStoreyPlan = (plan: PlanModel): boolean =>
  plan.status === 'ready' &&
  plan.walls.length > 0 &&
  plan.source.viewKind !== 'elevation' &&
  plan.source.viewKind !== 'section' &&
  plan.check?.verdict !== 'unreadable';
