/**
 * A user's edits to a plan: operations against its walls and openings by their stable ids (shared/plan/ids.ts),
 * kept in order with the file and applied on top of every reading of the drawing. Splitting a wall is a change and
 * an add, joining two a change and a delete: the editor composes them, the list stays small and general. After the
 * walls change, the rooms are found again from them (shared/plan/rooms.ts), keeping their names.
 */
import * as z from 'zod';
import { checkPlan } from './check';
import { boundsOfPoints, pointInPolygon, pointSegmentDistance } from './geometry';
import { withIds } from './ids';
import { carryRoomNames, insidePoint, roomsOfWalls } from './rooms';
import {
  OPENING_HEIGHT_M,
  OPENING_KINDS,
  type PlanModel,
  type PlanOpening,
  type PlanPoint,
  type PlanWall,
  planCorrectionsSchema,
  planItemIdSchema,
  pointSchema,
} from './schema';

/** At most this many operations in one request. */
export const MAX_EDITS_PER_REQUEST = 1000;
/** At most this many operations kept with one file (reset the edits to start again). */
export const MAX_STORED_EDITS = 20_000;
/** At most this many walls on an edited plan. */
export const MAX_EDITED_WALLS = 5000;
/** A wall a user draws or changes is this thick, metres: from a thin partition to a thick masonry wall. */
export const EDIT_WALL_THICKNESS_M = { min: 0.02, max: 2 } as const;
/** Edited points lie within this many times the drawing's extent of its middle. */
export const EDIT_REACH = 10;

const positive = z.number().finite().positive();
const sillM = z.number().finite().min(0).max(OPENING_HEIGHT_M.sillMax);
const headM = z.number().finite().min(OPENING_HEIGHT_M.headMin).max(OPENING_HEIGHT_M.headMax);

export const planEditSchema = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('add-wall'),
    id: planItemIdSchema,
    a: pointSchema,
    b: pointSchema,
    thickness: positive,
  }),
  z.strictObject({
    op: z.literal('change-wall'),
    id: planItemIdSchema,
    a: pointSchema.optional(),
    b: pointSchema.optional(),
    thickness: positive.optional(),
  }),
  z.strictObject({ op: z.literal('delete-wall'), id: planItemIdSchema }),
  z.strictObject({
    op: z.literal('add-opening'),
    id: planItemIdSchema,
    kind: z.enum(OPENING_KINDS),
    a: pointSchema,
    b: pointSchema,
    sillM: sillM.optional(),
    headM: headM.optional(),
  }),
  z.strictObject({
    op: z.literal('change-opening'),
    id: planItemIdSchema,
    kind: z.enum(OPENING_KINDS).optional(),
    a: pointSchema.optional(),
    b: pointSchema.optional(),
    sillM: sillM.optional(),
    headM: headM.optional(),
  }),
  z.strictObject({ op: z.literal('delete-opening'), id: planItemIdSchema }),
  /** Names the room that holds the point `at` (an empty name clears it). */
  z.strictObject({ op: z.literal('name-room'), at: pointSchema, name: z.string().trim().max(80) }),
]);
export type PlanEdit = z.infer<typeof planEditSchema>;

export interface EditOutcome {
  plan: PlanModel;
  /** The operations that did not fit the plan (an id it does not hold, an opening off its wall), with why. */
  dropped: { index: number; edit: PlanEdit; reason: string }[];
}

type Dropped = string | null;

/** Where along a wall (0 at a, 1 at b) a point lies, and how far from its centreline. */
function alongWall(w: Pick<PlanWall, 'a' | 'b'>, p: PlanPoint): { t: number; off: number } {
  const dx = w.b[0] - w.a[0];
  const dy = w.b[1] - w.a[1];
  const len2 = dx * dx + dy * dy || 1;
  const t = ((p[0] - w.a[0]) * dx + (p[1] - w.a[1]) * dy) / len2;
  return { t, off: pointSegmentDistance(p[0], p[1], w.a[0], w.a[1], w.b[0], w.b[1]) };
}

/** Whether an opening's two jambs lie on a wall: within its faces, between its ends. */
export function openingOnWall(o: Pick<PlanOpening, 'a' | 'b'>, w: PlanWall): boolean {
  const slack = 1e-6 * Math.max(1, Math.abs(w.a[0]), Math.abs(w.a[1]));
  const ends = [alongWall(w, o.a), alongWall(w, o.b)];
  return ends.every(({ t, off }) => t >= -1e-6 && t <= 1 + 1e-6 && off <= w.thickness / 2 + slack);
}

/** Whether a jamb lies on a wall: within its faces, between its ends or at an end's face (a door in a gap). */
function jambOnWall(p: PlanPoint, w: PlanWall): boolean {
  const length = Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]) || 1;
  const reach = w.thickness / 2 + 1e-6 * Math.max(1, Math.abs(w.a[0]), Math.abs(w.a[1]));
  const { t, off } = alongWall(w, p);
  return off <= reach && t >= -reach / length && t <= 1 + reach / length;
}

/** The opening moved with its wall: its middle at the same share of the wall's length, its width kept. */
function movedWithWall(o: PlanOpening, before: PlanWall, after: PlanWall): PlanOpening | null {
  const middle = (alongWall(before, o.a).t + alongWall(before, o.b).t) / 2;
  const width = Math.hypot(o.b[0] - o.a[0], o.b[1] - o.a[1]);
  const length = Math.hypot(after.b[0] - after.a[0], after.b[1] - after.a[1]);
  if (width > length) return null;
  const ux = (after.b[0] - after.a[0]) / length;
  const uy = (after.b[1] - after.a[1]) / length;
  const centre = Math.min(length - width / 2, Math.max(width / 2, middle * length));
  const at = (s: number): PlanPoint => [after.a[0] + ux * s, after.a[1] + uy * s];
  return { ...o, a: at(centre - width / 2), b: at(centre + width / 2) };
}

class EditablePlan {
  walls: Map<string, PlanWall>;
  openings: Map<string, PlanOpening>;
  geometryChanged = false;

  constructor(plan: PlanModel) {
    this.walls = new Map(plan.walls.map((w) => [w.id!, w]));
    this.openings = new Map(plan.openings.map((o) => [o.id!, o]));
  }

  private taken = (id: string) => this.walls.has(id) || this.openings.has(id);

  apply(edit: PlanEdit): Dropped {
    switch (edit.op) {
      case 'add-wall':
        return this.addWall(edit.id, { id: edit.id, a: edit.a, b: edit.b, thickness: edit.thickness });
      case 'change-wall':
        return this.changeWall(edit);
      case 'delete-wall':
        return this.deleteWall(edit.id);
      case 'add-opening':
        if (this.taken(edit.id)) return `${edit.id} is already taken`;
        return this.putOpening({ id: edit.id, ...definedOf(edit) } as PlanOpening);
      case 'change-opening': {
        const opening = this.openings.get(edit.id);
        if (!opening) return `the plan has no opening ${edit.id}`;
        return this.putOpening({ ...opening, ...definedOf(edit) });
      }
      case 'delete-opening':
        if (!this.openings.delete(edit.id)) return `the plan has no opening ${edit.id}`;
        this.geometryChanged = true;
        return null;
      case 'name-room':
        return null;
    }
  }

  private addWall(id: string, wall: PlanWall): Dropped {
    if (this.taken(id)) return `${id} is already taken`;
    if (wall.a[0] === wall.b[0] && wall.a[1] === wall.b[1]) return 'a wall needs two different ends';
    this.walls.set(id, wall);
    this.geometryChanged = true;
    return null;
  }

  private changeWall(edit: Extract<PlanEdit, { op: 'change-wall' }>): Dropped {
    const before = this.walls.get(edit.id);
    if (!before) return `the plan has no wall ${edit.id}`;
    const after: PlanWall = { ...before, ...definedOf(edit) };
    if (after.a[0] === after.b[0] && after.a[1] === after.b[1]) return 'a wall needs two different ends';
    for (const [id, opening] of this.openings) {
      if (!openingOnWall(opening, before)) continue;
      const moved = movedWithWall(opening, before, after);
      if (moved) this.openings.set(id, moved);
      else this.openings.delete(id);
    }
    this.walls.set(edit.id, after);
    this.geometryChanged = true;
    return null;
  }

  private deleteWall(id: string): Dropped {
    const wall = this.walls.get(id);
    if (!wall) return `the plan has no wall ${id}`;
    this.walls.delete(id);
    // Its doors and windows go with it (an opening in a gap between two walls stays with them).
    for (const [openingId, opening] of this.openings)
      if (openingOnWall(opening, wall)) this.openings.delete(openingId);
    this.geometryChanged = true;
    return null;
  }

  private putOpening(clean: PlanOpening): Dropped {
    if (clean.a[0] === clean.b[0] && clean.a[1] === clean.b[1]) return 'an opening needs two different jambs';
    if (clean.sillM !== undefined && clean.headM !== undefined && clean.headM <= clean.sillM)
      return "an opening's head must be above its sill";
    const walls = [...this.walls.values()];
    if (![clean.a, clean.b].every((jamb) => walls.some((w) => jambOnWall(jamb, w))))
      return `opening ${clean.id} is not on a wall: each jamb must lie on a wall (one wall, or the two either side of a gap)`;
    this.openings.set(clean.id!, clean);
    this.geometryChanged = true;
    return null;
  }
}

/** The fields an operation sets (those given), without its `op` and `id`. */
function definedOf<T extends { op: string; id: string }>(edit: T): Partial<Omit<T, 'op' | 'id'>> {
  const { op: _op, id: _id, ...rest } = edit;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<
    Omit<T, 'op' | 'id'>
  >;
}

/** Names the rooms the `name-room` operations point into; a point in no room drops its operation. */
function nameRooms(plan: PlanModel, edits: readonly PlanEdit[], dropped: EditOutcome['dropped']): PlanModel {
  let rooms = plan.rooms;
  edits.forEach((edit, index) => {
    if (edit.op !== 'name-room') return;
    const at = rooms.findIndex((r) => pointInPolygon(edit.at, r.polygon));
    if (at < 0) {
      dropped.push({ index, edit, reason: 'the point is in no room' });
      return;
    }
    rooms = rooms.map((r, i) => (i === at ? { ...r, label: edit.name || null } : r));
  });
  return rooms === plan.rooms ? plan : { ...plan, rooms };
}

/**
 * Edits applied to a plan's walls and openings, before its rooms are found again and it is checked
 * (`finishEdits`): what a caller needs to know whether the edits fit, without paying for the rooms yet.
 */
export interface StagedEdits {
  start: PlanModel;
  edits: readonly PlanEdit[];
  walls: PlanWall[];
  openings: PlanOpening[];
  geometryChanged: boolean;
  /** The wall and opening operations that did not fit (`name-room` ones are judged once the rooms are known). */
  dropped: EditOutcome['dropped'];
}

export function stageEdits(plan: PlanModel, edits: readonly PlanEdit[]): StagedEdits {
  const start = withIds(plan);
  const editable = new EditablePlan(start);
  const dropped: EditOutcome['dropped'] = [];
  edits.forEach((edit, index) => {
    const reason = editable.apply(edit);
    if (reason) dropped.push({ index, edit, reason });
  });
  const { geometryChanged } = editable;
  return {
    start,
    edits,
    walls: geometryChanged ? [...editable.walls.values()] : start.walls,
    openings: geometryChanged ? [...editable.openings.values()] : start.openings,
    geometryChanged,
    dropped,
  };
}

/**
 * The staged plan finished: when walls or openings changed, the rooms are found again (names kept), the extent
 * follows, and the reading's ink evidence (which measured the walls as read, not as edited) is dropped before the
 * plan is checked again.
 */
export function finishEdits(staged: StagedEdits): EditOutcome {
  const { start, edits, walls, openings } = staged;
  const dropped = [...staged.dropped];
  let next: PlanModel = start;
  if (staged.geometryChanged) {
    const { evidence: _, ...rest } = start;
    next = { ...rest, walls, openings };
    next = {
      ...next,
      rooms: carryRoomNames(start.rooms, roomsOfWalls(next)),
      space: { ...next.space, bounds: boundsOfPoints(walls.flatMap((w) => [w.a, w.b])) ?? undefined },
    };
  }
  next = nameRooms(next, edits, dropped);
  dropped.sort((p, q) => p.index - q.index);
  const editCount = (start.editCount ?? 0) + edits.length - dropped.length;
  next = { ...next, ...(editCount > 0 ? { editCount } : {}) };
  return { plan: { ...next, check: checkPlan(next) }, dropped };
}

/** Applies edits in order; operations that do not fit are left out and listed (`stageEdits`, then `finishEdits`). */
export function applyEdits(plan: PlanModel, edits: readonly PlanEdit[]): EditOutcome {
  return finishEdits(stageEdits(plan, edits));
}

/** The drawing's extent in its own space: what was read, else the sheet or image. */
function drawingExtent(plan: PlanModel) {
  if (plan.space.bounds) return plan.space.bounds;
  const fromWalls = boundsOfPoints(plan.walls.flatMap((w) => [w.a, w.b]));
  if (fromWalls) return fromWalls;
  return { minX: 0, minY: 0, maxX: plan.source.width ?? 1, maxY: plan.source.height ?? 1 };
}

/**
 * Why edits cannot be taken for this plan before they are applied, or null: a point farther than EDIT_REACH times
 * the drawing's extent from its middle, or a wall thinner or thicker than EDIT_WALL_THICKNESS_M.
 */
export function editLimitProblem(plan: PlanModel, edits: readonly PlanEdit[]): string | null {
  const extent = drawingExtent(plan);
  const size = Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY, 1e-9);
  const cx = (extent.minX + extent.maxX) / 2;
  const cy = (extent.minY + extent.maxY) / 2;
  const reach = EDIT_REACH * size;
  const m = plan.space.metresPerUnit;
  for (const [index, edit] of edits.entries()) {
    const points = [
      edit.op === 'name-room' ? edit.at : undefined,
      'a' in edit ? edit.a : undefined,
      'b' in edit ? edit.b : undefined,
    ];
    for (const p of points)
      if (p && (Math.abs(p[0] - cx) > reach || Math.abs(p[1] - cy) > reach))
        return `Edit ${index + 1} (${edit.op}): a point lies more than ${EDIT_REACH} times the drawing's size away from it.`;
    const thickness = 'thickness' in edit ? edit.thickness : undefined;
    if (thickness !== undefined) {
      const metres = thickness * m;
      if (metres < EDIT_WALL_THICKNESS_M.min || metres > EDIT_WALL_THICKNESS_M.max)
        return `Edit ${index + 1} (${edit.op}): a wall is ${EDIT_WALL_THICKNESS_M.min}–${EDIT_WALL_THICKNESS_M.max} m thick; this one would be ${Math.round(metres * 1000) / 1000} m.`;
    }
  }
  return null;
}

/**
 * A new reading of the drawing (another view, a new reader) with the user's edits on top: those that still fit are
 * applied, and a warning says how many were dropped.
 */
export function withUserEdits(reading: PlanModel, edits: readonly PlanEdit[]): PlanModel {
  if (reading.status !== 'ready' || edits.length === 0) return reading;
  const { plan, dropped } = applyEdits(reading, edits);
  if (dropped.length === 0) return plan;
  const warning = `${dropped.length} of your ${edits.length} edits no longer fit the drawing as read again and were left out: ${describeEdits(dropped.map((d) => d.edit))}.`;
  return { ...plan, warnings: [...plan.warnings, warning] };
}

const EDIT_WORDS: Record<PlanEdit['op'], [string, string]> = {
  'add-wall': ['a wall drawn', 'walls drawn'],
  'change-wall': ['a wall moved or resized', 'walls moved or resized'],
  'delete-wall': ['a wall deleted', 'walls deleted'],
  'add-opening': ['a door or window added', 'doors or windows added'],
  'change-opening': ['a door or window changed', 'doors or windows changed'],
  'delete-opening': ['a door or window deleted', 'doors or windows deleted'],
  'name-room': ['a room name', 'room names'],
};

/** Edits in words, by kind: "2 walls deleted, a door or window added". */
export function describeEdits(edits: readonly PlanEdit[]): string {
  const counts = new Map<PlanEdit['op'], number>();
  for (const edit of edits) counts.set(edit.op, (counts.get(edit.op) ?? 0) + 1);
  return [...counts].map(([op, n]) => (n === 1 ? EDIT_WORDS[op][0] : `${n} ${EDIT_WORDS[op][1]}`)).join(', ');
}

const samePoint = (p: PlanPoint, q: PlanPoint) => p[0] === q[0] && p[1] === q[1];

/**
 * The operations that turn plan `from` into plan `to` (both edited from one reading, so their ids agree): what an
 * editor sends to undo an action (`to` = the plan before it) or redo it. Openings leave before walls do and come
 * back after them, so every opening finds its wall.
 */
export function planDiff(from: PlanModel, to: PlanModel): PlanEdit[] {
  const fromWalls = new Map(from.walls.map((w) => [w.id!, w]));
  const toWalls = new Map(to.walls.map((w) => [w.id!, w]));
  const fromOpenings = new Map(from.openings.map((o) => [o.id!, o]));
  const toOpenings = new Map(to.openings.map((o) => [o.id!, o]));
  const edits: PlanEdit[] = [];
  for (const id of fromOpenings.keys()) if (!toOpenings.has(id)) edits.push({ op: 'delete-opening', id });
  for (const id of fromWalls.keys()) if (!toWalls.has(id)) edits.push({ op: 'delete-wall', id });
  for (const [id, w] of toWalls) {
    const was = fromWalls.get(id);
    if (!was) edits.push({ op: 'add-wall', id, a: w.a, b: w.b, thickness: w.thickness });
    else if (!samePoint(was.a, w.a) || !samePoint(was.b, w.b) || was.thickness !== w.thickness)
      edits.push({ op: 'change-wall', id, a: w.a, b: w.b, thickness: w.thickness });
  }
  for (const [id, o] of toOpenings) {
    const was = fromOpenings.get(id);
    const heights = {
      ...(o.sillM !== undefined ? { sillM: o.sillM } : {}),
      ...(o.headM !== undefined ? { headM: o.headM } : {}),
    };
    if (!was) edits.push({ op: 'add-opening', id, kind: o.kind, a: o.a, b: o.b, ...heights });
    else if (
      was.kind !== o.kind ||
      !samePoint(was.a, o.a) ||
      !samePoint(was.b, o.b) ||
      was.sillM !== o.sillM ||
      was.headM !== o.headM
    )
      edits.push({ op: 'change-opening', id, kind: o.kind, a: o.a, b: o.b, ...heights });
  }
  // Once walls move, the rooms are found again and take names by where they lie: every room of `to` is named again
  // (unnamed ones cleared). Otherwise only the names that differ.
  const geometryChanged = edits.length > 0;
  for (const room of to.rooms) {
    const at = insidePoint(room.polygon);
    const now = from.rooms.find((r) => pointInPolygon(at, r.polygon));
    if (geometryChanged || (now && (now.label ?? '') !== (room.label ?? '')))
      edits.push({ op: 'name-room', at, name: room.label ?? '' });
  }
  return edits;
}

/** `PATCH …/plan`: corrections (scale, view) and edits, each optional. */
export const planPatchSchema = planCorrectionsSchema.extend({
  /** Operations to apply now, in order, and keep. */
  edits: z.array(planEditSchema).min(1).max(MAX_EDITS_PER_REQUEST).optional(),
  /** Drops every kept edit and reads the drawing again ("Reset to what was read"). */
  resetEdits: z.literal(true).optional(),
});
export type PlanPatch = z.infer<typeof planPatchSchema>;
