/**
 * The plan check: whether a reading can be trusted, without ground truth. It weighs what was read (walls, rooms,
 * openings, scale) against what a building can be and against the drawing's own evidence (the ink the walls
 * explain, measured when the plan was read), and gives one verdict with its reasons in words a user can act on.
 * Thresholds come from building practice (wall thicknesses, door widths, room sizes) and were calibrated on
 * bench:conventions and bench:fidelity (their confusion tables print the verdict against the true wall F1).
 */
import {
  boundsOfPoints,
  boundsOfSegments,
  indexCellSize,
  median,
  polygonArea,
  visitCellsNearSegment,
  wallLength,
} from './geometry';
import type { PlanCheck, PlanModel, PlanVerdict } from './schema';

/** A wall thinner or thicker than this (metres) is not a wall at the plan's scale. */
const WALL_THICKNESS_M = { min: 0.04, max: 1.2 } as const;
/** A door's clear width, metres: narrower or wider doors say the scale is wrong. */
const DOOR_WIDTH_M = { min: 0.5, max: 1.6 } as const;
/** A building's extent, metres: smaller is a box, larger is a site or a wrong scale. */
const BUILDING_SIDE_M = { min: 2, max: 400 } as const;
/**
 * A room smaller than this (m²) is a cupboard, a shaft or a WC at most: when many of a plan's rooms are this small,
 * furniture, fittings or hatching were probably read as walls.
 */
const SMALL_ROOM_M2 = 2.5;
const MAX_SMALL_ROOM_SHARE = 0.3;
/** Room shares are judged on at least this many rooms. */
const MIN_ROOMS_FOR_SHARE = 4;
/** More rooms than this on one plan is a grid of lines (paving, tiles, a structural grid) read as walls. */
const MAX_ROOMS = 250;
/**
 * Doors, windows and openings a room has at most on average (a room's door or two and its windows); more, and at
 * least `MIN_OPENINGS_FOR_SHARE` in all, are gaps between pieces of a pattern read as walls (hatching, tiles).
 */
const MAX_OPENINGS_PER_ROOM = 6;
const MIN_OPENINGS_FOR_SHARE = 20;

export interface PlanMeasures {
  walls: number;
  rooms: number;
  doors: number;
  /** Doors, windows and plain openings. */
  openings: number;
  /** Walls' extent, metres: the shorter and the longer side. */
  shortSideM: number;
  longSideM: number;
  /** Median wall thickness, metres. */
  thicknessM: number;
  /** Median door width, metres (null with no doors). */
  doorWidthM: number | null;
  /** Share of rooms smaller than SMALL_ROOM_M2. */
  smallRoomShare: number;
  /** Rooms' area over the walls' extent area. */
  roomCover: number;
  /** Share of wall length lying on another wall (the same wall read twice). */
  duplicatedShare: number;
  /** Share of the total room area in one room that holds the others (a frame or border read as walls). */
  surroundingShare: number;
  /** Share of the wall length lying on the outline of the walls' own extent. */
  outlineShare: number;
  inkExplained: number | null;
  inkAroundWalls: number | null;
}

export function measurePlan(plan: PlanModel): PlanMeasures {
  const m = plan.space.metresPerUnit;
  const extent = wallsExtent(plan);
  const width = extent ? (extent.maxX - extent.minX) * m : 0;
  const height = extent ? (extent.maxY - extent.minY) * m : 0;
  const doors = plan.openings.filter((o) => o.kind === 'door');
  const roomArea = plan.rooms.reduce((sum, r) => sum + r.areaM2, 0);
  return {
    walls: plan.walls.length,
    rooms: plan.rooms.length,
    doors: doors.length,
    openings: plan.openings.length,
    shortSideM: Math.min(width, height),
    longSideM: Math.max(width, height),
    thicknessM: (median(plan.walls.map((w) => w.thickness)) ?? 0) * m,
    doorWidthM: doors.length ? (median(doors.map((d) => wallLength(d))) ?? 0) * m : null,
    smallRoomShare: plan.rooms.length
      ? plan.rooms.filter((r) => r.areaM2 < SMALL_ROOM_M2).length / plan.rooms.length
      : 0,
    roomCover: width * height > 0 ? roomArea / (width * height) : 0,
    duplicatedShare: duplicatedShare(plan),
    surroundingShare: surroundingShare(plan, roomArea),
    outlineShare: outlineShare(plan),
    inkExplained: plan.evidence?.inkExplained ?? null,
    inkAroundWalls: plan.evidence?.inkAroundWalls ?? null,
  };
}

interface Finding {
  severity: Exclude<PlanVerdict, 'looks-right'>;
  reason: string;
  /** It says part of the drawing was not read (two such findings together say most of it was not). */
  coverage?: boolean;
}

export function checkPlan(plan: PlanModel): PlanCheck {
  const findings = findingsOf(plan, measurePlan(plan));
  if (findings.filter((f) => f.coverage).length >= 2 && !findings.some((f) => f.severity === 'unreadable'))
    findings.unshift({
      severity: 'unreadable',
      reason: 'Taken together, the findings below say that much of the drawing was not read.',
    });
  const verdict: PlanVerdict = findings.some((f) => f.severity === 'unreadable')
    ? 'unreadable'
    : findings.length
      ? 'worth-checking'
      : 'looks-right';
  return { verdict, reasons: findings.map((f) => f.reason) };
}

const pct = (v: number) => `${Math.round(v * 100)} %`;

/** Below these shares of the drawing's ink explained by walls and openings, most of the drawing was not read. */
const INK_EXPLAINED = { unreadable: 0.35, worthChecking: 0.45 } as const;
/** Below these shares of the drawing's ink lying around the walls found, part of the building was left out. */
const INK_AROUND_WALLS = { unreadable: 0.5, worthChecking: 0.75 } as const;
/** Rooms covering less of the walls' extent than this: walls are missing or rooms open into each other. */
const MIN_ROOM_COVER = 0.3;
/** A frame read as walls holds most of the room area in the one room around the others. */
const MAX_SURROUNDING_SHARE = 0.4;
/** More of the wall length than this lying on other walls: walls were read twice. */
const MAX_DUPLICATED_SHARE = 0.2;
/** Walls this much of whose length lies on their own extent's outline are a frame or a one-room box. */
const OUTLINE_ONLY = 0.9;
/** Door widths are judged on at least this many doors (one double door is not a wrong scale). */
const MIN_DOORS_FOR_SCALE = 3;

function findingsOf(plan: PlanModel, s: PlanMeasures): Finding[] {
  if (plan.status !== 'ready' || !s.walls) {
    return [{ severity: 'unreadable', reason: plan.message ?? 'No walls were found in this drawing.' }];
  }
  const out: Finding[] = [];
  const add: AddFinding = (severity, reason, coverage) =>
    out.push({ severity, reason, ...(coverage ? { coverage } : {}) });
  evidenceFindings(s, add);
  if (
    s.walls >= 4 &&
    s.outlineShare >= OUTLINE_ONLY &&
    s.inkExplained !== null &&
    s.inkExplained < INK_EXPLAINED.worthChecking
  )
    add(
      'unreadable',
      'Only an outline around the drawing was read as walls (a sheet frame or border?): what lies inside it was not read.',
    );
  if (s.rooms > MAX_ROOMS)
    add(
      'unreadable',
      `${s.rooms} rooms were found: a grid of lines (paving, tiles, a structural grid) was probably read as walls.`,
    );
  else if (s.rooms >= MIN_ROOMS_FOR_SHARE && s.smallRoomShare > MAX_SMALL_ROOM_SHARE)
    add(
      'worth-checking',
      `${pct(s.smallRoomShare)} of the rooms are smaller than ${SMALL_ROOM_M2} m²: furniture, fittings or hatching may have been read as walls.`,
    );
  if (s.openings >= MIN_OPENINGS_FOR_SHARE && s.openings > MAX_OPENINGS_PER_ROOM * Math.max(1, s.rooms))
    add(
      'worth-checking',
      `${s.openings} doors, windows and openings were found for ${s.rooms} ${s.rooms === 1 ? 'room' : 'rooms'}, more than a building has: hatching or a pattern in the walls may have been read as walls with gaps.`,
    );
  if (s.rooms === 0)
    add(
      'worth-checking',
      'The walls found enclose no room: walls may be missing or broken at the corners.',
      true,
    );
  else if (s.roomCover < MIN_ROOM_COVER)
    add(
      'worth-checking',
      `The rooms found cover only ${pct(s.roomCover)} of the building's extent: walls may be missing or broken, or rooms were not closed.`,
      true,
    );
  if (s.surroundingShare > MAX_SURROUNDING_SHARE)
    add(
      'worth-checking',
      'One room surrounds the others: a sheet frame or border may have been read as walls.',
    );
  if (s.duplicatedShare > MAX_DUPLICATED_SHARE)
    add('worth-checking', `${pct(s.duplicatedShare)} of the wall length was read twice.`);
  scaleFindings(s, add);
  return out;
}

type AddFinding = (severity: Finding['severity'], reason: string, coverage?: boolean) => void;

function evidenceFindings(s: PlanMeasures, add: AddFinding) {
  if (s.inkAroundWalls !== null && s.inkAroundWalls < INK_AROUND_WALLS.worthChecking)
    add(
      s.inkAroundWalls < INK_AROUND_WALLS.unreadable ? 'unreadable' : 'worth-checking',
      `${pct(1 - s.inkAroundWalls)} of the drawing lies away from the walls found: part of the plan may not have been read, or the drawing holds other views, a site or a title block.`,
      true,
    );
  if (s.inkExplained !== null && s.inkExplained < INK_EXPLAINED.worthChecking)
    add(
      s.inkExplained < INK_EXPLAINED.unreadable ? 'unreadable' : 'worth-checking',
      `The walls and openings found account for only ${pct(s.inkExplained)} of the drawing's line work: walls may be missing, or the drawing holds much else (furniture, hatching, other views).`,
      true,
    );
}

function scaleFindings(s: PlanMeasures, add: AddFinding) {
  if (s.longSideM > BUILDING_SIDE_M.max || s.longSideM < BUILDING_SIDE_M.min)
    add('worth-checking', `At this scale the building is ${s.longSideM.toFixed(1)} m long: check the scale.`);
  else if (s.thicknessM < WALL_THICKNESS_M.min || s.thicknessM > WALL_THICKNESS_M.max)
    add(
      'worth-checking',
      `At this scale the walls are ${Math.round(s.thicknessM * 100)} cm thick: check the scale.`,
    );
  else if (
    s.doorWidthM !== null &&
    s.doors >= MIN_DOORS_FOR_SCALE &&
    (s.doorWidthM < DOOR_WIDTH_M.min || s.doorWidthM > DOOR_WIDTH_M.max)
  )
    add('worth-checking', `At this scale the doors are ${s.doorWidthM.toFixed(2)} m wide: check the scale.`);
}

/** Share of the wall length that runs along another, parallel wall within half its thickness. */
function duplicatedShare(plan: PlanModel): number {
  const walls = plan.walls;
  if (walls.length < 2 || walls.length > 4000) return 0;
  const nearby = wallsNearby(walls);
  let total = 0;
  let doubled = 0;
  for (const [i, w] of walls.entries()) {
    const len = wallLength(w);
    total += len;
    if (!len) continue;
    const ux = (w.b[0] - w.a[0]) / len;
    const uy = (w.b[1] - w.a[1]) / len;
    let best = 0;
    const found = nearby(i);
    for (let k = 0; k < found.length; k++) {
      const o = walls[found[k]!]!;
      const reach = Math.max(w.thickness, o.thickness) / 2;
      const offA = Math.abs((o.a[0] - w.a[0]) * uy - (o.a[1] - w.a[1]) * ux);
      const offB = Math.abs((o.b[0] - w.a[0]) * uy - (o.b[1] - w.a[1]) * ux);
      if (offA > reach || offB > reach) continue;
      const ta = (o.a[0] - w.a[0]) * ux + (o.a[1] - w.a[1]) * uy;
      const tb = (o.b[0] - w.a[0]) * ux + (o.b[1] - w.a[1]) * uy;
      const overlap = Math.min(len, Math.max(ta, tb)) - Math.max(0, Math.min(ta, tb));
      if (overlap > best) best = overlap;
    }
    doubled += best;
  }
  return total ? doubled / total : 0;
}

/** Cells a side of the grid that finds walls near a wall (coarse: a few walls a cell, few cells a wall). */
const NEARBY_CELLS = 64;

/**
 * The other walls that pass within the thickest wall's half thickness of wall `i`, each once: every wall that can
 * lie on it (a grid of the cells along the walls, uncapped, so the answer is the same as comparing every pair). The
 * answer is one array reused for every wall (this runs on every edit of a plan): read it before asking again.
 */
function wallsNearby(walls: PlanModel['walls']): (i: number) => readonly number[] {
  const segment = (w: PlanModel['walls'][number]) => [w.a[0], w.a[1], w.b[0], w.b[1]] as const;
  const reach = Math.max(...walls.map((w) => w.thickness)) / 2;
  const segments = walls.map(segment);
  const extent = boundsOfSegments(segments)!;
  const side = Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY);
  const cell = indexCellSize(segments, Math.max(reach * 2, side / NEARBY_CELLS, 1e-9));
  // A dense grid over the walls' extent widened by the reach: at most about NEARBY_CELLS² cells.
  const column0 = Math.floor((extent.minX - reach) / cell);
  const row0 = Math.floor((extent.minY - reach) / cell);
  const rows = Math.floor((extent.maxY + reach) / cell) - row0 + 1;
  const columns = Math.floor((extent.maxX + reach) / cell) - column0 + 1;
  const cells: number[][] = Array.from({ length: rows * columns }, () => []);
  const cellAt = (cx: number, cy: number) => cells[(cx - column0) * rows + (cy - row0)]!;
  segments.forEach(([x1, y1, x2, y2], i) => {
    visitCellsNearSegment(x1, y1, x2, y2, 0, cell, (cx, cy) => cellAt(cx, cy).push(i));
  });
  const visitedFor = new Int32Array(walls.length).fill(-1);
  const found: number[] = [];
  let asking = -1;
  const gather = (cx: number, cy: number) => {
    for (const j of cellAt(cx, cy)) {
      if (visitedFor[j] === asking) continue;
      visitedFor[j] = asking;
      found.push(j);
    }
  };
  return (i) => {
    found.length = 0;
    asking = i;
    visitedFor[i] = i;
    const [x1, y1, x2, y2] = segments[i]!;
    visitCellsNearSegment(x1, y1, x2, y2, reach, cell, gather);
    return found;
  };
}

const wallsExtent = (plan: PlanModel) => boundsOfPoints(plan.walls.flatMap((w) => [w.a, w.b]));

/** Share of the wall length along the outline of the walls' extent (within the wall's own thickness). */
function outlineShare(plan: PlanModel): number {
  const extent = wallsExtent(plan);
  if (!extent) return 0;
  const { minX, maxX, minY, maxY } = extent;
  let total = 0;
  let along = 0;
  for (const w of plan.walls) {
    const len = wallLength(w);
    total += len;
    const near = (v1: number, v2: number, edge: number) =>
      Math.abs(v1 - edge) <= w.thickness && Math.abs(v2 - edge) <= w.thickness;
    const [ax, ay] = w.a;
    const [bx, by] = w.b;
    if (near(ax, bx, minX) || near(ax, bx, maxX) || near(ay, by, minY) || near(ay, by, maxY)) along += len;
  }
  return total ? along / total : 0;
}

/** Share of the room area in the largest room whose outline holds another room's first corner. */
function surroundingShare(plan: PlanModel, roomArea: number): number {
  if (plan.rooms.length < 2 || !roomArea) return 0;
  const largest = plan.rooms.reduce((a, b) => (b.areaM2 > a.areaM2 ? b : a));
  const { minX, maxX, minY, maxY } = boundsOfPoints(largest.polygon)!;
  const held = plan.rooms.filter(
    (r) =>
      r !== largest &&
      r.polygon.every(([x, y]) => x > minX && x < maxX && y > minY && y < maxY) &&
      polygonArea(r.polygon) > 0,
  );
  return held.length >= Math.max(1, (plan.rooms.length - 1) / 2) ? largest.areaM2 / roomArea : 0;
}

/** How each verdict is named to the user ("What Planform read", the generation gate). */
export const VERDICT_TITLES: Record<PlanVerdict, string> = {
  'looks-right': 'Looks right',
  'worth-checking': 'Worth checking',
  unreadable: 'Could not read this drawing',
};
