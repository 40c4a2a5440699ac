/** The massing model: walls extruded to a storey, lintels and sills over openings, glass, a floor slab, ground. */
import { triangulate } from '../../shared/scene/mesh';
import type { Scene, SceneBox } from '../../shared/scene/types';
import { maskRects, type Opening, type Plan, type WallPiece } from '../plan/build-plan';

export const MAT = {
  ground: 1,
  slabSide: 2,
  floor: 3,
  wall: 4,
  wallTop: 5,
  glass: 6,
  frame: 7,
  roof: 8,
  ceiling: 9,
} as const;
export type Material = (typeof MAT)[keyof typeof MAT];

/**
 * Coarse class of a material, for tests and post-processing: 0 sky, 1 ground, 2 floor, 3 wall, 4 glass, 5 roof,
 * 6 ceiling.
 */
export const MAT_CLASS: Record<number, number> = {
  0: 0,
  1: 1,
  2: 2,
  3: 2,
  4: 3,
  5: 3,
  6: 4,
  7: 3,
  8: 5,
  9: 6,
};

export interface Mesh {
  /** 9 floats per triangle. */
  pos: Float32Array;
  /** 3 floats per triangle (unit face normal). */
  normal: Float32Array;
  mat: Uint8Array;
  count: number;
  /** Bounds of the building (not the ground), metres: up to the roof when there is one. */
  box: { minX: number; minY: number; minZ: number; maxX: number; maxY: number; maxZ: number };
  /** Height of the wall tops, metres above the ground. */
  wallTop: number;
}

export const FLOOR_LEVEL = 0.15;
const DOOR_HEAD = 2.1;
const SILL = 0.9;

class Builder {
  pos: number[] = [];
  normal: number[] = [];
  mat: number[] = [];
  tri(a: number[], b: number[], c: number[], n: number[], m: number) {
    this.pos.push(a[0]!, a[1]!, a[2]!, b[0]!, b[1]!, b[2]!, c[0]!, c[1]!, c[2]!);
    this.normal.push(n[0]!, n[1]!, n[2]!);
    this.mat.push(m);
  }
  quad(a: number[], b: number[], c: number[], d: number[], n: number[], m: number) {
    this.tri(a, b, c, n, m);
    this.tri(a, c, d, n, m);
  }
  /** A box around a centreline (x1,y1)→(x2,y2) of thickness t, from z0 to z1; no bottom face. */
  box(p: WallPiece, z0: number, z1: number, side: number, top: number) {
    const len = Math.hypot(p.x2 - p.x1, p.y2 - p.y1);
    if (len < 1e-6 || z1 <= z0) return;
    const ux = (p.x2 - p.x1) / len;
    const uy = (p.y2 - p.y1) / len;
    const nx = -uy * (p.t / 2);
    const ny = ux * (p.t / 2);
    const c = [
      [p.x1 + nx, p.y1 + ny],
      [p.x2 + nx, p.y2 + ny],
      [p.x2 - nx, p.y2 - ny],
      [p.x1 - nx, p.y1 - ny],
    ] as [number, number][];
    const at = (i: number, z: number) => [c[i]![0], c[i]![1], z];
    this.quad(at(0, z1), at(1, z1), at(2, z1), at(3, z1), [0, 0, 1], top);
    const sides: [number, number, number[]][] = [
      [0, 1, [-uy, ux, 0]],
      [1, 2, [ux, uy, 0]],
      [2, 3, [uy, -ux, 0]],
      [3, 0, [-ux, -uy, 0]],
    ];
    for (const [i, j, n] of sides) this.quad(at(i, z0), at(j, z0), at(j, z1), at(i, z1), n, side);
  }
  /** A vertical pane along a centreline (two-sided material). */
  pane(p: WallPiece, z0: number, z1: number, m: number) {
    const len = Math.hypot(p.x2 - p.x1, p.y2 - p.y1);
    if (len < 1e-6) return;
    const n = [-(p.y2 - p.y1) / len, (p.x2 - p.x1) / len, 0];
    this.quad([p.x1, p.y1, z0], [p.x2, p.y2, z0], [p.x2, p.y2, z1], [p.x1, p.y1, z1], n, m);
  }
}

export interface SceneOptions {
  /** Walls are cut at this height above the floor (cut-away views); the full storey when absent. */
  cutHeight?: number;
  /** Ground plate size as a multiple of the building's extent. */
  groundScale: number;
  /** A roof over the footprint (the prompt asked for one). */
  roof?: 'flat' | 'pitched';
  /** Ceilings over the 3D model's rooms at the wall tops, seen from below (a camera standing in a room). */
  ceilings?: boolean;
}

/**
 * The 3D model's walls (shared/scene, the same the viewer and the exports show) in the renderer's world: every
 * solid wall piece (full-height runs, lintels, sills), the glass of every window and the steps of every stair. `toWorld` maps scene metres
 * (Y up) to world metres (Z up, floor at FLOOR_LEVEL), as view-camera.ts does.
 */
export interface ModelWalls {
  scene: Scene;
  toWorld: (p: [number, number, number]) => [number, number, number];
}

/** Builds the triangle mesh of the massing for a plan, with the 3D model's walls when it is given. */
export function buildMesh(plan: Plan, opts: SceneOptions, model?: ModelWalls): Mesh {
  const b = new Builder();
  const F = FLOOR_LEVEL;
  const H = Math.min(plan.wallHeight, opts.cutHeight ?? plan.wallHeight);
  let top = F + H;
  if (model) top = addModelWalls(b, model, opts.cutHeight);
  else {
    for (const w of plan.walls) b.box(w, F, top, MAT.wall, MAT.wallTop);
    for (const o of plan.openings) addOpening(b, o, F, H, plan.wallHeight);
  }
  // Floor slab, and the roof asked for, over the building's footprint: the 3D model's when there is one (the
  // viewer's and the exports'), else what the renderer's own reading finds enclosed.
  const wallTop = top;
  const outline = model?.scene.footprint ?? null;
  if (model && opts.ceilings) addCeilings(b, model, outline, wallTop);
  if (model) addUpperFloors(b, model);
  top =
    model && outline
      ? modelFloorAndRoof(b, outline, model.scene.roof?.outline ?? outline, model.toWorld, top, opts.roof)
      : readingFloorAndRoof(b, plan, top, opts.roof);
  const bw = plan.bounds.maxX - plan.bounds.minX;
  const bh = plan.bounds.maxY - plan.bounds.minY;
  // Ground plate centred on the building.
  const cx = (plan.bounds.minX + plan.bounds.maxX) / 2;
  const cy = (plan.bounds.minY + plan.bounds.maxY) / 2;
  const half = (Math.max(bw, bh) * opts.groundScale) / 2;
  b.quad(
    [cx - half, cy - half, 0],
    [cx + half, cy - half, 0],
    [cx + half, cy + half, 0],
    [cx - half, cy + half, 0],
    [0, 0, 1],
    MAT.ground,
  );
  const count = b.mat.length;
  return {
    pos: Float32Array.from(b.pos),
    normal: Float32Array.from(b.normal),
    mat: Uint8Array.from(b.mat),
    count,
    box: {
      minX: plan.bounds.minX,
      minY: plan.bounds.minY,
      minZ: 0,
      maxX: plan.bounds.maxX,
      maxY: plan.bounds.maxY,
      maxZ: top,
    },
    wallTop,
  };
}

/**
 * Floor over the model's footprint and the roof over the top storey's (the same outline for one storey); returns
 * the top of the building.
 */
function modelFloorAndRoof(
  b: Builder,
  outline: [number, number][],
  roofOutline: [number, number][],
  toWorld: ModelWalls['toWorld'],
  top: number,
  roof: SceneOptions['roof'],
): number {
  addOutlineSlab(b, outline, toWorld, 0, FLOOR_LEVEL, MAT.floor);
  if (roof === 'flat') {
    addOutlineSlab(b, roofOutline, toWorld, top, top + ROOF_SLAB, MAT.roof);
    return top + ROOF_SLAB;
  }
  return roof === 'pitched' ? pitchedRoof(b, worldBounds(roofOutline, toWorld), top) : top;
}

/**
 * The floor slabs of a building's upper storeys (the rooms' and the room-less storeys' floors above the datum), with
 * their undersides the ceilings of the storey below: a storey standing out over the one below has a floor under it,
 * and a camera in a lower storey sees a ceiling. A one-storey model has none.
 */
function addUpperFloors(b: Builder, model: ModelWalls): void {
  const { scene, toWorld } = model;
  for (const floor of [...scene.rooms, ...scene.floors]) {
    const elevation = floor.elevation ?? 0;
    if (elevation <= 0 || ('openFloor' in floor && floor.openFloor)) continue;
    const thickness = 'thickness' in floor ? floor.thickness : floor.slabThickness;
    const z1 = toWorld([0, elevation, 0])[2];
    const z0 = toWorld([0, elevation - thickness, 0])[2];
    // No sides: the outline runs along the walls' outer faces, which stand over and under it.
    addOutlineFace(b, floor.outline, toWorld, z1, 1, MAT.floor);
    addOutlineFace(b, floor.outline, toWorld, z0, -1, MAT.ceiling);
  }
}

/**
 * The floor level of a building's top storey, scene metres (0 for one storey): the highest foot of a wall (a wall's
 * lowest piece stands on its storey's floor). Where a cut-away cuts from.
 */
function topStoreyElevation(scene: Scene): number {
  let top = 0;
  for (const wall of scene.walls) {
    let foot = Number.POSITIVE_INFINITY;
    for (const box of wall.pieces) foot = Math.min(foot, box.center[1] - box.size[1] / 2);
    if (Number.isFinite(foot)) top = Math.max(top, foot);
  }
  return top;
}

/** Floor and roof over what the renderer's own reading finds enclosed; returns the top of the building. */
function readingFloorAndRoof(b: Builder, plan: Plan, top: number, roof: SceneOptions['roof']): number {
  const g = plan.grid;
  const footprint = new Uint8Array(g.w * g.h);
  let area = 0;
  for (let i = 0; i < footprint.length; i++) {
    if (!g.outside[i]) {
      footprint[i] = 1;
      area++;
    }
  }
  const bw = plan.bounds.maxX - plan.bounds.minX;
  const bh = plan.bounds.maxY - plan.bounds.minY;
  if (area * g.cell * g.cell < bw * bh * 0.15) {
    // Nothing enclosed (loose lines): a slab over the walls' bounds.
    b.box(
      {
        x1: plan.bounds.minX,
        y1: (plan.bounds.minY + plan.bounds.maxY) / 2,
        x2: plan.bounds.maxX,
        y2: (plan.bounds.minY + plan.bounds.maxY) / 2,
        t: bh,
      },
      0,
      FLOOR_LEVEL,
      MAT.slabSide,
      MAT.floor,
    );
  } else {
    for (const [x0, y0, x1, y1] of maskRects(footprint, g.w, g.h)) {
      const ax = g.ox + x0 * g.cell;
      const bx = g.ox + x1 * g.cell;
      const ay = g.oy + y0 * g.cell;
      const by = g.oy + y1 * g.cell;
      b.box(
        { x1: ax, y1: (ay + by) / 2, x2: bx, y2: (ay + by) / 2, t: by - ay },
        0,
        FLOOR_LEVEL,
        MAT.slabSide,
        MAT.floor,
      );
    }
  }
  if (roof === 'flat') return addFlatRoof(b, footprint, g, top, area > 0);
  if (roof === 'pitched') return addPitchedRoof(b, footprint, g, plan.bounds, top, area > 0);
  return top;
}

const ROOF_SLAB = 0.3;
const EAVES = 0.35;
const PITCH = Math.tan((35 * Math.PI) / 180);

type Bounds = { minX: number; minY: number; maxX: number; maxY: number };

/** The footprint's bounds in world metres (the walls' bounds when nothing is enclosed). */
function footprintBounds(
  footprint: Uint8Array,
  g: Plan['grid'],
  fallback: Bounds,
  enclosed: boolean,
): Bounds {
  if (!enclosed) return fallback;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      if (!footprint[y * g.w + x]) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x + 1);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y + 1);
    }
  if (!Number.isFinite(minX)) return fallback;
  return {
    minX: g.ox + minX * g.cell,
    maxX: g.ox + maxX * g.cell,
    minY: g.oy + minY * g.cell,
    maxY: g.oy + maxY * g.cell,
  };
}

/** A flat roof: a slab over the footprint, flush with the wall tops; returns its top. */
function addFlatRoof(
  b: Builder,
  footprint: Uint8Array,
  g: Plan['grid'],
  top: number,
  enclosed: boolean,
): number {
  const rects = enclosed ? maskRects(footprint, g.w, g.h) : [];
  if (rects.length === 0) return top;
  for (const [x0, y0, x1, y1] of rects) {
    const ax = g.ox + x0 * g.cell;
    const bx = g.ox + x1 * g.cell;
    const ay = g.oy + y0 * g.cell;
    const by = g.oy + y1 * g.cell;
    b.box(
      { x1: ax, y1: (ay + by) / 2, x2: bx, y2: (ay + by) / 2, t: by - ay },
      top,
      top + ROOF_SLAB,
      MAT.slabSide,
      MAT.roof,
    );
  }
  return top + ROOF_SLAB;
}

/** A gable roof over the footprint's bounds (ridge along the longer side, 35°, eaves overhang); returns the ridge. */
function addPitchedRoof(
  b: Builder,
  footprint: Uint8Array,
  g: Plan['grid'],
  walls: Bounds,
  top: number,
  enclosed: boolean,
): number {
  return pitchedRoof(b, footprintBounds(footprint, g, walls, enclosed), top);
}

/** A gable roof over a rectangle (ridge along the longer side, 35°, eaves overhang); returns the ridge. */
function pitchedRoof(b: Builder, f: Bounds, top: number): number {
  const x0 = f.minX - EAVES;
  const x1 = f.maxX + EAVES;
  const y0 = f.minY - EAVES;
  const y1 = f.maxY + EAVES;
  const alongX = x1 - x0 >= y1 - y0;
  const halfSpan = (alongX ? y1 - y0 : x1 - x0) / 2;
  const rise = Math.min(halfSpan * PITCH, 4.5);
  const ridge = top + rise;
  const slope = Math.hypot(halfSpan, rise);
  const ny = halfSpan / slope;
  const nz = rise / slope;
  if (alongX) {
    const ym = (y0 + y1) / 2;
    b.quad([x0, y0, top], [x1, y0, top], [x1, ym, ridge], [x0, ym, ridge], [0, -nz, ny], MAT.roof);
    b.quad([x1, y1, top], [x0, y1, top], [x0, ym, ridge], [x1, ym, ridge], [0, nz, ny], MAT.roof);
    b.tri([x0, y1, top], [x0, y0, top], [x0, ym, ridge], [-1, 0, 0], MAT.wall);
    b.tri([x1, y0, top], [x1, y1, top], [x1, ym, ridge], [1, 0, 0], MAT.wall);
  } else {
    const xm = (x0 + x1) / 2;
    b.quad([x1, y0, top], [x1, y1, top], [xm, y1, ridge], [xm, y0, ridge], [nz, 0, ny], MAT.roof);
    b.quad([x0, y1, top], [x0, y0, top], [xm, y0, ridge], [xm, y1, ridge], [-nz, 0, ny], MAT.roof);
    b.tri([x0, y0, top], [x1, y0, top], [xm, y0, ridge], [0, -1, 0], MAT.wall);
    b.tri([x1, y1, top], [x0, y1, top], [xm, y1, ridge], [0, 1, 0], MAT.wall);
  }
  return ridge;
}

/** The world rectangle around a footprint outline given on the model. */
function worldBounds(outline: [number, number][], toWorld: ModelWalls['toWorld']): Bounds {
  const points = outline.map(([x, z]) => toWorld([x, 0, z]));
  return {
    minX: Math.min(...points.map((p) => p[0])),
    maxX: Math.max(...points.map((p) => p[0])),
    minY: Math.min(...points.map((p) => p[1])),
    maxY: Math.max(...points.map((p) => p[1])),
  };
}

/**
 * A slab over the model's footprint outline (scene x, z, counter-clockwise from above), from z0 to z1 in the world:
 * its top triangulated as the viewer's is, its sides facing out.
 */
function addOutlineSlab(
  b: Builder,
  outline: [number, number][],
  toWorld: ModelWalls['toWorld'],
  z0: number,
  z1: number,
  top: number,
) {
  const world = addOutlineFace(b, outline, toWorld, z1, 1, top);
  let twiceArea = 0;
  world.forEach((p, i) => {
    const q = world[(i + 1) % world.length]!;
    twiceArea += p[0] * q[1] - q[0] * p[1];
  });
  const turn = twiceArea > 0 ? 1 : -1; // counter-clockwise in the world: outward is to the right of each edge
  world.forEach((p, i) => {
    const q = world[(i + 1) % world.length]!;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (len < 1e-9) return;
    const n = [((q[1] - p[1]) / len) * turn, (-(q[0] - p[0]) / len) * turn, 0];
    b.quad([p[0], p[1], z0], [q[0], q[1], z0], [q[0], q[1], z1], [p[0], p[1], z1], n, MAT.slabSide);
  });
}

/**
 * The underside of the storey above (or of the roof), facing down: over the whole footprint, a hair under the wall
 * tops so that it runs on into the walls (no crack of sky where a room's edge meets a wall), else over each room.
 */
function addCeilings(b: Builder, model: ModelWalls, footprint: [number, number][] | null, wallTop: number) {
  const outlines = footprint ? [footprint] : model.scene.rooms.map((r) => r.outline);
  const z = wallTop - CEILING_INSET;
  for (const outline of outlines) addOutlineFace(b, outline, model.toWorld, z, -1, MAT.ceiling);
}

/**
 * A flat face over an outline (scene x, z) at height z in the world, triangulated as the viewer's is, facing up (1)
 * or down (−1); answers the outline's points in the world.
 */
function addOutlineFace(
  b: Builder,
  outline: [number, number][],
  toWorld: ModelWalls['toWorld'],
  z: number,
  facing: 1 | -1,
  mat: number,
): [number, number, number][] {
  const world = outline.map(([x, y]) => toWorld([x, 0, y]));
  for (const [i, j, k] of triangulate(outline)) {
    const [p, q, r] = [world[i]!, world[j]!, world[k]!];
    b.tri([p[0], p[1], z], [q[0], q[1], z], [r[0], r[1], z], [0, 0, facing], mat);
  }
  return world;
}

/** How far under the wall tops a ceiling is laid, metres. */
const CEILING_INSET = 0.005;

/** Adds the model's wall pieces and window glass; returns the height of the wall tops in the world. */
function addModelWalls(b: Builder, model: ModelWalls, cutHeight: number | undefined): number {
  const { scene, toWorld } = model;
  // A building is cut in its top storey: the storeys below stand whole.
  const cut = cutHeight === undefined ? Number.POSITIVE_INFINITY : topStoreyElevation(scene) + cutHeight;
  let top = FLOOR_LEVEL;
  const piece = (box: SceneBox): { p: WallPiece; z0: number; z1: number } | null => {
    const half = box.size[0] / 2;
    const dx = Math.cos(box.rotationY) * half;
    const dz = -Math.sin(box.rotationY) * half;
    const bottom = box.center[1] - box.size[1] / 2;
    const height = Math.min(box.center[1] + box.size[1] / 2, cut);
    if (height <= bottom) return null;
    const a = toWorld([box.center[0] - dx, bottom, box.center[2] - dz]);
    const e = toWorld([box.center[0] + dx, height, box.center[2] + dz]);
    // The world's metres per scene metre (the renderer's scale may differ from the model's).
    const k = Math.hypot(e[0] - a[0], e[1] - a[1]) / Math.max(box.size[0], 1e-9);
    return { p: { x1: a[0], y1: a[1], x2: e[0], y2: e[1], t: box.size[2] * k }, z0: a[2], z1: e[2] };
  };
  for (const wall of scene.walls)
    for (const box of wall.pieces) {
      const w = piece(box);
      if (!w) continue;
      b.box(w.p, w.z0, w.z1, MAT.wall, MAT.wallTop);
      top = Math.max(top, w.z1);
    }
  for (const opening of scene.openings) {
    if (opening.kind !== 'window' || !opening.panel) continue;
    const w = piece(opening.panel);
    if (w) b.pane(w.p, w.z0, w.z1, MAT.glass);
  }
  for (const stair of scene.stairs ?? [])
    for (const step of stair.steps) {
      const w = piece(step);
      if (w) b.box(w.p, w.z0, w.z1, MAT.slabSide, MAT.floor);
    }
  return top;
}

function addOpening(b: Builder, o: Opening, F: number, H: number, fullHeight: number) {
  const head = Math.min(DOOR_HEAD, fullHeight * 0.8);
  if (head < H) b.box(o, F + head, F + H, MAT.wall, MAT.wallTop);
  if (o.kind === 'window') {
    b.box(o, F, F + Math.min(SILL, H), MAT.wall, MAT.wallTop);
    if (H > SILL) b.pane(o, F + SILL, F + Math.min(head, H), MAT.glass);
    // Frame: a thin mullion in the middle of wide windows.
    const len = Math.hypot(o.x2 - o.x1, o.y2 - o.y1);
    if (len > 1.2 && H > SILL) {
      const mx = (o.x1 + o.x2) / 2;
      const my = (o.y1 + o.y2) / 2;
      const ux = ((o.x2 - o.x1) / len) * 0.03;
      const uy = ((o.y2 - o.y1) / len) * 0.03;
      b.box(
        { x1: mx - ux, y1: my - uy, x2: mx + ux, y2: my + uy, t: o.t * 0.5 },
        F + SILL,
        F + Math.min(head, H),
        MAT.frame,
        MAT.frame,
      );
    }
  }
}
