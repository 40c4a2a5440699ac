import type { PlanVerdict } from '@shared/plan/schema';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const LOOK: Record<PlanVerdict, { label: string; variant: BadgeVariant }> = {
  'looks-right': { label: 'Looks right', variant: 'success' },
  'worth-checking': { label: 'Worth checking', variant: 'warning' },
  unreadable: { label: 'Could not read', variant: 'danger' },
};

/** The plan check's verdict on a file, beside "What Planform read" (nothing before the plan is read). */
export function PlanVerdictBadge({ verdict, fileName }: { verdict?: PlanVerdict; fileName: string }) {
  if (!verdict) return null;
  const { label, variant } = LOOK[verdict];
  return (
    <Badge
      variant={variant}
      data-testid="plan-verdict"
      data-verdict={verdict}
      title={`Plan check of ${fileName}`}
    >
      {label}
    </Badge>
  );
}
