/**
 * The reader on drawings no one tuned for: N random buildings per drawing convention (bench/conventions/CELLS), each
 * drawn with its exact truth, read in a process of its own as bench:fidelity reads the corpus, and scored the same
 * way. Prints a row per cell and the issue's targets.
 *
 *   npm run bench:conventions [-- --seed <n>] [-- --cell <substring>] [-- --n <per cell>] [-- --strict]
 *   [-- --keep <dir>]  (writes each drawing and its truth there, to look at a failure)
 *   [-- --dump <file.jsonl>]  (appends each plan read with its scores, to calibrate the plan check)
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type VerdictCase, verdictTable } from '../fidelity/verdicts';
import { bundleWorker, readInWorker } from '../fidelity/worker-process';
import { CELLS, conventionOf, inFileFormat, makeDrawing, statesScale } from './conventions';
import { drawingSeed } from './random';
import { type CellSummary, type DrawingScore, scoreDrawing, summariseCell, TARGETS } from './score';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seed = Number(flag('--seed') ?? 20261127);
const perCell = Number(flag('--n') ?? 5);
const only = flag('--cell');
const keep = flag('--keep');
const strict = args.includes('--strict');
const dump = flag('--dump');

const work = mkdtempSync(join(tmpdir(), 'planform-conventions-'));
const workerBundle = bundleWorker();
console.log(`bench:conventions seed ${seed}, ${perCell} drawings per cell (reproduce with --seed ${seed})\n`);

const summaries: CellSummary[] = [];
const verdicts: VerdictCase[] = [];
for (const cell of Object.keys(CELLS)) {
  if (only && !cell.includes(only)) continue;
  const scores: DrawingScore[] = [];
  for (let i = 0; i < perCell; i++) {
    const drawing = await inFileFormat(makeDrawing(cell, drawingSeed(seed, cell, i)));
    const path = join(keep ?? work, drawing.fileName);
    if (keep) mkdirSync(keep, { recursive: true });
    writeFileSync(path, drawing.bytes);
    const reading = readInWorker(workerBundle, path, `${path}.json`);
    const score = scoreDrawing(drawing, reading);
    scores.push(score);
    const name = `${cell}#${i}`;
    if (drawing.truth.groundTruth.kind !== 'elevation')
      verdicts.push({ name, verdict: reading.plan?.check?.verdict ?? 'none', f1: score.f1 });
    if (dump)
      appendFileSync(dump, `${JSON.stringify({ name, f1: score.f1, iou: score.iou, plan: reading.plan })}\n`);
    if (keep) await writeTruthPng(path, drawing.truth.mask, drawing.truth.groundTruth);
    process.stderr.write('.');
  }
  summaries.push(summariseCell(cell, scores, statesScale(conventionOf(cell))));
}
process.stderr.write('\n');
if (!keep) rmSync(work, { recursive: true, force: true });

const f2 = (v: number | null) => (v === null || Number.isNaN(v) ? '—' : v.toFixed(2));
const pct = (v: number | null) => (v === null || Number.isNaN(v) ? '—' : `${(v * 100).toFixed(0)}%`);
console.log(
  '| cell | n | wall F1 | lowest F1 | IoU | rooms exact | openings recall | openings found ÷ drawn | scale within 2% | elevation named | errors | max ms | max MB | meets |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const s of summaries) {
  console.log(
    `| ${s.cell} | ${s.n} | ${f2(s.meanF1)} | ${f2(s.minF1)} | ${f2(s.meanIoU)} | ${pct(s.roomsExact)} | ${f2(s.openingRecall)} | ${f2(s.openingsFoundShare)} | ${s.scaleStated ? pct(s.scaleWithin) : `(${pct(s.scaleWithin)})`} | ${pct(s.elevationNamed)} | ${s.errors} | ${s.maxMs.toFixed(0)} | ${s.maxMB.toFixed(0)} | ${s.meets ? 'yes' : 'NO'} |`,
  );
}
const met = summaries.filter((s) => s.meets).length;
console.log(
  `\n${met}/${summaries.length} cells meet every target (wall F1 ≥ ${TARGETS.f1}, IoU ≥ ${TARGETS.iou}, rooms exact ≥ ${pct(TARGETS.roomsExact)}, openings recall ≥ ${TARGETS.openingRecall}, scale within 2 % where stated, elevations named, ≤ ${TARGETS.maxMs} ms, ≤ ${TARGETS.maxMB} MB). Scale in brackets: the drawing does not state it.`,
);
const table = verdictTable(verdicts);
console.log(`\nThe plan check against the true wall F1 (plans only):\n\n${table.lines.join('\n')}`);
if (strict && (met < summaries.length || !table.met)) process.exit(1);

async function writeTruthPng(path: string, mask: Uint8Array, gt: { width: number; height: number }) {
  const grey = Buffer.alloc(mask.length);
  for (let i = 0; i < mask.length; i++) grey[i] = mask[i] ? 255 : 0;
  await sharp(grey, { raw: { width: gt.width, height: gt.height, channels: 1 } })
    .png()
    .toFile(`${path}.truth.png`);
}
