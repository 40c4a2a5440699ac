/**
 * One fixture of the renderer benchmark, run in its own process (see run.ts): reads the fixture's plan and builds
 * its 3D model (timed as the read), renders every style × variation `repeats` times at 1024 × 1024 from that model
 * and prints one JSON line with wall and CPU times and peak memory.
 */

import sharp from 'sharp';
import { planDxf, planDxfBinary, planPdf, planPng } from '../../engine/drawing/fixtures/plan';
import { renderScene } from '../../engine/render/render';
import { RENDER_STYLES, VARIATION_NUMBERS } from '../../shared/domain';
import { sceneOfFile } from '../lib/fixture-scene';

sharp.concurrency(1);

function denseDxf(count: number): Buffer {
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const parts = ['0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n4\n0\nENDSEC\n0\nSECTION\n2\nENTITIES'];
  for (let i = 0; i < count; i++) {
    const x = rnd() * 60_000;
    const y = rnd() * 40_000;
    const len = 500 + rnd() * 4000;
    const [x2, y2] = rnd() > 0.5 ? [x + len, y] : [x, y + len];
    parts.push(`0\nLINE\n8\nA-WALL\n10\n${x}\n20\n${y}\n11\n${x2}\n21\n${y2}`);
  }
  parts.push('0\nENDSEC\n0\nEOF\n');
  return Buffer.from(parts.join('\n'));
}

export const FIXTURES: Record<string, { fileName: string; bytes: () => Promise<Uint8Array> | Uint8Array }> = {
  'DXF (ASCII)': { fileName: 'plan.dxf', bytes: () => Buffer.from(planDxf()) },
  'DXF (binary)': { fileName: 'plan.dxf', bytes: planDxfBinary },
  PNG: { fileName: 'plan.png', bytes: planPng },
  PDF: { fileName: 'plan.pdf', bytes: planPdf },
  'DXF dense (20k lines)': { fileName: 'dense.dxf', bytes: () => denseDxf(20_000) },
};

const peakMb = () => process.resourceUsage().maxRSS / 1024;

const name = process.argv[2] ?? 'DXF (ASCII)';
const repeats = Math.max(1, Number(process.argv[3] ?? 3));
const fixture = FIXTURES[name];
if (!fixture) throw new Error(`unknown fixture ${name}`);
const baseline = peakMb();
const bytes = await fixture.bytes();
const t0 = performance.now();
const { scene } = await sceneOfFile(bytes, fixture.fileName);
const normaliseMs = performance.now() - t0;
const afterNormalise = peakMb();
const times: Record<number, number[]> = {};
const cpu: Record<number, number[]> = {};
for (const style of RENDER_STYLES) {
  for (const v of VARIATION_NUMBERS) {
    for (let k = 0; k < repeats; k++) {
      const t = performance.now();
      const c = process.cpuUsage();
      await renderScene(scene, v, style, 1024);
      const used = process.cpuUsage(c);
      const cpuList = cpu[v] ?? [];
      cpuList.push((used.user + used.system) / 1000);
      cpu[v] = cpuList;
      const list = times[v] ?? [];
      list.push(performance.now() - t);
      times[v] = list;
    }
  }
}
console.log(JSON.stringify({ name, normaliseMs, times, cpu, baseline, afterNormalise, peak: peakMb() }));
