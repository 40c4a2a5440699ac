/**
 * The walls of a building as line work: the wall body as convex polygons (a piece of wall between openings, and a
 * filler at each corner so outer faces meet), its outline as face lines (the boundary of the union of those
 * polygons, each face one line), and centrelines for single-line drawings. Metres, y up.
 */
import { type Building, type Point, type Wall, wallLength } from './building';

export type Line = [Point, Point];

const EPS = 1e-7;
const sub = (p: Point, q: Point): Point => [p[0] - q[0], p[1] - q[1]];
const add = (p: Point, q: Point): Point => [p[0] + q[0], p[1] + q[1]];
const scale = (p: Point, k: number): Point => [p[0] * k, p[1] * k];
const cross = (p: Point, q: Point) => p[0] * q[1] - p[1] * q[0];
const dot = (p: Point, q: Point) => p[0] * q[0] + p[1] * q[1];

export function wallFrame(w: Pick<Wall, 'a' | 'b'>) {
  const length = wallLength(w);
  const u: Point = [(w.b[0] - w.a[0]) / length, (w.b[1] - w.a[1]) / length];
  const n: Point = [-u[1], u[0]];
  const at = (s: number, offset = 0): Point => add(add(w.a, scale(u, s)), scale(n, offset));
  return { length, u, n, at };
}

/** The stretches of each wall left between its openings (metres along the wall). */
export function wallPieces(building: Building): { wall: number; from: number; to: number }[] {
  const pieces: { wall: number; from: number; to: number }[] = [];
  building.walls.forEach((w, i) => {
    const gaps = building.openings
      .filter((o) => o.wall === i)
      .sort((p, q) => p.from - q.from)
      .map((o) => [o.from, o.to] as const);
    let start = 0;
    for (const [from, to] of gaps) {
      pieces.push({ wall: i, from: start, to: from });
      start = to;
    }
    pieces.push({ wall: i, from: start, to: wallLength(w) });
  });
  return pieces;
}

/** Where two walls end at one point (a corner), the outer faces' meeting point fills the corner. */
function cornerFillers(walls: Wall[]): Point[][] {
  const fillers: Point[][] = [];
  for (let i = 0; i < walls.length; i++) {
    for (let j = i + 1; j < walls.length; j++) {
      const p = walls[i]!;
      const q = walls[j]!;
      for (const [pEnd, pOther] of [
        [p.a, p.b],
        [p.b, p.a],
      ] as const) {
        for (const [qEnd, qOther] of [
          [q.a, q.b],
          [q.b, q.a],
        ] as const) {
          if (Math.hypot(pEnd[0] - qEnd[0], pEnd[1] - qEnd[1]) > EPS) continue;
          const filler = cornerFiller(pEnd, pOther, p.thickness, qOther, q.thickness);
          if (filler) fillers.push(filler);
        }
      }
    }
  }
  return fillers;
}

function cornerFiller(j: Point, pOther: Point, pt: number, qOther: Point, qt: number): Point[] | null {
  const d1 = unit(sub(pOther, j));
  const d2 = unit(sub(qOther, j));
  if (Math.abs(cross(d1, d2)) < 1e-6) return null;
  // Each wall's outer face is on the side away from the other wall.
  let n1: Point = [-d1[1], d1[0]];
  if (dot(n1, d2) > 0) n1 = scale(n1, -1);
  let n2: Point = [-d2[1], d2[0]];
  if (dot(n2, d1) > 0) n2 = scale(n2, -1);
  const o1 = add(j, scale(n1, pt / 2));
  const o2 = add(j, scale(n2, qt / 2));
  // o1 + s·d1 = o2 + r·d2
  const s = cross(sub(o2, o1), d2) / cross(d1, d2);
  const outer = add(o1, scale(d1, s));
  return convexHull([j, o1, outer, o2]);
}

const unit = (p: Point): Point => {
  const l = Math.hypot(p[0], p[1]);
  return [p[0] / l, p[1] / l];
};

function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(sub(out.at(-1)!, out.at(-2)!), sub(p, out.at(-2)!)) <= EPS) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The wall body as counter-clockwise convex polygons (pieces and corner fillers). */
export function wallBody(building: Building, thicknessOf = (w: Wall) => w.thickness): Point[][] {
  const walls = building.walls.map((w) => ({ ...w, thickness: thicknessOf(w) }));
  const polygons = wallPieces(building).map(({ wall, from, to }) => {
    const w = walls[wall]!;
    const f = wallFrame(w);
    const h = w.thickness / 2;
    return [f.at(from, -h), f.at(to, -h), f.at(to, h), f.at(from, h)];
  });
  return [...polygons, ...cornerFillers(walls)];
}

/** Point strictly inside a convex counter-clockwise polygon (by more than `margin`). */
export function insideConvex(polygon: Point[], p: Point, margin: number): boolean {
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const e = sub(b, a);
    if (cross(e, sub(p, a)) / Math.hypot(e[0], e[1]) <= margin) return false;
  }
  return true;
}

/** Parameters (0..1) where segment a→b crosses or touches the edges of `polygon`. */
function crossings(a: Point, b: Point, polygon: Point[]): number[] {
  const out: number[] = [];
  const d = sub(b, a);
  for (let i = 0; i < polygon.length; i++) {
    const c = polygon[i]!;
    const e = sub(polygon[(i + 1) % polygon.length]!, c);
    const denom = cross(d, e);
    if (Math.abs(denom) < 1e-12) {
      // Collinear edges: split at the other edge's ends.
      if (Math.abs(cross(sub(c, a), d)) > 1e-9) continue;
      const len2 = dot(d, d);
      out.push(dot(sub(c, a), d) / len2, dot(sub(add(c, e), a), d) / len2);
      continue;
    }
    const t = cross(sub(c, a), e) / denom;
    const s = cross(sub(c, a), d) / denom;
    if (s >= -EPS && s <= 1 + EPS) out.push(t);
  }
  return out.filter((t) => t > EPS && t < 1 - EPS);
}

/** The outline of the union of convex polygons, as lines; collinear touching pieces joined into one line. */
export function unionOutline(polygons: Point[][]): Line[] {
  const kept: Line[] = [];
  polygons.forEach((polygon, pi) => {
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      const d = sub(b, a);
      const outward = unit([d[1], -d[0]]);
      const ts = [0, 1];
      polygons.forEach((other, oi) => {
        if (oi !== pi) ts.push(...crossings(a, b, other));
      });
      ts.sort((p, q) => p - q);
      for (let k = 0; k + 1 < ts.length; k++) {
        if (ts[k + 1]! - ts[k]! < 1e-9) continue;
        const mid = add(a, scale(d, (ts[k]! + ts[k + 1]!) / 2));
        const beyond = add(mid, scale(outward, 1e-5));
        if (polygons.some((other, oi) => oi !== pi && insideConvex(other, beyond, -1e-9))) continue;
        kept.push([add(a, scale(d, ts[k]!)), add(a, scale(d, ts[k + 1]!))]);
      }
    }
  });
  return joinCollinear(kept);
}

/** Joins lines that lie on one line and touch or overlap; drops duplicates. */
export function joinCollinear(lines: Line[]): Line[] {
  const groups = new Map<string, { u: Point; origin: Point; spans: [number, number][] }>();
  for (const [p, q] of lines) {
    let u = unit(sub(q, p));
    if (u[0] < -EPS || (Math.abs(u[0]) <= EPS && u[1] < 0)) u = scale(u, -1);
    const offset = cross(u, p);
    const key = `${u[0].toFixed(6)},${u[1].toFixed(6)},${offset.toFixed(5)}`;
    const group = groups.get(key) ?? { u, origin: p, spans: [] };
    groups.set(key, group);
    const s1 = dot(sub(p, group.origin), u);
    const s2 = dot(sub(q, group.origin), u);
    group.spans.push([Math.min(s1, s2), Math.max(s1, s2)]);
  }
  const out: Line[] = [];
  for (const { u, origin, spans } of groups.values()) {
    spans.sort((p, q) => p[0] - q[0]);
    let [lo, hi] = spans[0]!;
    for (const [a, b] of spans.slice(1)) {
      if (a <= hi + 1e-6) hi = Math.max(hi, b);
      else {
        out.push([add(origin, scale(u, lo)), add(origin, scale(u, hi))]);
        [lo, hi] = [a, b];
      }
    }
    out.push([add(origin, scale(u, lo)), add(origin, scale(u, hi))]);
  }
  return out;
}

/** Clips the infinite line through `p` along `d` to a convex polygon; null when it misses. */
export function clipLineToConvex(p: Point, d: Point, polygon: Point[]): Line | null {
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const e = sub(polygon[(i + 1) % polygon.length]!, a);
    const num = cross(e, sub(p, a));
    const den = cross(e, d);
    if (Math.abs(den) < 1e-12) {
      if (num < 0) return null;
      continue;
    }
    const t = -num / den;
    if (den > 0) lo = Math.max(lo, t);
    else hi = Math.min(hi, t);
  }
  if (hi - lo < 1e-6) return null;
  return [add(p, scale(d, lo)), add(p, scale(d, hi))];
}
