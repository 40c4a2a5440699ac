import { VERDICT_TITLES } from '@shared/plan/check';
import type { PlanCheck } from '@shared/plan/schema';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

const LOOK = {
  'looks-right': { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', Icon: CheckCircle2 },
  'worth-checking': { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: AlertTriangle },
  unreadable: { box: 'border-red-200 bg-red-50 text-red-900', Icon: XCircle },
} as const;

const ADVICE: Record<PlanCheck['verdict'], string> = {
  'looks-right': 'The walls, openings and rooms read agree with each other and with the drawing.',
  'worth-checking': 'Compare the overlay with the drawing before you generate.',
  unreadable:
    'A model built from this reading would not be your building. Pick another view or page, correct the scale, or upload a clearer drawing.',
};

/** The plan check's verdict and its reasons, at the top of "What Planform read". */
export function PlanCheckSummary({ check }: { check: PlanCheck }) {
  const { box, Icon } = LOOK[check.verdict];
  return (
    <section
      aria-label="Plan check"
      data-testid="plan-check"
      data-verdict={check.verdict}
      className={cn('rounded-md border p-3 text-sm', box)}
    >
      <h3 className="flex items-center gap-2 font-medium">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {VERDICT_TITLES[check.verdict]}
      </h3>
      {check.reasons.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-6">
          {check.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1 pl-6">{ADVICE[check.verdict]}</p>
    </section>
  );
}
