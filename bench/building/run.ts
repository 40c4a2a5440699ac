/**
 * bench:building — a building of three storeys of 2,000 walls each (the grid of rooms bench:model uses): the
 * building scene, the glb with a node per storey, the IFC with an IfcBuildingStorey per level, median of five runs.
 * Targets (issue #31): building scene ≤ 500 ms, glb ≤ 10 MB, IFC ≤ 3 s. (The viewer's first frame is bench:viewer's.)
 *   npm run bench:building
 */
import validator from 'gltf-validator';
import type { Level } from '../../shared/building/schema';
import { buildBuilding } from '../../shared/scene/building';
import { buildingToGlb } from '../../shared/scene/gltf';
import { buildingToIfc } from '../../shared/scene/ifc';
import { gridPlan } from '../model/grid';

const RUNS = 5;
const WALLS_PER_STOREY = 2_000;
const plan = gridPlan(WALLS_PER_STOREY);
const levels = ['Ground floor', 'First floor', 'Second floor'].map(
  (name, i): { level: Level; plan: typeof plan } => ({
    level: { name, fileId: `f${i}`, elevationM: i * 3, rotationDeg: 0, offsetM: [0, 0] },
    plan,
  }),
);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const times = { scene: [] as number[], glb: [] as number[], ifc: [] as number[] };
let glbBytes = 0;
let ifcBytes = 0;
let glb: Uint8Array = new Uint8Array();
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const building = buildBuilding(levels);
  const t1 = performance.now();
  glb = buildingToGlb(building);
  const t2 = performance.now();
  const ifc = buildingToIfc(building, { name: 'Bench', timestamp: '2026-01-01T00:00:00Z' });
  const t3 = performance.now();
  times.scene.push(t1 - t0);
  times.glb.push(t2 - t1);
  times.ifc.push(t3 - t2);
  glbBytes = glb.byteLength;
  ifcBytes = Buffer.byteLength(ifc);
}
const errors = (await validator.validateBytes(glb)).issues.numErrors;
const scene = median(times.scene);
const ifc = median(times.ifc);
const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
console.log(`bench:building — 3 storeys × ${WALLS_PER_STOREY} walls, median of ${RUNS} runs\n`);
console.log('| target | measured | met |\n|---|---|---|');
console.log(`| building scene ≤ 500 ms | ${scene.toFixed(0)} ms | ${scene <= 500 ? 'yes' : 'NO'} |`);
console.log(
  `| glb ≤ 10 MB | ${mb(glbBytes)} MB (written in ${median(times.glb).toFixed(0)} ms, validator errors ${errors}) | ${glbBytes <= 10e6 && errors === 0 ? 'yes' : 'NO'} |`,
);
console.log(`| IFC ≤ 3 s | ${ifc.toFixed(0)} ms (${mb(ifcBytes)} MB) | ${ifc <= 3000 ? 'yes' : 'NO'} |`);
