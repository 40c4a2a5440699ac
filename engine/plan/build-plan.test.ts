import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normaliseDrawing } from '../drawing/normalise';
import type { NormalisedDrawing, Segment } from '../drawing/types';
import { buildPlan, keepBuilding } from './build-plan';

/** A w × h mask with the given rectangles [x0, y0, x1, y1) set. */
function mask(w: number, h: number, rects: [number, number, number, number][]): Uint8Array {
  const m = new Uint8Array(w * h);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) m.fill(1, y * w + x0, y * w + x1);
  return m;
}
const count = (m: Uint8Array, x0: number, y0: number, x1: number, y1: number, w: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) n += m[y * w + x]!;
  return n;
};

describe('keepBuilding', () => {
  const w = 200;
  const h = 200;
  // A building: a 60 × 60 square outline of 4-pixel walls at (70, 70).
  const building: [number, number, number, number][] = [
    [70, 70, 130, 74],
    [70, 126, 130, 130],
    [70, 70, 74, 130],
    [126, 70, 130, 130],
  ];

  it('drops a title rule, a scale bar and a north arrow apart from the building, and keeps the building whole', () => {
    const rule: [number, number, number, number] = [5, 10, 195, 13];
    const scaleBar: [number, number, number, number] = [10, 185, 22, 187];
    const arrow: [number, number, number, number] = [180, 182, 184, 188];
    const kept = keepBuilding(mask(w, h, [...building, rule, scaleBar, arrow]), w, h);
    expect(count(kept, 0, 0, w, 40, w)).toBe(0);
    expect(count(kept, 0, 170, w, h, w)).toBe(0);
    expect(count(kept, 60, 60, 140, 140, w)).toBe(count(mask(w, h, building), 0, 0, w, h, w));
  });

  it('drops a sheet’s header rule drawn just above the building, running past it both ways', () => {
    // A page-wide rule 4 px above the building (within a tenth of its size of it): a sheet's line, not a wall.
    const rule: [number, number, number, number] = [5, 64, 195, 66];
    const kept = keepBuilding(mask(w, h, [...building, rule]), w, h);
    expect(count(kept, 0, 60, w, 67, w)).toBe(0);
    expect(count(kept, 60, 60, 140, 140, w)).toBe(count(mask(w, h, building), 0, 0, w, h, w));
  });

  it('keeps a large piece apart from the building (a garage) and small pieces inside or near it', () => {
    const garage: [number, number, number, number][] = [
      [160, 160, 195, 163],
      [160, 192, 195, 195],
      [160, 160, 163, 195],
      [192, 160, 195, 195],
    ];
    const pier: [number, number, number, number] = [100, 100, 104, 104];
    const input = mask(w, h, [...building, ...garage, pier]);
    expect(keepBuilding(input, w, h)).toEqual(input);
  });
});

describe('rooms of a raster plan', () => {
  it('closes a door beside a corner, so the rooms either side of it stay two', async () => {
    // A 14 × 10 unit house of 0.3-unit walls, split by a wall whose door (1 unit wide) opens right beside the
    // outer wall: the partition's end points at the outer wall across the door, not at another stretch of itself.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1000" viewBox="-1 -1 16 12">' +
      '<rect x="-1" y="-1" width="16" height="12" fill="#fff"/>' +
      '<g fill="#000"><rect x="0" y="0" width="14" height="0.3"/><rect x="0" y="9.7" width="14" height="0.3"/>' +
      '<rect x="0" y="0" width="0.3" height="10"/><rect x="13.7" y="0" width="0.3" height="10"/>' +
      '<rect x="7" y="0" width="0.3" height="8.7"/></g></svg>';
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const plan = buildPlan(await normaliseDrawing({ bytes: png, fileName: 'two-rooms.png' }));
    expect(plan.rooms).toHaveLength(2);
    expect(plan.openings.some((o) => o.kind === 'door')).toBe(true);
  });
});

describe('rooms of a vector plan', () => {
  /** A CAD drawing in metres of the given wall centrelines, 0.2 m thick. */
  const cadDrawing = (segments: Segment[]): NormalisedDrawing => ({
    png: Buffer.alloc(0),
    width: 1,
    height: 1,
    kind: 'cad',
    geometry: {
      bounds: { minX: 0, minY: 0, maxX: 10, maxY: 8 },
      units: 'm',
      metresPerUnit: 1,
      scaleSource: 'file',
      yDown: false,
      segments,
      wallThickness: segments.map(() => 0.2),
      source: { format: 'dxf' },
      warnings: [],
    },
  });

  it('closes a corner the outer walls leave open (a corner window), so the room is a room', () => {
    // A 10 × 8 m room whose top-left corner is open: the walls stop 1.2 and 0.9 m short of it.
    const open = cadDrawing([
      [0, 0, 10, 0],
      [10, 0, 10, 8],
      [10, 8, 1.2, 8],
      [0, 0, 0, 7.1],
    ]);
    const plan = buildPlan(open);
    expect(plan.rooms).toHaveLength(1);
    expect(plan.rooms[0]!.area).toBeGreaterThan(70);
  });

  it('leaves a corner gap between two rooms inside as it is (no room split off)', () => {
    // Two rooms side by side, closed to the outside; in the right one, two walls at right angles stop 1 m and
    // 0.8 m short of meeting: an opening between two parts of one room, not a corner to close.
    const plan = buildPlan(
      cadDrawing([
        [0, 0, 10, 0],
        [10, 0, 10, 8],
        [10, 8, 0, 8],
        [0, 8, 0, 0],
        [5, 0, 5, 8],
        [10, 4, 7, 4],
        [6, 0, 6, 3.2],
      ]),
    );
    expect(plan.rooms).toHaveLength(2);
  });

  it('a strip narrower than a corridor between two walls (a site wall, a duct) is no room; a 1 m corridor is', () => {
    const walls = (gap: number): Segment[] => [
      [0, 0, 10, 0],
      [10, 0, 10, 8],
      [10, 8, 0, 8],
      [0, 8, 0, 0],
      [0, 8 - gap - 0.2, 10, 8 - gap - 0.2], // a wall `gap` clear of the top one
    ];
    const strip = buildPlan(cadDrawing(walls(0.7)));
    expect(strip.rooms).toHaveLength(1);
    expect(strip.rooms[0]!.area).toBeGreaterThan(60);
    expect(buildPlan(cadDrawing(walls(1.0))).rooms).toHaveLength(2);
  });
});
