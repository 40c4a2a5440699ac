/**
 * Runs of parallel lines of one length, side by side at an even pitch: a stair's treads, a paving or tile grid. They
 * pair like thin walls (each line with the next), so they are taken out before pairing. Walls do not run so: rooms
 * are wider than a tile, and a wall's two faces are not followed by a third, fourth and fifth at the same spacing.
 * Pure geometry in drawing units; lengths in metres.
 */
import { countBelow, unionOfSpans } from '../../../shared/plan/geometry';
import type { DrawingStair, Segment } from '../types';
import { type Arrow, arrowsOf } from './symbols';

/** The shape of a run looked for. */
interface RunShape {
  /** Lines this long (metres), inclusive. */
  minLength: number;
  maxLength: number;
  /** Spacing between neighbouring lines (metres), inclusive. */
  minPitch: number;
  maxPitch: number;
  /** Lines in a run, at least. */
  minLines: number;
}

/** A run found: its lines (indices), direction and extent. */
export interface EvenRun {
  lines: number[];
  /** Each line's offset across the run's direction, metres. */
  offsets: number[];
  /** The lines' direction, radians in [0, π). */
  angle: number;
  /** The lines' extent along their direction, metres. */
  from: number;
  to: number;
  /** The first and last line's offset across their direction, metres. */
  near: number;
  far: number;
}

/** Lines alike in a run: lengths within this share of the first's, centres within this distance (metres). */
const SAME_LENGTH_SHARE = 0.1;
const SAME_CENTRE_M = 0.2;
/** The pitch is even: each step within this share of the first. */
const EVEN_PITCH_SHARE = 0.2;
/** A gap this much wider than the longest pitch ends a run (metres). */
const RUN_BREAK_M = 0.05;
/** Directions bucketed this finely (radians). */
const ANGLE_BUCKET = 0.02;

interface Line {
  index: number;
  length: number;
  angle: number;
  offset: number;
  mid: number;
}

function lineOf(seg: Segment, index: number, mpu: number): Line {
  const [x1, y1, x2, y2] = seg;
  const length = Math.hypot(x2 - x1, y2 - y1) * mpu;
  let angle = Math.atan2(y2 - y1, x2 - x1);
  if (angle < 0) angle += Math.PI;
  if (angle >= Math.PI - 1e-9) angle -= Math.PI;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const mid = ((x1 + x2) / 2) * ux + ((y1 + y2) / 2) * uy;
  return { index, length, angle, offset: (-x1 * uy + y1 * ux) * mpu, mid: mid * mpu };
}

/** Every run of the given shape among the segments (a line belongs to one run at most). */
export function evenRuns(segments: readonly Segment[], mpu: number, shape: RunShape): EvenRun[] {
  const groups = new Map<number, Line[]>();
  segments.forEach((seg, index) => {
    const line = lineOf(seg, index, mpu);
    if (line.length < shape.minLength || line.length > shape.maxLength) return;
    const key = Math.round(line.angle / ANGLE_BUCKET) % Math.round(Math.PI / ANGLE_BUCKET);
    const list = groups.get(key) ?? [];
    list.push(line);
    groups.set(key, list);
  });
  const runs: EvenRun[] = [];
  for (const group of groups.values()) {
    if (group.length < shape.minLines) continue;
    group.sort((a, b) => a.offset - b.offset);
    const used = new Set<number>();
    for (let start = 0; start < group.length; start++) {
      if (used.has(start)) continue;
      const run = runFrom(group, start, shape);
      if (run.length < shape.minLines) continue;
      for (const i of run) used.add(i);
      const first = group[run[0]!]!;
      const last = group[run[run.length - 1]!]!;
      runs.push({
        lines: run.map((i) => group[i]!.index),
        offsets: run.map((i) => group[i]!.offset),
        angle: first.angle,
        from: first.mid - first.length / 2,
        to: first.mid + first.length / 2,
        near: first.offset,
        far: last.offset,
      });
    }
  }
  return runs;
}

/** The run starting at `start` in a group sorted by offset: lines like the first, at an even pitch. */
function runFrom(group: Line[], start: number, shape: RunShape): number[] {
  const first = group[start]!;
  const run = [start];
  let pitch = 0;
  for (let i = start + 1; i < group.length; i++) {
    const line = group[i]!;
    const step = line.offset - group[run[run.length - 1]!]!.offset;
    if (step > shape.maxPitch + RUN_BREAK_M) break;
    const alike =
      Math.abs(line.length - first.length) <= first.length * SAME_LENGTH_SHARE &&
      Math.abs(line.mid - first.mid) <= SAME_CENTRE_M;
    if (!alike || step < shape.minPitch) continue;
    if (pitch === 0 ? step > shape.maxPitch : Math.abs(step - pitch) > pitch * EVEN_PITCH_SHARE) continue;
    if (pitch === 0) pitch = step;
    run.push(i);
  }
  return run;
}

/**
 * Stair treads: five or more parallel lines of the same length (0.6–6 m: entrance flights run wide), side by side at
 * an even going of 0.18–0.4 m, and the lines that run along the flight between their ends (indices into `segments`).
 * A run crossed by a line every tile is a floor's tile grid, not a flight: `pavingLines` tells its joints from the
 * walls' faces at its edges.
 */
export function stairTreads(segments: readonly Segment[], mpu: number): Set<number> {
  const treads = new Set<number>();
  for (const { flight, along } of flightsOf(segments, mpu))
    for (const index of [...flight.lines, ...along]) treads.add(index);
  return treads;
}

/**
 * The flights of stairs among the segments (as `stairTreads` finds them): each one's outline in the segments' units,
 * from its foot (the first two corners) to its head, and its treads. A walking line's arrow points up the flight
 * (`climbDrawn`), unless a "DN" over the flight marks it as the way down; with no arrow, an "UP" written at one end
 * marks its foot and a "DN" its head. With none, arrows both ways or words that disagree, the outline runs the way
 * the treads were found.
 */
export function stairFlights(
  segments: readonly Segment[],
  mpu: number,
  texts: readonly { x: number; y: number; text: string }[] = [],
): DrawingStair[] {
  const flights = flightsOf(segments, mpu).filter(({ flight }) => flight.lines.length <= MAX_FLIGHT_TREADS);
  const drawnArrows = flights.length ? arrowsOf(segments, mpu) : [];
  return flights.map(({ flight }) => {
    const ux = Math.cos(flight.angle);
    const uy = Math.sin(flight.angle);
    // Along the treads `a` and across them `o` (metres, as `lineOf` measures) → the segments' units.
    const at = (a: number, o: number): [number, number] => [(a * ux - o * uy) / mpu, (a * uy + o * ux) / mpu];
    const pointed = climbOf(flight, drawnArrows, mpu);
    // An arrow marked "DN" points the way down.
    const down =
      pointed !== undefined &&
      texts.some((t) => DOWN_MARK.test(t.text.trim()) && overFlight(flight, [t.x, t.y], mpu));
    const climb =
      pointed === undefined ? climbByWords(flight, texts, mpu) : down ? reverse(pointed) : pointed;
    const [foot, head] = climb === 'towardNear' ? [flight.far, flight.near] : [flight.near, flight.far];
    const [start, end] = climb === 'towardNear' ? [flight.to, flight.from] : [flight.from, flight.to];
    return {
      outline: [at(start, foot), at(end, foot), at(end, head), at(start, head)],
      // Its lines are the treads' edges: one more than the treads between them.
      treads: flight.lines.length - 1,
      ...(climb ? { climbDrawn: true } : {}),
    };
  });
}

type Climb = 'towardFar' | 'towardNear';
const reverse = (climb: Climb): Climb => (climb === 'towardFar' ? 'towardNear' : 'towardFar');

/**
 * Which way a flight with no arrow climbs by the words written on it: "UP" at one end (its first or last third of
 * treads) stands at the foot, "DN" at the head; undefined with none, one in the middle, or words that disagree.
 */
function climbByWords(
  flight: EvenRun,
  texts: readonly { x: number; y: number; text: string }[],
  mpu: number,
): Climb | undefined {
  const ux = Math.cos(flight.angle);
  const uy = Math.sin(flight.angle);
  const ways = new Set<Climb>();
  for (const t of texts) {
    const word = t.text.trim();
    const up = UP_MARK.test(word);
    if ((!up && !DOWN_MARK.test(word)) || !overFlight(flight, [t.x, t.y], mpu)) continue;
    const share = ((-t.x * uy + t.y * ux) * mpu - flight.near) / Math.max(1e-9, flight.far - flight.near);
    if (share > WORD_AT_END && share < 1 - WORD_AT_END) continue;
    const atNear = share <= WORD_AT_END;
    // "UP" at the near end: the foot is there, and the flight climbs towards the far end; "DN" the other way.
    ways.add(atNear === up ? 'towardFar' : 'towardNear');
  }
  return ways.size === 1 ? [...ways][0] : undefined;
}

/** What marks the way up a flight. */
const UP_MARK = /^up\b/i;
/** A word marks an end of a flight when it lies within this share of the flight's length of that end. */
const WORD_AT_END = 1 / 3;

/**
 * Which way the flight climbs by the arrows over it that point across its treads (a walking line's arrow points up
 * the stair); undefined with none, or with arrows both ways.
 */
function climbOf(flight: EvenRun, drawnArrows: Arrow[], mpu: number): Climb | undefined {
  const ux = Math.cos(flight.angle);
  const uy = Math.sin(flight.angle);
  const along = ([x, y]: [number, number]) => (x * ux + y * uy) * mpu;
  const across = ([x, y]: [number, number]) => (-x * uy + y * ux) * mpu;
  const ways = new Set<Climb>();
  for (const { tail, tip } of drawnArrows) {
    const rise = across(tip) - across(tail);
    const drift = along(tip) - along(tail);
    if (Math.abs(drift) > Math.abs(rise) * ARROW_SQUARE_SLACK) continue;
    if (!overFlight(flight, [(tail[0] + tip[0]) / 2, (tail[1] + tip[1]) / 2], mpu)) continue;
    ways.add(rise > 0 ? 'towardFar' : 'towardNear');
  }
  return ways.size === 1 ? [...ways][0] : undefined;
}

/** Whether a point (drawing units) lies over the flight: between its treads' ends, within a going of its first and last. */
function overFlight(flight: EvenRun, [x, y]: [number, number], mpu: number): boolean {
  const ux = Math.cos(flight.angle);
  const uy = Math.sin(flight.angle);
  const a = (x * ux + y * uy) * mpu;
  const o = (-x * uy + y * ux) * mpu;
  const pitch = (flight.far - flight.near) / Math.max(1, flight.lines.length - 1);
  return a >= flight.from && a <= flight.to && o >= flight.near - pitch && o <= flight.far + pitch;
}

/** What marks a flight's arrow as pointing down it (American and British plans mark the way up and the way down). */
const DOWN_MARK = /^(dn|down)\b/i;

/** A walking line runs across the treads: its drift along them is at most this share of its run across them. */
const ARROW_SQUARE_SLACK = 0.2;

/** A flight climbs a storey in at most about 20 risers; a longer run of treads is a pattern, not one flight. */
const MAX_FLIGHT_TREADS = 30;

/** Runs of treads, and the lines along each (a walking line, handrails); not the tile grids that look alike. */
function flightsOf(segments: readonly Segment[], mpu: number): { flight: EvenRun; along: number[] }[] {
  const flights = evenRuns(segments, mpu, {
    minLength: 0.6,
    maxLength: 6,
    minPitch: 0.18,
    maxPitch: 0.4,
    minLines: 5,
  });
  return flights
    .map((flight) => ({ flight, along: linesAlongFlights(segments, [flight], mpu) }))
    .filter(({ along }) => along.length < MAX_LINES_ALONG_FLIGHT);
}

/**
 * A flight's treads are crossed by a walking line, handrails and a cut line at most; this many lines along it, or
 * more, are the joints of a grid of tiles.
 */
const MAX_LINES_ALONG_FLIGHT = 4;

/**
 * A paving, tile or decking grid over a floor: five or more parallel lines of one length at an even pitch of
 * 0.18–1.2 m (the largest floor tiles and slabs), each at least 0.6 m long, and the lines across them within their
 * field (a narrow room's other direction, too few to make a run of its own) (indices into `segments`). No room is so
 * narrow that five of them stand side by side at one width. Paving stops at the walls: a line of a run that the
 * lines across the field end at, without crossing it, is a wall's face, not a joint.
 */
export function pavingLines(segments: readonly Segment[], mpu: number): Set<number> {
  const runs = evenRuns(segments, mpu, {
    minLength: 0.6,
    maxLength: Number.POSITIVE_INFINITY,
    minPitch: 0.18,
    maxPitch: PAVING_MAX_PITCH_M,
    minLines: 5,
  });
  const paving = new Set<number>();
  for (const run of runs) {
    const across = linesAcrossField(segments, run, mpu);
    for (const line of across) paving.add(line.index);
    // A joint is crossed by the lines across the field; its edges (the walls' faces) are where they end. With no
    // lines across, nothing tells the edges from the joints.
    const crossed = spansCovering(across.map((l) => [l.from + FIELD_EDGE_M, l.to - FIELD_EDGE_M]));
    run.lines.forEach((index, k) => {
      if (!across.length || crossed(run.offsets[k]!)) paving.add(index);
    });
  }
  return paving;
}

/** The largest floor tiles and paving slabs, metres. */
const PAVING_MAX_PITCH_M = 1.2;
/** A line across a field is square to it within this (radians). */
const SQUARE_TOLERANCE = 0.02;
/** A run's line this close to where the lines across its field end (metres) is not crossed by them. */
const FIELD_EDGE_M = 0.02;

/** Whether a value lies inside any of the spans (a union built once, asked by binary search). */
function spansCovering(spans: [number, number][]): (value: number) => boolean {
  const merged = unionOfSpans(spans);
  return (value) => {
    let lo = 0;
    let hi = merged.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [from, to] = merged[mid]!;
      if (value < from) hi = mid - 1;
      else if (value > to) lo = mid + 1;
      else return true;
    }
    return false;
  };
}

/**
 * Lines square to a run that cross two or more of its lines and lie within its field (along the run, between its
 * lines' ends; across it, from at most a pitch before its first line to a pitch after its last), with their extent
 * across the run (metres): the grid's other direction, and what is drawn over the paving. A line running on far
 * beyond the field (a grid axis, a section line) is not the paving's.
 */
function linesAcrossField(
  segments: readonly Segment[],
  run: EvenRun,
  mpu: number,
): { index: number; from: number; to: number }[] {
  const found: { index: number; from: number; to: number }[] = [];
  const ux = Math.cos(run.angle);
  const uy = Math.sin(run.angle);
  const offsets = [...run.offsets].sort((p, q) => p - q);
  segments.forEach(([x1, y1, x2, y2], index) => {
    const length = Math.hypot(x2 - x1, y2 - y1) * mpu;
    if (length < 0.3) return;
    const u1 = (x1 * ux + y1 * uy) * mpu;
    const u2 = (x2 * ux + y2 * uy) * mpu;
    if (Math.abs(u2 - u1) > length * Math.sin(SQUARE_TOLERANCE)) return;
    const u = (u1 + u2) / 2;
    if (u <= run.from + 0.05 || u >= run.to - 0.05) return;
    const v1 = (-x1 * uy + y1 * ux) * mpu;
    const v2 = (-x2 * uy + y2 * ux) * mpu;
    const from = Math.min(v1, v2);
    const to = Math.max(v1, v2);
    const crossedLines = countBelow(offsets, to - FIELD_EDGE_M) - countBelow(offsets, from + FIELD_EDGE_M);
    const withinField = from >= run.near - PAVING_MAX_PITCH_M && to <= run.far + PAVING_MAX_PITCH_M;
    if (crossedLines >= 2 && withinField) found.push({ index, from, to });
  });
  return found;
}

/**
 * Lines that run along a flight between its treads' ends (a walking line, a handrail, the well between two flights
 * side by side): at least half of them lies over the flight. Lines at the treads' ends stay (they are often a wall's
 * face).
 */
function linesAlongFlights(segments: readonly Segment[], flights: EvenRun[], mpu: number): number[] {
  const found: number[] = [];
  if (!flights.length) return found;
  segments.forEach((seg, index) => {
    const [x1, y1, x2, y2] = seg;
    const length = Math.hypot(x2 - x1, y2 - y1) * mpu;
    if (length < 0.3) return;
    for (const f of flights) {
      const ux = Math.cos(f.angle);
      const uy = Math.sin(f.angle);
      // Along the treads (u) and across them (v), metres; a line along the flight has one u.
      const u1 = (x1 * ux + y1 * uy) * mpu;
      const u2 = (x2 * ux + y2 * uy) * mpu;
      if (Math.abs(u2 - u1) > length * 0.09) continue;
      const u = (u1 + u2) / 2;
      if (u <= f.from + 0.05 || u >= f.to - 0.05) continue;
      const v1 = (-x1 * uy + y1 * ux) * mpu;
      const v2 = (-x2 * uy + y2 * ux) * mpu;
      const over = Math.min(Math.max(v1, v2), f.far) - Math.max(Math.min(v1, v2), f.near);
      if (over >= length * 0.5) {
        found.push(index);
        return;
      }
    }
  });
  return found;
}
