/**
 * Levels → one building: each level's plan built by the scene builder, then stacked at its floor elevation and
 * placed by its quarter turn and shift. The storeys keep their own scenes (every output that knows one storey knows
 * them); `storeyToWorld` places a storey's point in the building. Pure and deterministic.
 */
import type { Level } from '../building/schema';
import type { PlanModel } from '../plan/schema';
import { buildScene } from './build';
import type { Scene, SceneBox, SceneOptions, Vec3 } from './types';

type Plan = Parameters<typeof buildScene>[0] & Partial<Pick<PlanModel, 'storeyHeight'>>;

export interface SceneStorey {
  /** `level-1` … from the bottom. */
  id: string;
  /** Where its level stands in the list the building was built from. */
  levelIndex: number;
  name: string;
  /** Top of the storey's floor above the building's datum, metres. */
  elevation: number;
  /** Counter-clockwise seen from above, degrees (a quarter turn). */
  rotationDeg: number;
  /** Shift on the floor after the turn, metres: scene x and z. */
  offset: [number, number];
  /** The storey in its own space (floor at y = 0). */
  scene: Scene;
}

export interface BuildingScene {
  storeys: SceneStorey[];
  /** Extent of every storey in the building's space, metres. */
  bounds: { min: Vec3; max: Vec3 };
}

/** Cosine and sine of a turn in degrees, exact for quarter turns (0, not 6e-17, where 0 is meant). */
export function quarterTurn(degrees: number): [number, number] {
  const turn = (degrees * Math.PI) / 180;
  return [Math.round(Math.cos(turn) * 1e12) / 1e12, Math.round(Math.sin(turn) * 1e12) / 1e12];
}

/** A point of a storey's scene in the building: turned about +Y (counter-clockwise seen from above), then shifted. */
export function storeyToWorld(
  storey: Pick<SceneStorey, 'elevation' | 'rotationDeg' | 'offset'>,
  p: Vec3,
): Vec3 {
  const [cos, sin] = quarterTurn(storey.rotationDeg);
  return [
    p[0] * cos + p[2] * sin + storey.offset[0],
    p[1] + storey.elevation,
    -p[0] * sin + p[2] * cos + storey.offset[1],
  ];
}

/**
 * The building of `levels`, bottom first (by elevation, then as listed). Each storey stands at its own height (the
 * level's, else its plan's, else the options'); only the top storey has a roof; above the lowest, a room named as
 * stairs or holding a flight drawn has no floor slab (the stair from below rises through it).
 */
export function buildBuilding(
  levels: readonly { level: Level; plan: Plan }[],
  options: Partial<SceneOptions> = {},
): BuildingScene {
  const ordered = levels
    .map((entry, order) => ({ ...entry, order }))
    .sort((p, q) => p.level.elevationM - q.level.elevationM || p.order - q.order);
  const storeys = ordered.map(({ level, plan, order }, i): SceneStorey => {
    const storeyHeight = level.storeyHeightM ?? plan.storeyHeight ?? options.storeyHeight;
    const scene = buildScene(plan, {
      ...options,
      ...(storeyHeight ? { storeyHeight } : {}),
      roof: (options.roof ?? true) && i === ordered.length - 1,
    });
    return {
      id: `level-${i + 1}`,
      levelIndex: order,
      name: level.name,
      elevation: level.elevationM,
      rotationDeg: level.rotationDeg,
      offset: level.offsetM,
      scene: i === 0 ? scene : withStairwells(scene),
    };
  });
  return { storeys, bounds: buildingBounds(storeys) };
}

/** A storey above the lowest: its stair rooms' floors are open, the stair from below rising through them. */
function withStairwells(scene: Scene): Scene {
  if (!scene.rooms.some((room) => room.stair)) return scene;
  return {
    ...scene,
    rooms: scene.rooms.map((room) => (room.stair ? { ...room, openFloor: true } : room)),
  };
}

function buildingBounds(storeys: readonly SceneStorey[]): BuildingScene['bounds'] {
  const min: Vec3 = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max: Vec3 = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const storey of storeys) {
    const { min: a, max: b } = storey.scene.bounds;
    for (let c = 0; c < 8; c++) {
      const corner: Vec3 = [(c & 1 ? b : a)[0], (c & 2 ? b : a)[1], (c & 4 ? b : a)[2]];
      const p = storeyToWorld(storey, corner);
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k]!, p[k]!);
        max[k] = Math.max(max[k]!, p[k]!);
      }
    }
  }
  if (!storeys.length) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}

/** A box of a storey in the building: its centre placed, turned with the storey. */
function boxToWorld(storey: SceneStorey, box: SceneBox): SceneBox {
  return {
    center: storeyToWorld(storey, box.center),
    size: box.size,
    rotationY: box.rotationY + (storey.rotationDeg * Math.PI) / 180,
  };
}

/** A floor point of a storey in the building's floor (x, z). */
function floorToWorld(storey: SceneStorey, [x, z]: [number, number]): [number, number] {
  const [wx, , wz] = storeyToWorld(storey, [x, 0, z]);
  return [wx, wz];
}

/**
 * The building as one scene in its own space, for what draws one scene (the viewer): the storeys up to `upTo`
 * (an index, bottom first; all by default) with their walls, openings and floors placed, and the roof only when
 * the top storey is shown (a cut below it shows the rooms of the highest storey shown from above). Its
 * `storeyHeight` is the top of the highest shown storey's walls. A storey above the first without rooms shows no
 * floor slab here (the exports, storey by storey, have it).
 */
export function flattenBuilding(building: BuildingScene, upTo = building.storeys.length - 1): Scene {
  const shown = building.storeys.slice(0, Math.max(1, upTo + 1));
  const bottom = shown[0]!;
  const highest = shown[shown.length - 1]!;
  const scene: Scene = {
    units: 'm',
    // The top of the highest storey's walls: as high as the section tool and the cameras must reach.
    storeyHeight: highest.elevation + highest.scene.storeyHeight,
    planOrigin: bottom.scene.planOrigin,
    metresPerUnit: bottom.scene.metresPerUnit,
    planYDown: bottom.scene.planYDown,
    walls: [],
    openings: [],
    rooms: [],
    footprint: bottom.scene.footprint?.map((p) => floorToWorld(bottom, p)) ?? null,
    floors: [],
    roof: null,
    bounds: buildingBounds(shown),
    warnings: shown.flatMap((s) => s.scene.warnings),
  };
  for (const storey of shown) {
    const base = scene.walls.length;
    for (const wall of storey.scene.walls)
      scene.walls.push({
        ...wall,
        start: floorToWorld(storey, wall.start),
        end: floorToWorld(storey, wall.end),
        pieces: wall.pieces.map((box) => boxToWorld(storey, box)),
      });
    for (const opening of storey.scene.openings)
      scene.openings.push({
        ...opening,
        wallIndex: opening.wallIndex + base,
        void: boxToWorld(storey, opening.void),
        panel: opening.panel ? boxToWorld(storey, opening.panel) : null,
      });
    for (const stair of storey.scene.stairs ?? []) {
      scene.stairs = scene.stairs ?? [];
      scene.stairs.push({ ...stair, steps: stair.steps.map((box) => boxToWorld(storey, box)) });
    }
    for (const room of storey.scene.rooms)
      scene.rooms.push({
        ...room,
        outline: room.outline.map((p) => floorToWorld(storey, p)),
        elevation: storey.elevation,
      });
  }
  for (const storey of shown)
    for (const floor of storey.scene.floors)
      scene.floors.push({
        ...floor,
        outline: floor.outline.map((p) => floorToWorld(storey, p)),
        elevation: storey.elevation,
      });
  const top = shown[shown.length - 1]!;
  if (top.scene.roof && shown.length === building.storeys.length)
    scene.roof = {
      ...top.scene.roof,
      outline: top.scene.roof.outline.map((p) => floorToWorld(top, p)),
      level: top.scene.roof.level + top.elevation,
    };
  return scene;
}
