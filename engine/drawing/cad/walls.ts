/**
 * From the flattened CAD drawing to walls: the sheet is split into views, each view is named (plan, elevation,
 * section) from its titles, layers and geometry, the plan view is chosen, the scale is checked against door swings
 * and wall thicknesses, and double-line walls are paired into walls with their thickness.
 */
import {
  boundsOfSegments,
  gridAlongSegments,
  gridCellKey,
  indexCellSize,
  median,
  pointSegmentDistance,
  weightedQuantile,
} from '../../../shared/plan/geometry';
import { MAX_PLAN_STAIRS } from '../../../shared/plan/schema';
import { dimensionScale } from '../dimension-scale';
import type { Arc, Bounds, DrawingStair, Segment, WallLines } from '../types';
import { isDoorLayer, isNotWallLayer, isWallLayer, kindNamedBy, namesARoom } from '../vocabulary';
import { withoutThingsAgainstWalls } from './against-walls';
import { linesCuttingWalls } from './crossings';
import { beyondDimensionChains } from './dimension-frame';
import { pavingLines, stairFlights, stairTreads } from './even-runs';
import { glazing } from './glazing';
import { labelledBubbles, linesToBubbles } from './grid-axes';
import { keepHatchedStretches } from './hatched-walls';
import type { Flattened, PlacedText, Stroke } from './model';
import { drawnInSingleLines } from './single-line';
import { stackedSteps } from './steps';
import { withoutIsolatedStubs } from './stubs';
import { arrows, voidCrosses } from './symbols';
import { borderSegments, clusterViews, type ViewClusters } from './views';
import { facesOfWalls } from './wall-faces';
import { pairParallelLines } from './wall-pairs';
import { cutAtWindowMarks } from './window-marks';

export type CadViewKind = 'plan' | 'elevation' | 'section' | 'text' | 'unknown';

export interface CadView {
  id: string;
  label: string;
  kind: CadViewKind;
  bounds: Bounds;
  /**
   * The walls of another plan of the same building on the sheet (a second state, a services plan over the same
   * walls, another floor), for the overlay; the 3D model is built from the chosen view only.
   */
  walls?: { seg: Segment; thickness: number }[];
}

export type ScaleSource = 'file' | 'inferred' | 'guessed';

export interface WallSplit {
  /** Wall centrelines, drawing units. */
  walls: Segment[];
  /** Thickness of each wall, drawing units. */
  thickness: number[];
  /** Unpaired lines touching walls: not walls, but they close rooms (the faces of a wall mass, a jamb). */
  closers: Segment[];
  details: Segment[];
  /** Line work known not to be walls (stair treads, paving, a void's cross, a walking arrow), drawing units. */
  symbols: Segment[];
  /** The flights of stairs among them (found by their treads), drawing units. */
  stairs: DrawingStair[];
  arcs: Arc[];
  warnings: string[];
  metresPerUnit: number;
  scaleSource: ScaleSource;
  views: CadView[];
  /** The view the walls come from (null when none holds a plan). */
  view: CadView | null;
  /** How the walls read are drawn (absent when none were read). */
  wallLines?: WallLines;
  /** Why there are no walls, in words for the user. */
  noPlanReason?: string;
}

interface Limits {
  maxWallSegments: number;
  maxDetailSegments: number;
  maxArcs: number;
}

/** Standard drawing units, metres per unit. */
const UNIT_CANDIDATES = [1, 0.01, 0.001, 0.0254, 0.3048];
/** Metres per PDF point. */
const POINT_M = 0.0254 / 72;
/**
 * Scales a sheet is plotted at, as metres per point: metric 1:20 to 1:500, imperial 1" = 1'-0" to 1/16" = 1'-0",
 * and AutoCAD's 1 point = 1 inch.
 */
const PLOT_SCALE_CANDIDATES = [
  20, 25, 50, 75, 100, 125, 150, 200, 250, 300, 500, 12, 24, 32, 48, 64, 72, 96, 128, 192,
].map((ratio) => ratio * POINT_M);
const DOOR_WIDTH_M = 0.85;
const WALL_GAP_M = { min: 0.05, max: 0.6, maxMassive: 1.0 };
/** Walls this thick or more are massive masonry. */
const MASSIVE_WALL_M = 0.3;
const NOMINAL_WALL_M = 0.15;
/** The tallest texts of a view or sheet read for its title. */
const TITLES_READ = 6;
/** A single line shorter than this is a symbol's stroke, not a wall. */
const SINGLE_WALL_MIN_M = 0.3;
/** A line on a door layer this long is longer than any leaf or frame: a partition's face. */
const PARTITION_FACE_M = 1.8;

const segLength = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);

/** Quarter arcs (60–120°): door swings. */
function isSwing(a: Arc): boolean {
  let sweep = a.end - a.start;
  while (sweep <= 0) sweep += Math.PI * 2;
  return sweep >= Math.PI / 3 && sweep <= (2 * Math.PI) / 3;
}

/**
 * A swing belongs to the view its hinge lies in or beside, within this share of its radius: a door hung on the
 * outermost line of a building has its hinge on the view's very edge, where a fitted centre may fall just outside.
 */
const HINGE_REACH = 0.1;

const inside = (b: Bounds, x: number, y: number, margin = 0) =>
  x >= b.minX - margin && x <= b.maxX + margin && y >= b.minY - margin && y <= b.maxY + margin;

export function splitWalls(
  flat: Flattened,
  fileMetresPerUnit: number | null,
  limits: Limits,
  /** The view the user chose as the plan, by id. */
  viewId?: string,
  /** The units are a plotted sheet's points: any scale is possible, not only a CAD unit. */
  plotted = false,
  /** The lines are one drawing already (a view cut from a picture of several): not split into views again. */
  oneView = false,
): WallSplit {
  const warnings: string[] = [];
  const segments = flat.strokes.map((s) => s.seg);
  const sheet = boundsOfSegments(segments) ?? { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  const scale = chooseScale(flat, fileMetresPerUnit, sheet, plotted);
  const { described, views } = viewsOfSheet(flat, sheet, scale, plotted, oneView);
  const candidates = described.filter((d) => d.view.kind === 'plan' || d.view.kind === 'unknown');
  candidates.sort((p, q) => q.score - p.score);
  const picked = oneView ? described[0] : viewId ? described.find((d) => d.view.id === viewId) : undefined;
  if (viewId && !picked)
    warnings.push(`There is no ${viewId} on this sheet; the plan view was chosen instead.`);
  const chosen = picked ?? candidates[0];
  if (!chosen || chosen.pairedLength + chosen.singleLength === 0)
    return noPlanFound(flat, described, views, sheet, scale);
  warnings.push(...otherViewNotes(described, chosen, limits));
  const { walls, thickness } = keptWalls(flat, chosen, scale, limits, warnings);
  const used = new Set(chosen.usedStrokes);
  let details = chosen.members
    .filter((i) => !used.has(i) && !flat.strokes[i]!.curved)
    .map((i) => segments[i]!);
  if (details.length > limits.maxDetailSegments) {
    details = [...details].sort((a, b) => segLength(b) - segLength(a)).slice(0, limits.maxDetailSegments);
  }
  const arcs = flat.arcs
    .filter((a) => inside(chosen.view.bounds, a.cx, a.cy, a.r * HINGE_REACH))
    .slice(0, limits.maxArcs)
    .map(({ cx, cy, r, start, end }) => ({ cx, cy, r, start, end }));
  if (scale.source === 'inferred' && scale.note) warnings.push(scale.note);
  const wallLines = wallLinesOf(chosen, flat);
  return {
    ...(wallLines ? { wallLines } : {}),
    walls,
    thickness,
    closers: chosen.closers.slice(0, limits.maxDetailSegments),
    details,
    symbols: chosen.symbolStrokes.slice(0, limits.maxDetailSegments).map((i) => segments[i]!),
    stairs: stairFlights(
      chosen.members.filter((i) => !used.has(i) && !flat.strokes[i]!.curved).map((i) => segments[i]!),
      scale.metresPerUnit,
      flat.texts.filter((t) => inside(chosen.view.bounds, t.x, t.y)),
    ).slice(0, MAX_PLAN_STAIRS),
    arcs,
    warnings,
    metresPerUnit: scale.metresPerUnit,
    scaleSource: scale.source,
    views,
    view: chosen.view,
  };
}

/** The layers named when saying how the walls are drawn, at most. */
const WALL_LAYERS_NAMED = 3;
/** Layer names that are the reader's own (a PDF's pens, a raster page's lines): not the author's words. */
const UNNAMED_LAYER = /^(pdf pen|raster line)/;

/**
 * How the chosen view's walls are drawn: the length read from pairs of lines and from single lines (metres), and the
 * layers holding most of their line work (by length; the reader's own names for a PDF's pens left out).
 */
function wallLinesOf(chosen: DescribedView, flat: Flattened): WallLines | undefined {
  if (chosen.pairedLength + chosen.singleLength === 0) return undefined;
  const byLayer = new Map<string, number>();
  for (const i of chosen.usedStrokes) {
    const stroke = flat.strokes[i]!;
    byLayer.set(stroke.layer, (byLayer.get(stroke.layer) ?? 0) + segLength(stroke.seg));
  }
  const layers = [...byLayer]
    .filter(([name]) => !UNNAMED_LAYER.test(name))
    .sort((p, q) => q[1] - p[1])
    .slice(0, WALL_LAYERS_NAMED)
    .map(([name]) => name);
  return {
    pairedM: Math.round(chosen.pairedLength * 10) / 10,
    singleM: Math.round(chosen.singleLength * 10) / 10,
    layers,
  };
}

/** The sheet's views (split by white space, the border set aside), described and named as a reader numbers them. */
function viewsOfSheet(
  flat: Flattened,
  sheet: Bounds,
  scale: Scale,
  plotted: boolean,
  oneView: boolean,
): { described: DescribedView[]; views: CadView[] } {
  const segments = flat.strokes.map((s) => s.seg);
  const border = borderSegments(segments, sheet, {
    min: WALL_GAP_M.min / scale.metresPerUnit,
    max: WALL_GAP_M.max / scale.metresPerUnit,
  });
  const members = oneView
    ? [segments.map((_, i) => i)]
    : withEnclosedParts(
        clusterViews(segments, border, sheet),
        flat,
        FREE_STANDING_MIN_M / scale.metresPerUnit,
      );
  const minStrokes = Math.max(8, Math.floor(flat.strokes.length * 0.01));
  const described = members
    .map((list, v) => ({ v, list }))
    .filter(({ list }) => list.length >= minStrokes)
    .sort((a, b) => b.list.length - a.list.length)
    .slice(0, 24)
    .map(({ v, list }) => describeView(v, list, flat, scale.metresPerUnit, plotted));
  // Views named left to right, top to bottom, as a reader would number them.
  const ordered = [...described].sort(
    (p, q) =>
      Math.round((q.bounds.maxY - p.bounds.maxY) / ((sheet.maxY - sheet.minY) * 0.2 || 1)) ||
      p.bounds.minX - q.bounds.minX,
  );
  ordered.forEach((d, i) => {
    d.view.id = `view-${i + 1}`;
    if (!d.title) d.view.label = `View ${i + 1}${d.view.kind !== 'unknown' ? ` (${d.view.kind})` : ''}`;
  });
  return { described, views: ordered.map((d) => d.view) };
}

/**
 * A drawing standing free inside another at least this long (metres) is part of the building (a screen, a core, a
 * room divider is as long as a bed or more); shorter ones are furniture and fixtures (a shelf, a radiator, a column).
 */
const FREE_STANDING_MIN_M = 1.8;
/**
 * A part standing free inside a building covers a small share of the building's extent; a plan inside a sheet
 * frame or a site drawn round it covers more (the frame and the site are drawn round the plan, not the reverse).
 */
const MAX_PART_SHARE = 0.1;

/**
 * Strokes per view, a cluster enclosed by a larger one (a free-standing wall or a core in a room) joined to it: it
 * is part of that drawing, not a view of its own. A titled view stays a view; one shorter than `minExtent` (drawing
 * units) is left out with the furniture; one covering more than a tenth of the other's extent is a plan inside a
 * frame or a site, not a part of it.
 */
function withEnclosedParts(clusters: ViewClusters, flat: Flattened, minExtent: number): number[][] {
  const { view, count, enclosedBy, inkCells } = clusters;
  const members: number[][] = Array.from({ length: count }, () => []);
  view.forEach((v, i) => {
    if (v >= 0) members[v]!.push(i);
  });
  const extents = members.map((list) => boundsOfSegments(list.map((i) => flat.strokes[i]!.seg)));
  const area = (b: Bounds) => (b.maxX - b.minX) * (b.maxY - b.minY);
  const partOf = (r: number, outer: number) => {
    const bounds = extents[r];
    const around = extents[outer];
    if (!bounds || !around) return false;
    const size = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
    return (
      size >= minExtent &&
      area(bounds) <= area(around) * MAX_PART_SHARE &&
      titleNaming(flat.texts.filter((t) => inside(bounds, t.x, t.y, size * 0.12))) === null
    );
  };
  const joinedTo = Int32Array.from({ length: count }, (_, r) => {
    const outer = enclosedBy[r]!;
    return outer >= 0 && inkCells[outer]! > inkCells[r]! && partOf(r, outer) ? outer : r;
  });
  const root = (r: number): number => {
    let at = r;
    for (let hops = 0; joinedTo[at] !== at && hops < count; hops++) at = joinedTo[at]!;
    return at;
  };
  const joined: number[][] = Array.from({ length: count }, () => []);
  members.forEach((list, r) => {
    const into = joined[root(r)]!;
    for (const i of list) into.push(i);
  });
  return joined;
}

/** No view holds walls: why, in words (an elevation, a section, layers off), with the views found. */
function noPlanFound(
  flat: Flattened,
  described: DescribedView[],
  views: CadView[],
  sheet: Bounds,
  scale: Scale,
): WallSplit {
  const kinds = new Set(described.map((d) => d.view.kind));
  // A sheet too small to hold a view of its own still says what it is in its largest lettering.
  const sheetTitle = described.length
    ? null
    : titleNaming(flat.texts, (kind) => kind === 'elevation' || kind === 'section');
  if (sheetTitle) {
    kinds.add(sheetTitle.kind);
    views.push({ id: 'view-1', label: sheetTitle.text, kind: sheetTitle.kind, bounds: sheet });
  }
  const reason = kinds.has('elevation')
    ? 'No walls found: this looks like an elevation, not a plan. Upload the floor plan, or pick the view that holds it.'
    : kinds.has('section')
      ? 'No walls found: this looks like a section, not a plan. Upload the floor plan, or pick the view that holds it.'
      : 'No walls found in this drawing. Check that the plan is in model space and its wall layers are on.';
  return {
    walls: [],
    thickness: [],
    closers: [],
    details: [],
    symbols: [],
    stairs: [],
    arcs: [],
    warnings: [reason],
    metresPerUnit: scale.metresPerUnit,
    scaleSource: scale.source,
    views,
    view: null,
    noPlanReason: reason,
  };
}

/** What the user is told about the sheet's other views; other plans of the building get their walls to show. */
function otherViewNotes(described: DescribedView[], chosen: DescribedView, limits: Limits): string[] {
  const notes: string[] = [];
  if (described.length > 1) {
    const others = described.filter((d) => d !== chosen && d.view.kind !== 'text');
    if (others.length) {
      notes.push(
        `This sheet holds ${others.length + 1} views; the plan was read from ${chosen.view.label}. Pick another view if that is not the plan.`,
      );
    }
  }
  const siblings = siblingPlans(described, chosen, limits.maxWallSegments);
  for (const sibling of siblings) sibling.view.walls = sibling.walls;
  if (siblings.length) {
    const names = siblings
      .map((d) => d.view.label)
      .join(', ')
      .replace(/, ([^,]*)$/, ' and $1');
    notes.push(
      siblings.length > 1
        ? `${names} hold other plans of the building (their walls are shown in grey); only ${chosen.view.label} is built in 3D.`
        : `${names} holds another plan of the building (its walls are shown in grey); only ${chosen.view.label} is built in 3D.`,
    );
  }
  return notes;
}

/**
 * The chosen view's walls, without steps drawn as nested outlines and the context beyond its exterior dimension
 * chains, the longest kept when there are too many (with a warning).
 */
function keptWalls(
  flat: Flattened,
  chosen: DescribedView,
  scale: Scale,
  limits: Limits,
  warnings: string[],
): { walls: Segment[]; thickness: number[] } {
  const steps = stackedSteps(chosen.walls, scale.metresPerUnit);
  const outside = beyondDimensionChains(
    chosen.walls.map((w) => w.seg),
    flat.texts.filter((t) => inside(chosen.view.bounds, t.x, t.y)),
    scale.metresPerUnit,
  );
  const kept = chosen.walls.filter((_, i) => !steps.has(i) && !outside.has(i));
  const walls = kept.map((w) => w.seg);
  const thickness = kept.map((w) => w.thickness);
  if (walls.length <= limits.maxWallSegments) return { walls, thickness };
  warnings.push(
    `The drawing has ${walls.length} wall segments; the ${limits.maxWallSegments} longest were kept for the 3D model.`,
  );
  const order = walls.map((_, i) => i).sort((a, b) => segLength(walls[b]!) - segLength(walls[a]!));
  const keep = order.slice(0, limits.maxWallSegments);
  return { walls: keep.map((i) => walls[i]!), thickness: keep.map((i) => thickness[i]!) };
}

/** Other plans kept with their walls at most (a sheet of many variants shows the first few). */
const MAX_SIBLING_PLANS = 4;

/**
 * Other views that are plans of the same building: plan-like, about the chosen plan's size (within a factor of 1.5
 * each way) and with at least half its length of paired walls. A sheet's site plan, details and schedules differ in
 * size or in walls. The best-scored first, up to four, and no more walls in all than `maxWalls`.
 */
function siblingPlans(described: DescribedView[], chosen: DescribedView, maxWalls: number): DescribedView[] {
  const width = (b: Bounds) => b.maxX - b.minX;
  const height = (b: Bounds) => b.maxY - b.minY;
  const near = (a: number, b: number) => a > 0 && b > 0 && Math.max(a / b, b / a) <= 1.5;
  const alike = described
    .filter(
      (d) =>
        d !== chosen &&
        (d.view.kind === 'plan' || d.view.kind === 'unknown') &&
        d.pairedLength >= chosen.pairedLength * 0.5 &&
        near(width(d.bounds), width(chosen.bounds)) &&
        near(height(d.bounds), height(chosen.bounds)),
    )
    .sort((p, q) => q.score - p.score);
  const kept: DescribedView[] = [];
  let walls = 0;
  for (const d of alike.slice(0, MAX_SIBLING_PLANS)) {
    if (walls + d.walls.length > maxWalls) break;
    walls += d.walls.length;
    kept.push(d);
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------------------------
// Scale

interface Scale {
  metresPerUnit: number;
  source: ScaleSource;
  note?: string;
}

/**
 * The scale several of the sheet's written dimensions agree on (the figure over a dimension line against the line's
 * length between its extension lines), when it gives a plausible size for what is drawn; null otherwise.
 */
function dimensionScaleOf(flat: Flattened, extent: number): Scale | null {
  const straight = flat.strokes.filter((s) => !s.curved).map((s) => s.seg);
  const found = dimensionScale(flat.texts, straight);
  if (!found || extent * found.metresPerPixel < 3 || extent * found.metresPerPixel > 1000) return null;
  return {
    metresPerUnit: found.metresPerPixel,
    source: 'inferred',
    note: `The sheet does not state its scale; the scale was taken from ${found.agreeing} dimensions written on it.`,
  };
}

/**
 * The file's units when door swings or wall thicknesses agree with them; otherwise the standard unit that makes
 * doors about 0.85 m wide, or walls 5–60 cm thick (files often carry `$INSUNITS` that disagree with their geometry).
 */
export function chooseScale(
  flat: Flattened,
  fileMetresPerUnit: number | null,
  sheet: Bounds,
  plotted = false,
): Scale {
  // A sheet's stated scale ("1:50") is its author's word: doors and walls are not asked.
  if (plotted && fileMetresPerUnit !== null) return { metresPerUnit: fileMetresPerUnit, source: 'file' };
  const extent = Math.max(sheet.maxX - sheet.minX, sheet.maxY - sheet.minY);
  // A plot without a stated scale that writes its dimensions states it all the same: the figures against the lines.
  const dimensioned = plotted ? dimensionScaleOf(flat, extent) : null;
  if (dimensioned) return dimensioned;
  const swingRadius = doorSwingRadius(flat, false);
  const plausibleDoor = (mpu: number) => swingRadius !== null && isDoorWidth(swingRadius * mpu);
  if (swingRadius !== null) {
    if (fileMetresPerUnit !== null && plausibleDoor(fileMetresPerUnit)) {
      return { metresPerUnit: fileMetresPerUnit, source: 'file' };
    }
    if (plotted) {
      return {
        metresPerUnit: DOOR_WIDTH_M / swingRadius,
        source: 'inferred',
        note: 'The sheet does not state its scale; the scale was taken from the doors.',
      };
    }
    const best = [...UNIT_CANDIDATES].sort(
      (a, b) =>
        Math.abs(Math.log((swingRadius * a) / DOOR_WIDTH_M)) -
        Math.abs(Math.log((swingRadius * b) / DOOR_WIDTH_M)),
    )[0]!;
    if (plausibleDoor(best)) {
      return {
        metresPerUnit: best,
        source: 'inferred',
        note: fileMetresPerUnit
          ? `The file's units disagree with its door sizes; the scale was taken from the doors (${unitName(best)}).`
          : `The file does not state its units; the scale was taken from the doors (${unitName(best)}).`,
      };
    }
  }
  // Swings drawn as runs of chords that no unit makes doors: a sheet drawn to a scale of its own (a plot laid out
  // in model space). Where a unit does fit them they decide nothing: the walls do.
  const chordRadius = swingRadius === null ? doorSwingRadius(flat, true) : null;
  if (chordRadius !== null && !UNIT_CANDIDATES.some((mpu) => isDoorWidth(chordRadius * mpu))) {
    const fromDoors = DOOR_WIDTH_M / chordRadius;
    if (extent * fromDoors >= 3 && extent * fromDoors <= 1000) {
      return {
        metresPerUnit: fromDoors,
        source: 'inferred',
        note: 'No drawing unit gives doors of a usual size; the scale was taken from the doors, taken as 0.85 m wide.',
      };
    }
  }
  // No door swings: the units under which most line length pairs into walls of a plausible thickness.
  const straight = flat.strokes.filter((s) => !s.curved && !isNotWallLayer(s.layer)).map((s) => s.seg);
  const sample =
    straight.length > 6000
      ? straight.filter((_, i) => i % Math.ceil(straight.length / 6000) === 0)
      : straight;
  const candidates = plotted ? PLOT_SCALE_CANDIDATES : UNIT_CANDIDATES;
  const options =
    fileMetresPerUnit !== null && !candidates.includes(fileMetresPerUnit)
      ? [fileMetresPerUnit, ...candidates]
      : candidates;
  const pairedLength = (mpu: number) => {
    if (extent * mpu < 2 || extent * mpu > 3000) return 0;
    const { walls } = pairParallelLines(sample, {
      minGap: WALL_GAP_M.min / mpu,
      maxGap: WALL_GAP_M.max / mpu,
      minOverlap: 0.3 / mpu,
    });
    // Plot scales are compared by the length of drawing that pairs (in metres, a larger scale would win by its
    // size alone); CAD units, orders of magnitude apart, by metres.
    return walls.reduce((sum, w) => sum + segLength(w.seg) * (plotted ? 1 : mpu), 0);
  };
  const scored = options.map((mpu) => ({ mpu, length: pairedLength(mpu) }));
  const best = scored.reduce((a, b) => (b.length > a.length ? b : a));
  if (fileMetresPerUnit !== null) {
    const file = scored.find((s) => s.mpu === fileMetresPerUnit)!;
    if (file.length >= best.length * 0.6 && extent * fileMetresPerUnit >= 2) {
      return { metresPerUnit: fileMetresPerUnit, source: 'file' };
    }
  }
  if (best.length > 0) {
    return {
      metresPerUnit: best.mpu,
      source: 'inferred',
      note: fileMetresPerUnit
        ? `The file's units disagree with its wall thicknesses; the scale was taken from the walls (${unitName(best.mpu)}).`
        : `The file does not state its units; the scale was taken from the walls (${unitName(best.mpu)}).`,
    };
  }
  if (fileMetresPerUnit !== null) return { metresPerUnit: fileMetresPerUnit, source: 'file' };
  return { metresPerUnit: extent >= 3000 ? 0.001 : extent >= 300 ? 0.01 : 1, source: 'guessed' };
}

/** A door's width in metres, as a swing's radius gives it: 0.55 to 1.4 m. */
const isDoorWidth = (metres: number) => metres >= 0.55 && metres <= 1.4;

/**
 * The radius of the drawing's door swings: quarter arcs, preferring those on door layers and those drawn with their leaf (a line from the
 * hinge, the arc's centre, as long as the radius), which furniture, trees and symbols lack; arcs drawn as arcs, or
 * (`chords`) those found in polylines of chords. Null without swings.
 */
function doorSwingRadius(flat: Flattened, chords: boolean): number | null {
  const all = flat.arcs.filter((a) => isSwing(a) && (a.fromChords === true) === chords);
  if (all.length === 0) return null;
  // Swings on a layer named for doors, when there are any.
  const onDoorLayers = all.filter((a) => isDoorLayer(a.layer));
  const swings = onDoorLayers.length >= 2 ? onDoorLayers : all;
  const ends = new Map<string, number[]>();
  const swingSet = new Set(swings.map((a) => a.r));
  const cell = Math.max(...swingSet) * 0.1 || 1;
  const key = (x: number, y: number) => `${Math.round(x / cell)},${Math.round(y / cell)}`;
  for (const { seg, curved } of flat.strokes) {
    if (curved) continue;
    const length = Math.hypot(seg[2] - seg[0], seg[3] - seg[1]);
    for (const [x, y] of [
      [seg[0], seg[1]],
      [seg[2], seg[3]],
    ] as const) {
      const list = ends.get(key(x, y)) ?? [];
      list.push(length);
      ends.set(key(x, y), list);
    }
  }
  const leafed = swings.filter((a) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const lengths = ends.get(`${Math.round(a.cx / cell) + dx},${Math.round(a.cy / cell) + dy}`) ?? [];
        if (lengths.some((l) => l >= a.r * 0.85 && l <= a.r * 1.15)) return true;
      }
    }
    return false;
  });
  return median((leafed.length >= 2 ? leafed : swings).map((a) => a.r));
}

function unitName(mpu: number): string {
  return mpu === 1
    ? 'metres'
    : mpu === 0.01
      ? 'centimetres'
      : mpu === 0.001
        ? 'millimetres'
        : mpu === 0.0254
          ? 'inches'
          : mpu === 0.3048
            ? 'feet'
            : `${mpu} m per unit`;
}

// ---------------------------------------------------------------------------------------------------------------
// Views

interface DescribedView {
  view: CadView;
  bounds: Bounds;
  title: string | null;
  members: number[];
  walls: { seg: Segment; thickness: number }[];
  closers: Segment[];
  usedStrokes: number[];
  /** Strokes known not to be walls (stair treads, paving, symbols). */
  symbolStrokes: number[];
  pairedLength: number;
  singleLength: number;
  score: number;
}

function describeView(
  v: number,
  list: number[],
  flat: Flattened,
  mpu: number,
  plotted: boolean,
): DescribedView {
  const strokes = list.map((i) => flat.strokes[i]!);
  const bounds = boundsOfSegments(strokes.map((s) => s.seg))!;
  const size = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
  const near = (t: PlacedText) => inside(bounds, t.x, t.y, size * 0.12);
  const texts = flat.texts.filter(near);
  const swings = flat.arcs.filter(
    (a) =>
      isSwing(a) &&
      inside(bounds, a.cx, a.cy) &&
      a.r * mpu >= 0.45 &&
      a.r * mpu <= 1.6 &&
      !isNotWallLayerForDoors(a.layer),
  ).length;

  // Names from titles (the tallest texts first) and from layers.
  const titled = titleNaming(texts);
  const title = titled?.text ?? null;
  const named: CadViewKind | null = titled?.kind ?? kindByLayers(strokes);
  const roomNames = texts.filter((t) => namesARoom(t.text)).length;

  const { walls, closers, used, symbols, pairedLength, singleLength, horizontalShare } = wallsOfView(
    list,
    flat,
    mpu,
    plotted,
  );
  let kind: CadViewKind = named ?? 'unknown';
  if (!named) {
    if (swings > 0 || roomNames > 0) kind = 'plan';
    else if (pairedLength > 0 && (horizontalShare > 0.85 || horizontalShare < 0.15)) kind = 'elevation';
    else if (pairedLength + singleLength === 0 && texts.length > strokes.length / 4) kind = 'text';
  }
  const score =
    (pairedLength + singleLength * 0.5) * (swings > 0 || roomNames > 0 || named === 'plan' ? 2 : 1);
  return {
    view: { id: `view-${v + 1}`, label: title ?? '', kind, bounds },
    bounds,
    title,
    members: list,
    walls,
    closers,
    usedStrokes: used,
    symbolStrokes: symbols,
    pairedLength,
    singleLength,
    score,
  };
}

/** The tallest of the few tallest texts that names a kind of view `accept`s (any by default), if one does. */
function titleNaming(
  texts: readonly PlacedText[],
  accept: (kind: CadViewKind) => boolean = () => true,
): { kind: CadViewKind; text: string } | null {
  const tallest = [...texts].sort((a, b) => b.height - a.height).slice(0, TITLES_READ);
  for (const t of tallest) {
    const kind = kindNamedBy(t.text);
    if (kind && accept(kind)) return { kind, text: t.text };
  }
  return null;
}

/** Door arcs live on door layers, so only layers that are clearly something else rule an arc out. */
const isNotWallLayerForDoors = (layer: string) =>
  /dim|text|anno|grid|axis|title|border|symbol|furn/i.test(layer);

function kindByLayers(strokes: Stroke[]): CadViewKind | null {
  const byKind = new Map<CadViewKind, number>();
  let total = 0;
  for (const s of strokes) {
    const len = segLength(s.seg);
    total += len;
    const kind = kindNamedBy(s.layer.replace(/[-_]/g, ' '));
    if (kind === 'elevation' || kind === 'section') byKind.set(kind, (byKind.get(kind) ?? 0) + len);
  }
  for (const [kind, len] of byKind) if (len >= total * 0.5) return kind;
  return null;
}

/**
 * Door leaves: a straight line from a swing's centre (the hinge) to one end of the swing, open or closed. A wall
 * line that runs on from the hinge away from the door is not one, however long.
 */
function doorLeaves(strokes: Stroke[], arcs: Arc[]): Set<Stroke> {
  const leaves = new Set<Stroke>();
  const swings = arcs.filter(isSwing);
  if (!swings.length) return leaves;
  const near = (x: number, y: number, px: number, py: number, r: number) => Math.hypot(x - px, y - py) <= r;
  for (const s of strokes) {
    const [x1, y1, x2, y2] = s.seg;
    for (const a of swings) {
      const hingeAt1 = near(x1, y1, a.cx, a.cy, a.r * 0.08);
      if (!hingeAt1 && !near(x2, y2, a.cx, a.cy, a.r * 0.08)) continue;
      const [fx, fy] = hingeAt1 ? [x2, y2] : [x1, y1];
      const reach = a.r * 0.2;
      const atSwingEnd = [a.start, a.end].some((t) =>
        near(fx, fy, a.cx + a.r * Math.cos(t), a.cy + a.r * Math.sin(t), reach),
      );
      if (atSwingEnd) {
        leaves.add(s);
        break;
      }
    }
  }
  return leaves;
}

/**
 * The walls of one view. `plotted`: the lines come from a PDF plot, whose clipped hatching was left out when it
 * was flattened (so a plot's walls cannot be told hatched or not).
 */
function wallsOfView(list: number[], flat: Flattened, mpu: number, plotted: boolean) {
  const { straight, useWallLayers, pairOnly, ...found } = wallCandidates(list, flat, mpu);
  const { candidates, closingLines, symbols } = withoutSymbols(found.candidates, flat, mpu);
  const segs = candidates.map((i) => flat.strokes[i]!.seg);
  const { walls: pairs, paired, remainders, maxGap } = pairedFaces(segs, useWallLayers, mpu);
  // Where the walls are hatched, a stretch between two lines without hatch is a window box, a step or a sill.
  const kept = withoutThingsAgainstWalls(usualPairs(pairs, mpu), maxGap, mpu);
  const hatched = plotted
    ? { walls: kept, cut: [] }
    : keepHatchedStretches(
        kept,
        straight.map((i) => flat.strokes[i]!.seg),
        mpu,
      );
  const walls = hatched.walls;
  closingLines.push(...hatched.cut);
  let used: number[] = candidates.filter((_, k) => paired[k]);
  // Where single lines are the walls (on one layer with everything else), what paired is glass, furniture or
  // counters, and a wall line that a piece of furniture pairs with along a short stretch is still a wall.
  const mostlyUnpaired =
    useWallLayers || walls.length === 0 ? [] : linesMostlyUnpaired(candidates, paired, remainders, flat);
  const singleLineWalls =
    mostlyUnpaired.length > 0 &&
    drawnInSingleLines(
      walls,
      mostlyUnpaired.filter(({ seg }) => segLength(seg) * mpu >= SINGLE_WALL_MIN_M).map(({ seg }) => seg),
      mpu,
    );
  if (singleLineWalls) {
    walls.length = 0;
    used = [];
  }
  // Unpaired lines, and on wall layers what is left of a face beyond the wall it pairs into (a face that runs on
  // as a single line).
  const singles = singleLineWalls
    ? mostlyUnpaired
    : candidates
        .map((i, k) => ({ i, seg: flat.strokes[i]!.seg, whole: !paired[k] }))
        .filter(({ i, whole }) => whole && !flat.strokes[i]!.curved && !pairOnly.has(i));
  let singleLength = 0;
  // Lines left unpaired are single-line walls where the layers say walls, or where nothing else is the walls.
  if (useWallLayers || walls.length === 0) {
    if (useWallLayers) {
      for (const r of remainders) {
        const i = candidates[r.index]!;
        if (!flat.strokes[i]!.curved && !pairOnly.has(i)) singles.push({ i, seg: r.seg, whole: false });
      }
    }
    const faces = facesOfWalls(
      singles.map(({ seg }) => seg),
      walls,
      mpu,
    );
    const lines = singles.filter((_, k) => !faces.has(k));
    // A wall line that runs on through its windows is cut there, so that they are openings.
    const cut = cutAtWindowMarks(
      lines.map(({ seg }) => seg),
      straight.map((i) => flat.strokes[i]!.seg),
      mpu,
    ).map(({ seg, from }) => ({ ...lines[from]!, seg }));
    singleLength = addSingleLineWalls(walls, cut, used, useWallLayers, mpu);
  }
  const { pairedLength, horizontalShare } = pairedExtent(singleLineWalls ? [] : pairs, mpu);
  return {
    walls: withoutIsolatedStubs(walls, mpu),
    closers: [...roomClosers(candidates, paired, walls, flat, mpu), ...closingLines],
    used,
    symbols,
    pairedLength,
    singleLength,
    horizontalShare,
  };
}

/**
 * The view's lines that may be walls: those on wall layers where the layers name walls (with long lines on the door
 * layer, which may only pair), else every line not on another kind of layer and not a door leaf; and curved walls.
 */
function wallCandidates(list: number[], flat: Flattened, mpu: number) {
  const straight = list.filter((i) => !flat.strokes[i]!.curved);
  const onWallLayers = straight.filter((i) => isWallLayer(flat.strokes[i]!.layer));
  const wallLayerLength = onWallLayers.reduce((s, i) => s + segLength(flat.strokes[i]!.seg), 0);
  const useWallLayers = onWallLayers.length >= 3 && wallLayerLength * mpu >= 4;
  // Curved walls: the chords of two concentric arcs a wall's thickness apart are parallel and pair like straight
  // faces (arcs under about 0.6 m radius give chords too short to pair: door swings, basins, columns).
  const curved = list.filter((i) => {
    const s = flat.strokes[i]!;
    return (
      s.curved && s.block === undefined && (useWallLayers ? isWallLayer(s.layer) : !isNotWallLayer(s.layer))
    );
  });
  // Lines that may only be one face of a double-line wall, never a single-line wall on their own.
  const pairOnly = new Set<number>();
  if (useWallLayers) {
    // Glazed and solid partitions are often drawn on the door layer with their doors: its long lines (longer than
    // any leaf) pair into walls like the wall layers' lines.
    const partitionFaces = straight.filter(
      (i) => isDoorLayer(flat.strokes[i]!.layer) && segLength(flat.strokes[i]!.seg) * mpu >= PARTITION_FACE_M,
    );
    for (const i of partitionFaces) pairOnly.add(i);
    return { straight, useWallLayers, pairOnly, candidates: [...onWallLayers, ...partitionFaces, ...curved] };
  }
  const viewBounds = boundsOfSegments(list.map((i) => flat.strokes[i]!.seg))!;
  const arcs = flat.arcs.filter((a) => inside(viewBounds, a.cx, a.cy, a.r * HINGE_REACH));
  const leaves = doorLeaves(
    straight.map((i) => flat.strokes[i]!),
    arcs,
  );
  const candidates = straight.filter((i) => {
    const s = flat.strokes[i]!;
    return !isNotWallLayer(s.layer) && !leaves.has(s) && (s.block === undefined || isWallLayer(s.block));
  });
  candidates.push(...curved);
  return { straight, useWallLayers, pairOnly, candidates };
}

/**
 * Without the symbols drawn with the walls' pen (a void's cross, a stair's walking arrow and treads, a paving grid)
 * and the glass of windows, the symbols' strokes listed; the faces that only run across windows close their rooms
 * without being walls.
 */
function withoutSymbols(found: number[], flat: Flattened, mpu: number) {
  const symbols: number[] = [];
  /** Keeps the candidates the finder does not find, and files the ones it does as symbols. */
  const setAside = (candidates: number[], finder: (segments: Segment[], mpu: number) => Set<number>) => {
    const hits = finder(
      candidates.map((i) => flat.strokes[i]!.seg),
      mpu,
    );
    return candidates.filter((i, k) => {
      if (hits.has(k)) symbols.push(i);
      return !hits.has(k);
    });
  };
  // A walking arrow before the flight whose treads it crosses (its shaft runs along the flight); a void's cross
  // after the runs (the middle joints of a square field of tiles cross at their middles as its diagonals do).
  // Grid axes and callouts first: an axis through a wall's middle would pair with its faces.
  const bubbles = labelledBubbles(flat.circles ?? [], flat.texts, mpu);
  let candidates = setAside(found, (segments) => linesToBubbles(segments, bubbles));
  candidates = setAside(candidates, arrows);
  candidates = setAside(candidates, stairTreads);
  candidates = setAside(candidates, pavingLines);
  candidates = setAside(candidates, voidCrosses);
  const windows = glazing(
    candidates.map((i) => flat.strokes[i]!.seg),
    mpu,
  );
  const closingLines = candidates.filter((_, k) => windows.faces.has(k)).map((i) => flat.strokes[i]!.seg);
  candidates = candidates.filter((_, k) => !windows.glass.has(k) && !windows.faces.has(k));
  return { candidates, closingLines, symbols };
}

/**
 * Parallel lines a wall's thickness apart, paired into walls. Old masonry (walls mostly 0.3 m or more, on layers
 * that say walls) may run up to a metre thick; elsewhere wider pairs are stair flights, counters or furniture.
 */
function pairedFaces(segs: Segment[], useWallLayers: boolean, mpu: number) {
  const pairing = (maxGapM: number) =>
    pairParallelLines(segs, { minGap: WALL_GAP_M.min / mpu, maxGap: maxGapM / mpu, minOverlap: 0.1 / mpu });
  const result = { ...pairing(WALL_GAP_M.max), maxGap: WALL_GAP_M.max / mpu };
  if (!useWallLayers) return result;
  const usual = weightedQuantile(
    result.walls.map((w) => ({ value: w.thickness * mpu, weight: segLength(w.seg) })),
    0.5,
  );
  return usual !== null && usual >= MASSIVE_WALL_M
    ? { ...pairing(WALL_GAP_M.maxMassive), maxGap: WALL_GAP_M.maxMassive / mpu }
    : result;
}

/**
 * The pairs that are walls. Where the walls are of one kind (90 % of their length within 1.6× the median thickness),
 * the few pairs far thicker (stair flights, counters) are not; buildings that mix thick structure with thin
 * partitions keep all. A pair thicker than usual walls must run well beyond its thickness: jambs facing each other
 * across an opening are not a wall.
 */
function usualPairs(pairs: { seg: Segment; thickness: number }[], mpu: number) {
  const thicknesses = pairs.map((w) => ({ value: w.thickness, weight: segLength(w.seg) }));
  const usual = weightedQuantile(thicknesses, 0.5);
  const p90 = weightedQuantile(thicknesses, 0.9);
  const uniform = usual !== null && p90 !== null && p90 <= usual * 1.6;
  const longEnough = (w: { seg: Segment; thickness: number }) =>
    segLength(w.seg) >= w.thickness * (w.thickness * mpu > WALL_GAP_M.max ? 1.5 : 0.5);
  const usualThickness = pairs.filter((w) => !uniform || w.thickness <= usual * 2.5);
  const kept = usualThickness.filter(longEnough);
  const short = usualThickness.filter((w) => !longEnough(w) && w.thickness * mpu <= WALL_GAP_M.max);
  return short.length ? [...kept, ...returnsOfWalls(short, kept, mpu)] : kept;
}

/** Short pairs looked at as returns at most (each is checked against every wall kept). */
const MAX_SHORT_PAIRS = 2000;

/**
 * The short pairs that are a wall's return at a corner or a T, not jambs facing each other: a window or door close to
 * a corner leaves a piece of the wall shorter than its thickness between them, which ends in the body of the wall
 * across it.
 */
function returnsOfWalls(
  short: { seg: Segment; thickness: number }[],
  kept: { seg: Segment; thickness: number }[],
  mpu: number,
) {
  const slack = JUNCTION_SLACK_M / mpu;
  return short.slice(0, MAX_SHORT_PAIRS).filter(({ seg, thickness }) =>
    kept.some((w) => {
      const across =
        Math.abs((seg[2] - seg[0]) * (w.seg[2] - w.seg[0]) + (seg[3] - seg[1]) * (w.seg[3] - w.seg[1])) <
        segLength(seg) * segLength(w.seg) * SQUARE_COS;
      // Centrelines of paired faces stop half a thickness short of a corner: the return's end lies within both
      // halves of it. Jambs facing each other are as far apart as the opening is wide, not as the wall is thick.
      const alike = Math.max(thickness, w.thickness) <= Math.min(thickness, w.thickness) * ALIKE_THICKNESS;
      const reach = (w.thickness + thickness) / 2 + slack;
      return (
        across &&
        alike &&
        (pointSegmentDistance(seg[0], seg[1], ...w.seg) <= reach ||
          pointSegmentDistance(seg[2], seg[3], ...w.seg) <= reach)
      );
    }),
  );
}

/** A return is about as thick as the wall it turns from: within this factor. */
const ALIKE_THICKNESS = 1.25;
/** Two walls meet across each other when their directions are at least this far from parallel (|cos|). */
const SQUARE_COS = 0.3;
/** A wall's end this near another wall's body (metres) meets it. */
const JUNCTION_SLACK_M = 0.02;

/**
 * Adds the long single lines as walls (of the paired walls' thickness, or a nominal one), except a line cutting
 * through the middle of two walls (a construction line, an artefact); answers their length in metres.
 */
function addSingleLineWalls(
  walls: { seg: Segment; thickness: number }[],
  singles: { i: number; seg: Segment; whole: boolean }[],
  used: number[],
  useWallLayers: boolean,
  mpu: number,
): number {
  const nominal = (median(walls.map((w) => w.thickness)) ?? NOMINAL_WALL_M / mpu) || NOMINAL_WALL_M / mpu;
  const long = singles.filter(({ seg }) => segLength(seg) * mpu >= SINGLE_WALL_MIN_M);
  const thickness = walls.length && !useWallLayers ? nominal : Math.min(nominal, NOMINAL_WALL_M / mpu);
  const singleSegs = long.map(({ seg }) => seg);
  const cutting = linesCuttingWalls(singleSegs, [...walls.map((w) => w.seg), ...singleSegs], {
    cell: 1 / mpu,
  });
  let length = 0;
  long.forEach(({ i, seg, whole }, k) => {
    if (cutting.has(k)) return;
    walls.push({ seg, thickness });
    if (whole) used.push(i);
    length += segLength(seg) * mpu;
  });
  return length;
}

/** The paired walls' length in metres, and the share of it running across the sheet. */
function pairedExtent(pairs: { seg: Segment }[], mpu: number) {
  let pairedLength = 0;
  let horizontal = 0;
  for (const w of pairs) {
    const len = segLength(w.seg) * mpu;
    pairedLength += len;
    const [x1, y1, x2, y2] = w.seg;
    if (Math.abs(x2 - x1) >= Math.abs(y2 - y1)) horizontal += len;
  }
  return { pairedLength, horizontalShare: pairedLength > 0 ? horizontal / pairedLength : 0.5 };
}

/** A line paired along less than this share of its length is mostly a single line. */
const MOSTLY_UNPAIRED_SHARE = 0.5;

/** Straight candidates that pair nowhere or along less than half their length, whole. */
function linesMostlyUnpaired(
  candidates: number[],
  paired: Uint8Array,
  remainders: readonly { index: number; seg: Segment }[],
  flat: Flattened,
): { i: number; seg: Segment; whole: boolean }[] {
  const left = new Map<number, number>();
  for (const r of remainders) left.set(r.index, (left.get(r.index) ?? 0) + segLength(r.seg));
  const out: { i: number; seg: Segment; whole: boolean }[] = [];
  candidates.forEach((i, k) => {
    const stroke = flat.strokes[i]!;
    if (stroke.curved) return;
    const unpaired = paired[k] ? (left.get(k) ?? 0) : segLength(stroke.seg);
    if (unpaired >= segLength(stroke.seg) * MOSTLY_UNPAIRED_SHARE)
      out.push({ i, seg: stroke.seg, whole: true });
  });
  return out;
}

/** Unpaired straight candidates (≥ 0.2 m) with an end on a wall's footprint: they close rooms where walls meet masses. */
function roomClosers(
  candidates: number[],
  paired: Uint8Array,
  walls: { seg: Segment; thickness: number }[],
  flat: Flattened,
  mpu: number,
): Segment[] {
  if (!walls.length) return [];
  // Walls by grid cell, so each end asks only the walls around it. A wall is filed under the cells along it, not its
  // bounding box (thousands of cells for a long diagonal). Cells are 1 m, or coarser where the walls' extent or
  // total length would need too many: that bounds the work on a drawing of thousands of crossing lines.
  const cell = indexCellSize(
    walls.map((w) => w.seg),
    1 / mpu,
  );
  const cells = gridAlongSegments(
    walls,
    (w) => w.seg,
    (w) => w.thickness,
    cell,
    MAX_WALLS_PER_CELL,
  );
  const touches = (x: number, y: number) =>
    (cells.get(gridCellKey(Math.floor(x / cell), Math.floor(y / cell))) ?? []).some(
      (w) => pointSegmentDistance(x, y, ...w.seg) <= w.thickness * 0.75 + 0.02 / mpu,
    );
  const closers: Segment[] = [];
  candidates.forEach((i, k) => {
    const s = flat.strokes[i]!;
    if (paired[k] || s.curved || segLength(s.seg) * mpu < 0.2) return;
    if (touches(s.seg[0], s.seg[1]) || touches(s.seg[2], s.seg[3])) closers.push(s.seg);
  });
  return closers.slice(0, 20_000);
}

/**
 * More walls than this through one square metre is hatching or noise, not a plan: the rest are not filed, which
 * bounds the work of a hostile drawing of crossing lines.
 */
const MAX_WALLS_PER_CELL = 48;
