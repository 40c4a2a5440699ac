/**
 * Placing a level over the one below: of the four quarter turns and the shifts that line up the footprints'
 * extents (centres, or any corner: an upper floor set back from one side still shares the others), the placement
 * under which the footprints overlap most. Scene floor coordinates (x, z), metres. Pure and bounded.
 */
import { boundsOfPoints, polygonArea } from '../plan/geometry';
import { quarterTurn } from '../scene/building';
import { QUARTER_TURNS } from './schema';

type Floor = [number, number];

export interface LevelPlacement {
  rotationDeg: (typeof QUARTER_TURNS)[number];
  /** Shift after the turn, metres (scene x, z). */
  offset: Floor;
  /** Intersection over union of the two footprints so placed (0–1). */
  overlap: number;
  /** Share of the smaller footprint lying on the other (0–1): a smaller storey wholly over a larger one is 1. */
  cover: number;
  /** The placed footprint's size over the one below's, along x and z (1, 1: the same size). */
  sizeRatio: Floor;
}

/** Samples across the larger extent when the overlap is measured: a tenth of a metre on a 20 m house. */
const SAMPLES_ACROSS = 200;

/** A floor point turned counter-clockwise seen from above (about +Y: x → x cos + z sin, z → −x sin + z cos). */
export function turnFloor([x, z]: Floor, degrees: number): Floor {
  const [cos, sin] = quarterTurn(degrees);
  return [x * cos + z * sin, -x * sin + z * cos];
}

interface Extent {
  min: Floor;
  max: Floor;
}

function extentOf(outline: readonly Floor[]): Extent {
  const b = boundsOfPoints(outline) ?? { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  return { min: [b.minX, b.minY], max: [b.maxX, b.maxY] };
}

/** An outline filled into a grid of `w` × `h` cells of side `step` from `min` (a cell is in when its centre is). */
function rasterise(outline: readonly Floor[], min: Floor, step: number, w: number, h: number): Uint8Array {
  const cells = new Uint8Array(w * h);
  const crossings: number[] = [];
  for (let row = 0; row < h; row++) {
    const z = min[1] + (row + 0.5) * step;
    crossings.length = 0;
    for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
      const [xi, zi] = outline[i]!;
      const [xj, zj] = outline[j]!;
      if (zi > z !== zj > z) crossings.push(xi + ((z - zi) * (xj - xi)) / (zj - zi));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil((crossings[k]! - min[0]) / step - 0.5));
      const to = Math.min(w - 1, Math.floor((crossings[k + 1]! - min[0]) / step - 0.5));
      for (let col = from; col <= to; col++) cells[row * w + col] = 1;
    }
  }
  return cells;
}

/** Two outlines compared on a grid over both: intersection over union, and intersection over the smaller. */
export function footprintOverlaps(a: readonly Floor[], b: readonly Floor[]): { iou: number; cover: number } {
  const ea = extentOf(a);
  const eb = extentOf(b);
  const min: Floor = [Math.min(ea.min[0], eb.min[0]), Math.min(ea.min[1], eb.min[1])];
  const max: Floor = [Math.max(ea.max[0], eb.max[0]), Math.max(ea.max[1], eb.max[1])];
  const step = Math.max(max[0] - min[0], max[1] - min[1]) / SAMPLES_ACROSS || 1;
  const w = Math.max(1, Math.ceil((max[0] - min[0]) / step));
  const h = Math.max(1, Math.ceil((max[1] - min[1]) / step));
  const inA = rasterise(a, min, step, w, h);
  const inB = rasterise(b, min, step, w, h);
  let both = 0;
  let either = 0;
  let cellsA = 0;
  let cellsB = 0;
  for (let i = 0; i < w * h; i++) {
    both += inA[i]! & inB[i]!;
    either += inA[i]! | inB[i]!;
    cellsA += inA[i]!;
    cellsB += inB[i]!;
  }
  const smaller = Math.min(cellsA, cellsB);
  return { iou: either ? both / either : 0, cover: smaller ? both / smaller : 0 };
}

/**
 * Where `level`'s footprint (in its own floor space) goes over `below`'s (in the building's): the quarter turn and
 * shift that overlap them most; turns other than none win only by a clear margin. Where both have flights of stairs
 * (`cores`: their middles, floor space), the placement that stacks a flight over one below wins when its footprints
 * overlap about as well: a stair core rises through every storey, and places an upper floor set back from the floor
 * below (whose centre and corners fit it alike).
 */
export function placeOver(
  below: readonly Floor[],
  level: readonly Floor[],
  cores?: { below: readonly Floor[]; level: readonly Floor[] },
): LevelPlacement {
  let best: LevelPlacement | null = null;
  for (const rotationDeg of QUARTER_TURNS) {
    const placement = onSharedWalls(below, level, lineUpExtents(below, level, rotationDeg));
    const margin = rotationDeg === 0 ? 0 : TURN_MARGIN;
    if (!best || placement.overlap > best.overlap + margin) best = placement;
  }
  const found = best ?? { rotationDeg: 0, offset: [0, 0], overlap: 0, cover: 0, sizeRatio: [1, 1] };
  if (!cores?.below.length || !cores.level.length || coresStacked(cores, found)) return found;
  const stacked = lineUpCores(below, level, cores);
  return stacked && stacked.overlap >= found.overlap - CORE_OVERLAP_SLACK ? stacked : found;
}

/** A placement that stacks the stairs may overlap the footprints by this much less (intersection over union). */
const CORE_OVERLAP_SLACK = 0.1;
/** Two flights' middles this close (metres) are one stair core. */
const CORE_REACH_M = 0.6;
/** Flights compared each way: a building has a few stair cores. */
const MAX_CORES = 6;

/** Whether some flight of the level, so placed, stands over a flight below. */
function coresStacked(
  cores: { below: readonly Floor[]; level: readonly Floor[] },
  placed: LevelPlacement,
): boolean {
  return cores.level.slice(0, MAX_CORES).some((core) => {
    const [x, z] = turnFloor(core, placed.rotationDeg);
    const at: Floor = [x + placed.offset[0], z + placed.offset[1]];
    return cores.below
      .slice(0, MAX_CORES)
      .some((b) => Math.hypot(b[0] - at[0], b[1] - at[1]) <= CORE_REACH_M);
  });
}

/** Of the turns and shifts that put a flight of the level over a flight below, the one the footprints overlap most. */
function lineUpCores(
  below: readonly Floor[],
  level: readonly Floor[],
  cores: { below: readonly Floor[]; level: readonly Floor[] },
): LevelPlacement | null {
  const target = extentOf(below);
  let best: LevelPlacement | null = null;
  for (const rotationDeg of QUARTER_TURNS) {
    const turned = level.map((p) => turnFloor(p, rotationDeg));
    const sizeRatio = sizeRatioOf(extentOf(turned), target);
    const margin = rotationDeg === 0 ? 0 : TURN_MARGIN;
    for (const core of cores.level.slice(0, MAX_CORES)) {
      const [cx, cz] = turnFloor(core, rotationDeg);
      for (const [bx, bz] of cores.below.slice(0, MAX_CORES)) {
        const offset: Floor = [bx - cx, bz - cz];
        const placed = turned.map(([x, z]): Floor => [x + offset[0], z + offset[1]]);
        const { iou: overlap, cover } = footprintOverlaps(below, placed);
        if (!best || overlap > best.overlap + margin) {
          best = { rotationDeg, offset: [round3(offset[0]), round3(offset[1])], overlap, cover, sizeRatio };
        }
      }
    }
  }
  return best;
}

/** A placed extent's size over the one below's, along x and z. */
const sizeRatioOf = (e: Extent, target: Extent): Floor => [
  (e.max[0] - e.min[0]) / (target.max[0] - target.min[0] || 1),
  (e.max[1] - e.min[1]) / (target.max[1] - target.min[1] || 1),
];

/** A turn other than none wins only when its footprints overlap by this much more (intersection over union). */
const TURN_MARGIN = 0.02;

/** The level turned by `rotationDeg` and shifted by whichever centre or corner of the extents overlaps most. */
function lineUpExtents(
  below: readonly Floor[],
  level: readonly Floor[],
  rotationDeg: LevelPlacement['rotationDeg'],
): LevelPlacement {
  const target = extentOf(below);
  const turned = level.map((p) => turnFloor(p, rotationDeg));
  const e = extentOf(turned);
  const sizeRatio = sizeRatioOf(e, target);
  const lineUps: Floor[] = [
    [
      (target.min[0] + target.max[0] - e.min[0] - e.max[0]) / 2,
      (target.min[1] + target.max[1] - e.min[1] - e.max[1]) / 2,
    ],
    [target.min[0] - e.min[0], target.min[1] - e.min[1]],
    [target.max[0] - e.max[0], target.min[1] - e.min[1]],
    [target.min[0] - e.min[0], target.max[1] - e.max[1]],
    [target.max[0] - e.max[0], target.max[1] - e.max[1]],
  ];
  let best: LevelPlacement | null = null;
  for (const offset of lineUps) {
    const placed = turned.map(([x, z]): Floor => [x + offset[0], z + offset[1]]);
    const { iou: overlap, cover } = footprintOverlaps(below, placed);
    if (!best || overlap > best.overlap) {
      best = { rotationDeg, offset: [round3(offset[0]), round3(offset[1])], overlap, cover, sizeRatio };
    }
  }
  return best!;
}

/**
 * A placement moved, within reach, to where the level's outer walls lie on the walls below: storeys share most of
 * their outer walls, and a bay, balcony or wing that stands out on one floor moves its extent (and so the centres and
 * corners the footprints were lined up by) while the walls beside it stay on the walls below. Kept when the walls it
 * shares are longer by a clear margin and the footprints overlap about as well.
 */
function onSharedWalls(
  below: readonly Floor[],
  level: readonly Floor[],
  coarse: LevelPlacement,
): LevelPlacement {
  const turned = level.map((p) => turnFloor(p, coarse.rotationDeg));
  const belowEdges = [axisEdges(below, 0), axisEdges(below, 1)] as const;
  const levelEdges = [axisEdges(turned, 0), axisEdges(turned, 1)] as const;
  const e = extentOf(turned);
  const reach = SHARED_WALL_REACH * Math.min(e.max[0] - e.min[0], e.max[1] - e.min[1]);
  const shared = (offset: Floor) =>
    coincidentLength(belowEdges[0], levelEdges[0], offset[0], offset[1]) +
    coincidentLength(belowEdges[1], levelEdges[1], offset[1], offset[0]);
  const offset: Floor = [coarse.offset[0], coarse.offset[1]];
  for (let pass = 0; pass < SHARED_WALL_PASSES; pass++) {
    for (const axis of [0, 1] as const) {
      const other = 1 - axis;
      offset[axis] = bestShift(belowEdges[axis], levelEdges[axis], offset[axis], offset[other]!, reach);
    }
  }
  const gain = shared(offset) - shared(coarse.offset);
  if (gain < MIN_SHARED_WALL_GAIN_M) return coarse;
  const placed = turned.map(([x, z]): Floor => [x + offset[0], z + offset[1]]);
  const { iou: overlap, cover } = footprintOverlaps(below, placed);
  if (overlap < coarse.overlap - SHARED_WALL_OVERLAP_LOSS) return coarse;
  return { ...coarse, offset: [round3(offset[0]), round3(offset[1])], overlap, cover };
}

/** How far (a share of the level's smaller extent) the walls may move a placement the footprints found. */
const SHARED_WALL_REACH = 0.35;
/** Rounds of moving along x, then z: the second settles a shift the first made along the walls. */
const SHARED_WALL_PASSES = 2;
/** Walls lie on each other within this (metres): a wall drawn a hair off on another sheet. */
const SHARED_WALL_TOLERANCE_M = 0.05;
/** Shared walls longer by less than this (metres) do not move a placement. */
const MIN_SHARED_WALL_GAIN_M = 1;
/** ... nor do they when the footprints then overlap by this much less (intersection over union). */
const SHARED_WALL_OVERLAP_LOSS = 0.1;
/** The longest edges an outline is compared by, each way: bounds the pairs on a plan of thousands of walls. */
const MAX_AXIS_EDGES = 200;

/** An outline edge square to `axis`: where it stands on that axis, and the span it covers along the other. */
interface AxisEdge {
  at: number;
  from: number;
  to: number;
}

/** The outline's edges that stand square to `axis` (0: edges running along z, placed by x; 1: along x, by z). */
function axisEdges(outline: readonly Floor[], axis: 0 | 1): AxisEdge[] {
  const along = 1 - axis;
  const edges: AxisEdge[] = [];
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const a = outline[j]!;
    const b = outline[i]!;
    const length = Math.abs(b[along]! - a[along]!);
    if (length <= 0 || Math.abs(b[axis]! - a[axis]!) > SHARED_WALL_TOLERANCE_M) continue;
    edges.push({
      at: (a[axis]! + b[axis]!) / 2,
      from: Math.min(a[along]!, b[along]!),
      to: Math.max(a[along]!, b[along]!),
    });
  }
  return edges.sort((p, q) => q.to - q.from - (p.to - p.from)).slice(0, MAX_AXIS_EDGES);
}

/** Length of the level's edges (shifted by `across` and `along`) that lie on edges below. */
function coincidentLength(below: AxisEdge[], level: AxisEdge[], across: number, along: number): number {
  let length = 0;
  for (const b of level) {
    for (const a of below) {
      if (Math.abs(a.at - b.at - across) > SHARED_WALL_TOLERANCE_M) continue;
      length += Math.max(0, Math.min(a.to, b.to + along) - Math.max(a.from, b.from + along));
    }
  }
  return length;
}

/**
 * The shift across `axis` within `reach` of `current` that lays the most length of the level's edges on edges below
 * (the current one when none lays more), with the shift along the edges fixed. Every pair of edges proposes the shift
 * that lays one on the other, weighted by the length they would share; a shift's length is its neighbours' within
 * the tolerance.
 */
function bestShift(
  below: AxisEdge[],
  level: AxisEdge[],
  current: number,
  along: number,
  reach: number,
): number {
  const proposals: { shift: number; length: number }[] = [];
  for (const a of below) {
    for (const b of level) {
      const shift = a.at - b.at;
      if (Math.abs(shift - current) > reach) continue;
      const length = Math.min(a.to, b.to + along) - Math.max(a.from, b.from + along);
      if (length > 0) proposals.push({ shift, length });
    }
  }
  proposals.sort((p, q) => p.shift - q.shift);
  let best = current;
  let bestLength = coincidentLength(below, level, current, along);
  let lo = 0;
  let hi = 0;
  let window = 0;
  for (const proposal of proposals) {
    while (hi < proposals.length && proposals[hi]!.shift <= proposal.shift + SHARED_WALL_TOLERANCE_M)
      window += proposals[hi++]!.length;
    while (proposals[lo]!.shift < proposal.shift - SHARED_WALL_TOLERANCE_M) window -= proposals[lo++]!.length;
    if (window > bestLength + SHARED_WALL_TOLERANCE_M) {
      best = proposal.shift;
      bestLength = window;
    }
  }
  return best;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000 + 0;

/** Less of the smaller footprint than this on its neighbour's is a level placed wrong, or not of this building. */
const MIN_OVERLAP = 0.5;
/** A level this much larger or smaller than the one below, the same way in both directions, has another scale. */
const SCALE_TOLERANCE = 0.03;
/** Both directions agree on a scale when their ratios are this close. */
const UNIFORM_SCALE = 0.02;
/** Footprints within this share of each other's area are equally good anchors (the lower one is kept). */
const EQUAL_AREA = 0.01;

/**
 * Each level (bottom first) turned and shifted onto its neighbour by its footprint, outwards from the level with the
 * largest footprint (the best evidence of where the building stands, kept where it is): the levels above it each
 * over the one below, those under it each under the one above. Levels without a footprint stay where they are. And
 * what the user should check: a level that hardly lies on its neighbour, or that comes out larger or smaller in both
 * directions alike (its scale disagrees).
 */
export function alignLevels<L extends { name: string; rotationDeg: number; offsetM: Floor }>(
  levels: readonly L[],
  footprints: readonly (readonly Floor[] | null)[],
  /** Each level's flights of stairs (their middles, in its own floor space), when it has any. */
  cores: readonly (readonly Floor[] | null)[] = [],
): { levels: L[]; warnings: string[] } {
  const out = [...levels];
  const anchor = largestFootprint(footprints);
  if (anchor < 0) return { levels: out, warnings: [] };
  const warnings: string[] = [];
  const anchorLevel = levels[anchor]!;
  const anchorPlaced = footprints[anchor]!.map((p) =>
    placedPoint(p, anchorLevel.rotationDeg, anchorLevel.offsetM),
  );
  const anchorCores = (cores[anchor] ?? []).map((p) =>
    placedPoint(p, anchorLevel.rotationDeg, anchorLevel.offsetM),
  );
  for (const direction of [1, -1] as const) {
    let reference = anchorPlaced;
    let referenceCores = anchorCores;
    for (let i = anchor + direction; i >= 0 && i < levels.length; i += direction) {
      const footprint = footprints[i];
      if (!footprint?.length) continue;
      const own = cores[i] ?? [];
      const placed = placeOver(reference, footprint, { below: referenceCores, level: own });
      out[i] = { ...levels[i]!, rotationDeg: placed.rotationDeg, offsetM: placed.offset };
      const warning = placementWarning(levels[i]!.name, placed, direction > 0 ? 'below' : 'above');
      if (warning) warnings.push(warning);
      reference = footprint.map((p) => placedPoint(p, placed.rotationDeg, placed.offset));
      // A level without stairs passes on the cores below it: the core still rises through it.
      if (own.length) referenceCores = own.map((p) => placedPoint(p, placed.rotationDeg, placed.offset));
    }
  }
  return { levels: out, warnings };
}

/** The index of the footprint of the largest area (the first of equals); −1 when there is none. */
function largestFootprint(footprints: readonly (readonly Floor[] | null)[]): number {
  let best = -1;
  let bestArea = 0;
  footprints.forEach((footprint, i) => {
    const area = footprint && footprint.length >= 3 ? polygonArea(footprint) : 0;
    if (area > bestArea * (1 + EQUAL_AREA)) {
      best = i;
      bestArea = area;
    }
  });
  return best;
}

function placementWarning(name: string, placed: LevelPlacement, neighbour: 'below' | 'above'): string | null {
  const [rx, rz] = placed.sizeRatio;
  if (placed.cover < MIN_OVERLAP)
    return `${name} overlaps the level ${neighbour} by ${Math.round(placed.cover * 100)} % only: check where it is placed.`;
  const scale = (rx + rz) / 2;
  if (Math.abs(rx - rz) <= UNIFORM_SCALE && Math.abs(scale - 1) > SCALE_TOLERANCE)
    return `${name} comes out ${Math.round(Math.abs(scale - 1) * 100)} % ${scale > 1 ? 'larger' : 'smaller'} than the level ${neighbour}: check its scale.`;
  return null;
}

const placedPoint = (p: Floor, rotationDeg: number, offset: Floor): Floor => {
  const [x, z] = turnFloor(p, rotationDeg);
  return [x + offset[0], z + offset[1]];
};
