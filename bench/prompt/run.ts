/**
 * Prompt adherence of the local renderer: for each prompt, what it recognised (shared/prompt/scene-settings.ts) and a
 * property measured in the image that proves it, against the baseline prompt "Photorealistic exterior view" (same
 * drawing, same camera: variation 2). Prints a table; exits 1 when a prompt's property does not move as asked.
 *
 *   npm run bench:prompt [-- --size 512]
 */
import sharp from 'sharp';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { renderScene } from '../../engine/render/render';
import { styleFromPrompt } from '../../shared/domain';
import { readPrompt } from '../../shared/prompt/scene-settings';
import { sceneOfFile } from '../lib/fixture-scene';
import { type ClassStats, classStats } from '../lib/image-stats';

const sizeArg = process.argv.indexOf('--size');
const SIZE = sizeArg > 0 ? Number(process.argv[sizeArg + 1]) : 512;
const BASELINE = 'Photorealistic exterior view';

interface Measured {
  stats: ClassStats[];
  ms: number;
}

const { scene } = await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf');

async function measure(prompt: string): Promise<Measured> {
  const started = performance.now();
  const r = await renderScene(scene, 2, styleFromPrompt(prompt), SIZE, {
    settings: readPrompt(prompt).settings,
  });
  const ms = performance.now() - started;
  const raw = await sharp(r.png).removeAlpha().raw().toBuffer();
  return { stats: classStats(new Uint8Array(raw), r.classes), ms };
}

const GROUND = 1;
const FLOOR = 2;
const WALL = 3;
const ROOF = 5;
const pixels = (m: Measured) => m.stats.reduce((n, s) => n + s.pixels, 0);
const share = (m: Measured, c: number) => m.stats[c]!.pixels / pixels(m);
const imageLightness = (m: Measured) =>
  m.stats.reduce((sum, s) => sum + s.lightness * s.pixels, 0) / pixels(m);
const warmth = (m: Measured) =>
  m.stats.reduce((sum, s) => sum + (s.rgb[0] - s.rgb[2]) * s.pixels, 0) / pixels(m);
const saturation = (s: ClassStats) => Math.max(...s.rgb) - Math.min(...s.rgb);

interface Check {
  prompt: string;
  property: string;
  value: (m: Measured) => number;
  /** Whether the value moved as the prompt asks, from the baseline's. */
  proves: (value: number, baseline: number) => boolean;
  format?: (v: number) => string;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const two = (v: number) => v.toFixed(2);
const CHECKS: Check[] = [
  {
    prompt: 'White stucco villa',
    property: 'wall lightness',
    value: (m) => m.stats[WALL]!.lightness,
    proves: (v, b) => v > b + 0.1,
  },
  {
    prompt: 'Black timber cladding',
    property: 'wall lightness',
    value: (m) => m.stats[WALL]!.lightness,
    proves: (v, b) => v < b - 0.1,
  },
  {
    prompt: 'Night scene with ambient lighting',
    property: 'image lightness',
    value: imageLightness,
    proves: (v, b) => v < b * 0.5,
  },
  {
    prompt: 'Concrete house with a flat roof',
    property: 'roof share of the image',
    value: (m) => share(m, ROOF),
    proves: (v) => v > 0.03,
    format: pct,
  },
  {
    prompt: 'Courtyard house seen from above, no roof',
    property: 'roof share of the image (the baseline has the model’s roof)',
    value: (m) => share(m, ROOF),
    proves: (v, b) => v === 0 && b > 0.03,
    format: pct,
  },
  {
    prompt: 'Red brick cottage, grey slate pitched roof',
    property: 'roof share of the image',
    value: (m) => share(m, ROOF),
    proves: (v) => v > 0.05,
    format: pct,
  },
  {
    prompt: 'Glass office on a city street',
    property: 'ground colour saturation (0–255)',
    value: (m) => saturation(m.stats[GROUND]!),
    proves: (v, b) => v < b * 0.3,
    format: (v) => v.toFixed(0),
  },
  {
    prompt: 'Snowy winter morning',
    property: 'ground lightness',
    value: (m) => m.stats[GROUND]!.lightness,
    proves: (v, b) => v > b + 0.05,
  },
  {
    prompt: 'Autumn garden',
    property: 'ground red − green (0–255)',
    value: (m) => m.stats[GROUND]!.rgb[0] - m.stats[GROUND]!.rgb[1],
    proves: (v, b) => v > b + 10,
    format: (v) => v.toFixed(0),
  },
  {
    prompt: 'Overcast and rainy',
    property: 'image lightness',
    value: imageLightness,
    proves: (v, b) => v < b - 0.05,
  },
  {
    prompt: 'Warm sunset glow',
    property: 'image warmth, red − blue (0–255)',
    value: warmth,
    proves: (v, b) => v > b + 15,
    format: (v) => v.toFixed(0),
  },
  {
    prompt: 'Modern interior with natural lighting',
    property: 'floor share of the image (cut-away)',
    value: (m) => share(m, FLOOR),
    proves: (v, b) => v > b * 2,
    format: pct,
  },
];

const baseline = await measure(BASELINE);
console.log(
  `Prompt adherence, local renderer, ${SIZE} × ${SIZE}, variation 2 (the same camera), against "${BASELINE}"\n`,
);
console.log('| prompt | understood | not understood | property | baseline | render | proves it | ms |');
console.log('|---|---|---|---|---|---|---|---|');
let failures = 0;
for (const check of CHECKS) {
  const reading = readPrompt(check.prompt);
  const m = await measure(check.prompt);
  const format = check.format ?? two;
  const b = check.value(baseline);
  const v = check.value(m);
  const ok = check.proves(v, b);
  if (!ok) failures++;
  console.log(
    `| ${check.prompt} | ${reading.understood.join('; ') || '—'} | ${reading.notUnderstood.join(', ') || '—'} | ${check.property} | ${format(b)} | ${format(v)} | ${ok ? 'yes' : 'NO'} | ${m.ms.toFixed(0)} |`,
  );
}
console.log(`\n${CHECKS.length - failures} of ${CHECKS.length} prompts proved by their measured property.`);
process.exit(failures ? 1 : 0);
