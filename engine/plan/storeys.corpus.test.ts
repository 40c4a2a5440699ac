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
import { isStoreyPlan, storeyTitles, storeyViews } from '../../shared/building/storey-views';
import type { PlanModel } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { readPlan } from './read-plan';

const available = corpusAvailable();
if (!available) console.warn(`Corpus storey tests skipped: ${CORPUS_MISSING}`);

const STOREY_HEIGHT_M = 2.7;

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
    // The main floor, the largest, stays; the others are placed on it, each lying mostly on its neighbour.
    expect(levels[1]).toMatchObject({ rotationDeg: 0, offsetM: [0, 0] });
    const placed = levels.map((level, i) =>
      footprints[i]!.map((p): [number, number] => {
        const [x, z] = turnFloor(p, level.rotationDeg);
        return [x + level.offsetM[0], z + level.offsetM[1]];
      }),
    );
    for (const i of [0, 2]) expect(footprintOverlaps(placed[1]!, placed[i]!).cover).toBeGreaterThan(0.6);
  }, 60_000);
});
