/**
 * "How it was read": what the reader took the drawing to be, in words a user can check against it — how the walls
 * are drawn, and which other views of a sheet were left out.
 */
import type { PlanModel, ViewKind } from '@shared/plan/schema';

const KIND_NAMES: Record<ViewKind, [string, string]> = {
  plan: ['plan', 'plans'],
  elevation: ['elevation', 'elevations'],
  section: ['section', 'sections'],
  text: ['block of text', 'blocks of text'],
  unknown: ['other drawing', 'other drawings'],
};

const ORDER: ViewKind[] = ['plan', 'elevation', 'section', 'unknown', 'text'];

/** "2 elevations, 1 section and 1 block of text". */
function countedKinds(kinds: readonly ViewKind[]): string {
  const parts = ORDER.filter((k) => kinds.includes(k)).map((k) => {
    const n = kinds.filter((kind) => kind === k).length;
    return `${n} ${KIND_NAMES[k][n === 1 ? 0 : 1]}`;
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** The lines of "How it was read" for a plan; none for a plan that says nothing of its reading. */
export function howItWasRead(plan: PlanModel): string[] {
  const lines: string[] = [];
  if (plan.source.wallDrawing) lines.push(`Walls: ${plan.source.wallDrawing}.`);
  // A sheet's views (a PDF's pages are chosen among, not left out).
  const views = (plan.source.views ?? []).filter((v) => v.page === undefined);
  const current = plan.corrections?.viewId ?? views.find((v) => v.label === plan.source.view)?.id;
  const others = views.filter((v) => v.id !== current);
  if (views.length > 1 && others.length) {
    const n = others.length;
    lines.push(
      `Views: ${n} other ${n === 1 ? 'drawing' : 'drawings'} on the sheet left out (${countedKinds(others.map((v) => v.kind))}).`,
    );
  }
  return lines;
}
