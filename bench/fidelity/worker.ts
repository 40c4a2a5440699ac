/**
 * Reads one corpus file into its plan model twice (the second read must give the same plan) and writes the plan,
 * the first read's time and the process's peak memory to the JSON file named by the second argument.
 *
 *   node --import tsx bench/fidelity/worker.ts <drawing> <out.json>
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { readPlan } from '../../engine/plan/read-plan';

const [file, out] = process.argv.slice(2);
if (!file || !out) throw new Error('usage: worker.ts <drawing> <out.json>');
const bytes = readFileSync(file);
const fileName = basename(file);
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const started = performance.now();
let result: { plan?: unknown; error?: string };
try {
  result = { plan: (await readPlan({ bytes, fileName })).plan };
} catch (error) {
  result = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}
const ms = performance.now() - started;
let repeatSame = false;
try {
  repeatSame = hash((await readPlan({ bytes, fileName })).plan) === hash(result.plan);
} catch {
  repeatSame = result.plan === undefined;
}
const maxRssMB = process.resourceUsage().maxRSS / 1024;
writeFileSync(out, JSON.stringify({ ...result, ms, repeatSame, maxRssMB }));
