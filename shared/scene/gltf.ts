/**
 * Scene → glTF 2.0 binary (.glb): metres, Y up, one named node per wall, opening and room (and the roof) under a
 * "Building" node (a building of several storeys: under a node per storey), PBR materials. Written by hand (no three.js) so functions and benches can export too.
 */
import type { BuildingScene } from './building';
import type { Mesh } from './mesh';
import { MATERIALS, type NodeSpec, sceneNodes } from './nodes';
import type { Scene } from './types';

export { sceneNodes } from './nodes';

/** glTF accessor component types (the WebGL enums the format uses). */
const COMPONENT = { UNSIGNED_SHORT: 5123, UNSIGNED_INT: 5125, FLOAT: 5126 } as const;
/** glTF buffer view targets: vertex attributes and vertex indices. */
const TARGET = { ARRAY_BUFFER: 34962, ELEMENT_ARRAY_BUFFER: 34963 } as const;
/** Bytes of one position (three 32-bit floats). */
const POSITION_STRIDE = 12;

/**
 * A mesh's corners without repeats: glTF draws faces flat when a primitive has no normals, so a box needs its 8
 * corners, not 24 vertices with normals (a quarter of the size).
 */
function shared(mesh: Mesh): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  const seen = new Map<string, number>();
  const indices = mesh.indices.map((i) => {
    const x = Math.fround(mesh.positions[i * 3]!);
    const y = Math.fround(mesh.positions[i * 3 + 1]!);
    const z = Math.fround(mesh.positions[i * 3 + 2]!);
    const key = `${x},${y},${z}`;
    let at = seen.get(key);
    if (at === undefined) {
      at = positions.length / 3;
      seen.set(key, at);
      positions.push(x, y, z);
    }
    return at;
  });
  return { positions, indices };
}

/** The scene as a .glb file: its nodes under one "Building" node. */
export function sceneToGlb(scene: Scene): Uint8Array {
  return writeGlb([{ nodes: sceneNodes(scene) }], { units: 'metres', storeyHeight: scene.storeyHeight });
}

/** A quarter turn about +Y (counter-clockwise seen from above) as a glTF rotation quaternion [x, y, z, w]. */
const turnAboutY = (degrees: number): [number, number, number, number] => {
  const half = (degrees * Math.PI) / 360;
  return [0, Math.sin(half), 0, Math.cos(half)];
};

/**
 * A building of several storeys as a .glb file: under "Building", one node per storey (named as the level, placed at
 * its elevation, turn and shift) holding that storey's walls, openings, rooms and (the top one) roof.
 */
export function buildingToGlb(building: BuildingScene): Uint8Array {
  const groups = building.storeys.map((storey) => ({
    name: storey.name,
    translation: [storey.offset[0], storey.elevation, storey.offset[1]] as [number, number, number],
    ...(storey.rotationDeg ? { rotation: turnAboutY(storey.rotationDeg) } : {}),
    extras: {
      kind: 'storey',
      level: storey.id,
      elevation: storey.elevation,
      storeyHeight: storey.scene.storeyHeight,
    },
    nodes: sceneNodes(storey.scene),
  }));
  return writeGlb(groups, { units: 'metres', storeys: building.storeys.length });
}

/** Nodes written under one parent node (a storey), or straight under the building when it has no name. */
interface NodeGroup {
  name?: string;
  translation?: [number, number, number];
  rotation?: [number, number, number, number];
  extras?: Record<string, unknown>;
  nodes: NodeSpec[];
}

/** Meshes, accessors and the two runs of bytes (positions, then indices) the nodes' meshes fill. */
class GlbBuffers {
  accessors: Record<string, unknown>[] = [];
  meshes: Record<string, unknown>[] = [];
  positionRuns: Float32Array[] = [];
  indexRuns: Uint8Array[] = [];
  positionBytes = 0;
  indexBytes = 0;

  /** Adds the mesh with its material; answers its index. */
  addMesh(name: string, mesh: Mesh, material: NodeSpec['material']): number {
    const { positions, indices } = shared(mesh);
    const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (let i = 0; i < positions.length; i++) {
      min[i % 3] = Math.min(min[i % 3]!, positions[i]!);
      max[i % 3] = Math.max(max[i % 3]!, positions[i]!);
    }
    const count = positions.length / 3;
    const run = new Float32Array(positions);
    this.accessors.push({
      bufferView: 0,
      byteOffset: this.positionBytes,
      componentType: COMPONENT.FLOAT,
      count,
      type: 'VEC3',
      min,
      max,
    });
    this.positionRuns.push(run);
    this.positionBytes += run.byteLength;
    const position = this.accessors.length - 1;
    // 16-bit indices where they suffice (every wall, opening and room of a real plan), runs kept 4-byte aligned.
    const short = count <= 0xffff;
    const data = new Uint8Array((short ? new Uint16Array(indices) : new Uint32Array(indices)).buffer);
    const padded = new Uint8Array(Math.ceil(data.byteLength / 4) * 4);
    padded.set(data);
    this.accessors.push({
      bufferView: 1,
      byteOffset: this.indexBytes,
      componentType: short ? COMPONENT.UNSIGNED_SHORT : COMPONENT.UNSIGNED_INT,
      count: indices.length,
      type: 'SCALAR',
    });
    this.indexRuns.push(padded);
    this.indexBytes += padded.byteLength;
    this.meshes.push({
      name,
      primitives: [
        {
          attributes: { POSITION: position },
          indices: this.accessors.length - 1,
          material: MATERIALS.findIndex((m) => m.name === material),
        },
      ],
    });
    return this.meshes.length - 1;
  }
}

function writeGlb(groups: readonly NodeGroup[], extras: Record<string, unknown>): Uint8Array {
  const buffers = new GlbBuffers();
  const gltfNodes: Record<string, unknown>[] = [];
  const buildingChildren: number[] = [];
  for (const group of groups) {
    const children: number[] = [];
    for (const node of group.nodes) {
      const out: Record<string, unknown> = { name: node.name };
      if (node.translation) out.translation = node.translation;
      if (node.extras) out.extras = node.extras;
      if (node.mesh?.indices.length) out.mesh = buffers.addMesh(node.name, node.mesh, node.material);
      children.push(gltfNodes.length);
      gltfNodes.push(out);
    }
    if (group.name === undefined) {
      buildingChildren.push(...children);
      continue;
    }
    const { nodes: _, ...parent } = group;
    buildingChildren.push(gltfNodes.length);
    gltfNodes.push({ ...parent, children });
  }
  gltfNodes.push({ name: 'Building', children: buildingChildren });

  const { accessors, meshes, positionBytes, indexBytes } = buffers;
  const binLength = positionBytes + indexBytes;
  const json = {
    asset: { version: '2.0', generator: 'Planform scene builder' },
    extras,
    scene: 0,
    scenes: [{ name: 'Planform model', nodes: [gltfNodes.length - 1] }],
    nodes: gltfNodes,
    materials: MATERIALS.map((m) => ({
      name: m.name,
      pbrMetallicRoughness: {
        baseColorFactor: m.baseColorFactor,
        metallicFactor: 0,
        roughnessFactor: m.roughnessFactor,
      },
      ...('blend' in m ? { alphaMode: 'BLEND', doubleSided: true } : {}),
    })),
    ...(meshes.length
      ? {
          meshes,
          accessors,
          bufferViews: [
            {
              buffer: 0,
              byteOffset: 0,
              byteLength: positionBytes,
              byteStride: POSITION_STRIDE,
              target: TARGET.ARRAY_BUFFER,
            },
            {
              buffer: 0,
              byteOffset: positionBytes,
              byteLength: indexBytes,
              target: TARGET.ELEMENT_ARRAY_BUFFER,
            },
          ],
          buffers: [{ byteLength: binLength }],
        }
      : {}),
  };
  const chunks = [...buffers.positionRuns.map((r) => new Uint8Array(r.buffer)), ...buffers.indexRuns];
  return glb(json, chunks, binLength);
}

/** The binary container: header, JSON chunk (space-padded), BIN chunk (zero-padded). */
function glb(json: object, chunks: Uint8Array[], binLength: number): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.byteLength / 4) * 4;
  const hasBin = binLength > 0;
  const total = 12 + 8 + jsonLength + (hasBin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  if (hasBin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true); // "BIN\0"
    let offset = at + 8;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  return out;
}
