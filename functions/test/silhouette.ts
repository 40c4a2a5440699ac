/**
 * Test helpers: the building's silhouette from a camera on the 3D model, from every output's own bytes — triangles
 * (the viewer's layers, a glb, an IFC read back with web-ifc), a local render's pixel classes, a line drawing — so
 * tests can tell whether they all show one building. Only tests import this module.
 */
import type { IfcAPI } from 'web-ifc';
import type { SceneCamera } from '../../shared/scene/cameras';
import type { Vec3 } from '../../shared/scene/types';
import { cross3, dot3, sub3, unit3 } from '../../shared/scene/vec3';

/** A mask: 1 where the building is. */
export type Silhouette = Uint8Array;

const NEAR = 0.05;

/** Triangles (9 numbers each, scene metres, Y up) seen through the camera as line-render.ts sees them. */
export function triangleSilhouette(
  triangles: ArrayLike<number>,
  camera: SceneCamera,
  width: number,
  height: number,
): Silhouette {
  const forward = unit3(sub3(camera.target, camera.position));
  const right = unit3(cross3(forward, [0, 1, 0]));
  const up = cross3(right, forward);
  const focal = height / 2 / Math.tan((camera.fovDeg * Math.PI) / 360);
  const mask = new Uint8Array(width * height);
  const screen = (i: number): [number, number] | null => {
    const d = sub3([triangles[i]!, triangles[i + 1]!, triangles[i + 2]!], camera.position);
    const z = dot3(d, forward);
    if (z < NEAR) return null;
    return [width / 2 + (dot3(d, right) * focal) / z, height / 2 - (dot3(d, up) * focal) / z];
  };
  for (let t = 0; t + 8 < triangles.length; t += 9) {
    const a = screen(t);
    const b = screen(t + 3);
    const c = screen(t + 6);
    if (a && b && c) fillTriangle(mask, width, height, a, b, c);
  }
  return mask;
}

function fillTriangle(
  mask: Uint8Array,
  width: number,
  height: number,
  a: [number, number],
  b: [number, number],
  c: [number, number],
) {
  const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
  const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
  const side = (p: [number, number], q: [number, number], x: number, y: number) =>
    (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const area = side(a, b, c[0], c[1]);
  if (Math.abs(area) < 1e-12) return;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const [px, py] = [x + 0.5, y + 0.5];
      const w0 = side(b, c, px, py) * area;
      const w1 = side(c, a, px, py) * area;
      const w2 = side(a, b, px, py) * area;
      if (w0 >= 0 && w1 >= 0 && w2 >= 0) mask[y * width + x] = 1;
    }
}

/** Every triangle of a glb (node translations applied, as the Planform writer uses them), scene metres. */
export function glbTriangles(glb: Uint8Array): number[] {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const bin = glb.subarray(20 + jsonLength + 8);
  const accessorData = (index: number): ArrayLike<number> => {
    const accessor = json.accessors[index];
    const bufferView = json.bufferViews[accessor.bufferView];
    const offset = bin.byteOffset + (bufferView.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
    const components = accessor.type === 'VEC3' ? 3 : 1;
    const Type = { 5126: Float32Array, 5125: Uint32Array, 5123: Uint16Array }[
      accessor.componentType as number
    ]!;
    const bytes = bin.slice(
      offset - bin.byteOffset,
      offset - bin.byteOffset + accessor.count * components * Type.BYTES_PER_ELEMENT,
    );
    return new Type(bytes.buffer);
  };
  const out: number[] = [];
  const visit = (index: number, offset: Vec3) => {
    const node = json.nodes[index];
    const at: Vec3 = node.translation
      ? [offset[0] + node.translation[0], offset[1] + node.translation[1], offset[2] + node.translation[2]]
      : offset;
    for (const primitive of node.mesh === undefined ? [] : json.meshes[node.mesh].primitives) {
      const positions = accessorData(primitive.attributes.POSITION);
      const indices = accessorData(primitive.indices);
      for (let i = 0; i < indices.length; i++)
        for (let k = 0; k < 3; k++) out.push(positions[indices[i]! * 3 + k]! + at[k]!);
    }
    for (const child of node.children ?? []) visit(child, at);
  };
  for (const root of json.scenes[json.scene].nodes) visit(root, [0, 0, 0]);
  return out;
}

/** Every triangle of an IFC file as web-ifc places it (Y up, as the scene), scene metres. */
export function ifcTriangles(ifc: IfcAPI, text: string): number[] {
  const model = ifc.OpenModel(new TextEncoder().encode(text));
  const out: number[] = [];
  try {
    ifc.StreamAllMeshes(model, (mesh) => {
      for (let g = 0; g < mesh.geometries.size(); g++) {
        const placed = mesh.geometries.get(g);
        const geometry = ifc.GetGeometry(model, placed.geometryExpressID);
        const vertices = ifc.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
        const indices = ifc.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
        const m = placed.flatTransformation;
        for (const i of indices) {
          const [x, y, z] = [vertices[i * 6]!, vertices[i * 6 + 1]!, vertices[i * 6 + 2]!];
          for (let k = 0; k < 3; k++) out.push(m[k]! * x + m[4 + k]! * y + m[8 + k]! * z + m[12 + k]!);
        }
        geometry.delete();
      }
    });
  } finally {
    ifc.CloseModel(model);
  }
  return out;
}

/** A line drawing's silhouette: everything the white background, flooded in from the border, does not reach. */
export function lineDrawingSilhouette(grey: Uint8Array, width: number, height: number): Silhouette {
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!outside[i] && grey[i]! >= 128) {
      outside[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < width * (height - 1)) push(i + width);
  }
  return outside.map((v) => 1 - v);
}

/** Intersection over union of two masks (1 when both are empty). */
export function silhouetteIoU(a: Silhouette, b: Silhouette): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++;
    if (a[i] || b[i]) either++;
  }
  return either === 0 ? 1 : both / either;
}
