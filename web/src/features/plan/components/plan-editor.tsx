import type { PlanEdit } from '@shared/plan/edits';
import { pointInPolygon } from '@shared/plan/geometry';
import type { DrawingLine, PlanModel, PlanPoint, PlanWall } from '@shared/plan/schema';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { drawingLinesQueryOptions, readingOf } from '../api/plan';
import { useEditHistory } from '../api/use-edit-history';
import {
  ARROW_STEPS,
  defaultThickness,
  dragDistance,
  dragWall,
  grabWall,
  idsInBox,
  joinWalls,
  movedWall,
  NUDGE_M,
  newItemId,
  openingOn,
  SNAP_PX,
  snapPoint,
  splitWall,
  type WallGrab,
  wallAt,
} from '../lib/editor';
import type { PlanTarget } from './plan-dialog';
import { SelectionDetails } from './plan-editor-selection';
import { type EditorTool, EditorToolbar, TOOLS } from './plan-editor-toolbar';
import { type OverlayEditing, PlanOverlay, type PointerInfo } from './plan-overlay';

/** A press within this many screen pixels of a selected wall's end drags that end; elsewhere the whole wall. */
const HANDLE_PX = 12;
/** A drag shorter than this (screen pixels) is a click. */
const CLICK_SLOP_PX = 3;
/** Until the drawing's lines are loaded (or for a drawing read as a picture): none to snap to. */
const NO_LINES: readonly DrawingLine[] = [];

const HINTS: Record<EditorTool, string> = {
  select:
    'Click a wall, door, window or room to select it (Shift adds to the selection), or drag a box around walls; drag a wall to move it, or its end to move the end. Arrow keys move the selected walls by 10 cm, [ and ] select the previous or next wall, Delete removes.',
  wall: 'Click where the wall starts, then where it ends; it snaps to wall ends, walls and the drawing’s own lines, and Shift keeps it at 0, 45 or 90°. Esc stops drawing.',
  door: 'Click on a wall to put a door there.',
  window: 'Click on a wall to put a window there.',
};

/**
 * The plan editor in "What Planform read": walls, doors, windows and room names edited over the drawing, every action
 * sent at once as edits under the plan's revision, with undo and redo (the difference back to the plan before).
 */
export function PlanEditor({
  plan: stored,
  target,
  onDone,
}: {
  plan: PlanModel;
  target: PlanTarget;
  onDone: () => void;
}) {
  const history = useEditHistory(stored, target.projectId, target.fileId);
  // What the editor shows and edits: the stored plan with the edits still being saved.
  const { plan, send, busy } = history;
  const lines =
    useQuery(drawingLinesQueryOptions(target.projectId, target.fileId, readingOf(stored))).data ?? NO_LINES;
  const [tool, setTool] = useState<EditorTool>('select');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectedRoom, setSelectedRoom] = useState<number | null>(null);
  const [draft, setDraft] = useState<OverlayEditing['draft']>(null);
  const grab = useRef<WallGrab | null>(null);
  const [box, setBox] = useState<{ from: PlanPoint; to: PlanPoint; adding: boolean } | null>(null);

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
    const snapped = snapPoint(plan, point, reach, { from: draft?.from, lock: at.shiftKey, lines });
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
    if (tool !== 'select') return false;
    // On the drawing's empty space: a selection box.
    if (!at.item) {
      setBox({ from: point, to: point, adding: at.shiftKey });
      return true;
    }
    const wall = at.item.kind === 'wall' ? plan.walls.find((w) => w.id === at.item!.id) : undefined;
    if (at.shiftKey || !wall) return false;
    grab.current = grabWall(wall, point, HANDLE_PX * at.unitsPerPx);
    setSelectedRoom(null);
    setSelected(new Set([wall.id!]));
    return true;
  }

  const wallWhereDragged = (point: PlanPoint, at: PointerInfo, held: WallGrab) =>
    dragWall(plan, held, point, SNAP_PX * at.unitsPerPx, at.shiftKey, lines);

  function onDrag(point: PlanPoint, at: PointerInfo): PlanWall | null {
    if (box) setBox({ ...box, to: point });
    return !box && grab.current ? wallWhereDragged(point, at, grab.current) : null;
  }

  /** Selects what lies wholly inside the box; a box too small to be one is a click (on a room, or nothing). */
  function endBox(point: PlanPoint | null, at: PointerInfo | null) {
    const drawn = box;
    setBox(null);
    if (!drawn || !point || !at) return;
    if (Math.hypot(point[0] - drawn.from[0], point[1] - drawn.from[1]) <= CLICK_SLOP_PX * at.unitsPerPx)
      return select(point, at);
    const ids = idsInBox(plan, drawn.from, point);
    setSelectedRoom(null);
    setSelected((current) => new Set([...(drawn.adding ? current : []), ...ids]));
  }

  function onDragEnd(point: PlanPoint | null, at: PointerInfo | null) {
    if (box) return endBox(point, at);
    const held = grab.current;
    grab.current = null;
    if (!held || !point || !at) return;
    const moved = wallWhereDragged(point, at, held);
    // A press that did not move is a click (it selected the wall).
    if (dragDistance(held.wall, moved) <= CLICK_SLOP_PX * at.unitsPerPx) return;
    send([{ op: 'change-wall', id: held.wall.id!, a: moved.a, b: moved.b }]);
  }

  function onHover(point: PlanPoint, at: PointerInfo) {
    if (!draft) return;
    const to = snapPoint(plan, point, SNAP_PX * at.unitsPerPx, {
      from: draft.from,
      lock: at.shiftKey,
      lines,
    });
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
    if (editorKey(event)) event.preventDefault();
  }

  /** Runs what a key asks for; false when the key is not the editor's. */
  function editorKey(event: KeyboardEvent<HTMLDivElement>): boolean {
    const key = event.key.toLowerCase();
    if (event.ctrlKey || event.metaKey) {
      if (key === 'z') history.step(event.shiftKey ? 'redo' : 'undo', clearSelection);
      else if (key === 'y') history.step('redo', clearSelection);
      else return false;
    } else if (event.key === 'Escape' && draft) setDraft(null);
    else if (event.key === 'Escape' && (selected.size || selectedRoom !== null)) clearSelection();
    else if (event.key === 'Delete' || event.key === 'Backspace') deleteSelection();
    else if (event.key === ']' || event.key === '[') selectNeighbour(event.key === ']' ? 1 : -1);
    else if (ARROW_STEPS[event.key] && selectedWalls.length) {
      const [dx, dy] = ARROW_STEPS[event.key]!;
      const far = event.shiftKey ? 10 : 1;
      nudge(dx * far, dy * far);
    } else {
      const chosen = TOOLS.find((t) => t.key === key);
      if (!chosen) return false;
      choose(chosen.tool);
    }
    return true;
  }

  const join =
    selectedWalls.length === 2
      ? joinWalls(selectedWalls[0]!, selectedWalls[1]!, 1e-6 + 0.02 / plan.space.metresPerUnit)
      : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the editor's keys act on the drawing it wraps
    <div className="flex flex-col gap-2" onKeyDown={onKeyDown}>
      <EditorToolbar
        tool={tool}
        onTool={choose}
        onDone={onDone}
        actions={{
          onDelete: selected.size ? deleteSelection : undefined,
          onSplit:
            selectedWalls.length === 1
              ? () => send(splitWall(selectedWalls[0]!, newItemId(plan, 'e')), clearSelection)
              : undefined,
          onJoin: join ? () => send(join, clearSelection) : undefined,
          onUndo: history.canUndo ? () => history.step('undo', clearSelection) : undefined,
          onRedo: history.canRedo ? () => history.step('redo', clearSelection) : undefined,
          // Reading the drawing again waits until the edits made are saved.
          onReset:
            stored.editCount && !busy
              ? () =>
                  history.reset(() => {
                    clearSelection();
                    onDone();
                  })
              : undefined,
        }}
      />
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
        onEdit={(edits) => send(edits)}
      />
    </div>
  );
}
