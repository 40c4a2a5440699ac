/**
 * The scene as named nodes with their meshes and materials: what the glb holds and what the viewer draws, so the
 * two show the same building in the same colours.
 */
import { addBox, addSlab, emptyMesh, type Mesh } from './mesh';
import type { Scene } from './types';

export const MATERIALS = [
  { name: 'Wall', baseColorFactor: [0.92, 0.9, 0.86, 1], roughnessFactor: 0.9 },
  { name: 'Floor', baseColorFactor: [0.72, 0.62, 0.5, 1], roughnessFactor: 0.8 },
  { name: 'Door', baseColorFactor: [0.55, 0.38, 0.22, 1], roughnessFactor: 0.7 },
  { name: 'Glass', baseColorFactor: [0.6, 0.75, 0.85, 0.35], roughnessFactor: 0.05, blend: true },
  { name: 'Roof', baseColorFactor: [0.45, 0.45, 0.47, 1], roughnessFactor: 0.85 },
] as const;
export type MaterialName = (typeof MATERIALS)[number]['name'];

export interface NodeSpec {
  name: string;
  mesh?: Mesh;
  material?: MaterialName;
  translation?: [number, number, number];
  extras?: Record<string, unknown>;
}

/**
 * The scene's nodes with their meshes: what the glb holds (also what a viewer would draw). `meshFor` gives the mesh
 * a node's geometry is written into: a new one per node by default; one per material for merged layers.
 */
export function sceneNodes(scene: Scene, meshFor: (material: MaterialName) => Mesh = emptyMesh): NodeSpec[] {
  const nodes: NodeSpec[] = [];
  for (const wall of scene.walls) {
    const mesh = meshFor('Wall');
    for (const box of wall.pieces) addBox(mesh, box);
    nodes.push({
      name: wall.name,
      mesh,
      material: 'Wall',
      extras: {
        kind: 'wall',
        length: round(wall.length),
        thickness: round(wall.thickness),
        height: wall.height,
      },
    });
  }
  for (const opening of scene.openings) {
    const extras = {
      kind: opening.kind,
      width: round(opening.void.size[0]),
      sill: opening.sill,
      head: opening.head,
      wall: scene.walls[opening.wallIndex]?.name,
    };
    if (opening.panel) {
      const material = opening.kind === 'door' ? 'Door' : 'Glass';
      const mesh = meshFor(material);
      addBox(mesh, opening.panel);
      nodes.push({ name: opening.name, mesh, material, extras });
    } else nodes.push({ name: opening.name, translation: opening.void.center, extras });
  }
  for (const room of scene.rooms) {
    if (room.openFloor) {
      // A stairwell: the room is kept (its name and area), its floor is open.
      nodes.push({ name: room.name, extras: { kind: 'room', areaM2: room.areaM2, openFloor: true } });
      continue;
    }
    const mesh = meshFor('Floor');
    const floorLevel = room.elevation ?? 0;
    addSlab(mesh, room.outline, floorLevel - room.slabThickness, floorLevel);
    nodes.push({ name: room.name, mesh, material: 'Floor', extras: { kind: 'room', areaM2: room.areaM2 } });
  }
  for (const stair of scene.stairs ?? []) {
    const mesh = meshFor('Floor');
    for (const step of stair.steps) addBox(mesh, step);
    nodes.push({
      name: stair.name,
      mesh,
      material: 'Floor',
      extras: { kind: 'stair', treads: stair.treads },
    });
  }
  scene.floors.forEach((floor, i) => {
    const mesh = meshFor('Floor');
    const floorLevel = floor.elevation ?? 0;
    addSlab(mesh, floor.outline, floorLevel - floor.thickness, floorLevel);
    nodes.push({
      name: i === 0 ? 'Floor' : `Floor ${i + 1}`,
      mesh,
      material: 'Floor',
      extras: { kind: 'floor' },
    });
  });
  if (scene.roof) {
    const mesh = meshFor('Roof');
    addSlab(mesh, scene.roof.outline, scene.roof.level, scene.roof.level + scene.roof.thickness);
    nodes.push({ name: 'Roof', mesh, material: 'Roof', extras: { kind: 'roof' } });
  }
  return nodes;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Every node's mesh merged by material: one draw call per material however many walls (the viewer's layers). */
export function sceneLayers(scene: Scene): Record<MaterialName, Mesh> {
  const layers = Object.fromEntries(MATERIALS.map((m) => [m.name, emptyMesh()])) as Record<
    MaterialName,
    Mesh
  >;
  // Each node's geometry is written straight into its material's layer (no mesh per node to copy).
  sceneNodes(scene, (material) => layers[material]);
  return layers;
}
