/**
 * Scene → IFC4 (ISO 10303-21 STEP text), written by hand so functions and benches export without a library:
 * IfcProject / IfcSite / IfcBuilding / IfcBuildingStorey; an IfcWall per wall (a swept rectangle of its length and
 * thickness, with Qto_WallBaseQuantities); an IfcOpeningElement voiding its wall for every opening, filled by an
 * IfcDoor or IfcWindow; an IfcSpace per room with its net floor area (Qto_SpaceBaseQuantities); floor slabs and the
 * roof as IfcSlab. Metres. IFC is Z up: x stays, the scene's −z (drawn north) is +Y, the scene's y is Z.
 * Deterministic: GlobalIds are hashed from the model's name and each element's place in it.
 */
import { type BuildingScene, quarterTurn } from './building';
import type { Scene, SceneBox, SceneStair } from './types';

export interface IfcOptions {
  /** The project's name (the drawing's, usually). */
  name: string;
  /** ISO timestamp written in the header; fixed by callers that need byte-identical files. */
  timestamp?: string;
}

const IFC_BASE64 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A 22-character IFC GlobalId (128 bits in IFC's base 64) hashed from a key. */
export function ifcGlobalId(key: string): string {
  // Four 32-bit FNV-1a variants over the key give 128 bits.
  const words = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b].map((seed) => {
    let h = seed >>> 0;
    for (let i = 0; i < key.length; i++) {
      h ^= key.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    return h >>> 0;
  });
  let bits = 0n;
  for (const w of words) bits = (bits << 32n) | BigInt(w);
  // 22 characters: the first carries 2 bits, the other 21 six each (2 + 126 = 128).
  let out = '';
  for (let i = 21; i >= 0; i--) {
    const width = i === 21 ? 2n : 6n;
    const shift = BigInt(i * 6);
    out += IFC_BASE64[Number((bits >> shift) & ((1n << width) - 1n))];
  }
  return out;
}

/** A STEP string: quotes doubled, backslashes escaped, anything outside printable ASCII as \X2\…\X0\. */
export function stepString(text: string): string {
  let out = '';
  let wide = '';
  const flush = () => {
    if (wide) out += `\\X2\\${wide}\\X0\\`;
    wide = '';
  };
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) {
      flush();
      out += ch === "'" ? "''" : ch === '\\' ? '\\\\' : ch;
    } else if (code >= 0x20) {
      // UTF-16 code units, four hex digits each.
      for (const unit of ch.split('')) wide += unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    } else flush(); // control characters are dropped
  }
  flush();
  return `'${out}'`;
}

/** A STEP real: always with a decimal point, rounded to a micrometre. */
export function stepReal(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  const text = String(Object.is(rounded, -0) ? 0 : rounded);
  return text.includes('.') || text.includes('e') ? text.replace('e', 'E') : `${text}.`;
}

class StepWriter {
  private readonly lines: string[] = [];
  add(entity: string): string {
    this.lines.push(`#${this.lines.length + 1}=${entity};`);
    return `#${this.lines.length}`;
  }
  body(): string {
    return this.lines.join('\n');
  }
}

type Xy = [number, number];

/** Scene floor (x, z) → IFC plan (X, Y): north (−z) is +Y. */
const toIfc = (x: number, z: number): Xy => [x, -z];

/** One storey of the file: its scene, where it stands, and the prefix its elements' GlobalId keys get. */
interface IfcStorey {
  key: string;
  name: string;
  elevation: number;
  rotationDeg: number;
  /** Scene x and z, metres. */
  offset: [number, number];
  scene: Scene;
}

export function sceneToIfc(scene: Scene, options: IfcOptions): string {
  return writeIfc(
    [{ key: '', name: 'Ground floor', elevation: 0, rotationDeg: 0, offset: [0, 0], scene }],
    options,
  );
}

/** A building of several storeys: an IfcBuildingStorey per level, at its elevation, turn and shift, holding its elements. */
export function buildingToIfc(building: BuildingScene, options: IfcOptions): string {
  return writeIfc(
    building.storeys.map((storey) => ({
      key: `${storey.id}:`,
      name: storey.name,
      elevation: storey.elevation,
      rotationDeg: storey.rotationDeg,
      offset: storey.offset,
      scene: storey.scene,
    })),
    options,
  );
}

/** The STEP writer with the entities every element of the file shares (its axes, body context, placement maker). */
function ifcKit(options: IfcOptions) {
  const w = new StepWriter();
  const id = (key: string) => stepString(ifcGlobalId(`${options.name}:${key}`));
  const point3 = (x: number, y: number, z: number) =>
    w.add(`IFCCARTESIANPOINT((${stepReal(x)},${stepReal(y)},${stepReal(z)}))`);
  const point2 = ([x, y]: Xy) => w.add(`IFCCARTESIANPOINT((${stepReal(x)},${stepReal(y)}))`);
  const direction = (x: number, y: number, z: number) =>
    w.add(`IFCDIRECTION((${stepReal(x)},${stepReal(y)},${stepReal(z)}))`);
  const origin = point3(0, 0, 0);
  const up = direction(0, 0, 1);
  const xAxis = direction(1, 0, 0);
  const identity = w.add(`IFCAXIS2PLACEMENT3D(${origin},${up},${xAxis})`);
  const context = w.add(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,${identity},$)`);
  const body = w.add(
    `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,${context},$,.MODEL_VIEW.,$)`,
  );
  return { w, id, point3, point2, direction, up, xAxis, identity, context, body };
}
type IfcKit = ReturnType<typeof ifcKit>;

function writeIfc(storeys: readonly IfcStorey[], options: IfcOptions): string {
  const kit = ifcKit(options);
  const { w, id, identity, context } = kit;
  const units = [
    w.add('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)'),
    w.add('IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.)'),
    w.add('IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.)'),
    w.add('IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)'),
  ];
  const unitAssignment = w.add(`IFCUNITASSIGNMENT((${units.join(',')}))`);
  const project = w.add(
    `IFCPROJECT(${id('project')},$,${stepString(options.name)},$,$,$,$,(${context}),${unitAssignment})`,
  );
  const sitePlacement = w.add(`IFCLOCALPLACEMENT($,${identity})`);
  const site = w.add(`IFCSITE(${id('site')},$,'Site',$,$,${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`);
  const buildingPlacement = w.add(`IFCLOCALPLACEMENT(${sitePlacement},${identity})`);
  const building = w.add(
    `IFCBUILDING(${id('building')},$,${stepString(options.name)},$,$,${buildingPlacement},$,$,.ELEMENT.,$,$,$)`,
  );
  w.add(`IFCRELAGGREGATES(${id('project-site')},$,$,$,${project},(${site}))`);
  w.add(`IFCRELAGGREGATES(${id('site-building')},$,$,$,${site},(${building}))`);
  const storeyEntities = storeys.map((storey) => writeStorey(kit, storey, buildingPlacement));
  w.add(`IFCRELAGGREGATES(${id('building-storey')},$,$,$,${building},(${storeyEntities.join(',')}))`);

  const timestamp = (options.timestamp ?? new Date().toISOString()).slice(0, 19);
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
    `FILE_NAME(${stepString(`${options.name}.ifc`)},'${timestamp}',(''),('Planform'),'Planform scene builder','Planform','');`,
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    w.body(),
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

/** The storey's placement in the building: its shift (IFC X, Y), its elevation (Z) and its turn about Z. */
function storeyPlacementOf(kit: IfcKit, storey: IfcStorey, buildingPlacement: string): string {
  const { w, point3, direction, up, identity } = kit;
  if (!storey.rotationDeg && !storey.offset[0] && !storey.offset[1] && !storey.elevation)
    return w.add(`IFCLOCALPLACEMENT(${buildingPlacement},${identity})`);
  const [cos, sin] = quarterTurn(storey.rotationDeg);
  const [x, y] = toIfc(storey.offset[0], storey.offset[1]);
  const axis = direction(cos, sin, 0);
  const local = w.add(`IFCAXIS2PLACEMENT3D(${point3(x, y, storey.elevation)},${up},${axis})`);
  return w.add(`IFCLOCALPLACEMENT(${buildingPlacement},${local})`);
}

/** An IfcBuildingStorey with its walls, openings, doors, windows, spaces and slabs; answers the storey entity. */
function writeStorey(kit: IfcKit, storeyOf: IfcStorey, buildingPlacement: string): string {
  const { w, point3, point2, direction, up, xAxis, identity, body } = kit;
  const { scene, key: prefix } = storeyOf;
  const id = (key: string) => kit.id(`${prefix}${key}`);
  const storeyPlacement = storeyPlacementOf(kit, storeyOf, buildingPlacement);
  const storey = w.add(
    `IFCBUILDINGSTOREY(${id('storey')},$,${stepString(storeyOf.name)},$,$,${storeyPlacement},$,$,.ELEMENT.,${stepReal(storeyOf.elevation)})`,
  );

  /** A solid: a profile swept up by `depth` from `z`, in a placement's local space. */
  const sweptSolid = (profile: string, z: number, depth: number) => {
    const position = w.add(`IFCAXIS2PLACEMENT3D(${point3(0, 0, z)},${up},${xAxis})`);
    const solid = w.add(`IFCEXTRUDEDAREASOLID(${profile},${position},${up},${stepReal(depth)})`);
    const representation = w.add(`IFCSHAPEREPRESENTATION(${body},'Body','SweptSolid',(${solid}))`);
    return w.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${representation}))`);
  };
  /** A rectangle `length` × `width` whose near-left corner is at `along` on the local x axis, centred on y. */
  const rectangle = (along: number, length: number, width: number) => {
    const placement = w.add(`IFCAXIS2PLACEMENT2D(${point2([along + length / 2, 0])},$)`);
    return w.add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,${placement},${stepReal(length)},${stepReal(width)})`);
  };
  const outlineProfile = (outline: [number, number][]) => {
    const points = outline.map(([x, z]) => point2(toIfc(x, z)));
    const polyline = w.add(`IFCPOLYLINE((${[...points, points[0]].join(',')}))`);
    return w.add(`IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,${polyline})`);
  };
  const quantities = (key: string, owner: string, name: string, items: string[]) => {
    const set = w.add(`IFCELEMENTQUANTITY(${id(`${key}-qto`)},$,'${name}',$,$,(${items.join(',')}))`);
    w.add(`IFCRELDEFINESBYPROPERTIES(${id(`${key}-qto-rel`)},$,$,$,(${owner}),${set})`);
  };
  const length = (name: string, value: number) =>
    w.add(`IFCQUANTITYLENGTH('${name}',$,$,${stepReal(value)},$)`);

  const contained: string[] = [];
  const wallIds: string[] = [];
  const wallPlacements: string[] = [];
  scene.walls.forEach((wall, i) => {
    const [sx, sy] = toIfc(...wall.start);
    const [ex, ey] = toIfc(...wall.end);
    const axis = direction((ex - sx) / wall.length, (ey - sy) / wall.length, 0);
    const local = w.add(`IFCAXIS2PLACEMENT3D(${point3(sx, sy, 0)},${up},${axis})`);
    const placement = w.add(`IFCLOCALPLACEMENT(${storeyPlacement},${local})`);
    const shape = sweptSolid(rectangle(0, wall.length, wall.thickness), 0, wall.height);
    const entity = w.add(
      `IFCWALL(${id(`wall-${i}`)},$,${stepString(wall.name)},$,$,${placement},${shape},$,.STANDARD.)`,
    );
    quantities(`wall-${i}`, entity, 'Qto_WallBaseQuantities', [
      length('Length', wall.length),
      length('Width', wall.thickness),
      length('Height', wall.height),
    ]);
    wallIds.push(entity);
    wallPlacements.push(placement);
    contained.push(entity);
  });

  scene.openings.forEach((opening, i) => {
    const wall = scene.walls[opening.wallIndex];
    const wallEntity = wallIds[opening.wallIndex];
    const wallPlacement = wallPlacements[opening.wallIndex];
    if (!wall || !wallEntity || !wallPlacement) return;
    const width = opening.void.size[0];
    const from = alongWall(wall.start, wall.end, wall.length, opening.void) - width / 2;
    const height = opening.head - opening.sill;
    // The void reaches a little past both faces so that every IFC viewer cuts the wall through.
    const voidShape = sweptSolid(rectangle(from, width, wall.thickness + 0.02), opening.sill, height);
    const voidPlacement = w.add(`IFCLOCALPLACEMENT(${wallPlacement},${identity})`);
    const voidEntity = w.add(
      `IFCOPENINGELEMENT(${id(`opening-${i}`)},$,${stepString(`${opening.name} opening`)},$,$,${voidPlacement},${voidShape},$,.OPENING.)`,
    );
    w.add(`IFCRELVOIDSELEMENT(${id(`opening-${i}-voids`)},$,$,$,${wallEntity},${voidEntity})`);
    if (opening.kind === 'opening') return;
    const panelDepth = opening.panel?.size[2] ?? 0.04;
    const fillShape = sweptSolid(rectangle(from, width, panelDepth), opening.sill, height);
    const fillPlacement = w.add(`IFCLOCALPLACEMENT(${wallPlacement},${identity})`);
    const name = stepString(opening.name);
    const dims = `${stepReal(height)},${stepReal(width)}`;
    const fill =
      opening.kind === 'door'
        ? w.add(
            `IFCDOOR(${id(`fill-${i}`)},$,${name},$,$,${fillPlacement},${fillShape},$,${dims},.DOOR.,.SINGLE_SWING_LEFT.,$)`,
          )
        : w.add(
            `IFCWINDOW(${id(`fill-${i}`)},$,${name},$,$,${fillPlacement},${fillShape},$,${dims},.WINDOW.,.SINGLE_PANEL.,$)`,
          );
    w.add(`IFCRELFILLSELEMENT(${id(`fill-${i}-fills`)},$,$,$,${voidEntity},${fill})`);
    contained.push(fill);
  });

  const spaces: string[] = [];
  scene.rooms.forEach((room, i) => {
    const placement = w.add(`IFCLOCALPLACEMENT(${storeyPlacement},${identity})`);
    const shape = sweptSolid(outlineProfile(room.outline), 0, scene.storeyHeight);
    const space = w.add(
      `IFCSPACE(${id(`space-${i}`)},$,${stepString(room.name)},$,$,${placement},${shape},${stepString(room.name)},.ELEMENT.,.INTERNAL.,$)`,
    );
    quantities(`space-${i}`, space, 'Qto_SpaceBaseQuantities', [
      w.add(`IFCQUANTITYAREA('NetFloorArea',$,$,${stepReal(room.areaM2)},$)`),
      length('Height', scene.storeyHeight),
    ]);
    spaces.push(space);
    // A stairwell's floor is open: the space, no slab.
    if (room.openFloor) return;
    const slabPlacement = w.add(`IFCLOCALPLACEMENT(${storeyPlacement},${identity})`);
    const slabShape = sweptSolid(outlineProfile(room.outline), -room.slabThickness, room.slabThickness);
    contained.push(
      w.add(
        `IFCSLAB(${id(`floor-${i}`)},$,${stepString(`${room.name} floor`)},$,$,${slabPlacement},${slabShape},$,.FLOOR.)`,
      ),
    );
  });
  if (spaces.length) w.add(`IFCRELAGGREGATES(${id('storey-spaces')},$,$,$,${storey},(${spaces.join(',')}))`);
  contained.push(...writeStairs(kit, scene.stairs ?? [], storeyPlacement, id));

  scene.floors.forEach((floor, i) => {
    const placement = w.add(`IFCLOCALPLACEMENT(${storeyPlacement},${identity})`);
    const shape = sweptSolid(outlineProfile(floor.outline), -floor.thickness, floor.thickness);
    const slab = i === 0 ? id('floor') : id(`storey-floor-${i}`);
    contained.push(w.add(`IFCSLAB(${slab},$,'Floor',$,$,${placement},${shape},$,.FLOOR.)`));
  });
  if (scene.roof) {
    const placement = w.add(`IFCLOCALPLACEMENT(${storeyPlacement},${identity})`);
    const shape = sweptSolid(outlineProfile(scene.roof.outline), scene.roof.level, scene.roof.thickness);
    contained.push(w.add(`IFCSLAB(${id('roof')},$,'Roof',$,$,${placement},${shape},$,.ROOF.)`));
  }
  if (contained.length)
    w.add(
      `IFCRELCONTAINEDINSPATIALSTRUCTURE(${id('storey-contains')},$,$,$,(${contained.join(',')}),${storey})`,
    );

  return storey;
}

/** Each flight as an IfcStair whose body is its steps, each a rectangle swept up from the floor to its tread. */
function writeStairs(
  kit: IfcKit,
  stairs: readonly SceneStair[],
  storeyPlacement: string,
  id: (key: string) => string,
): string[] {
  const { w, point3, point2, direction, up, identity, body } = kit;
  const centred = w.add(`IFCAXIS2PLACEMENT2D(${point2([0, 0])},$)`);
  return stairs.map((stair, i) => {
    const solids = stair.steps.map((step) => {
      const [x, y] = toIfc(step.center[0], step.center[2]);
      // The box's x axis, (cos θ, −sin θ) on the scene's floor, is (cos θ, sin θ) in IFC.
      const axis = direction(Math.cos(step.rotationY), Math.sin(step.rotationY), 0);
      const position = w.add(
        `IFCAXIS2PLACEMENT3D(${point3(x, y, step.center[1] - step.size[1] / 2)},${up},${axis})`,
      );
      const profile = w.add(
        `IFCRECTANGLEPROFILEDEF(.AREA.,$,${centred},${stepReal(step.size[0])},${stepReal(step.size[2])})`,
      );
      return w.add(`IFCEXTRUDEDAREASOLID(${profile},${position},${up},${stepReal(step.size[1])})`);
    });
    const representation = w.add(`IFCSHAPEREPRESENTATION(${body},'Body','SweptSolid',(${solids.join(',')}))`);
    const shape = w.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${representation}))`);
    const placement = w.add(`IFCLOCALPLACEMENT(${storeyPlacement},${identity})`);
    return w.add(
      `IFCSTAIR(${id(`stair-${i}`)},$,${stepString(stair.name)},$,$,${placement},${shape},$,.STRAIGHT_RUN_STAIR.)`,
    );
  });
}

/** Where a box's centre lies along a wall, metres from its start. */
function alongWall(start: [number, number], end: [number, number], length: number, box: SceneBox): number {
  const ux = (end[0] - start[0]) / length;
  const uz = (end[1] - start[1]) / length;
  return (box.center[0] - start[0]) * ux + (box.center[2] - start[1]) * uz;
}
