/**
 * One uploaded drawing → its plan model (shared/plan/schema.ts), in the drawing's own space. Failures the user can
 * act on become a `failed` plan with their message; anything else propagates.
 */

import { checkPlan } from '../../shared/plan/check';
import { applyCorrections } from '../../shared/plan/corrections';
import {
  boundsOfPoints,
  boundsOfSegments,
  polygonArea,
  traceRegionOutline,
} from '../../shared/plan/geometry';
import { withIds } from '../../shared/plan/ids';
import { placeholderPlan } from '../../shared/plan/placeholder';
import {
  type DrawingLine,
  MAX_DRAWING_LINES,
  PLAN_MODEL_VERSION,
  type PlanCorrections,
  type PlanModel,
  type PlanPoint,
  type PlanRoom,
  type PlanStair,
  type PlanUnits,
  type PlanView,
} from '../../shared/plan/schema';
import { DrawingError } from '../drawing/errors';
import { originalPixel } from '../drawing/image';
import { normaliseDrawing } from '../drawing/normalise';
import { type NormalisedDrawing, type NormaliseInput, readFromVectors, type Segment } from '../drawing/types';
import { buildPlan, type Plan } from './build-plan';
import { readEvidence } from './read-evidence';
import { roomLabel } from './room-labels';
import { describeWallDrawing } from './wall-drawing';

export interface ReadPlanInput extends NormaliseInput {
  corrections?: PlanCorrections;
}

export interface ReadPlanResult {
  plan: PlanModel;
  /** The normalised drawing, for callers that also want its preview. Absent when reading failed. */
  drawing?: NormalisedDrawing;
}

/**
 * The drawing's own straight lines that are not walls read (the faces of a wall the reader missed, jambs, partitions
 * drawn as one line, furniture), in the plan's space, rounded to a hundredth of a unit: what the plan editor snaps a
 * drawn wall to. The longest `MAX_DRAWING_LINES` when there are more; none for a drawing read as a picture.
 */
export function drawingLinesOf(drawing: NormalisedDrawing): DrawingLine[] {
  if (!readFromVectors(drawing)) return [];
  const g = drawing.geometry;
  let lines = [...(g.roomClosers ?? []), ...(g.details ?? [])];
  if (lines.length > MAX_DRAWING_LINES) {
    const length = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);
    lines = lines.sort((p, q) => length(q) - length(p)).slice(0, MAX_DRAWING_LINES);
  }
  const { fromDrawing } = sourceSpace(drawing);
  const round = (v: number) => Math.round(v * 100) / 100;
  return lines.map(([x1, y1, x2, y2]) => {
    const a = fromDrawing(x1, y1);
    const b = fromDrawing(x2, y2);
    return [round(a[0]), round(a[1]), round(b[0]), round(b[1])];
  });
}

export async function readPlan(input: ReadPlanInput): Promise<ReadPlanResult> {
  let drawing: NormalisedDrawing;
  const viewId = input.corrections?.viewId;
  const page = viewId?.startsWith('page-') ? Number(viewId.slice(5)) : undefined;
  try {
    drawing = await normaliseDrawing({
      ...input,
      ...(page !== undefined ? { pdfPage: page } : {}),
      ...(viewId?.startsWith('view-') ? { cadViewId: viewId } : {}),
    });
  } catch (error) {
    if (error instanceof DrawingError)
      return { plan: checked(placeholderPlan(input.fileName, 'failed', error.message)) };
    throw error;
  }
  drawing = pictureReading(drawing);
  if (drawing.geometry.noPlanReason) {
    return { plan: checked({ ...emptyPlan(drawing), message: drawing.geometry.noPlanReason }), drawing };
  }
  try {
    return { plan: planFromDrawing(drawing, input.corrections), drawing };
  } catch (error) {
    if (error instanceof DrawingError) {
      return { plan: checked({ ...emptyPlan(drawing), status: 'failed', message: error.message }), drawing };
    }
    throw error;
  }
}

const checked = (plan: PlanModel): PlanModel => withIds({ ...plan, check: checkPlan(plan) });

/**
 * A picture that is line work is read two ways, its thin lines paired into walls as a CAD drawing's are and its ink
 * taken as walls: the reading whose rooms cover more of its walls' extent (a share, so the two readings' scales need
 * not agree). Double-line walls drawn in a pen's width are lines; poché, and hatching whose strokes run into the
 * faces, are ink.
 */
function pictureReading(drawing: NormalisedDrawing): NormalisedDrawing {
  const { pictureLines, ...ink } = drawing.geometry;
  if (!pictureLines) return drawing;
  const byInk: NormalisedDrawing = { ...drawing, geometry: ink };
  const byLines: NormalisedDrawing = {
    ...drawing,
    geometry: { ...ink, ...pictureLines, warnings: [...ink.warnings, ...pictureLines.warnings] },
  };
  return roomsCover(byLines) > roomsCover(byInk) ? byLines : byInk;
}

/** Share of the walls' extent the rooms of a reading cover (0 when it finds no walls). */
function roomsCover(drawing: NormalisedDrawing): number {
  let plan: Plan;
  try {
    plan = buildPlan(drawing);
  } catch (error) {
    if (error instanceof DrawingError) return 0;
    throw error;
  }
  const extent = boundsOfSegments(plan.walls.map((w): Segment => [w.x1, w.y1, w.x2, w.y2]));
  if (!extent) return 0;
  const area = (extent.maxX - extent.minX) * (extent.maxY - extent.minY);
  return area > 0 ? plan.rooms.reduce((sum, room) => sum + room.area, 0) / area : 0;
}

/** How a point of the normalised drawing's geometry maps into the uploaded file's own space. */
function sourceSpace(drawing: NormalisedDrawing) {
  const g = drawing.geometry;
  const t = g.pixelTransform;
  if (readFromVectors(drawing) || !t) {
    return {
      // A picture read from its lines is in its own pixels.
      units: (g.units === 'px' && drawing.kind !== 'image' ? 'unitless' : g.units) as PlanUnits,
      yDown: g.yDown,
      fromDrawing: (x: number, y: number): PlanPoint => [x, y],
      unitsPerDrawingUnit: 1,
    };
  }
  // Normalised pixel → original pixel (→ page points for a PDF).
  const points = drawing.kind === 'pdf' ? (g.source.pointsPerPixel ?? 1) : 1;
  return {
    units: (drawing.kind === 'pdf' ? 'pt' : 'px') as PlanUnits,
    yDown: true,
    fromDrawing: (x: number, y: number): PlanPoint => {
      const [ox, oy] = originalPixel(t, x, y);
      return [ox * points, oy * points];
    },
    unitsPerDrawingUnit: points / t.scale,
  };
}

function emptyPlan(drawing: NormalisedDrawing): PlanModel {
  const g = drawing.geometry;
  const space = sourceSpace(drawing);
  const points = drawing.kind === 'pdf' ? (g.source.pointsPerPixel ?? 1) : 1;
  const chosenView = g.views?.find((v) => v.id === g.viewId);
  // With no plan view, the sheet is described by its largest view (an elevation, a section…).
  const describing =
    chosenView ??
    (g.noPlanReason
      ? (g.views?.find((v) => v.kind === 'elevation' || v.kind === 'section') ??
        g.views?.find((v) => v.kind !== 'text'))
      : undefined);
  const preview = previewTransform(drawing);
  return {
    version: PLAN_MODEL_VERSION,
    status: 'ready',
    source: {
      format: g.source.format,
      ...(preview ? { previewTransform: preview } : {}),
      ...(describing ? { view: describing.label, viewKind: describing.kind } : {}),
      ...(g.views && g.views.length > 1 ? { views: g.views.map(planView) } : {}),
      ...(g.source.page ? { page: g.source.page } : {}),
      ...(g.source.pages ? { pageCount: g.source.pages } : {}),
      ...(g.source.originalWidth !== undefined
        ? { width: g.source.originalWidth * points, height: (g.source.originalHeight ?? 0) * points }
        : { width: g.bounds.maxX - g.bounds.minX, height: g.bounds.maxY - g.bounds.minY }),
    },
    space: {
      units: space.units,
      metresPerUnit: g.metresPerUnit ?? 1,
      scaleGuessed: g.metresPerUnit == null || (g.scaleSource ?? 'file') !== 'file',
      scaleSource: g.metresPerUnit == null ? 'guessed' : (g.scaleSource ?? 'file'),
      yDown: space.yDown,
    },
    walls: [],
    openings: [],
    rooms: [],
    warnings: [...g.warnings],
  };
}

/** A view as the plan model names it; vector views' coordinates are the file's own. */
function planView(view: NonNullable<NormalisedDrawing['geometry']['views']>[number]): PlanView {
  const { walls, ...rest } = view;
  if (!walls) return rest;
  return {
    ...rest,
    walls: walls.map(({ seg, thickness }) => ({ a: [seg[0], seg[1]], b: [seg[2], seg[3]], thickness })),
  };
}

/**
 * The file's space → its preview's pixels. Images are their own preview; PDF and CAD files show their normalised
 * line drawing (page points or drawing units → that PNG's pixels).
 */
function previewTransform(
  drawing: NormalisedDrawing,
): [number, number, number, number, number, number] | undefined {
  const g = drawing.geometry;
  if (drawing.kind === 'image') return [1, 0, 0, 0, 1, 0];
  if (drawing.kind === 'cad') return g.pngTransform;
  const t = g.pixelTransform;
  const pointsPerPixel = g.source.pointsPerPixel;
  if (!t || !pointsPerPixel) return undefined;
  const k = t.scale / pointsPerPixel;
  return [k, 0, -t.offsetX * t.scale, 0, k, -t.offsetY * t.scale];
}

/** The plan model of a normalised drawing: walls, openings and rooms mapped back into the file's own space. */
export function planFromDrawing(drawing: NormalisedDrawing, corrections?: PlanCorrections): PlanModel {
  const base = emptyPlan(drawing);
  const plan = buildPlan(drawing);
  const space = sourceSpace(drawing);
  const toSource = (x: number, y: number): PlanPoint => {
    const [dx, dy] = plan.fromWorld(x, y);
    return space.fromDrawing(dx, dy);
  };
  // Metres per unit of the file's own space.
  const metresPerUnit = plan.metresPerUnit / space.unitsPerDrawingUnit;
  const unitsPerMetre = 1 / metresPerUnit;
  const walls = plan.walls.map((w) => ({
    a: toSource(w.x1, w.y1),
    b: toSource(w.x2, w.y2),
    thickness: w.t * unitsPerMetre,
  }));
  const openings = plan.openings.map((o) => ({
    kind: o.kind,
    a: toSource(o.x1, o.y1),
    b: toSource(o.x2, o.y2),
  }));
  const words = (drawing.geometry.texts ?? []).map((t) => ({
    text: t.text,
    at: space.fromDrawing(t.x, t.y),
  }));
  const rooms = roomsOf(plan, toSource).map((room) => ({
    ...room,
    label: roomLabel(words, room.polygon, space.yDown),
  }));
  const stairs = (drawing.geometry.stairs ?? []).map(({ outline, treads, climbDrawn }) => {
    const [a, b, c, d] = outline.map(([x, y]) => space.fromDrawing(x, y));
    return {
      outline: [a!, b!, c!, d!] as PlanStair['outline'],
      treads,
      ...(climbDrawn ? { climbDrawn } : {}),
    };
  });
  const scaleGuessed = corrections?.metresPerUnit === undefined && plan.scaleGuessed;
  const wallDrawing = describeWallDrawing(walls, metresPerUnit, drawing.geometry.wallLines);
  const model: PlanModel = {
    ...base,
    ...(wallDrawing ? { source: { ...base.source, wallDrawing } } : {}),
    space: {
      ...base.space,
      metresPerUnit,
      scaleGuessed,
      scaleSource: scaleGuessed
        ? drawing.geometry.scaleSource === 'inferred' || plan.scaleInferred
          ? 'inferred'
          : 'guessed'
        : 'file',
      bounds: boundsOfPoints(walls.flatMap((w) => [w.a, w.b])) ?? undefined,
    },
    walls,
    openings,
    rooms,
    ...(stairs.length ? { stairs } : {}),
  };
  const evidence = readEvidence(drawing, model);
  const withEvidence = checked(evidence ? { ...model, evidence } : model);
  return corrections ? applyCorrections(withEvidence, corrections) : withEvidence;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Each enclosed room of the plan's grid as an outline polygon in the file's space, with its area. */
function roomsOf(plan: Plan, toSource: (x: number, y: number) => PlanPoint): PlanRoom[] {
  const { grid } = plan;
  const rooms: PlanRoom[] = [];
  plan.rooms.forEach((room, index) => {
    const outline = traceRegionOutline(grid.room, grid.w, grid.h, index + 1);
    if (!outline || polygonArea(outline) < 1) return;
    rooms.push({
      polygon: outline.map(([x, y]) => toSource(grid.ox + x * grid.cell, grid.oy + y * grid.cell)),
      areaM2: round2(room.area),
      label: null,
    });
  });
  return rooms;
}
