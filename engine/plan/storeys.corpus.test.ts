/**
 * A building from one real drawing that holds several storeys (../shared/corpus, read in place): the pages naming
 * one storey each are read as plans of their own, proposed as levels in the storeys' order, and placed over each
 * other. Skipped, with the reason, when the corpus is not beside the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, CORPUS_MISSING, corpusAvailable } from '../../bench/fidelity/corpus';
import { alignLevels, footprintOverlaps, turnFloor } from '../../shared/building/align';
import { proposeBuilding } from '../../shared/building/propose';
import { guessedScaleWarnings } from '../../shared/building/scale-check';
import { isStoreyPlan, storeyTitles, storeyViews } from '../../shared/building/storey-views';
import { pointSegmentDistance } from '../../shared/plan/geometry';
import type { PlanModel } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { readPlan } from './read-plan';

const available = corpusAvailable();
if (!available) console.warn(`Corpus storey tests skipped: ${CORPUS_MISSING}`);

const STOREY_HEIGHT_M = 2.7;
/** Points sampled along an outline when its distance to another is measured, metres apart. */
const OUTLINE_SAMPLE_M = 0.1;

type Floor = [number, number];

/** Distance from a point to an outline's nearest edge. */
function distanceToOutline([x, z]: Floor, outline: readonly Floor[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++)
    best = Math.min(best, pointSegmentDistance(x, z, ...outline[j]!, ...outline[i]!));
  return best;
}

/** Share of `outline`'s length lying within `tolerance` metres of `other`'s edges. */
function shareOfOutlineNear(outline: readonly Floor[], other: readonly Floor[], tolerance: number): number {
  let near = 0;
  let total = 0;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [ax, az] = outline[j]!;
    const [bx, bz] = outline[i]!;
    const length = Math.hypot(bx - ax, bz - az);
    const samples = Math.max(1, Math.ceil(length / OUTLINE_SAMPLE_M));
    for (let k = 0; k < samples; k++) {
      const t = (k + 0.5) / samples;
      total += length / samples;
      if (distanceToOutline([ax + t * (bx - ax), az + t * (bz - az)], other) <= tolerance)
        near += length / samples;
    }
  }
  return total ? near / total : 0;
}

/** The drawing's own plan and the other storeys it holds, each read as the read-plan task reads them. */
async function storeysOf(path: string): Promise<{ id: string; plan: PlanModel }[]> {
  const bytes = readFileSync(join(CORPUS_DIR, path));
  const fileName = path.split('/').pop()!;
  const own = (await readPlan({ bytes, fileName })).plan;
  const others = [];
  for (const view of storeyViews(own)) {
    const { plan } = await readPlan({ bytes, fileName, corrections: { viewId: view.id } });
    if (isStoreyPlan(plan)) others.push({ id: view.id, plan });
  }
  return [{ id: 'own', plan: own }, ...others];
}

describe.skipIf(!available)('storeys of one real drawing (../shared/corpus)', () => {
  it('an estate agent’s three-floor PDF (overview, a page per floor, tables) becomes three levels', async () => {
    const storeys = await storeysOf('pdf/iguide_house_3_floors_plan_on_p2.pdf');
    // The overview of every floor (page 1) and the room tables (5, 6) are not storeys.
    expect(storeys.map((s) => s.id)).toEqual(['own', 'page-3', 'page-4']);
    const byId = new Map(storeys.map((s) => [s.id, s.plan]));
    const proposal = proposeBuilding(
      storeys.map(({ id, plan }) => ({
        fileId: id,
        fileName: 'floorplan.pdf',
        titles: storeyTitles(plan),
        storeyHeightM: STOREY_HEIGHT_M,
      })),
    );
    expect(proposal.levels.map((l) => [l.name, l.fileId, l.elevationM])).toEqual([
      ['Basement', 'page-4', -2.9],
      ['Main Floor', 'own', 0],
      ['2nd Floor', 'page-3', 2.9],
    ]);
    expect(proposal.warnings).toEqual([]);
    const footprints = proposal.levels.map((l) => buildScene(byId.get(l.fileId)!).footprint);
    const { levels } = alignLevels(proposal.levels, footprints);
    // The largest level stays where it is; the others are placed on it, each lying mostly on its neighbour.
    expect(levels.some((l) => l.rotationDeg === 0 && l.offsetM[0] === 0 && l.offsetM[1] === 0)).toBe(true);
    const placed = levels.map((level, i) =>
      footprints[i]!.map((p): Floor => {
        const [x, z] = turnFloor(p, level.rotationDeg);
        return [x + level.offsetM[0], z + level.offsetM[1]];
      }),
    );
    for (const i of [0, 2]) expect(footprintOverlaps(placed[1]!, placed[i]!).cover).toBeGreaterThan(0.6);
    // The 2nd floor stands on the main floor's outer walls: a third of its outline lies within 0.3 m of them (its
    // wings stand out over the roofs below). The basement's page gives no scale (no doors or dimensions): its size,
    // and so where its walls fall, is a guess, and the building says so.
    expect(shareOfOutlineNear(placed[2]!, placed[1]!, 0.3)).toBeGreaterThan(0.3);
    expect(
      guessedScaleWarnings(proposal.levels.map((l) => ({ name: l.name, space: byId.get(l.fileId)!.space }))),
    ).toEqual([expect.stringMatching(/^Basement: its scale was guessed/)]);
  }, 60_000);

  it('a picture of three plans side by side, titled by their level marks, is three views proposed as three levels', async () => {
    const bytes = readFileSync(join(CORPUS_DIR, 'raster/three_colour_floor_plans_hatched_walls.png'));
    const own = (await readPlan({ bytes, fileName: 'plan.png' })).plan;
    // The three drawings are told apart by the paper between them; the ±0.000 plan is read first.
    expect(own.source.views?.map((v) => v.label)).toEqual([
      'View 1: Level −3.000',
      'View 2: Level ±0.000',
      'View 3: Level +3.300',
    ]);
    expect(own.source.view).toBe('View 2: Level ±0.000');
    expect(storeyViews(own).map((v) => v.id)).toEqual(['view-1', 'view-3']);
    const storeys = [{ id: 'own', plan: own }];
    for (const id of ['view-1', 'view-3'])
      storeys.push({
        id,
        plan: (await readPlan({ bytes, fileName: 'plan.png', corrections: { viewId: id } })).plan,
      });
    // Each view's walls lie within its own drawing. (Their reading is still poor, hatched walls in a picture are not
    // read as walls yet, and the plan check says so: the project's building keeps only readable ones.)
    for (const { id, plan } of storeys) {
      expect(plan.walls.length).toBeGreaterThan(0);
      const bounds = own.source.views!.find((v) => v.id === (id === 'own' ? 'view-2' : id))!.bounds!;
      // A wall's centreline may run on past the ink by a little (a thick wall's end, its faces paired).
      const slack = 0.02 * Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
      for (const wall of plan.walls)
        for (const [x, y] of [wall.a, wall.b]) {
          expect(x).toBeGreaterThanOrEqual(bounds.minX - slack);
          expect(x).toBeLessThanOrEqual(bounds.maxX + slack);
          expect(y).toBeGreaterThanOrEqual(bounds.minY - slack);
          expect(y).toBeLessThanOrEqual(bounds.maxY + slack);
        }
    }
    const proposal = proposeBuilding(
      storeys.map(({ id, plan }) => ({
        fileId: id,
        fileName: 'plan.png',
        titles: storeyTitles(plan),
        storeyHeightM: STOREY_HEIGHT_M,
      })),
    );
    expect(proposal.levels.map((l) => [l.name, l.fileId, l.elevationM])).toEqual([
      ['Level −3.000', 'view-1', -3],
      ['Level ±0.000', 'own', 0],
      ['Level +3.300', 'view-3', 3.3],
    ]);
  }, 60_000);
});
