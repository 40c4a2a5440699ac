import fc from 'fast-check';
import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import type { PlanModel } from '../plan/schema';
import { buildScene } from './build';
import { sceneNodes, sceneToGlb } from './gltf';
import { triangulate } from './mesh';

/** A 4 × 3 m room in millimetres (y up), walls 200 mm thick, a 900 mm door below and a 1200 mm window right. */
function roomPlan(yDown = false): Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'> {
  const y = (v: number) => (yDown ? 3000 - v : v);
  const p = (x: number, v: number): [number, number] => [x, y(v)];
  return {
    space: { units: 'mm', metresPerUnit: 0.001, scaleGuessed: false, yDown },
    walls: [
      { a: p(0, 0), b: p(4000, 0), thickness: 200 },
      { a: p(4000, 0), b: p(4000, 3000), thickness: 200 },
      { a: p(4000, 3000), b: p(0, 3000), thickness: 200 },
      { a: p(0, 3000), b: p(0, 0), thickness: 200 },
    ],
    openings: [
      { kind: 'door', a: p(1000, 0), b: p(1900, 0) },
      { kind: 'window', a: p(4000, 900), b: p(4000, 2100) },
    ],
    rooms: [
      {
        polygon: [p(100, 100), p(3900, 100), p(3900, 2900), p(100, 2900)],
        areaM2: 3.8 * 2.8,
        label: 'Living',
      },
    ],
  };
}

const close = (value: number, expected: number) => expect(value).toBeCloseTo(expected, 6);

describe('buildScene', () => {
  it('raises the walls with their thickness and cuts doors to 2.10 m and windows from 0.90 to 2.10 m', () => {
    const scene = buildScene(roomPlan(), { storeyHeight: 2.7 });
    expect(scene.walls.map((w) => [w.name, w.length, w.thickness])).toEqual([
      ['Wall 1', 4, 0.2],
      ['Wall 2', 3, 0.2],
      ['Wall 3', 4, 0.2],
      ['Wall 4', 3, 0.2],
    ]);
    expect(scene.openings.map((o) => [o.name, o.wallIndex, o.sill, o.head])).toEqual([
      ['Door 1', 0, 0, 2.1],
      ['Window 1', 1, 0.9, 2.1],
    ]);
    close(scene.openings[0]!.void.size[0], 0.9);
    close(scene.openings[1]!.void.size[0], 1.2);
    // Wall 1: solid from the outer face of the corner (−0.1 m) to 1 m, lintel over the door 2.1–2.7 m, solid
    // 1.9 m to the far corner's outer face (4.1 m).
    const sizes = scene.walls[0]!.pieces.map((b) => b.size.map((v) => Math.round(v * 1000) / 1000));
    expect(sizes).toEqual([
      [1.1, 2.7, 0.2],
      [0.9, 0.6, 0.2],
      [2.2, 2.7, 0.2],
    ]);
    // Wall 2: sill under the window and lintel over it.
    expect(
      scene.walls[1]!.pieces.map((b) => [b.center[1], b.size[1]].map((v) => Math.round(v * 100) / 100)),
    ).toEqual([
      [1.35, 2.7],
      [0.45, 0.9],
      [2.4, 0.6],
      [1.35, 2.7],
    ]);
    expect(scene.rooms).toEqual([
      expect.objectContaining({ name: 'Living', areaM2: expect.closeTo(10.64, 6) }),
    ]);
    close(scene.bounds.min[0], -0.1);
    close(scene.bounds.max[0], 4.1);
    close(scene.bounds.max[1], 2.9);
  });

  it('fills the outer square of every L corner (each wall runs on by half the other’s thickness), not a T', () => {
    const scene = buildScene(roomPlan(), { storeyHeight: 2.7 });
    const solidAt = (x: number, z: number) =>
      scene.walls.some((w) =>
        w.pieces.some((box) => {
          const [cx, , cz] = box.center;
          const [c, s] = [Math.cos(box.rotationY), -Math.sin(box.rotationY)];
          const along = (x - cx) * c + (z - cz) * s;
          const across = -(x - cx) * s + (z - cz) * c;
          return Math.abs(along) <= box.size[0] / 2 + 1e-9 && Math.abs(across) <= box.size[2] / 2 + 1e-9;
        }),
      );
    // The walls' outer faces: x from −0.1 to 4.1 m, z from 0.1 to −3.1 m (north is −z).
    for (const [x, z] of [
      [-0.09, 0.09],
      [4.09, 0.09],
      [-0.09, -3.09],
      [4.09, -3.09],
    ] as const)
      expect(solidAt(x, z), `corner ${x}, ${z}`).toBe(true);
    // A wall ending on another's side runs on no further than that one's centreline.
    const tee = buildScene({
      ...roomPlan(),
      walls: [...roomPlan().walls, { a: [2000, 0], b: [2000, 3000], thickness: 100 }],
      openings: [],
    });
    const partition = tee.walls[4]!;
    expect(partition.pieces.map((b) => Math.round(b.size[0] * 1000) / 1000)).toEqual([3]);
  });

  it('puts a y-down plan (an image, a PDF page) the same way round as a y-up one: never mirrored', () => {
    const up = buildScene(roomPlan(false));
    const down = buildScene(roomPlan(true));
    const corners = (s: typeof up) =>
      s.walls.map((w) => [...w.start, ...w.end].map((v) => Math.round(v * 1e6) / 1e6 + 0));
    expect(corners(down)).toEqual(corners(up));
    // Drawn north (up the sheet) is −z.
    expect(up.walls[1]!.end[1]).toBeLessThan(up.walls[1]!.start[1]);
  });

  it('leaves out openings that are on no wall, and says so', () => {
    const plan = roomPlan();
    plan.openings.push({ kind: 'door', a: [2000, 1500], b: [2900, 1500] });
    const scene = buildScene(plan);
    expect(scene.openings).toHaveLength(2);
    expect(scene.warnings).toEqual(['1 opening(s) are not on a wall and were left out of the model.']);
  });

  it('builds a wall across a door or window the plan drew as a gap between walls, and cuts it through', () => {
    const plan = roomPlan();
    // The front wall as the readers give it: two walls with a 900 mm gap for the door, the door in the gap.
    plan.walls[0] = { a: [0, 0], b: [1000, 0], thickness: 200 };
    plan.walls.push({ a: [1900, 0], b: [4000, 0], thickness: 200 });
    plan.openings[0] = { kind: 'door', a: [1000, 0], b: [1900, 0] };
    // A window in a gap at a corner: only one wall runs its way.
    plan.walls[1] = { a: [4000, 0], b: [4000, 900], thickness: 200 };
    plan.openings[1] = { kind: 'window', a: [4000, 900], b: [4000, 2100] };
    plan.walls.push({ a: [4000, 2100], b: [4000, 3000], thickness: 200 });
    const scene = buildScene(plan, { storeyHeight: 2.7 });
    expect(scene.warnings).toEqual([]);
    const bridges = scene.walls.filter((w) => w.planIndex === -1);
    expect(bridges.map((w) => [w.name, Number(w.length.toFixed(6)), w.thickness])).toEqual([
      ['Wall 7', 0.9, 0.2],
      ['Wall 8', 1.2, 0.2],
    ]);
    const [doorWall, windowWall] = bridges;
    // Over the door a lintel from 2.10 m; the window has a sill to 0.90 m and a lintel from 2.10 m.
    const spans = (wall: typeof doorWall) =>
      wall!.pieces.map((p) => [
        Number((p.center[1] - p.size[1] / 2).toFixed(6)),
        Number((p.center[1] + p.size[1] / 2).toFixed(6)),
      ]);
    expect(spans(doorWall)).toEqual([[2.1, 2.7]]);
    expect(spans(windowWall)).toEqual([
      [0, 0.9],
      [2.1, 2.7],
    ]);
    expect(scene.openings.map((o) => [o.name, o.wallIndex])).toEqual([
      ['Door 1', 6],
      ['Window 1', 7],
    ]);
  });

  it('does not bridge a gap no wall runs into, nor one too wide to be a door or window', () => {
    const plan = roomPlan();
    plan.openings = [
      { kind: 'door', a: [2000, 1500], b: [2900, 1500] },
      { kind: 'opening', a: [-7000, 0], b: [0, 0] },
    ];
    const scene = buildScene(plan);
    expect(scene.walls.filter((w) => w.planIndex === -1)).toEqual([]);
    expect(scene.warnings).toEqual(['2 opening(s) are not on a wall and were left out of the model.']);
  });

  it('keeps every wall’s length: solid runs plus openings add up to it (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0.3, max: 2, noNaN: true })),
          {
            maxLength: 4,
          },
        ),
        (width, depth, doors) => {
          const plan = {
            space: { units: 'm' as const, metresPerUnit: 1, scaleGuessed: false, yDown: false },
            walls: [{ a: [0, 0] as [number, number], b: [width, 0] as [number, number], thickness: 0.3 }],
            openings: doors.map(([at, w]) => ({
              kind: 'door' as const,
              a: [at * width, 0] as [number, number],
              b: [Math.min(width, at * width + w), 0] as [number, number],
            })),
            rooms: [],
          };
          const scene = buildScene(plan, { storeyHeight: 3 });
          const wall = scene.walls[0]!;
          const fullHeight = wall.pieces.filter((b) => Math.abs(b.size[1] - 3) < 1e-9);
          const cut = scene.openings.reduce((sum, o) => sum + o.void.size[0], 0);
          const solid = fullHeight.reduce((sum, b) => sum + b.size[0], 0);
          expect(solid + cut).toBeCloseTo(width, 9);
          expect(depth).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('triangulate', () => {
  it('cuts an L-shaped room into triangles of the same total area', () => {
    // Counter-clockwise seen from above (z runs down the screen): a negative shoelace sum in (x, z).
    const outline: [number, number][] = [
      [2, 0],
      [2, -2],
      [4, -2],
      [4, -4],
      [0, -4],
      [0, 0],
    ];
    const triangles = triangulate(outline);
    const area = triangles.reduce((sum, [a, b, c]) => {
      const [ax, az] = outline[a]!;
      const [bx, bz] = outline[b]!;
      const [cx, cz] = outline[c]!;
      return sum + Math.abs((bx - ax) * (cz - az) - (bz - az) * (cx - ax)) / 2;
    }, 0);
    expect(triangles).toHaveLength(4);
    expect(area).toBeCloseTo(12, 9);
  });
});

describe('sceneNodes', () => {
  it('winds every triangle counter-clockwise seen from the side its normal points to (no inside-out faces)', () => {
    for (const node of sceneNodes(buildScene(roomPlan()))) {
      const mesh = node.mesh;
      if (!mesh) continue;
      const at = (i: number) => [
        mesh.positions[i * 3]!,
        mesh.positions[i * 3 + 1]!,
        mesh.positions[i * 3 + 2]!,
      ];
      for (let t = 0; t < mesh.indices.length; t += 3) {
        const [a, b, c] = [at(mesh.indices[t]!), at(mesh.indices[t + 1]!), at(mesh.indices[t + 2]!)];
        const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
        const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
        const face = [
          u[1]! * v[2]! - u[2]! * v[1]!,
          u[2]! * v[0]! - u[0]! * v[2]!,
          u[0]! * v[1]! - u[1]! * v[0]!,
        ];
        const n = mesh.indices[t]! * 3;
        const dot =
          face[0]! * mesh.normals[n]! + face[1]! * mesh.normals[n + 1]! + face[2]! * mesh.normals[n + 2]!;
        expect(dot, `${node.name} triangle ${t / 3}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('sceneToGlb', () => {
  it('writes a glTF 2.0 binary that the Khronos validator passes with no errors, nodes named, in metres', async () => {
    const glb = sceneToGlb(buildScene(roomPlan()));
    const report = await validator.validateBytes(glb);
    expect(report.issues.messages.filter((m: { severity: number }) => m.severity === 0)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
    expect(json.nodes.map((n: { name: string }) => n.name)).toEqual([
      'Wall 1',
      'Wall 2',
      'Wall 3',
      'Wall 4',
      'Door 1',
      'Window 1',
      'Living',
      'Roof',
      'Building',
    ]);
    // Wall 1's extent: 4 m along x and on to both corners' outer faces, 2.7 m high, 0.2 m thick, within a millimetre.
    const position = json.accessors[json.meshes[json.nodes[0].mesh].primitives[0].attributes.POSITION] as {
      min: number[];
      max: number[];
    };
    const size = [0, 1, 2].map((k) => position.max[k]! - position.min[k]!);
    expect(Math.abs(size[0]! - 4.2)).toBeLessThan(0.001);
    expect(Math.abs(size[1]! - 2.7)).toBeLessThan(0.001);
    expect(Math.abs(size[2]! - 0.2)).toBeLessThan(0.001);
  });

  it('lays the roof over the footprint the walls enclose: an L-shaped house gets an L-shaped roof', () => {
    // An L of 10 × 4 m plus 4 × 4 m (metres, y up), 0.3 m walls, a 2 m gap in the long side (a glazed door).
    const corners: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 4],
      [4, 4],
      [4, 8],
      [0, 8],
    ];
    const walls = corners.map((a, i) => ({ a, b: corners[(i + 1) % corners.length]!, thickness: 0.3 }));
    walls[0] = { a: [0, 0], b: [4, 0], thickness: 0.3 };
    walls.push({ a: [6, 0], b: [10, 0], thickness: 0.3 });
    const scene = buildScene({
      space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
      walls,
      openings: [],
      rooms: [],
    });
    const outline = scene.roof!.outline;
    expect(scene.footprint).toEqual(outline);
    // No rooms were read: one floor slab over the same footprint (a plan with rooms has a slab per room).
    expect(scene.floors.map((f) => f.outline)).toEqual([outline]);
    expect(buildScene(roomPlan()).floors).toEqual([]);
    // The L's six corners, each within a few centimetres of the walls' outer faces.
    expect(outline).toHaveLength(6);
    const area = Math.abs(
      outline.reduce((sum, [x, z], i) => {
        const [nx, nz] = outline[(i + 1) % outline.length]!;
        return sum + x * nz - nx * z;
      }, 0) / 2,
    );
    const lArea = 10.3 * 4.3 + 4.3 * 4; // outer faces: 0.15 m beyond the centrelines
    expect(area).toBeGreaterThan(lArea * 0.97);
    expect(area).toBeLessThan(lArea * 1.03);
    // Counter-clockwise seen from above, so the slab's triangles face up.
    expect(triangulate(outline)).toHaveLength(4);
  });

  it('keeps the rectangle around the walls when they enclose nothing', () => {
    const scene = buildScene({
      space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
      walls: [
        { a: [0, 0], b: [6, 0], thickness: 0.2 },
        { a: [0, 3], b: [6, 3], thickness: 0.2 },
      ],
      openings: [],
      rooms: [],
    });
    expect(scene.roof!.outline).toHaveLength(4);
  });
});
