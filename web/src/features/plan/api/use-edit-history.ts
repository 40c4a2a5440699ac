import { type PlanEdit, planDiff } from '@shared/plan/edits';
import type { PlanModel } from '@shared/plan/schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/utils';
import { useEditPlan } from './plan';

interface HistoryEntry {
  before: PlanModel;
  after: PlanModel;
}

/**
 * The editor's edits and their history: each action is sent at once under the plan's revision; undo and redo send
 * the difference from the plan now to the plan before (or after) the action, so they are edits like any other.
 */
export function useEditHistory(plan: PlanModel, projectId: string, fileId: string) {
  const edit = useEditPlan(projectId, fileId);
  const [undo, setUndo] = useState<HistoryEntry[]>([]);
  const [redo, setRedo] = useState<HistoryEntry[]>([]);
  const busy = edit.isPending;
  const failed = (error: Error) => toast.error(errorMessage(error));

  function send(edits: PlanEdit[], after: () => void = () => {}) {
    if (!edits.length || busy) return;
    const before = plan;
    edit.mutate(
      { patch: { edits }, revision: plan.revision },
      {
        onSuccess: (next) => {
          after();
          setUndo((u) => [...u, { before, after: next }]);
          setRedo([]);
        },
        onError: failed,
      },
    );
  }

  function step(direction: 'undo' | 'redo', after: () => void = () => {}) {
    const stack = direction === 'undo' ? undo : redo;
    const entry = stack[stack.length - 1];
    if (!entry || busy) return;
    const goal = direction === 'undo' ? entry.before : entry.after;
    edit.mutate(
      { patch: { edits: planDiff(plan, goal) }, revision: plan.revision },
      {
        onSuccess: () => {
          after();
          const [from, to] = direction === 'undo' ? [setUndo, setRedo] : [setRedo, setUndo];
          from((s) => s.slice(0, -1));
          to((s) => [...s, entry]);
        },
        onError: failed,
      },
    );
  }

  /** "Reset to what was read": every kept edit dropped and the drawing read again. */
  function reset(after: () => void) {
    edit.mutate(
      { patch: { resetEdits: true }, revision: plan.revision },
      {
        onSuccess: () => {
          setUndo([]);
          setRedo([]);
          after();
        },
        onError: failed,
      },
    );
  }

  return { send, step, reset, busy, canUndo: undo.length > 0, canRedo: redo.length > 0 };
}
