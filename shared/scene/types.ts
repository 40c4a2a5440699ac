/**
 * The 3D scene: the building a plan describes, in metres, Y up (glTF's convention; three.js's too). One scene
 * builder makes it (`build.ts`); the local renderer, the viewer and the exports read it, so they always show the
 * same building.
 *
 * Plan space → scene: x = (planX − originX) · metresPerUnit; z = −(planY − originY) · metresPerUnit for y-up plans
 * (CAD), +(planY − originY) · metresPerUnit for y-down ones (images, PDF pages), so north on the sheet is −z and
 * the plan is never mirrored. The origin is the plan's lower-left (as drawn) corner, so the model sits at 0,0.
 */
export type Vec3 = [number, number, number];

/** A box turned about the vertical axis: the shape of every wall piece, lintel, sill, door leaf and pane. */
export interface SceneBox {
  /** Centre, in metres. */
  center: Vec3;
  /** Along the wall, height, across the wall (thickness), in metres. */
  size: Vec3;
  /** Turn about +Y, in radians, from +X. */
  rotationY: number;
}

export interface SceneWall {
  /** "Wall 1" … in the plan's order. */
  name: string;
  /** The plan wall it comes from; −1 for a wall built across an opening the plan drew as a gap between walls. */
  planIndex: number;
  /** Centreline end points on the floor (x, z), metres. */
  start: [number, number];
  end: [number, number];
  length: number;
  thickness: number;
  height: number;
  /** Solid pieces: full-height runs between openings, and the lintels and sills around them. */
  pieces: SceneBox[];
}

export type SceneOpeningKind = 'door' | 'window' | 'opening';

export interface SceneOpening {
  /** "Door 1", "Window 2", "Opening 1". */
  name: string;
  kind: SceneOpeningKind;
  /** The scene wall (by index) it is cut through. */
  wallIndex: number;
  /** The void cut through the wall: its width along the wall, from sill to head, through the thickness. */
  void: SceneBox;
  sill: number;
  head: number;
  /** A door leaf or a pane of glass set in the void (none for a plain opening). */
  panel: SceneBox | null;
}

export interface SceneRoom {
  /** The plan's label, or "Room 1" … */
  name: string;
  /** Floor outline (x, z), metres, counter-clockwise seen from above (+Y). */
  outline: [number, number][];
  areaM2: number;
  /** Floor slab top at y = 0 (at `elevation` in a building of storeys), this thick below. */
  slabThickness: number;
  /** The storey's floor level in a building of storeys, metres (0 when absent). */
  elevation?: number;
  /** No floor slab: a stairwell over the stair from the storey below (`stairwell.ts`). */
  openFloor?: boolean;
  /** The room holds a stair: named as one, or a flight is drawn in it (`stairwell.ts`). */
  stair?: boolean;
}

/** A flight of stairs (from the plan's `stairs`): one solid step a tread, each from the floor up to its tread. */
export interface SceneStair {
  /** "Stair 1" … */
  name: string;
  treads: number;
  /** The steps from the foot of the flight up, each a box standing on the floor. */
  steps: SceneBox[];
}

export interface SceneFloor {
  /** The footprint (x, z), counter-clockwise seen from above; the slab's top at y = 0, this thick below. */
  outline: [number, number][];
  thickness: number;
  /** The storey's floor level in a building of storeys, metres (0 when absent). */
  elevation?: number;
}

export interface SceneRoof {
  /** The outline of the whole footprint (x, z), counter-clockwise seen from above; the slab's underside at `level`. */
  outline: [number, number][];
  level: number;
  thickness: number;
}

export interface Scene {
  units: 'm';
  storeyHeight: number;
  /** The plan-space point placed at the scene origin, and the plan's scale, to map between the two. */
  planOrigin: [number, number];
  metresPerUnit: number;
  planYDown: boolean;
  walls: SceneWall[];
  openings: SceneOpening[];
  rooms: SceneRoom[];
  /** The flights of stairs (absent or empty when the plan has none). */
  stairs?: SceneStair[];
  /**
   * The building's outline on the floor (x, z), counter-clockwise from above: what the walls enclose, walls
   * included; the roof covers it and the local renderer lays its floor over it. Null when there is nothing.
   */
  footprint: [number, number][] | null;
  /**
   * Floor slabs over the footprint where the plan has no rooms (else each room has its own): at most one for a
   * storey's scene; one per storey without rooms in a building laid out as one scene.
   */
  floors: SceneFloor[];
  roof: SceneRoof | null;
  /** Extent of everything, metres. */
  bounds: { min: Vec3; max: Vec3 };
  /** Openings the builder could not place on a wall, and other notes for the user. */
  warnings: string[];
}

export interface SceneOptions {
  /** Floor to ceiling (top of the walls), metres: the `storey_height` system setting. */
  storeyHeight: number;
  /** Top of door openings, metres. */
  doorHead: number;
  /** Windows: sill and head, metres. */
  windowSill: number;
  windowHead: number;
  /** A flat roof slab over the rooms. */
  roof: boolean;
  /** Floor slab and roof thickness, metres. */
  slabThickness: number;
}

export const DEFAULT_SCENE_OPTIONS: SceneOptions = {
  storeyHeight: 2.7,
  doorHead: 2.1,
  windowSill: 0.9,
  windowHead: 2.1,
  roof: true,
  slabThickness: 0.2,
};
