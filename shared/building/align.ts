/**
 * Placing a level over the one below: of the four quarter turns and the shifts that line up the footprints'
 * extents (centres, or any corner: an upper floor set back from one side still shares the others), the placement
 * under which the footprints overlap most. Scene floor coordinates (x, z), metres. Pure and bounded.
 */
import { boundsOfPoints } from '../plan/geometry';
import { quarterTurn } from '../scene/building';
import { QUARTER_TURNS } from './schema';

type Floor = [number, number];

export interface LevelPlacement {
  rotationDeg: (typeof QUARTER_TURNS)[number];
  /** Shift after the turn, metres (scene x, z). */
  offset: Floor;
  /** Intersection over union of the two footprints so placed (0–1). */
  overlap: number;
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

/** Intersection over union of two outlines, on a grid over both. */
export function footprintOverlap(a: readonly Floor[], b: readonly Floor[]): number {
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
  for (let i = 0; i < w * h; i++) {
    both += inA[i]! & inB[i]!;
    either += inA[i]! | inB[i]!;
  }
  return either ? both / either : 0;
}

/**
 * Where `level`'s footprint (in its own floor space) goes over `below`'s (in the building's): the quarter turn and
 * shift that overlap them most; turns other than none win only by a clear margin.
 */
export function placeOver(below: readonly Floor[], level: readonly Floor[]): LevelPlacement {
  const target = extentOf(below);
  const targetSize: Floor = [target.max[0] - target.min[0], target.max[1] - target.min[1]];
  let best: LevelPlacement | null = null;
  for (const rotationDeg of QUARTER_TURNS) {
    const turned = level.map((p) => turnFloor(p, rotationDeg));
    const e = extentOf(turned);
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
    for (const offset of lineUps) {
      const placed = turned.map(([x, z]): Floor => [x + offset[0], z + offset[1]]);
      const overlap = footprintOverlap(below, placed);
      const margin = rotationDeg === 0 ? 0 : 0.02;
      if (!best || overlap > best.overlap + margin) {
        const sizeRatio: Floor = [
          (e.max[0] - e.min[0]) / (targetSize[0] || 1),
          (e.max[1] - e.min[1]) / (targetSize[1] || 1),
        ];
        best = { rotationDeg, offset: [round3(offset[0]), round3(offset[1])], overlap, sizeRatio };
      }
    }
  }
  return best ?? { rotationDeg: 0, offset: [0, 0], overlap: 0, sizeRatio: [1, 1] };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000 + 0;

/** Less overlap than this with the level below is a level placed wrong, or not of this building. */
const MIN_OVERLAP = 0.5;
/** A level this much larger or smaller than the one below, the same way in both directions, has another scale. */
const SCALE_TOLERANCE = 0.03;
/** Both directions agree on a scale when their ratios are this close. */
const UNIFORM_SCALE = 0.02;

/**
 * Each level (bottom first) turned and shifted over the one below by its footprint (levels without one stay where
 * they are), and what the user should check: a level that hardly overlaps the one below, or that comes out larger or
 * smaller in both directions alike (its scale disagrees).
 */
export function alignLevels<L extends { name: string; rotationDeg: number; offsetM: Floor }>(
  levels: readonly L[],
  footprints: readonly (readonly Floor[] | null)[],
): { levels: L[]; warnings: string[] } {
  const warnings: string[] = [];
  const out: L[] = [];
  let below: Floor[] | null = null;
  levels.forEach((level, i) => {
    const footprint = footprints[i];
    if (!footprint?.length) {
      out.push(level);
      return;
    }
    if (!below) {
      out.push(level);
      below = footprint.map((p) => placedPoint(p, level.rotationDeg, level.offsetM));
      return;
    }
    const placed = placeOver(below, footprint);
    out.push({ ...level, rotationDeg: placed.rotationDeg, offsetM: placed.offset });
    const [rx, rz] = placed.sizeRatio;
    if (placed.overlap < MIN_OVERLAP)
      warnings.push(
        `${level.name} overlaps the level below by ${Math.round(placed.overlap * 100)} % only: check where it is placed.`,
      );
    else if (Math.abs(rx - rz) <= UNIFORM_SCALE && Math.abs((rx + rz) / 2 - 1) > SCALE_TOLERANCE)
      warnings.push(
        `${level.name} comes out ${Math.round(Math.abs((rx + rz) / 2 - 1) * 100)} % ${(rx + rz) / 2 > 1 ? 'larger' : 'smaller'} than the level below: check its scale.`,
      );
    below = footprint.map((p) => placedPoint(p, placed.rotationDeg, placed.offset));
  });
  return { levels: out, warnings };
}

const placedPoint = (p: Floor, rotationDeg: number, offset: Floor): Floor => {
  const [x, z] = turnFloor(p, rotationDeg);
  return [x + offset[0], z + offset[1]];
};
