import type { Arc, Segment } from '../types';
import type { Flattened, Stroke } from './model';

/** Layer names that hold walls in common CAD standards (AIA 'A-WALL', 'WALLS', 'MUR', 'WAND', …). */
const WALL_LAYER = /(^|[^a-z])(walls?|murs?|wand|waende|w[aä]nde|muro|muros|pared|paredes)([^a-z]|$)|a-wall/i;
/** Layers that are never walls. */
const NOT_WALL_LAYER =
  /text|dim|anno|furn|hatch|grid|axis|window|glaz|door|defpoint|title|border|frame|symbol|fixt|equip|elec|plumb|light|note|tag|stair|veg|plant/i;

export interface WallSplit {
  walls: Segment[];
  details: Segment[];
  arcs: Arc[];
  warnings: string[];
}

const key = (x: number, y: number, cell: number) => `${Math.round(x / cell)},${Math.round(y / cell)}`;

/** Splits the flattened strokes into walls and the rest, and caps both (merging duplicates first). */
export function splitWalls(
  flat: Flattened,
  limits: { maxWallSegments: number; maxDetailSegments: number; maxArcs: number },
): WallSplit {
  const warnings: string[] = [];
  const straight = flat.strokes.filter((s) => !s.curved);
  const onWallLayers = straight.filter((s) => WALL_LAYER.test(s.layer));
  let wallStrokes: Stroke[];
  if (onWallLayers.length >= 3) {
    wallStrokes = onWallLayers;
  } else {
    // Door leaves: a straight line from an arc's centre (the hinge) about one radius long.
    const arcs = flat.arcs;
    const cell = Math.max(1e-9, median(arcs.map((a) => a.r)) * 0.25);
    const hinges = new Map<string, (typeof arcs)[number][]>();
    for (const a of arcs) {
      const k = key(a.cx, a.cy, cell);
      const list = hinges.get(k) ?? [];
      list.push(a);
      hinges.set(k, list);
    }
    const isLeaf = (s: Stroke) => {
      if (!arcs.length) return false;
      const [x1, y1, x2, y2] = s.seg;
      const len = Math.hypot(x2 - x1, y2 - y1);
      for (const [px, py] of [
        [x1, y1],
        [x2, y2],
      ] as const) {
        const gx = Math.round(px / cell);
        const gy = Math.round(py / cell);
        for (let dx = -1; dx <= 1; dx++) {
          for (let dy = -1; dy <= 1; dy++) {
            for (const a of hinges.get(`${gx + dx},${gy + dy}`) ?? []) {
              if (Math.hypot(px - a.cx, py - a.cy) <= a.r * 0.08 && Math.abs(len - a.r) <= a.r * 0.2)
                return true;
            }
          }
        }
      }
      return false;
    };
    wallStrokes = straight.filter((s) => !NOT_WALL_LAYER.test(s.layer) && !isLeaf(s));
  }
  const wallSet = new Set(wallStrokes);
  let walls = dedupe(wallStrokes.map((s) => s.seg));
  let details = dedupe(straight.filter((s) => !wallSet.has(s)).map((s) => s.seg));
  if (walls.length > limits.maxWallSegments) {
    warnings.push(
      `The drawing has ${walls.length} wall segments; the ${limits.maxWallSegments} longest were kept for the 3D model.`,
    );
    walls = longest(walls, limits.maxWallSegments);
  }
  if (details.length > limits.maxDetailSegments) details = longest(details, limits.maxDetailSegments);
  let arcs: Arc[] = flat.arcs.map(({ cx, cy, r, start, end }) => ({ cx, cy, r, start, end }));
  if (arcs.length > limits.maxArcs) arcs = arcs.slice(0, limits.maxArcs);
  return { walls, details, arcs, warnings };
}

function median(values: number[]): number {
  if (!values.length) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 1;
}

const length = (s: Segment) => Math.hypot(s[2] - s[0], s[3] - s[1]);

function longest(segments: Segment[], n: number): Segment[] {
  return [...segments].sort((a, b) => length(b) - length(a)).slice(0, n);
}

/** Drops exact duplicates (either direction) and zero-length segments. */
function dedupe(segments: Segment[]): Segment[] {
  const seen = new Set<string>();
  const out: Segment[] = [];
  for (const s of segments) {
    if (length(s) === 0) continue;
    const r = (v: number) => v.toPrecision(9);
    const a = `${r(s[0])},${r(s[1])}`;
    const b = `${r(s[2])},${r(s[3])}`;
    const k = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(s);
  }
  return out;
}
