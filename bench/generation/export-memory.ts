/**
 * Peak memory of one 4096 px high-resolution export, measured in a process of its own: the fixture house is read,
 * its 3D model built, and variation 1 rendered at 4096 px by the local renderer, as the export task does.
 * Run by bench/generation/run.ts; prints one line.
 */
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { localImageProvider } from '../../functions/lib/providers/local';
import { variationCamera } from '../../shared/scene/cameras';
import { sceneOfFile } from '../lib/fixture-scene';

const { scene } = await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf', { scene: { storeyHeight: 2.7 } });
const before = process.resourceUsage().maxRSS / 1024;
const t0 = performance.now();
const result = await localImageProvider.generate({
  prompt: 'Photorealistic exterior view',
  variation: 1,
  size: 4096,
  view: { scene, camera: variationCamera(scene, 1), placed: false },
});
const ms = performance.now() - t0;
const peak = process.resourceUsage().maxRSS / 1024;
console.log(
  `4096 px export in one process: ${result.width} × ${result.height} px, ${(result.png.length / 1e6).toFixed(1)} MB PNG, ` +
    `render ${Math.round(ms)} ms, peak RSS ${Math.round(peak)} MB (${Math.round(before)} MB before rendering)`,
);
