/**
 * A small CAD model that both readers (DXF via dxf-parser, DWG via libredwg) produce, and its flattening into
 * straight segments and arcs in world coordinates: block references expanded with their transforms, layers that
 * are off or frozen left out, curves approximated.
 */
import { arcOfChords } from '../arc-fit';
import type { Arc, Segment } from '../types';

export interface P2 {
  x: number;
  y: number;
}

interface Base {
  layer: string;
  /** False when the entity itself is invisible. */
  visible?: boolean;
}

export type CadEntity =
  | (Base & { type: 'LINE'; a: P2; b: P2 })
  | (Base & { type: 'POLYLINE'; points: (P2 & { bulge?: number })[]; closed: boolean })
  | (Base & { type: 'ARC'; c: P2; r: number; start: number; end: number })
  | (Base & { type: 'CIRCLE'; c: P2; r: number })
  | (Base & { type: 'ELLIPSE'; c: P2; major: P2; ratio: number; start: number; end: number })
  | (Base & {
      type: 'SPLINE';
      degree: number;
      controlPoints: P2[];
      knots: number[];
      weights?: number[];
      fitPoints: P2[];
    })
  | (Base & { type: 'TEXT'; at: P2; text: string; height: number })
  | (Base & {
      type: 'INSERT';
      name: string;
      at: P2;
      sx: number;
      sy: number;
      /** Radians. */
      rotation: number;
      cols: number;
      rows: number;
      colSpacing: number;
      rowSpacing: number;
    });

export interface CadLayer {
  on: boolean;
  frozen: boolean;
}

export interface CadModel {
  /** $INSUNITS code (0 = unitless, 1 = in, 4 = mm, 6 = m, …). */
  insUnits: number;
  layers: Map<string, CadLayer>;
  blocks: Map<string, { base: P2; entities: CadEntity[] }>;
  entities: CadEntity[];
  /** e.g. 'AC1015'. */
  version?: string;
  /** Entities read, by type (including ones this reader ignores, such as TEXT). */
  counts: Record<string, number>;
}

/** A straight piece of the drawing in world coordinates. */
export interface Stroke {
  seg: Segment;
  layer: string;
  /** Came from an arc, circle, ellipse, spline or polyline bulge rather than a straight entity. */
  curved: boolean;
  /** The name of the outermost block reference it was drawn by, if any. */
  block?: string;
}

/** A text (TEXT or MTEXT, formatting codes removed) at its insertion point in world coordinates. */
export interface PlacedText {
  x: number;
  y: number;
  text: string;
  /** Letter height in drawing units. */
  height: number;
  layer: string;
}

export interface Flattened {
  strokes: Stroke[];
  /** Arcs drawn as arcs, and (`fromChords`) polylines of short chords that lie on one (weaker evidence of a door). */
  arcs: (Arc & { layer: string; block?: string; fromChords?: boolean })[];
  /** Whole circles (a grid axis's bubble, a column, a tree), in world coordinates. */
  circles?: { cx: number; cy: number; r: number; layer: string }[];
  texts: PlacedText[];
  /** The primitive budget ran out before everything was expanded. */
  truncated: boolean;
}

type M = [number, number, number, number, number, number]; // x' = a x + c y + e, y' = b x + d y + f
const IDENTITY: M = [1, 0, 0, 1, 0, 0];
const apply = (m: M, p: P2): P2 => ({ x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] });
const mul = (m: M, n: M): M => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const finite = (...values: number[]) => values.every(Number.isFinite);
const TAU = Math.PI * 2;
/** Circles kept, as arcs are: a hostile file of endless circles stays bounded. */
const MAX_CIRCLES = 100_000;

function arcPoints(c: P2, r: number, start: number, end: number): P2[] {
  let sweep = end - start;
  while (sweep <= 0) sweep += TAU;
  if (sweep > TAU) sweep = TAU;
  const n = Math.min(64, Math.max(4, Math.ceil(sweep / (Math.PI / 18))));
  const pts: P2[] = [];
  for (let i = 0; i <= n; i++) {
    const t = start + (sweep * i) / n;
    pts.push({ x: c.x + r * Math.cos(t), y: c.y + r * Math.sin(t) });
  }
  return pts;
}

function bulgePoints(a: P2, b: P2, bulge: number): P2[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const chord = Math.hypot(dx, dy);
  if (chord === 0 || Math.abs(bulge) < 1e-9) return [a, b];
  const theta = 4 * Math.atan(bulge); // included angle, signed (positive = counter-clockwise)
  const r = chord / (2 * Math.sin(Math.abs(theta) / 2));
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  // Signed distance from the chord's midpoint to the centre, along the chord's left normal.
  const h = chord / 2 / Math.tan(theta / 2);
  const c = { x: mx - (h * dy) / chord, y: my + (h * dx) / chord };
  const a0 = Math.atan2(a.y - c.y, a.x - c.x);
  const n = Math.min(64, Math.max(2, Math.ceil(Math.abs(theta) / (Math.PI / 18))));
  const pts: P2[] = [];
  for (let i = 0; i <= n; i++) {
    const t = a0 + (theta * i) / n;
    pts.push({ x: c.x + r * Math.cos(t), y: c.y + r * Math.sin(t) });
  }
  pts[pts.length - 1] = b;
  return pts;
}

/** Evaluates a (rational) B-spline with de Boor's algorithm at a fixed number of samples. */
function splinePoints(e: Extract<CadEntity, { type: 'SPLINE' }>): P2[] {
  const cps = e.controlPoints;
  const p = Math.max(1, Math.min(e.degree || 3, cps.length - 1));
  const knots = e.knots;
  if (cps.length < 2 || knots.length !== cps.length + p + 1) {
    return e.fitPoints.length >= 2 ? e.fitPoints : cps;
  }
  const w = e.weights && e.weights.length === cps.length ? e.weights : undefined;
  const lo = knots[p] ?? 0;
  const hi = knots[cps.length] ?? 1;
  if (!(hi > lo)) return cps;
  const samples = Math.min(200, Math.max(8, cps.length * 8));
  const out: P2[] = [];
  for (let s = 0; s <= samples; s++) {
    const t = lo + ((hi - lo) * s) / samples;
    let k = p;
    while (k < cps.length - 1 && t >= (knots[k + 1] ?? hi)) k++;
    const d: { x: number; y: number; w: number }[] = [];
    for (let j = 0; j <= p; j++) {
      const cp = cps[k - p + j] ?? { x: 0, y: 0 };
      const wt = w ? (w[k - p + j] ?? 1) : 1;
      d.push({ x: cp.x * wt, y: cp.y * wt, w: wt });
    }
    for (let r = 1; r <= p; r++) {
      for (let j = p; j >= r; j--) {
        const i = k - p + j;
        const k0 = knots[i] ?? 0;
        const k1 = knots[i + p - r + 1] ?? 1;
        const alpha = k1 === k0 ? 0 : (t - k0) / (k1 - k0);
        const dj = d[j]!;
        const dp = d[j - 1]!;
        d[j] = {
          x: (1 - alpha) * dp.x + alpha * dj.x,
          y: (1 - alpha) * dp.y + alpha * dj.y,
          w: (1 - alpha) * dp.w + alpha * dj.w,
        };
      }
    }
    const r = d[p]!;
    if (r.w !== 0) out.push({ x: r.x / r.w, y: r.y / r.w });
  }
  return out;
}

function ellipsePoints(e: Extract<CadEntity, { type: 'ELLIPSE' }>): P2[] {
  const { c, major, ratio } = e;
  const minor = { x: -major.y * ratio, y: major.x * ratio };
  let start = e.start;
  let end = e.end;
  if (!finite(start, end)) {
    start = 0;
    end = TAU;
  }
  let sweep = end - start;
  while (sweep <= 0) sweep += TAU;
  if (sweep > TAU) sweep = TAU;
  const n = Math.min(72, Math.max(8, Math.ceil(sweep / (Math.PI / 18))));
  const pts: P2[] = [];
  for (let i = 0; i <= n; i++) {
    const t = start + (sweep * i) / n;
    pts.push({
      x: c.x + major.x * Math.cos(t) + minor.x * Math.sin(t),
      y: c.y + major.y * Math.cos(t) + minor.y * Math.sin(t),
    });
  }
  return pts;
}

/** Expands the model into world-space strokes and arcs, within `maxPrimitives`. */
export function flatten(model: CadModel, opts: { maxPrimitives: number; maxDepth: number }): Flattened {
  const strokes: Stroke[] = [];
  const arcs: Flattened['arcs'] = [];
  const circles: NonNullable<Flattened['circles']> = [];
  const texts: PlacedText[] = [];
  let truncated = false;
  let blockName: string | undefined;
  const layerState = (name: string): CadLayer => model.layers.get(name) ?? { on: true, frozen: false };

  const pushPath = (m: M, pts: P2[], layer: string, curved: boolean, closed = false) => {
    const world = pts.map((p) => apply(m, p));
    const count = world.length - 1 + (closed ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const a = world[i]!;
      const b = world[(i + 1) % world.length]!;
      if (!finite(a.x, a.y, b.x, b.y)) continue;
      if (a.x === b.x && a.y === b.y) continue;
      if (strokes.length >= opts.maxPrimitives) {
        truncated = true;
        return;
      }
      strokes.push(
        blockName === undefined
          ? { seg: [a.x, a.y, b.x, b.y], layer, curved }
          : { seg: [a.x, a.y, b.x, b.y], layer, curved, block: blockName },
      );
    }
  };

  const walk = (entities: CadEntity[], m: M, depth: number, parentLayer: string | null, stack: string[]) => {
    for (const e of entities) {
      if (truncated) return;
      if (e.visible === false) continue;
      // Entities on layer 0 inside a block take the layer of the block reference.
      const layer = e.layer === '0' && parentLayer !== null ? parentLayer : e.layer || '0';
      const state = layerState(layer);
      if (state.frozen) continue;
      if (e.type === 'INSERT') {
        if (depth >= opts.maxDepth || stack.includes(e.name)) continue;
        const definition = model.blocks.get(e.name);
        if (!definition) continue;
        const sx = finite(e.sx) && e.sx !== 0 ? e.sx : 1;
        const sy = finite(e.sy) && e.sy !== 0 ? e.sy : 1;
        const rot = finite(e.rotation) ? e.rotation : 0;
        const cols = Math.max(1, Math.min(100, Math.floor(e.cols || 1)));
        const rows = Math.max(1, Math.min(100, Math.floor(e.rows || 1)));
        const cos = Math.cos(rot);
        const sin = Math.sin(rot);
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            // Array offsets are along the block's rotated axes.
            const ox = c * (e.colSpacing || 0);
            const oy = r * (e.rowSpacing || 0);
            const at = { x: e.at.x + ox * cos - oy * sin, y: e.at.y + ox * sin + oy * cos };
            const local: M = mul(
              [cos, sin, -sin, cos, at.x, at.y],
              [sx, 0, 0, sy, -definition.base.x * sx, -definition.base.y * sy],
            );
            const outer = blockName;
            blockName ??= e.name;
            walk(definition.entities, mul(m, local), depth + 1, layer, [...stack, e.name]);
            blockName = outer;
          }
        }
        continue;
      }
      if (!state.on) continue;
      switch (e.type) {
        case 'LINE':
          pushPath(m, [e.a, e.b], layer, false);
          break;
        case 'POLYLINE': {
          const pts = e.points;
          if (pts.length < 2) break;
          const n = e.closed ? pts.length : pts.length - 1;
          for (let i = 0; i < n; i++) {
            const a = pts[i]!;
            const b = pts[(i + 1) % pts.length]!;
            const bulge = a.bulge ?? 0;
            if (Math.abs(bulge) > 1e-9) pushPath(m, bulgePoints(a, b, bulge), layer, true);
            else pushPath(m, [a, b], layer, false);
          }
          // A swing drawn as a run of chords (no bulges) is still a door's arc.
          if (pts.length >= 6 && arcs.length < 100_000 && pts.every((p) => !p.bulge)) {
            const placed = pts.map((p) => apply(m, p));
            const arc = arcOfChords(placed.flatMap((p) => [p.x, p.y]));
            if (arc) {
              const found = { ...arc, layer, fromChords: true };
              arcs.push(blockName === undefined ? found : { ...found, block: blockName });
            }
          }
          break;
        }
        case 'ARC':
        case 'CIRCLE': {
          if (!finite(e.c.x, e.c.y, e.r) || e.r <= 0) break;
          const start = e.type === 'ARC' ? e.start : 0;
          const end = e.type === 'ARC' ? e.end : TAU;
          pushPath(m, arcPoints(e.c, e.r, start, end), layer, true);
          if (e.type === 'ARC' && arcs.length < 100_000) {
            const c = apply(m, e.c);
            const det = m[0] * m[3] - m[1] * m[2];
            const r = e.r * Math.sqrt(Math.abs(det));
            const p0 = apply(m, { x: e.c.x + e.r * Math.cos(start), y: e.c.y + e.r * Math.sin(start) });
            const p1 = apply(m, { x: e.c.x + e.r * Math.cos(end), y: e.c.y + e.r * Math.sin(end) });
            const a0 = Math.atan2(p0.y - c.y, p0.x - c.x);
            const a1 = Math.atan2(p1.y - c.y, p1.x - c.x);
            const arc =
              det < 0
                ? { cx: c.x, cy: c.y, r, start: a1, end: a0, layer }
                : { cx: c.x, cy: c.y, r, start: a0, end: a1, layer };
            arcs.push(blockName === undefined ? arc : { ...arc, block: blockName });
          }
          if (e.type === 'CIRCLE' && circles.length < MAX_CIRCLES) {
            const c = apply(m, e.c);
            circles.push({
              cx: c.x,
              cy: c.y,
              r: e.r * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])),
              layer,
            });
          }
          break;
        }
        case 'ELLIPSE':
          if (finite(e.c.x, e.c.y, e.major.x, e.major.y, e.ratio)) pushPath(m, ellipsePoints(e), layer, true);
          break;
        case 'SPLINE':
          pushPath(m, splinePoints(e), layer, true);
          break;
        case 'TEXT': {
          const at = apply(m, e.at);
          const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
          if (e.text && finite(at.x, at.y) && texts.length < 20_000)
            texts.push({ x: at.x, y: at.y, text: e.text, height: e.height * scale, layer });
          break;
        }
      }
    }
  };
  walk(model.entities, IDENTITY, 0, null, []);
  return { strokes, arcs, circles, texts, truncated };
}

/** Plain text of a TEXT/MTEXT value: MTEXT formatting codes (\P, {\fArial|b0;…}, %%d) removed. */
export function plainText(raw: string): string {
  return raw
    .replace(/\\P/g, ' ')
    .replace(/\\[A-Za-z][^;\\{}]*;/g, '')
    .replace(/\\[~Ss]/g, ' ')
    .replace(/[{}]/g, '')
    .replace(/%%[dDpPcC]/g, '')
    .replace(/%%[uUoO]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** $INSUNITS code → units name and metres per unit. */
export function unitsFromInsUnits(code: number): {
  units: import('../types').DrawingUnits;
  metresPerUnit: number | null;
} {
  switch (code) {
    case 1:
      return { units: 'in', metresPerUnit: 0.0254 };
    case 2:
      return { units: 'ft', metresPerUnit: 0.3048 };
    case 3:
      return { units: 'mi', metresPerUnit: 1609.344 };
    case 4:
      return { units: 'mm', metresPerUnit: 0.001 };
    case 5:
      return { units: 'cm', metresPerUnit: 0.01 };
    case 6:
      return { units: 'm', metresPerUnit: 1 };
    case 7:
      return { units: 'km', metresPerUnit: 1000 };
    case 10:
      return { units: 'yd', metresPerUnit: 0.9144 };
    case 14:
      return { units: 'dm', metresPerUnit: 0.1 };
    default:
      return { units: 'unitless', metresPerUnit: null };
  }
}
