import { applyEdits, type PlanEdit, planDiff } from '@shared/plan/edits';
import type { PlanModel } from '@shared/plan/schema';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/utils';
import { useEditPlan } from './plan';

interface HistoryEntry {
  /** The plan before the action. */
  before: PlanModel;
  /** The plan after it: known once the action is undone (it is the plan shown then). */
  after?: PlanModel;
}

/**
 * The editor's edits and their history: each action is shown at once and sent under the plan's revision; actions
 * made while one is being saved wait, shown, and go together when its answer comes (under the new revision), so no
 * key or click is lost while saving. Undo and redo send the difference from the plan shown to the plan before (or
 * after) the action, so they are edits like any other. A refused request drops the edits made on top of it.
 */
export function useEditHistory(stored: PlanModel, projectId: string, fileId: string) {
  const edit = useEditPlan(projectId, fileId);
  const [undo, setUndo] = useState<HistoryEntry[]>([]);
  const [redo, setRedo] = useState<HistoryEntry[]>([]);
  // The edits being saved, and those made meanwhile (also kept in a ref: the answer's callback needs them now).
  const [sent, setSent] = useState<PlanEdit[] | null>(null);
  const [waiting, setWaiting] = useState<PlanEdit[]>([]);
  const waitingNow = useRef<PlanEdit[]>([]);
  const savingNow = useRef(false);
  const shown = useMemo(() => {
    const pending = [...(sent ?? []), ...waiting];
    return pending.length ? applyEdits(stored, pending).plan : stored;
  }, [stored, sent, waiting]);

  function dropPending(error: Error) {
    savingNow.current = false;
    waitingNow.current = [];
    setWaiting([]);
    setSent(null);
    setUndo([]);
    setRedo([]);
    toast.error(errorMessage(error));
  }

  function dispatch(edits: PlanEdit[], revision: number | undefined) {
    savingNow.current = true;
    setSent(edits);
    edit.mutate(
      { patch: { edits }, revision },
      {
        onSuccess: (next) => {
          const more = waitingNow.current;
          waitingNow.current = [];
          setWaiting([]);
          if (more.length) return dispatch(more, next.revision);
          savingNow.current = false;
          setSent(null);
        },
        onError: dropPending,
      },
    );
  }

  function enqueue(edits: PlanEdit[]) {
    if (!savingNow.current) return dispatch(edits, stored.revision);
    waitingNow.current = [...waitingNow.current, ...edits];
    setWaiting(waitingNow.current);
  }

  function send(edits: PlanEdit[], after: () => void = () => {}) {
    if (!edits.length) return;
    setUndo((u) => [...u, { before: shown }]);
    setRedo([]);
    enqueue(edits);
    after();
  }

  function step(direction: 'undo' | 'redo', after: () => void = () => {}) {
    const stack = direction === 'undo' ? undo : redo;
    const entry = stack[stack.length - 1];
    if (!entry) return;
    const goal = direction === 'undo' ? entry.before : entry.after;
    if (!goal) return;
    const edits = planDiff(shown, goal);
    const [from, to] = direction === 'undo' ? [setUndo, setRedo] : [setRedo, setUndo];
    from((s) => s.slice(0, -1));
    to((s) => [...s, direction === 'undo' ? { before: entry.before, after: shown } : entry]);
    if (edits.length) enqueue(edits);
    after();
  }

  /** "Reset to what was read": every kept edit dropped and the drawing read again (once nothing is being saved). */
  function reset(after: () => void) {
    if (savingNow.current) return;
    edit.mutate(
      { patch: { resetEdits: true }, revision: stored.revision },
      {
        onSuccess: () => {
          setUndo([]);
          setRedo([]);
          after();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return {
    /** The plan as the editor shows it: the stored plan with the edits still being saved. */
    plan: shown,
    send,
    step,
    reset,
    busy: sent !== null || edit.isPending,
    canUndo: undo.length > 0,
    canRedo: redo.length > 0,
  };
}
