/**
 * A CAD sheet holding the plans of two storeys side by side, each under its title (a generated drawing, exact by
 * construction): the other storey is found among the sheet's views, read as a plan of its own, proposed above the
 * ground floor and placed right over it.
 */
import { describe, expect, it } from 'vitest';
import { randomBuilding } from '../../bench/conventions/building';
import { drawWalls } from '../../bench/conventions/draw-walls';
import { type Entity, writeDxf } from '../../bench/conventions/dxf-writer';
import { seededRandom } from '../../bench/conventions/random';
import { alignLevels, footprintOverlaps, turnFloor } from '../../shared/building/align';
import { proposeBuilding } from '../../shared/building/propose';
import { isStoreyPlan, storeyTitles, storeyViews } from '../../shared/building/storey-views';
import { buildScene } from '../../shared/scene/build';
import { readPlan } from './read-plan';

const SEED = 20261128;
/** Between the two plans on the sheet, metres. */
const GAP_M = 8;

const shifted = (entity: Entity, dx: number): Entity => {
  const move = ([x, y]: [number, number]): [number, number] => [x + dx, y];
  switch (entity.type) {
    case 'LINE':
      return { ...entity, a: move(entity.a), b: move(entity.b) };
    case 'POLYLINE':
    case 'FILL':
      return { ...entity, points: entity.points.map(move) };
    case 'ARC':
    case 'CIRCLE':
      return { ...entity, c: move(entity.c) };
    default:
      return { ...entity, at: move(entity.at) };
  }
};

function twoStoreySheet(seed: number): Uint8Array {
  const random = seededRandom(seed);
  const building = randomBuilding(random, { rooms: 5, angled: false, exteriorThickness: [0.3, 0.4] });
  const blocks = new Map<string, Entity[]>();
  const plan = drawWalls(
    random,
    building,
    {
      style: 'double',
      junctions: 'meet',
      doors: 'arc',
      windowLines: 3,
      layer: { walls: () => 'A-WALL', doors: 'A-DOOR', windows: 'A-GLAZ', hatch: 'A-HATCH' },
    },
    blocks,
  );
  const title = (text: string, x: number): Entity => ({
    type: 'TEXT',
    layer: 'A-ANNO',
    at: [x, -2],
    height: 0.5,
    text,
  });
  const right = building.width + GAP_M;
  const entities = [
    ...plan,
    title('GROUND FLOOR PLAN', 0),
    ...plan.map((e) => shifted(e, right)),
    title('FIRST FLOOR PLAN', right),
  ];
  return writeDxf({ entities, blocks }, { flavour: 'r2000', unitsPerMetre: 1000, insUnits: 4 });
}

describe('a sheet of the plans of two storeys', () => {
  it(`proposes the first floor over the ground floor, placed right on it (seed ${SEED})`, async () => {
    const bytes = twoStoreySheet(SEED);
    const fileName = 'house-plans.dxf';
    const own = (await readPlan({ bytes, fileName })).plan;
    const others = storeyViews(own);
    expect(others).toHaveLength(1);
    const { plan: first } = await readPlan({ bytes, fileName, corrections: { viewId: others[0]!.id } });
    expect(isStoreyPlan(first)).toBe(true);
    const plans = new Map([
      ['own', own],
      [others[0]!.id, first],
    ]);
    const proposal = proposeBuilding(
      [...plans].map(([fileId, plan]) => ({
        fileId,
        fileName,
        titles: storeyTitles(plan),
        storeyHeightM: 2.7,
      })),
    );
    expect(proposal.levels.map((l) => [l.name, l.elevationM])).toEqual([
      ['GROUND FLOOR', 0],
      ['FIRST FLOOR', 2.9],
    ]);
    const footprints = proposal.levels.map((l) => buildScene(plans.get(l.fileId)!).footprint);
    const { levels, warnings } = alignLevels(proposal.levels, footprints);
    expect(warnings).toEqual([]);
    const upper = proposal.levels.findIndex((l) => l.name === 'FIRST FLOOR');
    // Drawn a plan's width and a gap apart, each storey's scene starts from its own plan's corner: no shift is left.
    expect(levels[upper]).toMatchObject({ rotationDeg: 0 });
    for (const shift of levels[upper]!.offsetM) expect(Math.abs(shift)).toBeLessThan(0.05);
    const placed = footprints[upper]!.map((p) => {
      const [x, z] = turnFloor(p, levels[upper]!.rotationDeg);
      return [x + levels[upper]!.offsetM[0], z + levels[upper]!.offsetM[1]] as [number, number];
    });
    expect(footprintOverlaps(footprints[1 - upper]!, placed).iou).toBeGreaterThan(0.97);
  });
});
