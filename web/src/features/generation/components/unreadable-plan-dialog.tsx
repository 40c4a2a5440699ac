import type { PlanModel } from '@shared/plan/schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * Asked before generating from a drawing whose plan check says it could not be read: a model (and its renders)
 * built from that reading would not be the user's building. With no walls at all (an elevation, a section, a
 * blank page) there is nothing to generate from, so only checking the plan is offered.
 */
export function UnreadablePlanDialog({
  plan,
  fileName,
  onCheckPlan,
  onGenerateAnyway,
  onClose,
}: {
  plan: PlanModel | null;
  fileName: string;
  onCheckPlan?: () => void;
  onGenerateAnyway: () => void;
  onClose: () => void;
}) {
  const nothingRead = plan ? plan.walls.length === 0 : false;
  return (
    <Dialog open={!!plan} onOpenChange={(open) => (open ? undefined : onClose())} className="max-w-lg">
      <DialogHeader>
        <DialogTitle>Planform could not read this drawing</DialogTitle>
        <DialogDescription className="break-words">
          {nothingRead
            ? `No plan was read from ${fileName}, so there is nothing to generate from. Pick another view or page, or upload a floor plan.`
            : `What was read from ${fileName} does not look like a building, so the visualizations would not show your design. Fix the plan, pick another view or page, or generate anyway.`}
        </DialogDescription>
      </DialogHeader>
      {plan?.check?.reasons.length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="unreadable-reasons">
          {plan.check.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        {nothingRead ? null : (
          <Button variant="outline" onClick={onGenerateAnyway}>
            Generate anyway
          </Button>
        )}
        {onCheckPlan ? <Button onClick={onCheckPlan}>Check what was read</Button> : null}
      </DialogFooter>
    </Dialog>
  );
}
