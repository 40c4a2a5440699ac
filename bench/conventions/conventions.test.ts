/**
 * The reader on generated drawings with exact truth (plan → drawing → read ≈ plan), a seeded sample of the
 * convention matrix that `npm run bench:conventions` measures in full. The base seed is the run's FC_SEED (printed
 * at the start of `npm test`), so a failure reproduces with `FC_SEED=<seed> npm test` or
 * `npm run bench:conventions -- --seed <seed> --cell <cell>`.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPlan } from '../../engine/plan/read-plan';
import { pointSegmentDistance } from '../../shared/plan/geometry';
import type { PlanModel as Plan, PlanPoint } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { wallLength } from './building';
import { stairClimbsUp, stairMark } from './clutter';
import { CELLS, type GeneratedDrawing, inFileFormat, makeDrawing, UNITS_PER_METRE } from './conventions';
import { truthBody } from './draw-walls';
import { insideConvex } from './linework';
import { drawingSeed } from './random';
import { scoreDrawing } from './score';

const seed = Number(process.env.FC_SEED);
/**
 * Cells where the reader does not hold yet (issue #27), measured by the bench only. Pictures: a one-room building
 * in single lines has too few lines to be told single-line walls, and furniture drawn with the walls' pen closes
 * false rooms.
 */
const NOT_YET_HOLDING = new Set([
  'clutter/all-on-layer-0',
  'pdf/all-clutter',
  'raster/single',
  'raster/furnished',
  'raster/coloured-rooms',
]);
/** Cells the reader reads within a wall F1 of 0.95 on bench:conventions. */
const HOLDING = Object.keys(CELLS).filter((cell) => !NOT_YET_HOLDING.has(cell));
const DRAWINGS_PER_CELL = 2;

async function read(cell: string, drawingSeedValue: number) {
  const drawing = await inFileFormat(makeDrawing(cell, drawingSeedValue));
  const started = performance.now();
  const { plan } = await readPlan({ bytes: drawing.bytes, fileName: drawing.fileName });
  return {
    drawing,
    plan,
    score: scoreDrawing(drawing, { plan, ms: performance.now() - started, maxRssMB: 0, repeatSame: true }),
  };
}

/** Share of the free-standing walls' length (sampled every 0.1 m) that lies on a wall read. */
function freeStandingFound(drawing: GeneratedDrawing, plan: Plan): number {
  const unitsPerMetre = UNITS_PER_METRE[drawing.convention.units];
  let found = 0;
  let total = 0;
  for (const w of drawing.building.walls.filter((wall) => wall.freeStanding)) {
    const steps = Math.ceil(wallLength(w) / 0.1);
    for (let i = 0; i < steps; i++) {
      const t = (i + 0.5) / steps;
      const x = (w.a[0] + (w.b[0] - w.a[0]) * t) * unitsPerMetre;
      const y = (w.a[1] + (w.b[1] - w.a[1]) * t) * unitsPerMetre;
      const reach = (w.thickness / 2 + 0.1) * unitsPerMetre;
      total++;
      if (plan.walls.some((r) => pointSegmentDistance(x, y, ...r.a, ...r.b) <= reach)) found++;
    }
  }
  return total ? found / total : 1;
}

/**
 * The walls read that stand mostly off the building's true wall body: over a quarter of their footprint (sampled
 * 12 along × 3 across) more than 2 cm outside it.
 */
function wallsOffTheBody(drawing: GeneratedDrawing, plan: Plan) {
  const unitsPerMetre = UNITS_PER_METRE[drawing.convention.units];
  const body = truthBody(drawing.building, drawing.convention.walls);
  return plan.walls.filter(({ a, b, thickness }) => {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const [nx, ny] = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
    let outside = 0;
    for (let i = 0; i < 12; i++) {
      for (const across of [-0.45, 0, 0.45]) {
        const t = (i + 0.5) / 12;
        const x = (a[0] + (b[0] - a[0]) * t + nx * across * thickness) / unitsPerMetre;
        const y = (a[1] + (b[1] - a[1]) * t + ny * across * thickness) / unitsPerMetre;
        if (!body.some((polygon) => insideConvex(polygon, [x, y], -0.02))) outside++;
      }
    }
    return outside > 36 / 4;
  });
}

describe('the convention generator', () => {
  it('draws a raster cell as a PNG whose ink lies on its truth', async () => {
    const drawing = await inFileFormat(makeDrawing('raster/hatched', drawingSeed(seed, 'raster/hatched', 0)));
    expect(drawing.fileName).toMatch(/\.png$/);
    const { data, info } = await sharp(Buffer.from(drawing.bytes))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { transform, width, height } = drawing.truth.groundTruth;
    const [a, b, c, d, e, f] = transform;
    let ink = 0;
    let onWalls = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (data[y * info.width + x]! >= 128) continue;
        ink++;
        const mx = Math.floor(a * (x + 0.5) + b * (y + 0.5) + c);
        const my = Math.floor(d * (x + 0.5) + e * (y + 0.5) + f);
        if (mx >= 0 && my >= 0 && mx < width && my < height && drawing.truth.mask[my * width + mx]) onWalls++;
      }
    }
    // The hatched walls are most of the ink (doors and windows the rest; 0.7 here, under 0.01 unscaled).
    expect(onWalls / ink).toBeGreaterThan(0.5);
  });

  it('draws the same drawing from the same seed, and another from another', () => {
    const a = makeDrawing('double/named-layer', 7);
    expect(Buffer.from(makeDrawing('double/named-layer', 7).bytes).equals(Buffer.from(a.bytes))).toBe(true);
    expect(Buffer.from(makeDrawing('double/named-layer', 8).bytes).equals(Buffer.from(a.bytes))).toBe(false);
  });

  it('gives every plan a wall mask, rooms and openings, and an elevation none', () => {
    for (const cell of Object.keys(CELLS)) {
      const { truth } = makeDrawing(cell, drawingSeed(seed, cell, 0));
      const wallPixels = truth.mask.reduce((n, v) => n + v, 0);
      if (truth.groundTruth.kind === 'elevation') expect(wallPixels, cell).toBe(0);
      else {
        expect(wallPixels, cell).toBeGreaterThan(0);
        expect(truth.groundTruth.roomCount, cell).toBeGreaterThan(0);
      }
    }
  });
});

describe(`reading generated drawings (seed ${seed})`, () => {
  it.each(HOLDING)('%s: walls, rooms and openings as drawn', async (cell) => {
    for (let i = 0; i < DRAWINGS_PER_CELL; i++) {
      const { drawing, plan, score } = await read(cell, drawingSeed(seed, cell, i));
      const where = `${cell} drawing ${i} (seed ${drawing.seed})`;
      expect(score.error, where).toBeUndefined();
      expect(score.f1, where).toBeGreaterThanOrEqual(0.9);
      // IoU of a thin single-line band over a large building is coarse at the mask's resolution: a floor only.
      expect(score.iou, where).toBeGreaterThanOrEqual(0.5);
      if (drawing.truth.groundTruth.kind === 'elevation') expect(score.elevationNamed, where).toBe(true);
      else
        expect(Math.abs(plan.rooms.length - drawing.truth.groundTruth.roomCount!), where).toBeLessThanOrEqual(
          1,
        );
    }
  });

  // Drawings that read wrong before the rule that reads them (kept as the rule's reason to exist).
  it('single-line walls on layer 0 with windows that pair: the walls, not the glass', async () => {
    const { score, plan, drawing } = await read('single/layer-0', 1001);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it('single-line walls with furniture beside them on layer 0: a wall line that a bed pairs with stays a wall', async () => {
    const { score } = await read('single/layer-0-furnished', 1002);
    expect(score.f1).toBeGreaterThanOrEqual(0.9);
  });

  it('single-line walls on layer 0: a wall running on from a door hinge is no door leaf', async () => {
    const { plan, drawing } = await read('single/layer-0', 1005);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it('a picture of single-line walls: the door swings give the scale, and a wall line through a window is cut there', async () => {
    const { score, plan, drawing } = await read('raster/single', 2547927320);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
    const { doors, windows } = drawing.truth.groundTruth;
    expect(plan.openings.filter((o) => o.kind === 'door')).toHaveLength(doors!);
    expect(plan.openings.filter((o) => o.kind === 'window')).toHaveLength(windows!);
    expect(plan.warnings.join(' ')).toMatch(/taken from the doors/);
  });

  it('a picture of double-line walls without a stated scale: the door swings give it within 5 %', async () => {
    const { plan, drawing } = await read('raster/double', 1908317461);
    const truth = drawing.truth.groundTruth.scaleMetresPerUnit!;
    expect(Math.abs(plan.space.metresPerUnit / truth - 1)).toBeLessThan(0.05);
  });

  it('a picture of a colour-coded plan: the rooms’ fills, and their edges blended into the paper, are not walls', async () => {
    // The fills' anti-aliased edges read as a second line beside each wall face, taken for a window's glass (F1
    // 0.96, 4 of 5 rooms) before a fill's colour blended with the paper was left out with it (image.ts fillColoured).
    const { score, plan, drawing } = await read('raster/coloured-rooms', 4040590745);
    expect(score.f1).toBeGreaterThanOrEqual(0.98);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it('a picture of a colour-coded plan whose walls are white bands between the fills: its pen lines are read too', async () => {
    const { score, plan, drawing } = await read('raster/coloured-rooms', 4007035507);
    expect(score.f1).toBeGreaterThanOrEqual(0.9);
    expect(plan.rooms.length).toBeGreaterThanOrEqual(drawing.truth.groundTruth.roomCount! / 2);
  });

  it('a picture whose thin walls’ two faces run together at its working size: the band’s edges are the faces', async () => {
    const { score, plan, drawing } = await read('raster/coloured-rooms', 3990257888);
    expect(score.f1).toBeGreaterThanOrEqual(0.92);
    expect(plan.rooms.length).toBeGreaterThanOrEqual(drawing.truth.groundTruth.roomCount! * 0.75);
  });

  it('a picture of a colour-coded plan with grey rooms: the grey fill is left out, its thin lines are not', async () => {
    const { score, plan } = await read('raster/coloured-rooms', 3990257888);
    expect(score.f1).toBeGreaterThanOrEqual(0.85);
    expect(plan.rooms.length).toBeGreaterThan(0);
  });

  it('stairs drawn with the plan are read as a flight, and the room it stands in holds a stair', async () => {
    const { plan, drawing } = await read('clutter/stairs', 322778470);
    expect(plan.stairs).toHaveLength(1);
    const { outline, treads } = plan.stairs![0]!;
    // The generator's flight: 12 treads of 0.28 m, 0.9–1.2 m wide.
    expect(treads).toBe(12);
    const metres = (p: PlanPoint, q: PlanPoint) =>
      Math.hypot(q[0] - p[0], q[1] - p[1]) * plan.space.metresPerUnit;
    expect(metres(outline[1], outline[2])).toBeCloseTo(12 * 0.28, 2);
    expect(metres(outline[0], outline[1])).toBeGreaterThanOrEqual(0.9);
    expect(metres(outline[0], outline[1])).toBeLessThanOrEqual(1.2);
    const scene = buildScene(plan);
    expect(scene.rooms.filter((room) => room.stair)).toHaveLength(1);
    expect(drawing.truth.groundTruth.roomCount).toBe(plan.rooms.length);
  });

  it('walls on one layer with their counters: a counter’s front pairs with the wall it stands against, and is no wall', async () => {
    // Read at F1 0.91 before cad/against-walls.ts.
    const { score } = await read('clutter/all-on-layer-0', 1633562144);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
  });

  it('a PDF drawn with its furniture in the walls’ pen: chairs, a bath and beds read as boxes standing loose, not walls', async () => {
    // Read at F1 0.83 before loose boxes were dropped (cad/stubs.ts).
    const { score, plan, drawing } = await read('pdf/all-clutter', 921239621);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it('a flight climbs the way its walking line’s arrow points, both ways up the sheet', async () => {
    for (const seed of [322778470, 356333708]) {
      const { plan } = await read('clutter/stairs', seed);
      const { outline, climbDrawn } = plan.stairs![0]!;
      expect(climbDrawn).toBe(true);
      const width =
        Math.hypot(outline[1][0] - outline[0][0], outline[1][1] - outline[0][1]) * plan.space.metresPerUnit;
      // The outline runs from the foot (its first two corners) to the head; the drawing's y runs up the sheet.
      const rises = (outline[2][1] + outline[3][1]) / 2 > (outline[0][1] + outline[1][1]) / 2;
      expect({ seed, rises }).toEqual({ seed, rises: stairClimbsUp(width) });
    }
  });

  it('a flight with no arrow climbs from the "UP" written at its foot, or to the "DN" written at its head', async () => {
    // Without the words read (cad/even-runs.ts climbByWords) neither says which way it climbs, and the DN flight is
    // laid the wrong way up.
    for (const seed of [373111327, 1908969519]) {
      const { plan } = await read('clutter/stairs', seed);
      const { outline, climbDrawn } = plan.stairs![0]!;
      const width =
        Math.hypot(outline[1][0] - outline[0][0], outline[1][1] - outline[0][1]) * plan.space.metresPerUnit;
      expect(stairMark(width)).toBeDefined();
      expect(climbDrawn).toBe(true);
      const rises = (outline[2][1] + outline[3][1]) / 2 > (outline[0][1] + outline[1][1]) / 2;
      expect({ seed, rises }).toEqual({ seed, rises: stairClimbsUp(width) });
    }
  });

  it('double-line walls: a wall going on between two T-junctions is no opening', async () => {
    const { plan, drawing } = await read('double/named-layer', 1000);
    const { doors, windows } = drawing.truth.groundTruth;
    expect(plan.openings).toHaveLength(doors! + windows!);
  });

  it('double-line walls: two T-junctions a hand apart leave no gap between the rooms', async () => {
    const { plan, drawing } = await read('insunits/wrong', 3999717297);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it('double-line walls: a door right against another wall is found and closes its room', async () => {
    const { plan, drawing } = await read('double/thick-walls', 1647304487);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
    const { doors, windows } = drawing.truth.groundTruth;
    expect(plan.openings).toHaveLength(doors! + windows!);
  });

  it.each(['double/free-standing', 'single/free-standing'])(
    '%s: walls standing free inside a room (a screen, a core) are walls of the plan, not views of their own',
    async (cell) => {
      // A small building has no room large enough for a free-standing wall: the first drawings that have one.
      let checked = 0;
      for (let i = 0; i < 4 * DRAWINGS_PER_CELL && checked < DRAWINGS_PER_CELL; i++) {
        const drawing = makeDrawing(cell, drawingSeed(seed, cell, i));
        if (!drawing.building.walls.some((w) => w.freeStanding)) continue;
        const { plan } = await readPlan({ bytes: drawing.bytes, fileName: drawing.fileName });
        const where = `${cell} drawing ${i} (seed ${drawing.seed})`;
        expect(freeStandingFound(drawing, plan), where).toBeGreaterThanOrEqual(0.9);
        expect(plan.source.views ?? [], where).toHaveLength(0);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it.each([
    ['double/named-layer', 2932260779],
    ['double/thick-walls', 1630526868],
    ['doors/chords', 54922901],
  ] as const)(
    '%s #%i: the cap across a wall at a door or window and an outer face run on at a corner are faces, not walls',
    async (cell, drawingSeedValue) => {
      const { plan, drawing } = await read(cell, drawingSeedValue);
      expect(wallsOffTheBody(drawing, plan)).toEqual([]);
    },
  );

  it.each([
    ['clutter/frame', 3759878688],
    ['clutter/site', 3280416846],
  ] as const)(
    '%s #%i: a plan inside a frame or a site drawn round it is not a part of them (its reading is not called unreadable)',
    async (cell, drawingSeedValue) => {
      const { plan, score } = await read(cell, drawingSeedValue);
      expect(score.f1).toBeGreaterThanOrEqual(0.95);
      expect(plan.check?.verdict).not.toBe('unreadable');
    },
  );

  it.each([
    [1633562144, 'a frame of two rings a wall thickness apart: the frame was the plan'],
    [1650339763, 'a paving grid over the floor: 46 walls of tiles, and the title block read as rooms'],
    [
      1667117382,
      'paving in rooms side by side, grid axes across them: the axes and the walls between were taken',
    ],
  ] as const)('everything on layer 0 #%i (%s): the walls as drawn', async (drawingSeedValue, _before) => {
    const { score, plan } = await read('clutter/all-on-layer-0', drawingSeedValue);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
    expect(plan.check?.verdict).not.toBe('unreadable');
  });

  it.each([
    ['single/stop-short', 2681499431],
    ['single/angled', 3838906864],
  ] as const)(
    '%s #%i: a short pier between two windows is a wall and closes its room',
    async (cell, drawingSeedValue) => {
      const { plan, drawing } = await read(cell, drawingSeedValue);
      expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
    },
  );

  it.each([
    [
      1120840494,
      'the middle joints of a square tiled room cross as a void does: taken as one, they split the grid',
    ],
    [
      1171173351,
      'tiles at a stair-like pitch were taken as a flight, and the wall face their grid stops at with them',
    ],
  ] as const)(
    'a PDF with paving over its floors #%i (%s): the walls and rooms as drawn',
    async (drawingSeedValue, _before) => {
      const { score, plan, drawing } = await read('pdf/paving', drawingSeedValue);
      expect(score.f1).toBeGreaterThanOrEqual(0.95);
      expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
    },
  );

  it.each([1001, 1002])(
    'a plotted PDF that states no scale but writes its dimensions #%i: the scale from the figures, within 2 per cent',
    async (drawingSeedValue) => {
      const { plan, score } = await read('pdf/dimensions', drawingSeedValue);
      expect(score.scaleWithin).toBe(true);
      expect(plan.warnings.join(' ')).toMatch(/dimensions written on it/);
    },
  );

  it('double-line walls: a window right up to a corner leaves a return shorter than the wall is thick, which closes its room', async () => {
    const { plan, drawing } = await read('clutter/stairs', 356333708);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it("double-line walls: a corner cut off by an angled wall is no corner gap to close (the walls' ends meet the angled wall)", async () => {
    const { plan, drawing } = await read('double/angled', 3531192490);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it("single-line walls in a PDF: a door hung on the building's outermost line has its leaf known as one (not a wall)", async () => {
    const { plan, drawing } = await read('pdf/single', 1886678919);
    expect(plan.rooms).toHaveLength(drawing.truth.groundTruth.roomCount!);
  });

  it('a small elevation alone on its sheet is named, with no walls', async () => {
    const { score, plan } = await read('sheet/elevation-only', 1001);
    expect(plan.walls).toHaveLength(0);
    expect(score.elevationNamed).toBe(true);
  });
});
