/** What a browser downloads for the built SPA: the initial JavaScript of `/` and the chunks loaded on demand. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');

export interface Chunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface SpaReport {
  /** The entry script and every chunk it imports statically: what `/` needs before it can render. */
  initial: Chunk[];
  initialGzipBytes: number;
  /** Every other chunk (route pages, admin, Amplify, viewers), loaded only when a page asks for it. */
  lazy: Chunk[];
}

function chunk(dist: string, file: string): Chunk {
  const bytes = readFileSync(join(dist, 'assets', file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/** `import{a}from"./x.js"` and `import"./x.js"` (not `import("./x.js")`, which loads on demand). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
}

/** Reads web/dist (run `npm run build:web` first): index.html's entry script and its static import graph. */
export function measureSpa(dist = WEB_DIST): SpaReport {
  const indexHtml = join(dist, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: run \`npm run build:web\` first`);
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(
    readFileSync(indexHtml, 'utf8'),
  )?.[1];
  if (!entry) throw new Error('index.html has no module entry script');

  const initialFiles = new Set<string>();
  const visit = (file: string) => {
    if (initialFiles.has(file)) return;
    initialFiles.add(file);
    for (const imported of staticImports(readFileSync(join(dist, 'assets', file), 'utf8')))
      visit(basename(imported));
  };
  visit(entry);

  const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const initial = [...initialFiles].map((f) => chunk(dist, f)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const lazy = allJs
    .filter((f) => !initialFiles.has(f))
    .map((f) => chunk(dist, f))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { initial, initialGzipBytes: initial.reduce((sum, c) => sum + c.gzipBytes, 0), lazy };
}
