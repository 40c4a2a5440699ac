import { wallQuad } from '@shared/plan/geometry';
import type { PlanModel, PlanPoint, PlanWall } from '@shared/plan/schema';
import { otherPlanWalls } from '@shared/plan/views';
import { Minus, Plus, Scan } from 'lucide-react';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type PointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { applyTransform, centroid, invertTransform } from '../lib/scale';

type Transform = [number, number, number, number, number, number];

const OPENING_COLOURS = { door: '#15803d', window: '#1d4ed8', opening: '#7e22ce' } as const;
/** A flight of stairs read from its treads: its outline, dashed, and an arrow up it where the drawing shows one. */
const STAIR_COLOUR = '#0f766e';
/** The arrow's head, as a share of the flight's width. */
const CLIMB_HEAD_SHARE = 0.3;

/** The arrow up a flight: from its foot's middle to its head's (the outline's first two corners are its foot). */
function climbArrow(outline: readonly PlanPoint[]): PlanPoint[] {
  const [a, b, c, d] = outline as [PlanPoint, PlanPoint, PlanPoint, PlanPoint];
  const foot: PlanPoint = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const head: PlanPoint = [(c[0] + d[0]) / 2, (c[1] + d[1]) / 2];
  const run = Math.hypot(head[0] - foot[0], head[1] - foot[1]) || 1;
  const size = Math.hypot(b[0] - a[0], b[1] - a[1]) * CLIMB_HEAD_SHARE;
  const [ux, uy] = [(head[0] - foot[0]) / run, (head[1] - foot[1]) / run];
  const wing = (side: number): PlanPoint => [
    head[0] - size * (ux + side * uy * 0.6),
    head[1] - size * (uy - side * ux * 0.6),
  ];
  return [foot, head, wing(1), head, wing(-1)];
}
/** The drawing is fitted within this share of the window's height, whatever its shape. */
const FIT_HEIGHT_VH = 60;
const ZOOM = { min: 1, max: 8, step: 1.5 } as const;
/** A pointer that moved less than this (px) between press and release clicked rather than dragged. */
const CLICK_SLOP_PX = 4;

interface View {
  zoom: number;
  x: number;
  y: number;
}
const FITTED: View = { zoom: 1, x: 0, y: 0 };
/** Alt with an arrow pans the drawing by this share of its box. */
const PAN_SHARE = 0.1;

/** Keeps the zoomed drawing over its box: no empty band may open at an edge. */
function clampView(view: View, width: number, height: number): View {
  const zoom = Math.min(ZOOM.max, Math.max(ZOOM.min, view.zoom));
  const clamp = (v: number, size: number) => Math.min(0, Math.max(size * (1 - zoom), v));
  return { zoom, x: clamp(view.x, width), y: clamp(view.y, height) };
}

/** Fits the plan into a 1000-wide box when there is no preview to lay it over (y flipped for CAD's y up). */
function fitTransform(plan: PlanModel): { transform: Transform; width: number; height: number } {
  const walls = [...plan.walls, ...otherPlanWalls(plan)];
  const xs = walls.flatMap((w) => [w.a[0], w.b[0]]);
  const ys = walls.flatMap((w) => [w.a[1], w.b[1]]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const k = 960 / Math.max(maxX - minX, maxY - minY, 1e-9);
  const width = (maxX - minX) * k + 40;
  const height = (maxY - minY) * k + 40;
  return plan.space.yDown
    ? { transform: [k, 0, 20 - minX * k, 0, k, 20 - minY * k], width, height }
    : { transform: [k, 0, 20 - minX * k, 0, -k, 20 + maxY * k], width, height };
}

/** What the plan editor asks of the overlay: clicks and pointer moves in the drawing's units, and what to mark. */
export interface OverlayEditing {
  /** Ids of the selected walls and openings. */
  selected: ReadonlySet<string>;
  /** The selected room (an index of `plan.rooms`). */
  selectedRoom: number | null;
  /** A wall being drawn: from its first point to the pointer. */
  draft: { from: PlanPoint; to: PlanPoint | null } | null;
  onPoint: (point: PlanPoint, at: PointerInfo) => void;
  onHover: (point: PlanPoint, at: PointerInfo) => void;
  /** A selection box being drawn, corner to corner. */
  box: { from: PlanPoint; to: PlanPoint } | null;
  /** A press on the drawing: true when it starts a drag (the drawing then does not pan). */
  onDragStart: (point: PlanPoint, at: PointerInfo) => boolean;
  /**
   * The pointer moved during a drag: answers the wall being dragged where it is now, which the overlay draws over
   * the plan until the drag ends (outside React's renders: one attribute a frame), or null.
   */
  onDrag: (point: PlanPoint, at: PointerInfo) => PlanWall | null;
  /** The drag's end; without a point when it was cancelled. */
  onDragEnd: (point: PlanPoint | null, at: PointerInfo | null) => void;
}

export interface PointerInfo {
  shiftKey: boolean;
  /** How many drawing units one screen pixel spans at the current zoom (for snapping within a few pixels). */
  unitsPerPx: number;
  /** The wall or opening under the pointer. */
  item: { kind: 'wall' | 'opening'; id: string } | null;
}

const SELECTED_COLOUR = '#2563eb';
/** The editor's live layer: composited apart (will-change) and transparent to the pointer. */
const LIVE_LAYER_STYLE = { pointerEvents: 'none', willChange: 'transform' } as const;
const HIDDEN = { display: 'none' } as const;

/**
 * The drawing's preview with what was read drawn over it, in the drawing's own space mapped through the plan's
 * preview transform: walls (red; those of the sheet's other plans grey), doors, windows and openings (coloured lines), rooms (tinted, with their names
 * as written on the drawing and their areas).
 * While `measuring`, clicks report points in the drawing's own units.
 */
export function PlanOverlay({
  plan,
  previewUrl,
  measuring,
  points,
  onPoint,
  editing,
  keyboardLabel,
}: {
  plan: PlanModel;
  previewUrl: string | null;
  measuring: boolean;
  points: PlanPoint[];
  onPoint: (point: PlanPoint) => void;
  editing?: OverlayEditing;
  /** When given, the drawing takes keys (zoom, pan) and the focus, under this name. */
  keyboardLabel?: string;
}) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const overPreview = !!previewUrl && !!plan.source.previewTransform;
  const frame = useMemo(() => {
    if (overPreview && natural)
      return {
        transform: plan.source.previewTransform as Transform,
        width: natural.width,
        height: natural.height,
      };
    return plan.walls.length ? fitTransform(plan) : null;
  }, [overPreview, natural, plan]);

  const [view, setView] = useState<View>(FITTED);
  const boxRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);

  function zoomAt(factor: number, at?: { x: number; y: number }) {
    const box = boxRef.current;
    if (!box) return;
    const { width, height } = box.getBoundingClientRect();
    const [cx, cy] = at ? [at.x, at.y] : [width / 2, height / 2];
    setView((v) => {
      const zoom = Math.min(ZOOM.max, Math.max(ZOOM.min, v.zoom * factor));
      const k = zoom / v.zoom;
      return clampView({ zoom, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k }, width, height);
    });
  }

  // The wheel zooms the drawing, not the dialog (a listener that may prevent the page's scroll).
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const r = box.getBoundingClientRect();
      zoomAt(event.deltaY < 0 ? ZOOM.step : 1 / ZOOM.step, {
        x: event.clientX - r.left,
        y: event.clientY - r.top,
      });
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  });

  /** Touches on the drawing: two of them pinch-zoom it. */
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number } | null>(null);

  function trackTouch(event: PointerEvent<HTMLDivElement>): boolean {
    if (event.pointerType !== 'touch') return false;
    const box = boxRef.current;
    touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [p, q] = [...touches.current.values()];
    if (!box || !p || !q || touches.current.size !== 2) return false;
    const distance = Math.hypot(p.x - q.x, p.y - q.y);
    const r = box.getBoundingClientRect();
    if (pinch.current && pinch.current.distance > 0)
      zoomAt(distance / pinch.current.distance, { x: (p.x + q.x) / 2 - r.left, y: (p.y + q.y) / 2 - r.top });
    pinch.current = { distance };
    drag.current = null;
    return true;
  }

  function untrackTouch(event: PointerEvent<HTMLDivElement>) {
    touches.current.delete(event.pointerId);
    if (touches.current.size < 2) pinch.current = null;
  }

  /** Keys on the focused drawing: + and − zoom, 0 fits, Alt with an arrow pans. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const box = boxRef.current;
    if (!box) return;
    const { width, height } = box.getBoundingClientRect();
    const pan = PAN_SHARE * Math.min(width, height);
    const panBy: Record<string, [number, number]> = {
      ArrowLeft: [pan, 0],
      ArrowRight: [-pan, 0],
      ArrowUp: [0, pan],
      ArrowDown: [0, -pan],
    };
    if (event.key === '+' || event.key === '=') zoomAt(ZOOM.step);
    else if (event.key === '-') zoomAt(1 / ZOOM.step);
    else if (event.key === '0') setView(FITTED);
    else if (event.altKey && panBy[event.key]) {
      const [dx, dy] = panBy[event.key]!;
      setView((v) => clampView({ ...v, x: v.x + dx, y: v.y + dy }, width, height));
    } else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (trackTouch(event)) return;
    drag.current = { x: event.clientX, y: event.clientY, view, moved: false };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (touches.current.has(event.pointerId) && trackTouch(event)) return;
    const start = drag.current;
    const box = boxRef.current;
    if (!start || !box || view.zoom === 1) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < CLICK_SLOP_PX) return;
    start.moved = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { width, height } = box.getBoundingClientRect();
    setView(clampView({ ...start.view, x: start.view.x + dx, y: start.view.y + dy }, width, height));
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    untrackTouch(event);
    // A drag that panned is not a measuring click.
    if (drag.current?.moved) setTimeout(() => (drag.current = null));
    else drag.current = null;
  }

  const toView = (p: PlanPoint) => (frame ? applyTransform(frame.transform, p) : p);
  const pointsAttr = (polygon: readonly PlanPoint[]) =>
    frame ? polygonPoints(polygon, frame.transform) : '';

  /** The pointer in the drawing's own units, with how many units a screen pixel spans and what lies under it. */
  function pointerAt(event: MouseEvent<SVGSVGElement> | PointerEvent<SVGSVGElement>) {
    if (!frame || !svgRef.current) return null;
    const ctm = svgRef.current.getScreenCTM();
    const matrix = ctm?.inverse();
    const inverse = invertTransform(frame.transform);
    if (!ctm || !matrix || !inverse) return null;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
    const [a, b, , d, e] = frame.transform;
    const unitsPerPx = 1 / (Math.hypot(ctm.a, ctm.b) * Math.sqrt(Math.abs(a * e - b * d)) || 1);
    const element = (event.target as Element).closest?.('[data-plan-item]');
    const kind = element?.getAttribute('data-plan-item');
    const id = element?.getAttribute('data-id');
    const info: PointerInfo = {
      shiftKey: event.shiftKey,
      unitsPerPx,
      item: id && (kind === 'wall' || kind === 'opening') ? { kind, id } : null,
    };
    return { point: applyTransform(inverse, [at.x, at.y]), info };
  }

  /** A wall drag under way: the press that started it ends it, and the click it makes is not a click. */
  const dragging = useRef<{ frame: number | null; last: PointerEvent<SVGSVGElement> | null } | null>(null);
  const justDragged = useRef(false);
  const draggedWall = useRef<SVGPolygonElement>(null);

  function showDragged(wall: PlanWall | null) {
    const shape = draggedWall.current;
    if (!shape) return;
    if (wall) shape.setAttribute('points', pointsAttr(wallQuad(wall)));
    shape.style.display = wall ? '' : 'none';
  }

  function handlePress(event: PointerEvent<SVGSVGElement>) {
    if (!editing || event.button !== 0) return;
    const pointer = pointerAt(event);
    if (!pointer || !editing.onDragStart(pointer.point, pointer.info)) return;
    // Neither a pan of the drawing nor a text selection (whose drag would cancel this one).
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = { frame: null, last: null };
  }

  function handleRelease(event: PointerEvent<SVGSVGElement>) {
    const state = dragging.current;
    if (!state || !editing) return;
    if (state.frame !== null) cancelAnimationFrame(state.frame);
    dragging.current = null;
    justDragged.current = true;
    showDragged(null);
    // A cancelled pointer (the browser took it over) has no place: the wall goes back where it was.
    const pointer = event.type === 'pointercancel' ? null : pointerAt(event);
    editing.onDragEnd(pointer?.point ?? null, pointer?.info ?? null);
  }

  function handleClick(event: MouseEvent<SVGSVGElement>) {
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    if ((!measuring && !editing) || drag.current?.moved) return;
    const pointer = pointerAt(event);
    if (!pointer) return;
    if (editing) editing.onPoint(pointer.point, pointer.info);
    else onPoint(pointer.point);
  }

  function handleHover(event: PointerEvent<SVGSVGElement>) {
    const state = dragging.current;
    if (state && editing) {
      // One update a frame, with the latest pointer: a fast drag does not queue work behind the screen.
      state.last = event;
      if (state.frame === null)
        state.frame = requestAnimationFrame(() => {
          state.frame = null;
          const pointer = state.last ? pointerAt(state.last) : null;
          if (pointer && dragging.current === state) showDragged(editing.onDrag(pointer.point, pointer.info));
        });
      return;
    }
    if (!editing?.draft) return;
    const pointer = pointerAt(event);
    if (pointer) editing.onHover(pointer.point, pointer.info);
  }

  const flights = plan.stairs?.length ?? 0;
  const label = `${plan.walls.length} walls, ${plan.openings.length} openings${flights ? `, ${plan.rooms.length} rooms and ${flights} ${flights === 1 ? 'flight' : 'flights'} of stairs` : ` and ${plan.rooms.length} rooms`} drawn over the drawing`;
  const size = frame ? Math.max(frame.width, frame.height) : 1000;
  // Picture and overlay fill one box of the drawing's own shape, fitted to the width and to FIT_HEIGHT_VH.
  const aspect = frame && frame.height > 0 ? frame.width / frame.height : null;
  return (
    <div className="flex shrink-0 flex-col gap-2">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: with keys it is role="application" (the editing surface) */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: named only when it is role="application" */}
      <div
        ref={boxRef}
        data-testid="plan-box"
        className={`relative mx-auto w-full touch-none overflow-hidden rounded-md border border-slate-200 bg-white${editing ? ' select-none' : ''}`}
        style={
          aspect
            ? {
                aspectRatio: `${aspect}`,
                maxWidth: `min(100%, calc(${FIT_HEIGHT_VH}vh * ${aspect.toFixed(4)}))`,
              }
            : undefined
        }
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={keyboardLabel ? onKeyDown : undefined}
        role={keyboardLabel ? 'application' : undefined}
        tabIndex={keyboardLabel ? 0 : undefined}
        aria-label={keyboardLabel}
      >
        <div
          className={aspect ? 'absolute inset-0' : 'relative'}
          style={{
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`,
            transformOrigin: '0 0',
            cursor: measuring || editing ? 'crosshair' : view.zoom > 1 ? 'grab' : 'default',
          }}
        >
          {overPreview ? (
            <img
              src={previewUrl ?? undefined}
              alt=""
              draggable={false}
              data-testid="plan-picture"
              className={aspect ? 'absolute inset-0 h-full w-full' : 'block h-auto w-full'}
              onLoad={(e) =>
                setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
              }
            />
          ) : null}
          {frame ? (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users type the scale, and edit with the editor's keys (plan-editor.tsx)
            <svg
              ref={svgRef}
              role="img"
              aria-label={label}
              data-testid="plan-overlay"
              viewBox={`0 0 ${frame.width} ${frame.height}`}
              preserveAspectRatio="none"
              className={aspect ? 'absolute inset-0 h-full w-full' : 'block h-auto w-full'}
              onClick={handleClick}
              onPointerDown={handlePress}
              onPointerMove={handleHover}
              onPointerUp={handleRelease}
              onPointerCancel={handleRelease}
            >
              <PlanLayers
                plan={plan}
                frame={frame}
                editing={!!editing}
                selected={editing?.selected ?? NOTHING_SELECTED}
                selectedRoom={editing?.selectedRoom ?? null}
              />
              {points.map((p) => {
                const [x, y] = toView(p);
                return (
                  <circle
                    key={`point-${p[0]}-${p[1]}`}
                    cx={x}
                    cy={y}
                    r={size / 150}
                    fill="#0f172a"
                    data-testid="measure-point"
                  />
                );
              })}
              {points.length === 2
                ? (() => {
                    const [a, b] = points.map(toView) as [PlanPoint, PlanPoint];
                    return (
                      <line
                        x1={a[0]}
                        y1={a[1]}
                        x2={b[0]}
                        y2={b[1]}
                        stroke="#0f172a"
                        strokeWidth={2}
                        strokeDasharray="6 4"
                        vectorEffect="non-scaling-stroke"
                      />
                    );
                  })()
                : null}
            </svg>
          ) : null}
          {frame && editing ? (
            // What follows the pointer, on a layer of its own: moving it repaints neither the plan nor the picture.
            <svg
              aria-hidden="true"
              data-testid="plan-live-layer"
              viewBox={`0 0 ${frame.width} ${frame.height}`}
              preserveAspectRatio="none"
              className="absolute inset-0 h-full w-full"
              style={LIVE_LAYER_STYLE}
            >
              <polygon
                ref={draggedWall}
                style={HIDDEN}
                fill={SELECTED_COLOUR}
                fillOpacity={0.8}
                stroke={SELECTED_COLOUR}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                data-testid="dragged-wall"
              />
              {editing.box ? (
                <polygon
                  points={pointsAttr([
                    editing.box.from,
                    [editing.box.to[0], editing.box.from[1]],
                    editing.box.to,
                    [editing.box.from[0], editing.box.to[1]],
                  ])}
                  fill={SELECTED_COLOUR}
                  fillOpacity={0.08}
                  stroke={SELECTED_COLOUR}
                  strokeDasharray="4 3"
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                  pointerEvents="none"
                  data-testid="selection-box"
                />
              ) : null}
              {editing.draft ? <DraftWall draft={editing.draft} toView={toView} /> : null}
            </svg>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-end gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Zoom in"
          disabled={view.zoom >= ZOOM.max}
          onClick={() => zoomAt(ZOOM.step)}
        >
          <Plus aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Zoom out"
          disabled={view.zoom <= ZOOM.min}
          onClick={() => zoomAt(1 / ZOOM.step)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Fit the drawing"
          disabled={view.zoom === 1}
          onClick={() => setView(FITTED)}
        >
          <Scan aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** The wall being drawn: its first point, and a dashed line to the pointer. */
function DraftWall({
  draft,
  toView,
}: {
  draft: NonNullable<OverlayEditing['draft']>;
  toView: (p: PlanPoint) => PlanPoint;
}) {
  const [x1, y1] = toView(draft.from);
  const [x2, y2] = draft.to ? toView(draft.to) : [x1, y1];
  return (
    <g data-testid="draft-wall" pointerEvents="none">
      <circle cx={x1} cy={y1} r={5} fill={SELECTED_COLOUR} vectorEffect="non-scaling-stroke" />
      <line
        x1={x1}
        y1={y1}
        x2={x2}
        y2={y2}
        stroke={SELECTED_COLOUR}
        strokeWidth={3}
        strokeDasharray="8 4"
        vectorEffect="non-scaling-stroke"
      />
    </g>
  );
}

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/**
 * What was read, drawn once per plan, frame and selection (not on every pointer move: a drag redraws only the wall
 * being dragged, so a plan of thousands of walls keeps up with the pointer).
 */
const PlanLayers = memo(function PlanLayers({
  plan,
  frame,
  editing,
  selected,
  selectedRoom,
}: {
  plan: PlanModel;
  frame: { transform: Transform; width: number; height: number };
  editing: boolean;
  selected: ReadonlySet<string>;
  selectedRoom: number | null;
}) {
  const toView = (p: PlanPoint) => applyTransform(frame.transform, p);
  const pointsAttr = (polygon: readonly PlanPoint[]) => polygonPoints(polygon, frame.transform);
  const size = Math.max(frame.width, frame.height);
  return (
    <>
      {plan.rooms.map((room, i) => (
        <polygon
          // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id; their order is stable
          key={`room-${i}`}
          points={pointsAttr(room.polygon)}
          fill={selectedRoom === i ? SELECTED_COLOUR : '#f59e0b'}
          fillOpacity={selectedRoom === i ? 0.25 : 0.14}
          stroke="none"
        />
      ))}
      {(plan.stairs ?? []).map((stair, i) => (
        <polygon
          // biome-ignore lint/suspicious/noArrayIndexKey: flights have no id; their order is stable
          key={`stair-${i}`}
          points={pointsAttr(stair.outline)}
          fill="none"
          stroke={STAIR_COLOUR}
          strokeWidth={2}
          strokeDasharray="6 3"
          vectorEffect="non-scaling-stroke"
          data-testid="plan-stair"
        >
          <title>{`Stairs: ${stair.treads} treads`}</title>
        </polygon>
      ))}
      {(plan.stairs ?? []).map((stair, i) =>
        stair.climbDrawn ? (
          <polyline
            // biome-ignore lint/suspicious/noArrayIndexKey: flights have no id; their order is stable
            key={`stair-climb-${i}`}
            points={pointsAttr(climbArrow(stair.outline))}
            fill="none"
            stroke={STAIR_COLOUR}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            data-testid="plan-stair-climb"
          >
            <title>Up</title>
          </polyline>
        ) : null,
      )}
      {otherPlanWalls(plan).map((wall, i) => (
        <polygon
          // biome-ignore lint/suspicious/noArrayIndexKey: walls have no id; their order is stable
          key={`other-wall-${i}`}
          points={pointsAttr(wallQuad(wall))}
          fill="#475569"
          fillOpacity={0.4}
          stroke="none"
          data-testid="other-plan-wall"
        />
      ))}
      {plan.walls.map((wall, i) => {
        const isSelected = !!wall.id && selected.has(wall.id);
        const colour = isSelected ? SELECTED_COLOUR : '#dc2626';
        return (
          <polygon
            key={wall.id ?? `wall-${i}`}
            points={pointsAttr(wallQuad(wall))}
            fill={colour}
            fillOpacity={isSelected ? 0.8 : 0.55}
            stroke={colour}
            // Thin walls stay easy to hit while editing.
            strokeWidth={editing ? 6 : 1}
            strokeOpacity={editing && !isSelected ? 0.35 : 1}
            vectorEffect="non-scaling-stroke"
            data-plan-item="wall"
            data-id={wall.id}
            data-selected={isSelected || undefined}
          />
        );
      })}
      {plan.openings.map((opening, i) => {
        const [x1, y1] = toView(opening.a);
        const [x2, y2] = toView(opening.b);
        const isSelected = !!opening.id && selected.has(opening.id);
        return (
          <line
            key={opening.id ?? `opening-${i}`}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke={isSelected ? SELECTED_COLOUR : OPENING_COLOURS[opening.kind]}
            strokeWidth={editing ? 8 : 4}
            vectorEffect="non-scaling-stroke"
            data-plan-item="opening"
            data-id={opening.id}
            data-selected={isSelected || undefined}
          />
        );
      })}
      {plan.rooms.map((room, i) => {
        const [x, y] = toView(centroid(room.polygon));
        return (
          <text
            // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id; their order is stable
            key={`area-${i}`}
            x={x}
            y={y}
            textAnchor="middle"
            dominantBaseline="middle"
            fontSize={size / 45}
            fill="#7c2d12"
            stroke="#ffffff"
            strokeWidth={size / 400}
            paintOrder="stroke"
          >
            {room.label ? (
              <>
                <tspan x={x} dy="-0.6em">
                  {room.label}
                </tspan>
                <tspan x={x} dy="1.2em">
                  {room.areaM2.toFixed(1)} m²
                </tspan>
              </>
            ) : (
              `${room.areaM2.toFixed(1)} m²`
            )}
          </text>
        );
      })}
      {plan.walls.map((wall) =>
        wall.id && selected.has(wall.id) ? (
          <g key={`ends-${wall.id}`} pointerEvents="none">
            {[wall.a, wall.b].map((end) => {
              const [x, y] = toView(end);
              return (
                <circle
                  key={`${end[0]},${end[1]}`}
                  cx={x}
                  cy={y}
                  r={size / 180}
                  fill="#ffffff"
                  stroke={SELECTED_COLOUR}
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
          </g>
        ) : null,
      )}
    </>
  );
});

const polygonPoints = (polygon: readonly PlanPoint[], transform: Transform) =>
  polygon
    .map((p) => applyTransform(transform, p))
    .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`)
    .join(' ');
