import { boxCorners } from './build';
import type { SceneBox, Vec3 } from './types';

/** Triangles with one normal per vertex (flat shading: faces do not share vertices). */
export interface Mesh {
  positions: number[];
  normals: number[];
  indices: number[];
}

export const emptyMesh = (): Mesh => ({ positions: [], normals: [], indices: [] });

/** Adds a planar polygon (counter-clockwise seen from where `normal` points) as triangles. */
function addFace(mesh: Mesh, corners: Vec3[], normal: Vec3, triangles: [number, number, number][]) {
  const base = mesh.positions.length / 3;
  for (const c of corners) {
    mesh.positions.push(c[0], c[1], c[2]);
    mesh.normals.push(normal[0], normal[1], normal[2]);
  }
  for (const [a, b, c] of triangles) mesh.indices.push(base + a, base + b, base + c);
}

/** Adds a box's six faces, wound counter-clockwise seen from outside. */
export function addBox(mesh: Mesh, box: SceneBox): void {
  // Corner order from boxCorners: index = sx·4 + sy·2 + sz, each 0 for −, 1 for +.
  const c = boxCorners(box);
  const cos = Math.cos(box.rotationY);
  const sin = Math.sin(box.rotationY);
  const xAxis: Vec3 = [cos, 0, -sin];
  const zAxis: Vec3 = [sin, 0, cos];
  const neg = (v: Vec3): Vec3 => [-v[0], -v[1], -v[2]];
  const quad: [number, number, number][] = [
    [0, 1, 2],
    [0, 2, 3],
  ];
  // Each face's corners counter-clockwise seen from outside.
  addFace(mesh, [c[4]!, c[6]!, c[7]!, c[5]!], xAxis, quad); // +x
  addFace(mesh, [c[0]!, c[1]!, c[3]!, c[2]!], neg(xAxis), quad); // −x
  addFace(mesh, [c[2]!, c[3]!, c[7]!, c[6]!], [0, 1, 0], quad); // +y
  addFace(mesh, [c[0]!, c[4]!, c[5]!, c[1]!], [0, -1, 0], quad); // −y
  addFace(mesh, [c[1]!, c[5]!, c[7]!, c[3]!], zAxis, quad); // +z
  addFace(mesh, [c[0]!, c[2]!, c[6]!, c[4]!], neg(zAxis), quad); // −z
}

/**
 * Adds a slab: the outline (x, z), counter-clockwise seen from above, from `bottom` to `top`, with its top, its
 * underside and its edges.
 */
export function addSlab(mesh: Mesh, outline: [number, number][], bottom: number, top: number): void {
  const triangles = triangulate(outline);
  if (!triangles.length) return;
  addFace(
    mesh,
    outline.map(([x, z]) => [x, top, z]),
    [0, 1, 0],
    triangles,
  );
  addFace(
    mesh,
    outline.map(([x, z]) => [x, bottom, z]),
    [0, -1, 0],
    triangles.map(([a, b, c]) => [a, c, b]),
  );
  outline.forEach(([x1, z1], i) => {
    const [x2, z2] = outline[(i + 1) % outline.length]!;
    const length = Math.hypot(x2 - x1, z2 - z1);
    if (length < 1e-9) return;
    // Counter-clockwise from above, the outside is on the right of each edge: (dz, −dx) in (x, z).
    const normal: Vec3 = [(z1 - z2) / length, 0, (x2 - x1) / length];
    addFace(
      mesh,
      [
        [x1, bottom, z1],
        [x2, bottom, z2],
        [x2, top, z2],
        [x1, top, z1],
      ],
      normal,
      [
        [0, 1, 2],
        [0, 2, 3],
      ],
    );
  });
}

/**
 * Ear clipping of a simple polygon (x, z), counter-clockwise seen from above; triangles come out counter-clockwise
 * seen from above too. O(n²), which is fine for room outlines.
 */
export function triangulate(outline: [number, number][]): [number, number, number][] {
  const n = outline.length;
  if (n < 3) return [];
  // Seen from above (+Y) the (x, z) plane is mirrored (z runs down the screen): counter-clockwise from above is a
  // negative shoelace sum, so a convex corner, and a triangle wound counter-clockwise from above, has cross < 0.
  const cross = (a: number, b: number, c: number) => {
    const [ax, az] = outline[a]!;
    const [bx, bz] = outline[b]!;
    const [cx, cz] = outline[c]!;
    return (bx - ax) * (cz - az) - (bz - az) * (cx - ax);
  };
  const inside = (p: number, a: number, b: number, c: number) =>
    cross(a, b, p) < 0 && cross(b, c, p) < 0 && cross(c, a, p) < 0;
  const remaining = Array.from({ length: n }, (_, i) => i);
  const triangles: [number, number, number][] = [];
  let guard = n * n;
  while (remaining.length > 3 && guard-- > 0) {
    let clipped = false;
    for (let i = 0; i < remaining.length; i++) {
      const a = remaining[(i + remaining.length - 1) % remaining.length]!;
      const b = remaining[i]!;
      const c = remaining[(i + 1) % remaining.length]!;
      if (cross(a, b, c) >= 0) continue;
      if (remaining.some((p) => p !== a && p !== b && p !== c && inside(p, a, b, c))) continue;
      triangles.push([a, b, c]);
      remaining.splice(i, 1);
      clipped = true;
      break;
    }
    if (!clipped) break; // degenerate outline: keep what was clipped
  }
  if (remaining.length === 3) {
    const [a, b, c] = remaining as [number, number, number];
    if (cross(a, b, c) < 0) triangles.push([a, b, c]);
  }
  return triangles;
}
