/**
 * Scores a plan model against a corpus ground truth (../shared/corpus/README.md): the predicted walls are drawn
 * into a raster of the ground truth's mask (through its transform from the drawing's own space), then compared.
 * Pure functions over typed arrays; no I/O.
 */
import { wallQuad } from '../../shared/plan/geometry';
import type { PlanModel, PlanPoint } from '../../shared/plan/schema';
import { otherPlanWalls } from '../../shared/plan/views';

export interface GroundTruth {
  name: string;
  sourceFile: string;
  kind: 'plan' | 'sheet-with-plan' | 'elevation';
  page?: number;
  width: number;
  height: number;
  /** Drawing space → mask pixels: px = a·x + b·y + c, py = d·x + e·y + f. */
  transform: [number, number, number, number, number, number];
  tolerancePx: number;
  scaleMetresPerUnit: number | null;
  scaleTolerance: number | null;
  roomCount: number | null;
  roomCountRange: [number, number] | null;
  doors: number | null;
  windows: number | null;
}

export interface WallScore {
  precision: number;
  recall: number;
  f1: number;
  iou: number;
  predictedPx: number;
  truePx: number;
}

/** Fills a polygon (pixel coordinates) into `mask` by pixel centres (even-odd scanlines). */
export function fillPolygon(mask: Uint8Array, w: number, h: number, polygon: readonly PlanPoint[]): void {
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [, y] of polygon) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const y0 = Math.max(0, Math.ceil(minY - 0.5));
  const y1 = Math.min(h - 1, Math.floor(maxY - 0.5));
  const xs: number[] = [];
  for (let j = y0; j <= y1; j++) {
    const cy = j + 0.5;
    xs.length = 0;
    for (let i = 0; i < polygon.length; i++) {
      const [ax, ay] = polygon[i]!;
      const [bx, by] = polygon[(i + 1) % polygon.length]!;
      if (ay <= cy !== by <= cy) xs.push(ax + ((cy - ay) / (by - ay)) * (bx - ax));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(w - 1, Math.floor(xs[k + 1]! - 0.5));
      for (let i = from; i <= to; i++) mask[j * w + i] = 1;
    }
  }
}

/** Draws a line of pixels (for walls thinner than a pixel, so that they still count). */
function drawThinLine(mask: Uint8Array, w: number, h: number, a: PlanPoint, b: PlanPoint) {
  const steps = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]))) + 1;
  for (let s = 0; s <= steps; s++) {
    const x = Math.floor(a[0] + ((b[0] - a[0]) * s) / steps);
    const y = Math.floor(a[1] + ((b[1] - a[1]) * s) / steps);
    if (x >= 0 && y >= 0 && x < w && y < h) mask[y * w + x] = 1;
  }
}

/**
 * Every wall read on the drawing: the plan's own (the view the 3D model is built from) and those of the other plans
 * of the building on the same sheet (`source.views[].walls`). The ground truth marks the walls of every plan drawn.
 */
export function wallsRead(plan: Pick<PlanModel, 'walls' | 'source'>): PlanModel['walls'] {
  return [...plan.walls, ...otherPlanWalls(plan)];
}

/** The plan's walls as a mask of the ground truth's size. */
export function wallMask(
  plan: Pick<PlanModel, 'walls'>,
  gt: Pick<GroundTruth, 'width' | 'height' | 'transform'>,
) {
  const { width: w, height: h, transform: t } = gt;
  const toPx = ([x, y]: PlanPoint): PlanPoint => [t[0] * x + t[1] * y + t[2], t[3] * x + t[4] * y + t[5]];
  const mask = new Uint8Array(w * h);
  for (const wall of plan.walls) {
    const quad = wallQuad(wall).map(toPx);
    fillPolygon(mask, w, h, quad);
    drawThinLine(mask, w, h, toPx(wall.a), toPx(wall.b));
  }
  return mask;
}

/** Exact-enough Euclidean distance (two-pass chamfer 1/√2) to the nearest set pixel. */
export function distanceToSet(mask: Uint8Array, w: number, h: number): Float32Array {
  const INF = 1e9;
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? 0 : INF;
  const D = Math.SQRT2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i]!;
      if (x > 0) v = Math.min(v, d[i - 1]! + 1);
      if (y > 0) {
        v = Math.min(v, d[i - w]! + 1);
        if (x > 0) v = Math.min(v, d[i - w - 1]! + D);
        if (x < w - 1) v = Math.min(v, d[i - w + 1]! + D);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i]!;
      if (x < w - 1) v = Math.min(v, d[i + 1]! + 1);
      if (y < h - 1) {
        v = Math.min(v, d[i + w]! + 1);
        if (x < w - 1) v = Math.min(v, d[i + w + 1]! + D);
        if (x > 0) v = Math.min(v, d[i + w - 1]! + D);
      }
      d[i] = v;
    }
  }
  return d;
}

/**
 * Wall F1 within a tolerance (precision = predicted wall area near a true wall, recall = true wall area near a
 * predicted one) and plain IoU. Both empty scores 1 (an elevation read as no walls); one empty scores 0.
 */
export function scoreWalls(
  predicted: Uint8Array,
  truth: Uint8Array,
  w: number,
  h: number,
  tolerancePx: number,
) {
  let predictedPx = 0;
  let truePx = 0;
  let both = 0;
  for (let i = 0; i < w * h; i++) {
    if (predicted[i]) predictedPx++;
    if (truth[i]) truePx++;
    if (predicted[i] && truth[i]) both++;
  }
  if (predictedPx === 0 || truePx === 0) {
    const same = predictedPx === truePx ? 1 : 0;
    return { precision: same, recall: same, f1: same, iou: same, predictedPx, truePx } satisfies WallScore;
  }
  const toTruth = distanceToSet(truth, w, h);
  const toPredicted = distanceToSet(predicted, w, h);
  let nearTruth = 0;
  let nearPredicted = 0;
  for (let i = 0; i < w * h; i++) {
    if (predicted[i] && toTruth[i]! <= tolerancePx) nearTruth++;
    if (truth[i] && toPredicted[i]! <= tolerancePx) nearPredicted++;
  }
  const precision = nearTruth / predictedPx;
  const recall = nearPredicted / truePx;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  const iou = both / (predictedPx + truePx - both);
  return { precision, recall, f1, iou, predictedPx, truePx } satisfies WallScore;
}

export interface FileScore {
  /** Every wall read on the drawing (the plan's and its sibling plan views'). */
  walls: WallScore;
  /** The plan's own walls only (the view the 3D model is built from). */
  planWalls: WallScore;
  /** Rooms found within the ground truth's range (null when it states none). */
  roomsInRange: boolean | null;
  /** Predicted metres per unit ÷ the true scale (null when unknown). */
  scaleRatio: number | null;
  scaleWithinTolerance: boolean | null;
  /** Openings found ÷ the true count, capped at 1 (null when the ground truth has no count). */
  openingRecall: number | null;
  /** For elevations and sections: named as such, with no walls. */
  elevationNamed: boolean | null;
}

export function scoreFile(plan: PlanModel, gt: GroundTruth, truth: Uint8Array): FileScore {
  const walls = scoreWalls(
    wallMask({ walls: wallsRead(plan) }, gt),
    truth,
    gt.width,
    gt.height,
    gt.tolerancePx,
  );
  const planWalls = scoreWalls(wallMask(plan, gt), truth, gt.width, gt.height, gt.tolerancePx);
  const range = gt.roomCountRange ?? (gt.roomCount !== null ? [gt.roomCount, gt.roomCount] : null);
  const roomsInRange =
    gt.kind === 'elevation' || !range ? null : plan.rooms.length >= range[0] && plan.rooms.length <= range[1];
  const scaleRatio =
    gt.scaleMetresPerUnit && plan.walls.length > 0 ? plan.space.metresPerUnit / gt.scaleMetresPerUnit : null;
  const scaleWithinTolerance =
    scaleRatio === null || gt.kind === 'elevation'
      ? null
      : Math.abs(scaleRatio - 1) <= (gt.scaleTolerance ?? 0.05);
  const trueOpenings = gt.doors !== null || gt.windows !== null ? (gt.doors ?? 0) + (gt.windows ?? 0) : null;
  const openingRecall =
    trueOpenings === null || trueOpenings === 0 ? null : Math.min(1, plan.openings.length / trueOpenings);
  const elevationNamed =
    gt.kind === 'elevation'
      ? plan.walls.length === 0 &&
        (plan.source.viewKind === 'elevation' || plan.source.viewKind === 'section') &&
        plan.warnings.length + (plan.message ? 1 : 0) > 0
      : null;
  return { walls, planWalls, roomsInRange, scaleRatio, scaleWithinTolerance, openingRecall, elevationNamed };
}
