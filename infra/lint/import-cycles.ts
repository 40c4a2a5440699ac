/**
 * `npm run lint` fails on an import cycle among the repository's own modules (functions, shared, engine, web, infra,
 * bench). Type-only imports (`import type`, `import { type A }`) and dynamic `import()` do not count: they never load
 * a module while another is still loading.
 *
 *   tsx infra/lint/import-cycles.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE_ROOTS = ['functions', 'shared', 'engine', 'web/src', 'web/e2e', 'infra', 'bench'];
/** Path aliases of the web app (web/tsconfig): `@shared/…` and `@/…`. */
const ALIASES: [prefix: string, directory: string][] = [
  ['@shared/', 'shared'],
  ['@/', 'web/src'],
];

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+['"]([^'"]+)['"]/gms;
const SIDE_EFFECT_IMPORT = /^\s*import\s+['"]([^'"]+)['"]/gm;
const ONLY_TYPES = /^\{\s*(?:type\s+[^,}]+,?\s*)+\}$/;

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(directory, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const directory of SOURCE_ROOTS.map((d) => join(root, d))) if (existsSync(directory)) walk(directory);
  return files;
}

/** The module an import names, among `known` files; null for packages and anything outside the repository. */
function resolveImport(root: string, from: string, specifier: string, known: Set<string>): string | null {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  const base = specifier.startsWith('.')
    ? resolve(dirname(from), specifier)
    : alias
      ? join(root, alias[1], specifier.slice(alias[0].length))
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => known.has(c)) ?? null;
}

/** Each file's modules loaded when it loads (value imports and re-exports). */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...source.matchAll(STATIC_IMPORT)].filter((m) => !ONLY_TYPES.test(m[1]!.trim())).map((m) => m[2]!),
      ...[...source.matchAll(SIDE_EFFECT_IMPORT)].map((m) => m[1]!),
    ];
    graph.set(
      file,
      specifiers.flatMap((s) => resolveImport(root, file, s, known) ?? []),
    );
  }
  return graph;
}

/** The cycles of a directed graph: its strongly connected components of more than one node (Tarjan), or self-loops. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = cyclesOf(importGraph(REPOSITORY_ROOT));
  for (const cycle of cycles)
    console.error(`Import cycle: ${cycle.map((f) => relative(REPOSITORY_ROOT, f)).join(' → ')}`);
  if (cycles.length) process.exit(1);
  console.log('No import cycles.');
}
