import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph } from './import-cycles';

describe('import cycles', () => {
  it('finds each cycle of a graph once, and none in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cyclesOf(graph).map((c) => [...c].sort())).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('counts value imports and re-exports through the aliases, not type-only or dynamic imports', () => {
    const root = mkdtempSync(join(tmpdir(), 'cycles-'));
    mkdirSync(join(root, 'shared'));
    mkdirSync(join(root, 'web', 'src'), { recursive: true });
    const write = (path: string, text: string) => writeFileSync(join(root, path), text);
    write('shared/a.ts', "import { b } from './b';\nexport const a = b;\n");
    write('shared/b.ts', "import type { A } from './a';\nexport const b = 1;\n");
    write('shared/c.ts', "import { type D, d } from './d';\nexport const c = d;\n");
    write('shared/d.ts', "export { c } from './c';\nexport const d = 1;\nexport type D = number;\n");
    write('web/src/e.ts', "import { f } from '@/f';\nexport const e = () => import('@shared/a');\n");
    write('web/src/f.ts', "import { a } from '@shared/a';\nexport const f = a;\n");
    const cycles = cyclesOf(importGraph(root)).map((c) => c.map((f) => f.slice(root.length + 1)).sort());
    expect(cycles).toEqual([['shared/c.ts', 'shared/d.ts']]);
  });
});
