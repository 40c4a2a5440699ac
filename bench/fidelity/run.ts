/**
 * Plan-reading fidelity on the real drawings of ../shared/corpus: each file is read into its plan model in a
 * process of its own (time, peak memory, and a second read that must give the same plan), then scored against its
 * ground truth where one exists. Prints a table per file, the means, and each target of the plan-model issue.
 *
 *   npm run bench:fidelity [-- --only <substring>] [-- --strict]   (--strict exits 1 when a target is missed)
 *   [-- --dump <file.jsonl>]  (appends each plan read with its scores, to calibrate the plan check)
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { PlanModel } from '../../shared/plan/schema';
import { CORPUS_MISSING, type CorpusFile, corpusAvailable, corpusFiles, readTruthMask } from './corpus';
import { type FileScore, scoreFile, wallMask, wallsRead } from './score';
import { verdictTable } from './verdicts';
import { bundleWorker, readInWorker, type WorkerReading } from './worker-process';

const TARGETS = {
  meanF1: 0.92,
  minF1: 0.75,
  meanIoU: 0.6,
  roomsInRangeShare: 0.9,
  scaleShare: 0.9,
  maxMs: 3000,
  maxMB: 512,
  smallFileBytes: 5 * 1024 * 1024,
};

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const strict = args.includes('--strict');
/** `--overlays <dir>`: writes <name>.png per scored file: true walls green, predicted red, both yellow. */
const overlaysDir = args.includes('--overlays') ? args[args.indexOf('--overlays') + 1] : undefined;
const dump = args.includes('--dump') ? args[args.indexOf('--dump') + 1] : undefined;

if (!corpusAvailable()) {
  console.log(`Skipped: ${CORPUS_MISSING}`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'planform-fidelity-'));
const workerBundle = bundleWorker();

interface Run extends WorkerReading {
  file: CorpusFile;
  score?: FileScore;
}

const readFile = (file: CorpusFile) =>
  readInWorker(workerBundle, file.absolutePath, join(work, `${file.name}.json`));

async function writeOverlay(file: CorpusFile, plan: PlanModel, truth: Uint8Array) {
  const gt = file.groundTruth!;
  const predicted = wallMask({ walls: wallsRead(plan) }, gt);
  const rgb = Buffer.alloc(gt.width * gt.height * 3, 255);
  for (let i = 0; i < truth.length; i++) {
    if (truth[i] && predicted[i]) rgb.set([220, 180, 0], i * 3);
    else if (truth[i]) rgb.set([0, 170, 0], i * 3);
    else if (predicted[i]) rgb.set([220, 0, 0], i * 3);
  }
  mkdirSync(overlaysDir!, { recursive: true });
  await sharp(rgb, { raw: { width: gt.width, height: gt.height, channels: 3 } })
    .png()
    .toFile(join(overlaysDir!, `${file.name}.png`));
}

const runs: Run[] = [];
for (const file of corpusFiles()) {
  if (only && !file.path.includes(only)) continue;
  const run: Run = { file, ...readFile(file) };
  if (run.plan && file.groundTruth) {
    const truth = await readTruthMask(file.name);
    run.score = scoreFile(run.plan, file.groundTruth, truth);
    if (overlaysDir) await writeOverlay(file, run.plan, truth);
  }
  if (dump)
    appendFileSync(
      dump,
      `${JSON.stringify({ name: file.name, kind: file.groundTruth?.kind, f1: run.score?.walls.f1, iou: run.score?.walls.iou, plan: run.plan })}\n`,
    );
  runs.push(run);
  process.stderr.write('.');
}
process.stderr.write('\n');
rmSync(work, { recursive: true, force: true });

const f2 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(2));
const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? '—' : v ? 'yes' : 'NO');
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

console.log(
  '| file | status | view | walls | rooms | F1 | IoU | P | R | F1 plan view | rooms in range | scale ratio | scale ok | openings recall | elevation named | same twice | ms | peak MB | warnings |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of runs) {
  const s = r.score;
  const status = r.error
    ? `ERROR ${r.error.slice(0, 80)}`
    : r.plan!.status + (r.plan!.message ? `: ${r.plan!.message.slice(0, 60)}` : '');
  console.log(
    `| ${r.file.path} | ${status} | ${r.plan?.source.viewKind ?? '—'}${r.plan?.source.page ? ` p${r.plan.source.page}` : ''} | ${r.plan?.walls.length ?? '—'} | ${r.plan?.rooms.length ?? '—'} | ${f2(s?.walls.f1)} | ${f2(s?.walls.iou)} | ${f2(s?.walls.precision)} | ${f2(s?.walls.recall)} | ${f2(s?.planWalls.f1)} | ${yesNo(s?.roomsInRange)} | ${f2(s?.scaleRatio)} | ${yesNo(s?.scaleWithinTolerance)} | ${f2(s?.openingRecall)} | ${yesNo(s?.elevationNamed)} | ${r.repeatSame ? 'yes' : 'NO'} | ${r.ms.toFixed(0)} | ${r.maxRssMB.toFixed(0)} | ${r.plan?.warnings.length ?? 0} |`,
  );
}

const scored = runs.filter((r) => r.score);
const plans = scored.filter((r) => r.file.groundTruth!.kind !== 'elevation');
const elevations = scored.filter((r) => r.file.groundTruth!.kind === 'elevation');
const f1s = plans.map((r) => r.score!.walls.f1);
const ious = plans.map((r) => r.score!.walls.iou);
const withRooms = plans.filter((r) => r.score!.roomsInRange !== null);
const withScale = plans.filter((r) => r.score!.scaleWithinTolerance !== null);
const withOpenings = plans.filter((r) => r.score!.openingRecall !== null);
const small = runs.filter((r) => statSync(r.file.absolutePath).size <= TARGETS.smallFileBytes);
const failures = runs.filter((r) => r.error || r.plan?.status === 'failed');
const share = (rs: Run[], ok: (r: Run) => boolean) =>
  rs.length ? rs.filter(ok).length / rs.length : Number.NaN;

const checks: [string, string, boolean][] = [
  [`mean wall F1 over ${plans.length} plans ≥ ${TARGETS.meanF1}`, f2(mean(f1s)), mean(f1s) >= TARGETS.meanF1],
  [`lowest wall F1 ≥ ${TARGETS.minF1}`, f2(Math.min(...f1s)), Math.min(...f1s) >= TARGETS.minF1],
  [`mean wall IoU ≥ ${TARGETS.meanIoU}`, f2(mean(ious)), mean(ious) >= TARGETS.meanIoU],
  [
    `room count in range (${withRooms.length} files) ≥ 90%`,
    `${withRooms.filter((r) => r.score!.roomsInRange).length}/${withRooms.length}`,
    share(withRooms, (r) => r.score!.roomsInRange === true) >= TARGETS.roomsInRangeShare,
  ],
  [
    `scale within tolerance (${withScale.length} files) ≥ 90%`,
    `${withScale.filter((r) => r.score!.scaleWithinTolerance).length}/${withScale.length}`,
    share(withScale, (r) => r.score!.scaleWithinTolerance === true) >= TARGETS.scaleShare,
  ],
  [
    'mean opening recall (files with counts)',
    f2(mean(withOpenings.map((r) => r.score!.openingRecall!))),
    true,
  ],
  [
    'every elevation/section named, no walls',
    `${elevations.filter((r) => r.score!.elevationNamed).length}/${elevations.length}`,
    elevations.every((r) => r.score!.elevationNamed),
  ],
  [
    'every file parses',
    `${runs.length - failures.length}/${runs.length}${failures.length ? ` (failed: ${failures.map((r) => r.file.name).join(', ')})` : ''}`,
    failures.length === 0,
  ],
  [
    'same plan on every repeat',
    `${runs.filter((r) => r.repeatSame).length}/${runs.length}`,
    runs.every((r) => r.repeatSame),
  ],
  [
    `≤ ${TARGETS.maxMs} ms per file ≤ 5 MB`,
    `max ${Math.max(...small.map((r) => r.ms)).toFixed(0)} ms`,
    small.every((r) => r.ms <= TARGETS.maxMs),
  ],
  [
    `≤ ${TARGETS.maxMB} MB per file ≤ 5 MB`,
    `max ${Math.max(...small.map((r) => r.maxRssMB)).toFixed(0)} MB`,
    small.every((r) => r.maxRssMB <= TARGETS.maxMB),
  ],
];
console.log('\n| target | measured | met |');
console.log('|---|---|---|');
for (const [name, value, met] of checks) console.log(`| ${name} | ${value} | ${met ? 'yes' : 'NO'} |`);
const table = verdictTable(
  plans.map((r) => ({ name: r.file.name, verdict: r.plan?.check?.verdict ?? 'none', f1: r.score!.walls.f1 })),
);
console.log(`\nThe plan check against the true wall F1 (plans with a truth):\n\n${table.lines.join('\n')}`);
if (strict && checks.some(([, , met]) => !met)) process.exit(1);
