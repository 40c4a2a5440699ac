/** Walls, doors and windows of a building drawn in one convention (entities in metres). */
import type { Building, Opening, Point, Wall } from './building';
import type { Entity } from './dxf-writer';
import { clipLineToConvex, type Line, unionOutline, wallBody, wallFrame, wallPieces } from './linework';
import type { Random } from './random';

export type WallStyle = 'single' | 'double' | 'hatched';
export type Junctions = 'meet' | 'overshoot' | 'short';
export type DoorStyle = 'arc' | 'chords' | 'sliding' | 'block';

export interface WallDrawing {
  style: WallStyle;
  junctions: Junctions;
  doors: DoorStyle;
  /** Lines drawn across a window: 1 (the glass), 2 (the two faces) or 3 (faces and glass). */
  windowLines: 1 | 2 | 3;
  /** The layer of each kind of line (a function, so walls may be spread over several layers). */
  layer: { walls: () => string; doors: string; windows: string; hatch: string };
}

/** A single-line wall is scored as a band this thick, as the corpus's masks draw them. */
export const SINGLE_LINE_BAND_M = 0.15;
const HATCH_SPACING_M: [number, number] = [0.05, 0.12];

export function drawWalls(random: Random, b: Building, style: WallDrawing, blocks: Map<string, Entity[]>) {
  const entities: Entity[] = [];
  const line = (layer: string, [a, c]: Line) => entities.push({ type: 'LINE', layer, a, b: c });
  if (style.style === 'single') {
    for (const seg of centrelines(random, b, style.junctions)) line(style.layer.walls(), seg);
  } else {
    const body = wallBody(b);
    for (const face of unionOutline(body)) line(style.layer.walls(), face);
    if (style.style === 'hatched') {
      const spacing = random.between(...HATCH_SPACING_M);
      for (const polygon of body) for (const h of hatchLines(polygon, spacing)) line(style.layer.hatch, h);
    }
  }
  for (const o of b.openings) {
    const w = b.walls[o.wall]!;
    const half = style.style === 'single' ? 0 : w.thickness / 2;
    if (o.kind === 'window') entities.push(...windowLines(w, o, half, style));
    else if (o.kind === 'door') entities.push(...doorSymbol(w, o, half, style, blocks));
  }
  return entities;
}

/** Wall centrelines between openings; at junctions they meet, run on past, or stop short. */
function centrelines(random: Random, b: Building, junctions: Junctions): Line[] {
  const out: Line[] = [];
  for (const { wall, from, to } of wallPieces(b)) {
    const w = b.walls[wall]!;
    const f = wallFrame(w);
    const atJunction = (s: number) => s <= 1e-9 || s >= f.length - 1e-9;
    const shift = () =>
      junctions === 'overshoot'
        ? random.between(0.05, 0.25)
        : junctions === 'short'
          ? -random.between(0.03, 0.1)
          : 0;
    const s0 = atJunction(from) ? from - shift() : from;
    const s1 = atJunction(to) ? to + shift() : to;
    out.push([f.at(s0), f.at(s1)]);
  }
  return out;
}

function hatchLines(polygon: Point[], spacing: number): Line[] {
  const d: Point = [Math.SQRT1_2, Math.SQRT1_2];
  const normal: Point = [-Math.SQRT1_2, Math.SQRT1_2];
  const offsets = polygon.map(([x, y]) => x * normal[0] + y * normal[1]);
  const out: Line[] = [];
  for (let k = Math.ceil(Math.min(...offsets) / spacing); k * spacing <= Math.max(...offsets); k++) {
    const p: Point = [normal[0] * k * spacing, normal[1] * k * spacing];
    const clipped = clipLineToConvex(p, d, polygon);
    if (clipped) out.push(clipped);
  }
  return out;
}

function windowLines(w: Wall, o: Opening, half: number, style: WallDrawing): Entity[] {
  const f = wallFrame(w);
  const offsets =
    style.windowLines === 1
      ? [0]
      : style.windowLines === 2
        ? [-Math.max(half, 0.05), Math.max(half, 0.05)]
        : [-Math.max(half, 0.06), 0, Math.max(half, 0.06)];
  return offsets.map((off) => ({
    type: 'LINE',
    layer: style.layer.windows,
    a: f.at(o.from, off),
    b: f.at(o.to, off),
  }));
}

const degrees = ([x, y]: Point) => (Math.atan2(y, x) * 180) / Math.PI;

function doorSymbol(
  w: Wall,
  o: Opening,
  half: number,
  style: WallDrawing,
  blocks: Map<string, Entity[]>,
): Entity[] {
  const f = wallFrame(w);
  const width = o.to - o.from;
  const layer = style.layer.doors;
  const [hingeS, otherS] = o.hingeAtFrom ? [o.from, o.to] : [o.to, o.from];
  const hinge = f.at(hingeS, o.side * half);
  const along: Point = [Math.sign(otherS - hingeS) * f.u[0], Math.sign(otherS - hingeS) * f.u[1]];
  const swing: Point = [o.side * f.n[0], o.side * f.n[1]];
  const counterClockwise = along[0] * swing[1] - along[1] * swing[0] > 0;
  const tip: Point = [hinge[0] + swing[0] * width, hinge[1] + swing[1] * width];
  if (style.doors === 'sliding') return slidingDoor(f, o, layer);
  if (style.doors === 'block') {
    const name = `DOOR_${Math.round(width * 100)}_${counterClockwise ? 'R' : 'L'}`;
    if (!blocks.has(name)) {
      blocks.set(name, [
        counterClockwise
          ? { type: 'ARC', layer: '0', c: [0, 0], r: width, startDeg: 0, endDeg: 90 }
          : { type: 'ARC', layer: '0', c: [0, 0], r: width, startDeg: 270, endDeg: 360 },
        { type: 'LINE', layer: '0', a: [0, 0], b: [0, counterClockwise ? width : -width] },
      ]);
    }
    return [{ type: 'INSERT', layer, block: name, at: hinge, rotationDeg: degrees(along) }];
  }
  const leaf: Entity = { type: 'LINE', layer, a: hinge, b: tip };
  const [start, end] = counterClockwise ? [degrees(along), degrees(swing)] : [degrees(swing), degrees(along)];
  if (style.doors === 'arc')
    return [leaf, { type: 'ARC', layer, c: hinge, r: width, startDeg: start, endDeg: end }];
  const points: Point[] = [];
  const CHORDS = 6;
  for (let i = 0; i <= CHORDS; i++) {
    const t = ((start + ((((end - start) % 360) + 360) % 360) * (i / CHORDS)) * Math.PI) / 180;
    points.push([hinge[0] + width * Math.cos(t), hinge[1] + width * Math.sin(t)]);
  }
  return [leaf, { type: 'POLYLINE', layer, points, closed: false }];
}

/** Two leaves side by side in the wall's thickness, each a thin rectangle. */
function slidingDoor(f: ReturnType<typeof wallFrame>, o: Opening, layer: string): Entity[] {
  const leafLength = (o.to - o.from) / 2 + 0.05;
  const rect = (s0: number, s1: number, off: number): Entity => ({
    type: 'POLYLINE',
    layer,
    closed: true,
    points: [f.at(s0, off), f.at(s1, off), f.at(s1, off + 0.03), f.at(s0, off + 0.03)],
  });
  return [rect(o.from, o.from + leafLength, -0.035), rect(o.to - leafLength, o.to, 0.005)];
}

/** The wall body the truth is made of: as drawn, or a band along single lines. */
export const truthBody = (b: Building, style: WallStyle) =>
  style === 'single' ? wallBody(b, () => SINGLE_LINE_BAND_M) : wallBody(b);
