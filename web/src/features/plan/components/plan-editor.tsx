import { type PlanEdit, planDiff } from '@shared/plan/edits';
import { pointInPolygon } from '@shared/plan/geometry';
import { insidePoint } from '@shared/plan/rooms';
import type { PlanModel, PlanPoint, PlanWall } from '@shared/plan/schema';
import { Redo2, Undo2 } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/utils';
import { useEditPlan } from '../api/plan';
import {
  defaultThickness,
  joinWalls,
  movedWall,
  NUDGE_M,
  newItemId,
  openingOn,
  SNAP_PX,
  snapPoint,
  splitWall,
  wallAt,
} from '../lib/editor';
import type { PlanTarget } from './plan-dialog';
import { SelectionDetails } from './plan-editor-selection';
import { type OverlayEditing, PlanOverlay, type PointerInfo } from './plan-overlay';

export type EditorTool = 'select' | 'wall' | 'door' | 'window';

const TOOLS: { tool: EditorTool; label: string; key: string }[] = [
  { tool: 'select', label: 'Select', key: 'v' },
  { tool: 'wall', label: 'Draw wall', key: 'w' },
  { tool: 'door', label: 'Add door', key: 'd' },
  { tool: 'window', label: 'Add window', key: 'n' },
];

/** A press within this many screen pixels of a selected wall's end drags that end; elsewhere the whole wall. */
const HANDLE_PX = 12;
/** A drag shorter than this (screen pixels) is a click. */
const CLICK_SLOP_PX = 3;

const HINTS: Record<EditorTool, string> = {
  select:
    'Click a wall, door, window or room to select it (Shift adds to the selection), or drag a box around walls; drag a wall to move it, or its end to move the end. Arrow keys move the selected walls by 10 cm, [ and ] select the previous or next wall, Delete removes.',
  wall: 'Click where the wall starts, then where it ends; it snaps to wall ends and walls, and Shift keeps it at 0, 45 or 90°. Esc stops drawing.',
  door: 'Click on a wall to put a door there.',
  window: 'Click on a wall to put a window there.',
};

interface HistoryEntry {
  before: PlanModel;
  after: PlanModel;
}

/**
 * The plan editor in "What Planform read": walls, doors, windows and room names edited over the drawing, every action
 * sent at once as edits under the plan's revision, with undo and redo (the difference back to the plan before).
 */
export function PlanEditor({
  plan,
  target,
  onDone,
}: {
  plan: PlanModel;
  target: PlanTarget;
  onDone: () => void;
}) {
  const edit = useEditPlan(target.projectId, target.fileId);
  const [tool, setTool] = useState<EditorTool>('select');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectedRoom, setSelectedRoom] = useState<number | null>(null);
  const [draft, setDraft] = useState<OverlayEditing['draft']>(null);
  const [dragged, setDragged] = useState<PlanWall | null>(null);
  const dragStart = useRef<{ wall: PlanWall; from: PlanPoint; end: 'a' | 'b' | null } | null>(null);
  const [box, setBox] = useState<{ from: PlanPoint; to: PlanPoint; adding: boolean } | null>(null);
  const [undo, setUndo] = useState<HistoryEntry[]>([]);
  const [redo, setRedo] = useState<HistoryEntry[]>([]);
  const busy = edit.isPending;

  function send(edits: PlanEdit[], after: (next: PlanModel) => void = () => {}) {
    if (!edits.length || busy) return;
    const before = plan;
    edit.mutate(
      { patch: { edits }, revision: plan.revision },
      {
        onSuccess: (next) => {
          after(next);
          setUndo((u) => [...u, { before, after: next }]);
          setRedo([]);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  function step(direction: 'undo' | 'redo') {
    const stack = direction === 'undo' ? undo : redo;
    const entry = stack[stack.length - 1];
    if (!entry || busy) return;
    const goal = direction === 'undo' ? entry.before : entry.after;
    edit.mutate(
      { patch: { edits: planDiff(plan, goal) }, revision: plan.revision },
      {
        onSuccess: () => {
          clearSelection();
          if (direction === 'undo') {
            setUndo((u) => u.slice(0, -1));
            setRedo((r) => [...r, entry]);
          } else {
            setRedo((r) => r.slice(0, -1));
            setUndo((u) => [...u, entry]);
          }
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  function clearSelection() {
    setSelected(new Set());
    setSelectedRoom(null);
  }

  function choose(next: EditorTool) {
    setTool(next);
    setDraft(null);
    clearSelection();
  }

  function onPoint(point: PlanPoint, at: PointerInfo) {
    const reach = SNAP_PX * at.unitsPerPx;
    if (tool === 'select') return select(point, at);
    if (tool === 'wall') return drawWall(point, at, reach);
    const wall =
      at.item?.kind === 'wall' ? plan.walls.find((w) => w.id === at.item!.id) : wallAt(plan, point, reach);
    const placed = wall ? openingOn(plan, wall, point, tool) : null;
    if (!placed) {
      toast.error(`Click on a wall long enough for a ${tool}.`);
      return;
    }
    send([{ op: 'add-opening', id: newItemId(plan, 'd'), kind: tool, ...placed }]);
  }

  function select(point: PlanPoint, at: PointerInfo) {
    if (at.item) {
      const id = at.item.id;
      setSelectedRoom(null);
      setSelected((current) => {
        if (!at.shiftKey) return new Set([id]);
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
      return;
    }
    setSelected(new Set());
    const room = plan.rooms.findIndex((r) => pointInPolygon(point, r.polygon));
    setSelectedRoom(room >= 0 ? room : null);
  }

  function drawWall(point: PlanPoint, at: PointerInfo, reach: number) {
    const snapped = snapPoint(plan, point, reach, { from: draft?.from, lock: at.shiftKey });
    if (!draft) {
      setDraft({ from: snapped, to: null });
      return;
    }
    const from = draft.from;
    if (Math.hypot(snapped[0] - from[0], snapped[1] - from[1]) <= reach) return;
    // Drawing goes on from the new wall's end, as in CAD: Esc stops.
    send(
      [{ op: 'add-wall', id: newItemId(plan, 'e'), a: from, b: snapped, thickness: defaultThickness(plan) }],
      () => setDraft({ from: snapped, to: null }),
    );
  }

  /** A press on a wall with the select tool grabs it: by an end (within a handle's reach) or whole. */
  function onDragStart(point: PlanPoint, at: PointerInfo): boolean {
    if (tool !== 'select' || busy) return false;
    // On the drawing's empty space: a selection box.
    if (!at.item) {
      setBox({ from: point, to: point, adding: at.shiftKey });
      return true;
    }
    if (at.shiftKey || at.item.kind !== 'wall') return false;
    const wall = plan.walls.find((w) => w.id === at.item!.id);
    if (!wall) return false;
    const reach = HANDLE_PX * at.unitsPerPx;
    const near = (end: PlanPoint) => Math.hypot(end[0] - point[0], end[1] - point[1]) <= reach;
    dragStart.current = { wall, from: point, end: near(wall.a) ? 'a' : near(wall.b) ? 'b' : null };
    setSelectedRoom(null);
    setSelected(new Set([wall.id!]));
    return true;
  }

  function onDrag(point: PlanPoint, at: PointerInfo) {
    if (box) {
      setBox({ ...box, to: point });
      return;
    }
    const start = dragStart.current;
    if (!start) return;
    setDragged(draggedWall(start, point, at));
  }

  function draggedWall(
    start: NonNullable<typeof dragStart.current>,
    point: PlanPoint,
    at: PointerInfo,
  ): PlanWall {
    const { wall, from, end } = start;
    if (!end) {
      const dx = point[0] - from[0];
      const dy = point[1] - from[1];
      return { ...wall, a: [wall.a[0] + dx, wall.a[1] + dy], b: [wall.b[0] + dx, wall.b[1] + dy] };
    }
    const others = { ...plan, walls: plan.walls.filter((w) => w.id !== wall.id) };
    const fixed = end === 'a' ? wall.b : wall.a;
    const moved = snapPoint(others, point, SNAP_PX * at.unitsPerPx, { from: fixed, lock: at.shiftKey });
    return end === 'a' ? { ...wall, a: moved } : { ...wall, b: moved };
  }

  /** Selects what lies wholly inside the box; a box too small to be one is a click (on a room, or nothing). */
  function endBox(point: PlanPoint | null, at: PointerInfo | null) {
    const drawn = box;
    setBox(null);
    if (!drawn || !point || !at) return;
    if (Math.hypot(point[0] - drawn.from[0], point[1] - drawn.from[1]) <= CLICK_SLOP_PX * at.unitsPerPx) {
      select(point, at);
      return;
    }
    const [x0, x1] = [Math.min(drawn.from[0], point[0]), Math.max(drawn.from[0], point[0])];
    const [y0, y1] = [Math.min(drawn.from[1], point[1]), Math.max(drawn.from[1], point[1])];
    const inside = (p: PlanPoint) => p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1;
    const ids = [...plan.walls, ...plan.openings]
      .filter((x) => x.id && inside(x.a) && inside(x.b))
      .map((x) => x.id!);
    setSelectedRoom(null);
    setSelected((current) => new Set([...(drawn.adding ? current : []), ...ids]));
  }

  function onDragEnd(point: PlanPoint | null, at: PointerInfo | null) {
    if (box) return endBox(point, at);
    const start = dragStart.current;
    dragStart.current = null;
    setDragged(null);
    if (!start || !point || !at) return;
    const moved = draggedWall(start, point, at);
    const shift = Math.max(
      Math.hypot(moved.a[0] - start.wall.a[0], moved.a[1] - start.wall.a[1]),
      Math.hypot(moved.b[0] - start.wall.b[0], moved.b[1] - start.wall.b[1]),
    );
    // A press that did not move is a click (it selected the wall).
    if (shift <= CLICK_SLOP_PX * at.unitsPerPx) return;
    send([{ op: 'change-wall', id: start.wall.id!, a: moved.a, b: moved.b }]);
  }

  function onHover(point: PlanPoint, at: PointerInfo) {
    if (!draft) return;
    const to = snapPoint(plan, point, SNAP_PX * at.unitsPerPx, { from: draft.from, lock: at.shiftKey });
    setDraft({ from: draft.from, to });
  }

  const selectedWalls = plan.walls.filter((w) => w.id && selected.has(w.id));
  const selectedOpenings = plan.openings.filter((o) => o.id && selected.has(o.id));

  function deleteSelection() {
    send(
      [
        ...selectedOpenings.map((o): PlanEdit => ({ op: 'delete-opening', id: o.id! })),
        ...selectedWalls.map((w): PlanEdit => ({ op: 'delete-wall', id: w.id! })),
      ],
      clearSelection,
    );
  }

  function nudge(dx: number, dy: number) {
    const step = NUDGE_M / plan.space.metresPerUnit;
    // Screen directions: y grows downward on images and PDFs, upward in CAD.
    const ySign = plan.space.yDown ? 1 : -1;
    send(selectedWalls.map((w) => movedWall(w, dx * step, dy * step * ySign)));
  }

  function selectNeighbour(offset: number) {
    if (!plan.walls.length) return;
    const index = plan.walls.findIndex((w) => w.id && selected.has(w.id));
    const next = plan.walls[(index + offset + plan.walls.length) % plan.walls.length]!;
    setSelectedRoom(null);
    setSelected(new Set([next.id!]));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.defaultPrevented || (event.target as HTMLElement).closest('input, select, textarea')) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    let handled = true;
    if (mod && key === 'z') step(event.shiftKey ? 'redo' : 'undo');
    else if (mod && key === 'y') step('redo');
    else if (mod) handled = false;
    else if (event.key === 'Escape' && draft) setDraft(null);
    else if (event.key === 'Escape' && (selected.size || selectedRoom !== null)) clearSelection();
    else if (event.key === 'Delete' || event.key === 'Backspace') deleteSelection();
    else if (event.key === ']') selectNeighbour(1);
    else if (event.key === '[') selectNeighbour(-1);
    else if (event.key.startsWith('Arrow') && selectedWalls.length) {
      const far = event.shiftKey ? 10 : 1;
      const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[
        event.key
      ] ?? [0, 0];
      nudge(dx! * far, dy! * far);
    } else {
      const chosen = TOOLS.find((t) => t.key === key);
      if (chosen) choose(chosen.tool);
      else handled = false;
    }
    if (handled) event.preventDefault();
  }

  const join =
    selectedWalls.length === 2
      ? joinWalls(selectedWalls[0]!, selectedWalls[1]!, 1e-6 + 0.02 / plan.space.metresPerUnit)
      : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the editor's keys act on the drawing it wraps
    <div className="flex flex-col gap-2" onKeyDown={onKeyDown}>
      <div role="toolbar" aria-label="Plan editor" className="flex flex-wrap items-center gap-1">
        {TOOLS.map((t) => (
          <Button
            key={t.tool}
            type="button"
            size="sm"
            variant={tool === t.tool ? 'primary' : 'outline'}
            aria-pressed={tool === t.tool}
            aria-keyshortcuts={t.key.toUpperCase()}
            onClick={() => choose(t.tool)}
          >
            {t.label}
          </Button>
        ))}
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy || !selected.size}
          onClick={deleteSelection}
          aria-keyshortcuts="Delete"
        >
          Delete
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy || selectedWalls.length !== 1}
          onClick={() => send(splitWall(selectedWalls[0]!, newItemId(plan, 'e')), clearSelection)}
        >
          Split
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy || !join}
          onClick={() => join && send(join, clearSelection)}
        >
          Join
        </Button>
        <Button
          type="button"
          size="icon"
          variant="outline"
          aria-label="Undo"
          aria-keyshortcuts="Control+Z"
          disabled={busy || !undo.length}
          onClick={() => step('undo')}
        >
          <Undo2 aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="outline"
          aria-label="Redo"
          aria-keyshortcuts="Control+Shift+Z"
          disabled={busy || !redo.length}
          onClick={() => step('redo')}
        >
          <Redo2 aria-hidden="true" />
        </Button>
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy || !plan.editCount}
          onClick={() =>
            edit.mutate(
              { patch: { resetEdits: true }, revision: plan.revision },
              {
                onSuccess: () => {
                  setUndo([]);
                  setRedo([]);
                  clearSelection();
                  onDone();
                },
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        >
          Reset to what was read
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          Done editing
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-xs text-slate-600">
        {busy ? 'Saving…' : draft ? 'Click where the wall ends, or press Esc to stop.' : HINTS[tool]}
      </p>
      <PlanOverlay
        plan={plan}
        previewUrl={target.previewUrl}
        measuring={false}
        points={[]}
        onPoint={() => {}}
        keyboardLabel="Plan drawing: the editor's keys act here; + and − zoom, 0 fits, Alt with an arrow pans"
        editing={{
          selected,
          selectedRoom,
          draft,
          onPoint,
          onHover,
          drag: dragged,
          box,
          onDragStart,
          onDrag,
          onDragEnd,
        }}
      />
      <SelectionDetails
        plan={plan}
        walls={selectedWalls}
        openings={selectedOpenings}
        room={selectedRoom === null ? null : (plan.rooms[selectedRoom] ?? null)}
        disabled={busy}
        onEdit={(edits) => send(edits)}
        roomPoint={(polygon) => insidePoint(polygon)}
      />
    </div>
  );
}
