/**
 * bench:model — the scene builder and the glb and IFC exports: time and size for synthetic plans of 2,000 and 20,000
 * walls (a grid of rooms with a door and a window each) and for the plans read from ../shared/corpus.
 * Targets (the 3D model issue): build ≤ 300 ms, export ≤ 2 s, glb ≤ 5 MB for 2,000 walls.
 *   npm run bench:model            synthetic plans and the corpus
 *   npm run bench:model -- --quick synthetic plans only
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import validator from 'gltf-validator';
import type { PlanModel } from '../../shared/plan/schema';
import { buildScene } from '../../shared/scene/build';
import { sceneToGlb } from '../../shared/scene/gltf';
import { sceneToIfc } from '../../shared/scene/ifc';
import { gridPlan } from './grid';

type Plan = Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'>;

async function measure(name: string, plan: Plan) {
  const t0 = performance.now();
  const scene = buildScene(plan);
  const t1 = performance.now();
  const glb = sceneToGlb(scene);
  const t2 = performance.now();
  const ifc = sceneToIfc(scene, { name, timestamp: '2026-01-01T00:00:00Z' });
  const t3 = performance.now();
  return {
    name,
    walls: plan.walls.length,
    openings: `${scene.openings.length}/${plan.openings.length}`,
    rooms: scene.rooms.length,
    buildMs: Math.round(t1 - t0),
    exportMs: Math.round(t2 - t1),
    glbMB: (glb.byteLength / 1e6).toFixed(2),
    ifcMs: Math.round(t3 - t2),
    ifcMB: (Buffer.byteLength(ifc) / 1e6).toFixed(2),
    validatorErrors: (await validator.validateBytes(glb)).issues.numErrors,
  };
}

const rows = [
  await measure('grid, 2,000 walls', gridPlan(2_000)),
  await measure('grid, 20,000 walls', gridPlan(20_000)),
];

const corpus = resolve(import.meta.dirname, '../../../shared/corpus');
if (!process.argv.includes('--quick')) {
  if (!existsSync(corpus)) console.log(`(corpus not found at ${corpus}: synthetic plans only)`);
  else {
    const { readPlan } = await import('../../engine/plan/read-plan');
    for (const folder of ['dxf', 'dwg', 'pdf', 'raster']) {
      const dir = join(corpus, folder);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).sort()) {
        const { plan } = await readPlan({
          bytes: readFileSync(join(dir, file)),
          fileName: file,
          contentType: '',
        });
        if (plan.status === 'ready' && plan.walls.length) rows.push(await measure(`${folder}/${file}`, plan));
      }
    }
  }
}

console.log(
  '\n| plan | walls | openings placed | rooms | build ms | glb ms | glb MB | validator errors | IFC ms | IFC MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.walls} | ${r.openings} | ${r.rooms} | ${r.buildMs} | ${r.exportMs} | ${r.glbMB} | ${r.validatorErrors} | ${r.ifcMs} | ${r.ifcMB} |`,
  );
const small = rows[0]!;
console.log('\n| target (2,000 walls) | measured | met |\n|---|---|---|');
console.log(`| build ≤ 300 ms | ${small.buildMs} ms | ${small.buildMs <= 300 ? 'yes' : 'NO'} |`);
console.log(`| export ≤ 2000 ms | ${small.exportMs} ms | ${small.exportMs <= 2000 ? 'yes' : 'NO'} |`);
console.log(`| IFC export ≤ 2000 ms | ${small.ifcMs} ms | ${small.ifcMs <= 2000 ? 'yes' : 'NO'} |`);
console.log(`| glb ≤ 5 MB | ${small.glbMB} MB | ${Number(small.glbMB) <= 5 ? 'yes' : 'NO'} |`);
const invalid = rows.filter((r) => r.validatorErrors > 0).length;
console.log(
  `| every glb passes the Khronos validator | ${rows.length - invalid}/${rows.length} | ${invalid ? 'NO' : 'yes'} |`,
);
