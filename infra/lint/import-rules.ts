/**
 * `npm run lint` fails when a module imports across the rooms of the architecture:
 * - `shared/` is browser-safe and pure: it imports only `shared/` and packages;
 * - `engine/` is Node-only and pure, bytes in and data out: no `functions/`, `web/`, `infra/` or `bench/`, no AWS
 *   SDK, no `process.env`;
 * - `functions/` (the AWS adapters) import `engine/` and `shared/`, never `web/`, `infra/` or `bench/`;
 * - `web/src/` imports `shared/` only (and itself).
 * Tests (`*.test.ts`, and their helpers in a `test/` directory) may also use the helpers under `bench/` and
 * `infra/local/`. Type-only imports count too: a
 * type from another room is a dependency on it.
 *
 *   tsx infra/lint/import-rules.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ALIASES: [prefix: string, directory: string][] = [
  ['@shared/', 'shared'],
  ['@/', 'web/src'],
];
const ROOMS = ['shared', 'engine', 'functions', 'web/src', 'web/e2e', 'infra', 'bench'] as const;
type Room = (typeof ROOMS)[number] | 'package' | 'other';

/** The rooms each room may import from (besides packages, checked apart). */
const ALLOWED: Partial<Record<Room, Room[]>> = {
  shared: ['shared'],
  engine: ['engine', 'shared'],
  functions: ['functions', 'engine', 'shared'],
  'web/src': ['web/src', 'shared'],
};
/** What tests may use besides: the helpers beside the benchmarks and the local cloud. */
const TEST_HELPER_ROOMS: Room[] = ['bench', 'infra'];
const FORBIDDEN_PACKAGES: Partial<Record<Room, RegExp>> = { engine: /^@aws-sdk\// };

const SPECIFIER =
  /(?:^\s*(?:import|export)\s[^;]*?\sfrom\s+|^\s*import\s+|\bimport\(\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/gms;

export interface Violation {
  file: string;
  specifier: string;
  reason: string;
}

function roomOf(root: string, path: string): Room {
  const rel = relative(root, path).split(sep).join('/');
  return ROOMS.find((room) => rel === room || rel.startsWith(`${room}/`)) ?? 'other';
}

function sourceFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function targetRoom(root: string, file: string, specifier: string): Room {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) return roomOf(root, join(root, alias[1], specifier.slice(alias[0].length)));
  if (specifier.startsWith('.')) return roomOf(root, resolve(dirname(file), specifier));
  return 'package';
}

/** The rule a file breaks by importing `specifier`, or null. */
function broken(root: string, file: string, specifier: string): string | null {
  const from = roomOf(root, file);
  const allowed = ALLOWED[from];
  if (!allowed) return null;
  const to = targetRoom(root, file, specifier);
  if (to === 'package') {
    if (from === 'shared' && specifier.startsWith('node:'))
      return 'shared/ is browser-safe: no Node built-ins';
    return FORBIDDEN_PACKAGES[from]?.test(specifier) ? `${from}/ may not use ${specifier}` : null;
  }
  const isTest = /\.test\.tsx?$/.test(file) || relative(root, file).split(sep).includes('test');
  if (allowed.includes(to) || (isTest && TEST_HELPER_ROOMS.includes(to))) return null;
  return `${from}/ may not import ${to}/`;
}

export function importViolations(root = REPOSITORY_ROOT): Violation[] {
  const violations: Violation[] = [];
  for (const room of ['shared', 'engine', 'functions', 'web/src'])
    for (const file of sourceFiles(join(root, room))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(SPECIFIER)) {
        const reason = broken(root, file, match[1]!);
        if (reason) violations.push({ file: relative(root, file), specifier: match[1]!, reason });
      }
      if (roomOf(root, file) === 'engine' && !/\.test\.ts$/.test(file) && /\bprocess\.env\b/.test(source))
        violations.push({
          file: relative(root, file),
          specifier: 'process.env',
          reason: 'engine/ reads no environment',
        });
    }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = importViolations();
  for (const v of violations) console.error(`${v.file}: ${v.reason} ('${v.specifier}')`);
  if (violations.length) process.exit(1);
  console.log('Imports follow the rooms (shared, engine, functions, web).');
}
