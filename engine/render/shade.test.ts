import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Camera, fitCamera, lookAtCamera, RowUnprojector, unproject, type Vec3 } from './raster';
import { MAT, type Mesh } from './scene';
import { surfaceIds } from './shade';

/** A mesh of the given triangles (9 numbers each: three corners), each with its normal and material. */
function meshOf(triangles: { corners: number[]; normal: Vec3; mat: number }[]): Mesh {
  return {
    pos: Float32Array.from(triangles.flatMap((t) => t.corners)),
    normal: Float32Array.from(triangles.flatMap((t) => t.normal)),
    mat: Uint8Array.from(triangles.map((t) => t.mat)),
    count: triangles.length,
    box: { minX: 0, minY: 0, minZ: 0, maxX: 10, maxY: 10, maxZ: 3 },
    wallTop: 2.85,
  };
}

describe('surfaceIds', () => {
  const up: Vec3 = [0, 0, 1];
  it('gives the triangles of one plane and one material one surface, wherever they lie in it', () => {
    const ids = surfaceIds(
      meshOf([
        { corners: [0, 0, 0.15, 4, 0, 0.15, 4, 3, 0.15], normal: up, mat: MAT.floor },
        { corners: [0, 0, 0.15, 4, 3, 0.15, 0, 3, 0.15], normal: up, mat: MAT.floor },
        // Another room's floor, in the same plane.
        { corners: [6, 0, 0.15, 9, 0, 0.15, 9, 3, 0.15], normal: up, mat: MAT.floor },
        // A step up, a different material in the same plane, and a wall.
        { corners: [0, 5, 0.3, 4, 5, 0.3, 4, 8, 0.3], normal: up, mat: MAT.floor },
        { corners: [0, 9, 0.15, 4, 9, 0.15, 4, 12, 0.15], normal: up, mat: MAT.ground },
        { corners: [0, 0, 0.15, 4, 0, 0.15, 4, 0, 2.85], normal: [0, -1, 0], mat: MAT.wall },
      ]),
    );
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).toBe(ids[0]);
    expect(new Set([ids[0], ids[3], ids[4], ids[5]]).size).toBe(4);
  });
});

describe('RowUnprojector', () => {
  const cameras: Record<string, Camera> = {
    perspective: lookAtCamera([-12, -9, 7], [4, 3, 1], 50, 1024, 1024),
    orthographic: fitCamera(
      { minX: 0, minY: 0, minZ: 0, maxX: 14, maxY: 9, maxZ: 3 },
      { kind: 'ortho', azimuth: 225, elevation: 35.26, margin: 0.05, width: 1024, height: 1024 },
    ),
  };
  for (const [name, cam] of Object.entries(cameras)) {
    it(`finds the point unproject finds, at every pixel of a row (${name}, property)`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1023 }),
          fc.integer({ min: 0, max: 1023 }),
          fc.double({ min: 0.01, max: 1, noNaN: true }),
          (px, py, share) => {
            const depth = cam.kind === 'persp' ? share : -5 - 60 * share;
            const expected = unproject(cam, px + 0.5, py + 0.5, depth, [0, 0, 0]);
            const found = new RowUnprojector(cam, py).at(px, depth);
            for (let k = 0; k < 3; k++) expect(found[k]).toBeCloseTo(expected[k]!, 6);
          },
        ),
      );
    });
  }
});
