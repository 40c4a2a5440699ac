import { describe, expect, it } from 'vitest';
import type { PlanModel } from '../plan/schema';
import { buildScene } from './build';
import { defaultCameras, roomCamera } from './cameras';
import { renderLines } from './line-render';

type Plan = Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'>;

/** An 8 × 5 m box of 0.2 m walls with a door in front; `inner` adds a wall across the inside. */
function box(inner = false): Plan {
  return {
    space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
    walls: [
      { a: [0, 0], b: [8, 0], thickness: 0.2 },
      { a: [8, 0], b: [8, 5], thickness: 0.2 },
      { a: [8, 5], b: [0, 5], thickness: 0.2 },
      { a: [0, 5], b: [0, 0], thickness: 0.2 },
      ...(inner
        ? [{ a: [4, 0.1] as [number, number], b: [4, 4.9] as [number, number], thickness: 0.1 }]
        : []),
    ],
    openings: [{ kind: 'door', a: [2, 0], b: [3, 0] }],
    rooms: [],
  };
}

const SIZE = 256;
const darkShare = (lines: Uint8Array) => lines.filter((v) => v === 0).length / lines.length;

describe('renderLines', () => {
  it('draws the building from the camera as lines on white, the same every time', () => {
    const scene = buildScene(box());
    const camera = defaultCameras(scene)[1];
    const a = renderLines(scene, camera, { width: SIZE, height: SIZE });
    const b = renderLines(scene, camera, { width: SIZE, height: SIZE });
    expect(Buffer.from(a.lines).equals(Buffer.from(b.lines))).toBe(true);
    expect(darkShare(a.lines)).toBeGreaterThan(0.005);
    expect(darkShare(a.lines)).toBeLessThan(0.2);
    // The corners of the image are sky: white, and no depth.
    expect([a.lines[0], a.depth[0], a.lines[SIZE * SIZE - 1]]).toEqual([255, 0, 255]);
  });

  it('removes hidden lines: a wall inside the roofed box does not show from outside, and does without the roof', () => {
    const camera = defaultCameras(buildScene(box()))[1];
    const closed = renderLines(buildScene(box()), camera, { width: SIZE, height: SIZE });
    const withInner = renderLines(buildScene(box(true)), camera, { width: SIZE, height: SIZE });
    expect(Buffer.from(withInner.lines).equals(Buffer.from(closed.lines))).toBe(true);
    const open = renderLines(buildScene(box(true)), camera, { width: SIZE, height: SIZE, without: ['Roof'] });
    const openWithout = renderLines(buildScene(box()), camera, {
      width: SIZE,
      height: SIZE,
      without: ['Roof'],
    });
    expect(Buffer.from(open.lines).equals(Buffer.from(openWithout.lines))).toBe(false);
  });

  it('gives another view from another camera, and one from inside a room (clipped at the eye)', () => {
    const scene = buildScene({
      ...box(),
      rooms: [
        {
          polygon: [
            [0.1, 0.1],
            [7.9, 0.1],
            [7.9, 4.9],
            [0.1, 4.9],
          ],
          areaM2: 37.4,
          label: 'Hall',
        },
      ],
    });
    const { 1: one, 2: two } = defaultCameras(scene);
    const a = renderLines(scene, one, { width: SIZE, height: SIZE });
    const b = renderLines(scene, two, { width: SIZE, height: SIZE });
    expect(Buffer.from(a.lines).equals(Buffer.from(b.lines))).toBe(false);
    const inside = renderLines(scene, roomCamera(scene.rooms[0]!), {
      width: SIZE,
      height: SIZE,
      without: ['Roof'],
    });
    expect(darkShare(inside.lines)).toBeGreaterThan(0.002);
    // Inside, walls surround the eye: most pixels show a surface.
    expect(inside.depth.filter((v) => v > 0).length / inside.depth.length).toBeGreaterThan(0.3);
  });
});
