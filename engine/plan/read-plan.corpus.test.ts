/**
 * The plan reader on real drawings from ../shared/corpus (read in place, never copied). Skipped, with the reason,
 * when the corpus is not beside the repository.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  CORPUS_MISSING,
  corpusAvailable,
  corpusFiles,
  readTruthMask,
} from '../../bench/fidelity/corpus';
import { scoreFile } from '../../bench/fidelity/score';
import { planModelSchema } from '../../shared/plan/schema';
import { readPlan } from './read-plan';

const available = corpusAvailable();
if (!available) console.warn(`Corpus tests skipped: ${CORPUS_MISSING}`);

const read = async (path: string) => {
  const file = join(CORPUS_DIR, path);
  return (await readPlan({ bytes: readFileSync(file), fileName: basename(file) })).plan;
};

async function scored(path: string) {
  const entry = corpusFiles().find((f) => f.path === path)!;
  const plan = await read(path);
  return { plan, score: scoreFile(plan, entry.groundTruth!, await readTruthMask(entry.name)) };
}

describe.skipIf(!available)('reading real drawings (../shared/corpus)', () => {
  it('reads DWGs one after another, each the same as when read alone (no state kept between parses)', async () => {
    const paths = [
      'dwg/ac2013_apartment_plan_variants_cyrillic_layers.dwg',
      'dwg/ac2018_flat_plan_double_walls.dwg',
      'dwg/ac2018_house_plan_section_elevation_sheet.dwg',
      'dwg/ac2018_flat_plan_double_walls.dwg',
    ];
    const plans = [];
    for (const path of paths) plans.push(await read(path));
    for (const plan of plans) {
      expect(plan.status).toBe('ready');
      expect(planModelSchema.parse(plan)).toEqual(plan);
    }
    expect(plans[3]).toEqual(plans[1]);
  }, 60_000);

  it('reads both plans of a sheet that draws the building twice, and builds one of them', async () => {
    const { plan, score } = await scored('dxf/adt_r2004_us_house_plan_electrical_framing_inch_blocks.dxf');
    const others = (plan.source.views ?? []).filter((v) => v.walls?.length);
    expect(others.map((v) => v.kind)).toEqual(['plan']);
    expect(plan.warnings.join(' ')).toMatch(
      /View 3 \(plan\) holds another plan of the building .* only View 1 \(plan\) is built in 3D/,
    );
    // The ground truth marks the walls of both copies: the chosen plan alone covers half of them.
    expect(score.planWalls.recall).toBeLessThan(0.6);
    expect(score.walls.f1).toBeGreaterThan(0.9);
    const italian = await scored('dxf/autocad_italian_flat_muratura_mm.dxf');
    expect(italian.score.walls.f1).toBeGreaterThan(0.9);
  });

  it('names an elevation and finds no walls in it, saying so', async () => {
    const plan = await read('dxf/librecad_woodshed_front_elevation.dxf');
    expect(plan.walls).toEqual([]);
    expect(plan.source.viewKind).toBe('elevation');
    expect(plan.message).toMatch(/^No walls found: this looks like an elevation/);
  });

  it('pairs double-line walls and takes the scale from the walls when $INSUNITS disagrees', async () => {
    const { plan, score } = await scored('dxf/librecad_single_room_grundriss.dxf');
    expect(plan.space.metresPerUnit).toBe(1); // $INSUNITS says mm; 0.2 m walls say metres
    expect(plan.space.scaleSource).toBe('inferred');
    expect(plan.warnings.join(' ')).toMatch(/units disagree with its wall thicknesses/);
    expect(score.walls.f1).toBeGreaterThan(0.85);
    expect(score.walls.iou).toBeGreaterThan(0.6);
    const thickness = plan.walls.map((w) => w.thickness).sort((a, b) => a - b);
    expect(thickness[Math.floor(thickness.length / 2)]).toBeCloseTo(0.2, 1);
  });

  it('chooses the plan page of a multi-page PDF, lists every page, and reads another page on request', async () => {
    const plan = await read('pdf/iguide_house_3_floors_plan_on_p2.pdf');
    expect(plan.source).toMatchObject({ format: 'pdf', page: 2, pageCount: 6, viewKind: 'plan' });
    expect(plan.space.units).toBe('pt');
    expect(plan.source.views?.map((v) => v.id)).toEqual([
      'page-1',
      'page-2',
      'page-3',
      'page-4',
      'page-5',
      'page-6',
    ]);
    expect(plan.source.views?.filter((v) => v.kind === 'text').map((v) => v.page)).toEqual([5, 6]);
    expect(plan.warnings.join(' ')).toMatch(/plan was read from page 2/);
    const file = join(CORPUS_DIR, 'pdf/iguide_house_3_floors_plan_on_p2.pdf');
    const third = await readPlan({
      bytes: readFileSync(file),
      fileName: 'x.pdf',
      corrections: { viewId: 'page-3' },
    });
    expect(third.plan.source.page).toBe(3);
    expect(third.plan.corrections).toEqual({ viewId: 'page-3' });
  }, 30_000);

  it('reads the walls of a marketing render by their colour, not its dark wooden floors', async () => {
    const { score } = await scored('raster/cgi_topdown_flat_salmon_walls_room_areas.png');
    expect(score.walls.f1).toBeGreaterThan(0.9);
    expect(score.walls.precision).toBeGreaterThan(0.9);
  }, 30_000);

  it('takes the scale a plotted sheet states (1:50), or the one its room labels give', async () => {
    const stated = await scored('pdf/architect_set_8_sheets_plans_elevations.pdf');
    expect(stated.plan.space.scaleSource).toBe('inferred');
    expect(stated.score.scaleWithinTolerance).toBe(true);
    const labelled = await scored('pdf/iguide_house_3_floors_plan_on_p2.pdf');
    expect(labelled.plan.space.scaleSource).toBe('inferred');
    expect(labelled.score.scaleWithinTolerance).toBe(true);
  }, 60_000);

  it('reads a plot flattened into tiles from its thin lines, not the grid and dimensions drawn over it', async () => {
    const { plan, score } = await scored('pdf/architect_set_8_sheets_plans_elevations.pdf');
    expect(score.walls.recall).toBeGreaterThan(0.85);
    expect(score.walls.f1).toBeGreaterThan(0.75);
    expect(plan.rooms.length).toBeGreaterThan(4);
    // The neighbours' cold rooms and store beyond the plan's two northern dimension chains (page y < 360 pt) are
    // context, not walls of the restaurant.
    expect(plan.walls.filter((w) => w.a[1] < 360 && w.b[1] < 360)).toEqual([]);
  }, 60_000);

  it('reads a vector PDF drawn in lines by its layers and doors: rooms, in page points', async () => {
    const plan = await read('pdf/autocad2018_ground_floor_layout_49x59ft_furniture_a3.pdf');
    expect(plan.space.units).toBe('pt');
    expect(plan.rooms.length).toBeGreaterThanOrEqual(8);
    const rotated = await read('pdf/autocad_print_to_pdf_house_plan_rotated_90.pdf');
    expect(rotated.rooms.length).toBeGreaterThanOrEqual(5);
    expect(rotated.space.scaleSource).toBe('inferred');
  }, 60_000);

  it('takes the scale of a plot laid out in model space from its swings drawn as chords', async () => {
    const { plan, score } = await scored('dwg/ac2018_hatched_wall_plan_with_frame.dwg');
    // The doors are taken as 0.85 m wide; this sheet's are about 1 m: within a fifth, not 5 times out.
    expect(score.scaleRatio).toBeGreaterThan(0.75);
    expect(score.scaleRatio).toBeLessThan(1.25);
    expect(score.roomsInRange).toBe(true);
    expect(score.walls.recall).toBeGreaterThan(0.9);
    expect(plan.openings.length).toBeGreaterThan(0);
    // Its walls are hatched: the empty window boxes and the porch steps are no walls.
    expect(score.walls.precision).toBeGreaterThan(0.8);
  }, 60_000);

  it('names rooms by the words written in them (a PDF plot in Slovene, a DWG’s MTEXT with sizes)', async () => {
    const atrium = await read('pdf/archicad_atrium_house_plan_m1to50_title_block.pdf');
    const names = atrium.rooms.map((r) => r.label);
    expect(names).toEqual(expect.arrayContaining(['SPALNICA', 'KOPALNICA', 'TEHNIČNA SOBA']));
    const multiroom = await read('dwg/ac2018_multiroom_plan_wall_door_window_layers.dwg');
    expect(multiroom.rooms.map((r) => r.label)).toEqual(expect.arrayContaining(['KITCHEN', 'VERANDA']));
  }, 60_000);

  it('reads an office’s glazed partitions from its door layer and its facade windows as no walls', async () => {
    const { score } = await scored('dxf/oda_office_floor_furniture_m.dxf');
    expect(score.walls.recall).toBeGreaterThan(0.85);
    expect(score.walls.precision).toBeGreaterThan(0.58);
    expect(score.roomsInRange).toBe(true);
  }, 60_000);
});
