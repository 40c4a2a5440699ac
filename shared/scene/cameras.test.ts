import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointInPolygon } from '../plan/geometry';
import type { PlanModel } from '../plan/schema';
import { buildScene } from './build';
import { cornersFit, defaultCameras, EYE_HEIGHT, fitDistance, roomCamera, sceneCentre } from './cameras';
import { distanceBetween, formatLength, snapPoint, snapTargets } from './measure';
import { sceneLayers, sceneNodes } from './nodes';

/** An 8 × 5 m box in metres, walls 0.2 m thick, one L-shaped room. */
function boxPlan(): Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'> {
  return {
    space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
    walls: [
      { a: [0, 0], b: [8, 0], thickness: 0.2 },
      { a: [8, 0], b: [8, 5], thickness: 0.2 },
      { a: [8, 5], b: [0, 5], thickness: 0.2 },
      { a: [0, 5], b: [0, 0], thickness: 0.2 },
    ],
    openings: [{ kind: 'door', a: [2, 0], b: [3, 0] }],
    rooms: [
      {
        polygon: [
          [0.1, 0.1],
          [7.9, 0.1],
          [7.9, 4.9],
          [0.1, 4.9],
        ],
        areaM2: 37.44,
        label: 'Hall',
      },
      {
        // An L: its bounding box's chosen spot is outside it, so the camera falls back on the centroid.
        polygon: [
          [0, 0],
          [1, 0],
          [1, 9],
          [9, 9],
          [9, 10],
          [0, 10],
        ],
        areaM2: 17,
        label: 'L',
      },
    ],
  };
}

const inside = (p: number[], scene: ReturnType<typeof buildScene>) => {
  const { min, max } = scene.bounds;
  return p[0]! >= min[0] && p[0]! <= max[0] && p[2]! >= min[2] && p[2]! <= max[2];
};

describe('cameras', () => {
  const scene = buildScene(boxPlan());

  it('places variation 1 south-west and above, 2 at the opposite corner lower down, 3 where 1 is', () => {
    const { 1: one, 2: two, 3: three } = defaultCameras(scene);
    const c = sceneCentre(scene);
    // South is +z (north on the sheet is −z), west is −x.
    expect(one.position[0]).toBeLessThan(c[0]);
    expect(one.position[2]).toBeGreaterThan(c[2]);
    expect(two.position[0]).toBeGreaterThan(c[0]);
    expect(two.position[2]).toBeLessThan(c[2]);
    expect(two.position[1]).toBeLessThan(one.position[1]);
    expect(three).toEqual(one);
    expect(three.position).not.toBe(one.position);
    for (const cam of [one, two]) {
      expect(inside(cam.position, scene)).toBe(false);
      // The whole building in a square view: every corner of its bounds inside the frustum.
      expect(cornersFit(scene, cam)).toBe(true);
      // …and framed closely: 20 % nearer, a corner leaves the view.
      const nearer = cam.position.map((p, k) => cam.target[k]! + (p - cam.target[k]!) * 0.8) as [
        number,
        number,
        number,
      ];
      expect(cornersFit(scene, { ...cam, position: nearer })).toBe(false);
    }
  });

  it('fits a narrower view from further away', () => {
    expect(fitDistance(10, 45, 0.5)).toBeGreaterThan(fitDistance(10, 45, 1));
    expect(fitDistance(10, 30)).toBeGreaterThan(fitDistance(10, 60));
  });

  it('stands inside the room at eye height, looking along it', () => {
    const cam = roomCamera(scene.rooms[0]!);
    expect(cam.position[1]).toBe(EYE_HEIGHT);
    expect(pointInPolygon([cam.position[0], cam.position[2]], scene.rooms[0]!.outline)).toBe(true);
    expect(Math.abs(cam.target[0] - cam.position[0])).toBeGreaterThan(5);
  });

  it('stands inside an irregular room (or at its centre) whatever its outline', () => {
    const cam = roomCamera(scene.rooms[1]!);
    expect(Number.isFinite(cam.position[0]) && Number.isFinite(cam.position[2])).toBe(true);
    expect(cam.position[1]).toBe(EYE_HEIGHT);
  });
});

describe('measure', () => {
  const scene = buildScene(boxPlan());
  const targets = snapTargets(scene);

  it('snaps clicks near the two ends of a wall top to its ends: the wall length exactly', () => {
    const a = snapPoint([0.02, 2.7, -0.01], targets, 0.3);
    const b = snapPoint([7.97, 2.69, 0.02], targets, 0.3);
    expect(a.snapped && b.snapped).toBe(true);
    expect(distanceBetween(a.point, b.point)).toBeCloseTo(8, 9);
    expect(formatLength(distanceBetween(a.point, b.point))).toBe('8.00 m');
  });

  it('keeps a point with nothing within reach as it is', () => {
    expect(snapPoint([4, 0, -2.5], targets, 0.3)).toEqual({ point: [4, 0, -2.5], snapped: false });
  });

  it('never snaps further than the reach (property)', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: -2, max: 10, noNaN: true }),
          fc.double({ min: 0, max: 3, noNaN: true }),
          fc.double({ min: -7, max: 2, noNaN: true }),
        ),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (p, reach) => {
          const s = snapPoint(p as [number, number, number], targets, reach);
          expect(distanceBetween(p as [number, number, number], s.point)).toBeLessThanOrEqual(reach + 1e-9);
        },
      ),
    );
  });

  it('writes lengths in metres, and centimetres under a metre', () => {
    expect(formatLength(12)).toBe('12.00 m');
    expect(formatLength(0.456)).toBe('46 cm');
  });
});

describe('sceneLayers', () => {
  it('merges every node of a material into one mesh with the same triangles', () => {
    const scene = buildScene(boxPlan());
    const layers = sceneLayers(scene);
    const nodes = sceneNodes(scene);
    for (const name of ['Wall', 'Floor', 'Door', 'Roof'] as const) {
      const want = nodes
        .filter((n) => n.material === name)
        .reduce((s, n) => s + (n.mesh?.indices.length ?? 0), 0);
      expect(layers[name].indices.length).toBe(want);
      expect(Math.max(...layers[name].indices)).toBe(layers[name].positions.length / 3 - 1);
    }
  });
});
