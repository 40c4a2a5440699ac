/**
 * The plan editor's geometry, in the drawing's own units: snapping a pointer to what is drawn, placing a door or a
 * window on a wall, moving, splitting and joining walls. Every action becomes edits (shared/plan/edits.ts).
 */
import { EDIT_WALL_THICKNESS_M, type PlanEdit } from '@shared/plan/edits';
import { median, pointSegmentDistance } from '@shared/plan/geometry';
import type { DrawingLine, OpeningKind, PlanModel, PlanPoint, PlanWall } from '@shared/plan/schema';

/** A pointer within this many screen pixels of a wall end or a wall snaps to it. */
export const SNAP_PX = 10;
/** A door's and a window's width when placed, metres. */
export const OPENING_WIDTH_M = { door: 0.9, window: 1.2, opening: 1 } as const;
/** What an arrow key moves a wall by, metres (with Shift: ten times as far). */
export const NUDGE_M = 0.1;
/** A drawn wall's thickness when the plan has none to copy, metres. */
const DEFAULT_WALL_M = 0.2;

/** The thickness a drawn wall gets: the plan's usual wall, within what a wall can be. */
export function defaultThickness(plan: PlanModel): number {
  const m = plan.space.metresPerUnit;
  const usual = median(plan.walls.map((w) => w.thickness * m)) ?? DEFAULT_WALL_M;
  return Math.min(EDIT_WALL_THICKNESS_M.max, Math.max(EDIT_WALL_THICKNESS_M.min, usual)) / m;
}

/** The wall whose face lies within `reach` units of a point, nearest first; null when none does. */
export function wallAt(plan: PlanModel, p: PlanPoint, reach: number): PlanWall | null {
  let best: PlanWall | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const w of plan.walls) {
    const gap = pointSegmentDistance(p[0], p[1], w.a[0], w.a[1], w.b[0], w.b[1]) - w.thickness / 2;
    if (gap <= reach && gap < bestGap) {
      best = w;
      bestGap = gap;
    }
  }
  return best;
}

/** Locks the direction from `from` to `p` to the nearest multiple of 45°, keeping its length along it. */
export function lockAngle(from: PlanPoint, p: PlanPoint): PlanPoint {
  const dx = p[0] - from[0];
  const dy = p[1] - from[1];
  const angle = Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) * (Math.PI / 4);
  const length = dx * Math.cos(angle) + dy * Math.sin(angle);
  return [from[0] + Math.cos(angle) * length, from[1] + Math.sin(angle) * length];
}

/**
 * Where a drawn wall's point goes: a wall end within `reach`, else an end of one of the drawing's own lines, else the
 * nearest point on a wall's centreline within `reach` of its face, else the nearest point on a drawing line, else the
 * pointer (locked to 0/45/90° from `from` when asked: then only ends are snapped to).
 */
export function snapPoint(
  plan: PlanModel,
  p: PlanPoint,
  reach: number,
  options: { from?: PlanPoint; lock?: boolean; lines?: readonly DrawingLine[] } = {},
): PlanPoint {
  const target = options.from && options.lock ? lockAngle(options.from, p) : p;
  const lines = options.lines ?? [];
  const end = nearestWallEnd(plan.walls, target, reach) ?? nearestLineEnd(lines, target, reach);
  if (end) return end;
  if (options.lock) return target;
  const wall = wallAt(plan, target, reach);
  if (wall) return projectOnto(wall, target);
  return nearestOnLine(lines, target, reach) ?? target;
}

function nearestWallEnd(walls: readonly PlanWall[], p: PlanPoint, reach: number): PlanPoint | null {
  let best: PlanPoint | null = null;
  let bestGap = reach;
  for (const w of walls)
    for (const end of [w.a, w.b]) {
      const gap = Math.hypot(end[0] - p[0], end[1] - p[1]);
      if (gap <= bestGap) {
        best = end;
        bestGap = gap;
      }
    }
  return best;
}

function nearestLineEnd(lines: readonly DrawingLine[], p: PlanPoint, reach: number): PlanPoint | null {
  let best: PlanPoint | null = null;
  let bestGap = reach;
  for (const [x1, y1, x2, y2] of lines) {
    const gap1 = Math.hypot(x1 - p[0], y1 - p[1]);
    if (gap1 <= bestGap) [best, bestGap] = [[x1, y1], gap1];
    const gap2 = Math.hypot(x2 - p[0], y2 - p[1]);
    if (gap2 <= bestGap) [best, bestGap] = [[x2, y2], gap2];
  }
  return best;
}

function nearestOnLine(lines: readonly DrawingLine[], p: PlanPoint, reach: number): PlanPoint | null {
  let best: PlanPoint | null = null;
  let bestGap = reach;
  for (const [x1, y1, x2, y2] of lines) {
    const gap = pointSegmentDistance(p[0], p[1], x1, y1, x2, y2);
    if (gap <= bestGap) {
      best = projectOnto({ a: [x1, y1], b: [x2, y2] }, p);
      bestGap = gap;
    }
  }
  return best;
}

/** The nearest point on a wall's centreline. */
export function projectOnto(w: Pick<PlanWall, 'a' | 'b'>, p: PlanPoint): PlanPoint {
  const dx = w.b[0] - w.a[0];
  const dy = w.b[1] - w.a[1];
  const len2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p[0] - w.a[0]) * dx + (p[1] - w.a[1]) * dy) / len2));
  return [w.a[0] + t * dx, w.a[1] + t * dy];
}

/** A door or window of the usual width centred where the wall was clicked, kept within the wall; null if it is too short. */
export function openingOn(
  plan: PlanModel,
  wall: PlanWall,
  p: PlanPoint,
  kind: OpeningKind,
): { a: PlanPoint; b: PlanPoint } | null {
  const width = OPENING_WIDTH_M[kind] / plan.space.metresPerUnit;
  const length = Math.hypot(wall.b[0] - wall.a[0], wall.b[1] - wall.a[1]);
  if (width >= length) return null;
  const ux = (wall.b[0] - wall.a[0]) / length;
  const uy = (wall.b[1] - wall.a[1]) / length;
  const along = (p[0] - wall.a[0]) * ux + (p[1] - wall.a[1]) * uy;
  const centre = Math.min(length - width / 2, Math.max(width / 2, along));
  const at = (s: number): PlanPoint => [wall.a[0] + ux * s, wall.a[1] + uy * s];
  return { a: at(centre - width / 2), b: at(centre + width / 2) };
}

/** The wall moved by (dx, dy) units. */
export function movedWall(w: PlanWall, dx: number, dy: number): PlanEdit {
  return { op: 'change-wall', id: w.id!, a: [w.a[0] + dx, w.a[1] + dy], b: [w.b[0] + dx, w.b[1] + dy] };
}

/** A wall cut in two at its middle: the first half keeps its id, the second is new. */
export function splitWall(w: PlanWall, newId: string): PlanEdit[] {
  const middle: PlanPoint = [(w.a[0] + w.b[0]) / 2, (w.a[1] + w.b[1]) / 2];
  return [
    { op: 'change-wall', id: w.id!, b: middle },
    { op: 'add-wall', id: newId, a: middle, b: w.b, thickness: w.thickness },
  ];
}

/**
 * Two walls that meet end to end in a line made one (the first keeps its id and reaches the second's far end);
 * null when they do not meet or bend more than `MAX_JOIN_BEND` radians.
 */
export function joinWalls(first: PlanWall, second: PlanWall, reach: number): PlanEdit[] | null {
  const same = (p: PlanPoint, q: PlanPoint) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= reach;
  const pairs: [PlanPoint, PlanPoint, PlanPoint, PlanPoint][] = [
    [first.a, first.b, second.a, second.b],
    [first.a, first.b, second.b, second.a],
    [first.b, first.a, second.a, second.b],
    [first.b, first.a, second.b, second.a],
  ];
  for (const [farOfFirst, meet, meetOfSecond, farOfSecond] of pairs) {
    if (!same(meet, meetOfSecond)) continue;
    const bend = Math.abs(
      Math.atan2(cross(farOfFirst, meet, farOfSecond), dot(farOfFirst, meet, farOfSecond)),
    );
    if (Math.PI - bend > MAX_JOIN_BEND) return null;
    return [
      { op: 'change-wall', id: first.id!, a: farOfFirst, b: farOfSecond },
      { op: 'delete-wall', id: second.id! },
    ];
  }
  return null;
}

/** Two walls bending less than this (radians, about 5°) at their meeting point join into one. */
const MAX_JOIN_BEND = 0.09;

const cross = (p: PlanPoint, o: PlanPoint, q: PlanPoint) =>
  (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
const dot = (p: PlanPoint, o: PlanPoint, q: PlanPoint) =>
  (p[0] - o[0]) * (q[0] - o[0]) + (p[1] - o[1]) * (q[1] - o[1]);

let counter = 0;
/** An id for something the user adds: unique within the session and the plan. */
export function newItemId(plan: PlanModel, prefix: 'e' | 'd'): string {
  const taken = new Set([...plan.walls, ...plan.openings].map((x) => x.id));
  for (;;) {
    counter += 1;
    const id = `${prefix}${Date.now().toString(36)}${counter}`;
    if (!taken.has(id)) return id;
  }
}

/** What a press on a wall grabbed: one of its ends (within `reach` of it) or the whole wall. */
export interface WallGrab {
  wall: PlanWall;
  from: PlanPoint;
  end: 'a' | 'b' | null;
}

export function grabWall(wall: PlanWall, point: PlanPoint, reach: number): WallGrab {
  const near = (end: PlanPoint) => Math.hypot(end[0] - point[0], end[1] - point[1]) <= reach;
  return { wall, from: point, end: near(wall.a) ? 'a' : near(wall.b) ? 'b' : null };
}

/**
 * The grabbed wall with the pointer at `point`: moved whole, or its end moved (snapping to the other walls and the
 * drawing's lines).
 */
export function dragWall(
  plan: PlanModel,
  grab: WallGrab,
  point: PlanPoint,
  reach: number,
  lock: boolean,
  lines: readonly DrawingLine[] = [],
): PlanWall {
  const { wall, from, end } = grab;
  if (!end) {
    const dx = point[0] - from[0];
    const dy = point[1] - from[1];
    return { ...wall, a: [wall.a[0] + dx, wall.a[1] + dy], b: [wall.b[0] + dx, wall.b[1] + dy] };
  }
  const others = { ...plan, walls: plan.walls.filter((w) => w.id !== wall.id) };
  const fixed = end === 'a' ? wall.b : wall.a;
  const moved = snapPoint(others, point, reach, { from: fixed, lock, lines });
  return end === 'a' ? { ...wall, a: moved } : { ...wall, b: moved };
}

/** How far a dragged wall's ends moved from where they were. */
export const dragDistance = (before: PlanWall, after: PlanWall) =>
  Math.max(
    Math.hypot(after.a[0] - before.a[0], after.a[1] - before.a[1]),
    Math.hypot(after.b[0] - before.b[0], after.b[1] - before.b[1]),
  );

/** The walls and openings wholly inside the box between two corners. */
export function idsInBox(plan: PlanModel, from: PlanPoint, to: PlanPoint): string[] {
  const [x0, x1] = [Math.min(from[0], to[0]), Math.max(from[0], to[0])];
  const [y0, y1] = [Math.min(from[1], to[1]), Math.max(from[1], to[1])];
  const inside = (p: PlanPoint) => p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1;
  return [...plan.walls, ...plan.openings]
    .filter((x) => x.id && inside(x.a) && inside(x.b))
    .map((x) => x.id!);
}

/** Arrow keys as a direction on the screen. */
export const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
