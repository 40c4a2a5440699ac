/** A generated drawing's reading scored against its exact truth, and a cell's figures against the targets. */
import { scoreFile } from '../fidelity/score';
import type { WorkerReading } from '../fidelity/worker-process';
import type { GeneratedDrawing } from './conventions';

export const TARGETS = {
  f1: 0.95,
  iou: 0.8,
  roomsExact: 0.95,
  openingRecall: 0.9,
  scaleWithin: 0.9,
  maxMs: 3000,
  maxMB: 512,
};

export interface DrawingScore {
  f1: number;
  iou: number;
  roomsExact: boolean | null;
  openingRecall: number | null;
  /** Openings found ÷ openings drawn (over 1: doors or windows found that are not there). */
  openingsFoundShare: number | null;
  scaleWithin: boolean | null;
  elevationNamed: boolean | null;
  error?: string;
  ms: number;
  maxMB: number;
}

export function scoreDrawing(drawing: GeneratedDrawing, reading: WorkerReading): DrawingScore {
  const gt = drawing.truth.groundTruth;
  const base = { ms: reading.ms, maxMB: reading.maxRssMB };
  if (!reading.plan || reading.plan.status === 'failed') {
    const error = reading.error ?? reading.plan?.message ?? 'no plan';
    const elevation = gt.kind === 'elevation';
    return {
      f1: elevation ? 1 : 0,
      iou: elevation ? 1 : 0,
      roomsExact: elevation ? null : false,
      openingRecall: null,
      openingsFoundShare: null,
      scaleWithin: null,
      elevationNamed: elevation ? false : null,
      error,
      ...base,
    };
  }
  const s = scoreFile(reading.plan, gt, drawing.truth.mask);
  const drawn = (gt.doors ?? 0) + (gt.windows ?? 0);
  return {
    f1: s.walls.f1,
    iou: s.walls.iou,
    roomsExact: gt.roomCount === null ? null : reading.plan.rooms.length === gt.roomCount,
    openingRecall: s.openingRecall,
    openingsFoundShare: drawn ? reading.plan.openings.length / drawn : null,
    scaleWithin: s.scaleWithinTolerance,
    elevationNamed: s.elevationNamed,
    ...base,
  };
}

export interface CellSummary {
  cell: string;
  n: number;
  meanF1: number;
  minF1: number;
  meanIoU: number;
  roomsExact: number | null;
  openingRecall: number | null;
  openingsFoundShare: number | null;
  scaleWithin: number | null;
  scaleStated: boolean;
  elevationNamed: number | null;
  errors: number;
  maxMs: number;
  maxMB: number;
  meets: boolean;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const share = (xs: (boolean | null)[]) => mean(xs.filter((x) => x !== null).map((x) => (x ? 1 : 0)));

export function summariseCell(cell: string, scores: DrawingScore[], scaleStated: boolean): CellSummary {
  const s: CellSummary = {
    cell,
    n: scores.length,
    meanF1: mean(scores.map((x) => x.f1)) ?? 0,
    minF1: Math.min(...scores.map((x) => x.f1)),
    meanIoU: mean(scores.map((x) => x.iou)) ?? 0,
    roomsExact: share(scores.map((x) => x.roomsExact)),
    openingRecall: mean(scores.flatMap((x) => (x.openingRecall === null ? [] : [x.openingRecall]))),
    openingsFoundShare: mean(
      scores.flatMap((x) => (x.openingsFoundShare === null ? [] : [x.openingsFoundShare])),
    ),
    scaleWithin: share(scores.map((x) => x.scaleWithin)),
    scaleStated,
    elevationNamed: share(scores.map((x) => x.elevationNamed)),
    errors: scores.filter((x) => x.error && x.elevationNamed === null).length,
    maxMs: Math.max(...scores.map((x) => x.ms)),
    maxMB: Math.max(...scores.map((x) => x.maxMB)),
    meets: false,
  };
  s.meets =
    s.meanF1 >= TARGETS.f1 &&
    s.meanIoU >= TARGETS.iou &&
    (s.roomsExact === null || s.roomsExact >= TARGETS.roomsExact) &&
    (s.openingRecall === null || s.openingRecall >= TARGETS.openingRecall) &&
    (!scaleStated || s.scaleWithin === null || s.scaleWithin >= TARGETS.scaleWithin) &&
    (s.elevationNamed === null || s.elevationNamed === 1) &&
    s.errors === 0 &&
    s.maxMs <= TARGETS.maxMs &&
    s.maxMB <= TARGETS.maxMB;
  return s;
}
