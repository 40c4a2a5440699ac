/**
 * DWG via @mlightcad/libredwg-web (libredwg compiled to WebAssembly). Every parse gets a fresh WebAssembly
 * instance: libredwg keeps global state between reads, so a shared instance read the second of two files wrong
 * (entities lost) or not at all ("damaged"). An instance costs about 60–180 ms; memory goes with it.
 *
 * Bundling: the package loads `libredwg-web.wasm` from its own `wasm/` folder (next to `wasm/libredwg-web.js`);
 * a Lambda bundle must ship that file beside the glue script, or keep the package external in node_modules.
 */
import { unprocessable } from '../errors';
import { type CadEntity, type CadLayer, type CadModel, type P2, plainText } from './model';
import { insertOf, type Loose, num, pt } from './raw';

const RELEASES: Record<string, string> = {
  'AC1.2': 'R1.2',
  'AC1.40': 'R1.40',
  'AC1.50': 'R2.05',
  'AC2.10': 'R2.10',
  AC1001: 'R2.2',
  AC1002: 'R2.5',
  AC1003: 'R2.6',
  AC1004: 'R9',
  AC1006: 'R10',
  AC1009: 'R11/R12',
  AC1012: 'R13',
  AC1014: 'R14',
  AC1015: 'R2000',
  AC1018: 'R2004',
  AC1021: 'R2007',
  AC1024: 'R2010',
  AC1027: 'R2013',
  AC1032: 'R2018',
};
const SUPPORTED = new Set(['AC1012', 'AC1014', 'AC1015', 'AC1018', 'AC1021', 'AC1024', 'AC1027', 'AC1032']);

/** 'AC1015 (R2000)'. */
export const describeDwgVersion = (version: string) =>
  RELEASES[version] ? `${version} (${RELEASES[version]})` : version;

/** Refuses versions libredwg cannot read reliably, naming the version. */
export function assertSupportedDwgVersion(version: string): void {
  if (SUPPORTED.has(version)) return;
  const known = RELEASES[version];
  throw unprocessable(
    known
      ? `DWG version ${describeDwgVersion(version)} is not supported. Save the drawing as DWG 2000–2018 or as DXF and upload it again.`
      : `This DWG file has an unknown version (${version}). Save it as DWG 2000–2018 or as DXF and upload it again.`,
    { version },
  );
}

type LibreModule = Awaited<ReturnType<typeof import('@mlightcad/libredwg-web')['createModule']>>;

async function freshModule(): Promise<LibreModule> {
  const lib = await import('@mlightcad/libredwg-web');
  // Quiet: libredwg prints its decoding diagnostics to stderr.
  return lib.createModule({ print: () => undefined, printErr: () => undefined } as never);
}

/** Bits of libredwg's error code that mean the file could not be read at all (DWG_ERR_CRITICAL and above). */
const CRITICAL = 128;

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** Maps one libredwg `DwgEntity` into the CAD model (exported for tests). */
export function fromDwgEntity(raw: Loose): CadEntity | null {
  const type = str(raw.type);
  const layer = str(raw.layer, '0') || '0';
  const base = { layer, visible: raw.isVisible !== false && raw.isInPaperSpace !== true };
  const flip = num((raw.extrusionDirection as Loose | undefined)?.z, 1) < 0;
  const fx = (p: P2): P2 => (flip ? { x: -p.x, y: p.y } : p);
  switch (type) {
    case 'LINE':
      return { ...base, type: 'LINE', a: pt(raw.startPoint), b: pt(raw.endPoint) };
    case 'LWPOLYLINE':
    case 'POLYLINE2D':
    case 'POLYLINE3D': {
      const flag = num(raw.flag);
      if (type !== 'LWPOLYLINE' && flag & (16 | 64)) return null; // meshes
      const closed = type === 'LWPOLYLINE' ? (flag & 512) !== 0 || (flag & 1) !== 0 : (flag & 1) !== 0;
      const verts = ((raw.vertices as Loose[] | undefined) ?? []).map((v) => ({
        ...fx(pt(v)),
        bulge: (flip ? -1 : 1) * num(v.bulge),
      }));
      return { ...base, type: 'POLYLINE', points: verts, closed };
    }
    case 'ARC': {
      const start = num(raw.startAngle);
      const end = num(raw.endAngle, Math.PI * 2);
      return flip
        ? {
            ...base,
            type: 'ARC',
            c: fx(pt(raw.center)),
            r: num(raw.radius),
            start: Math.PI - end,
            end: Math.PI - start,
          }
        : { ...base, type: 'ARC', c: pt(raw.center), r: num(raw.radius), start, end };
    }
    case 'CIRCLE':
      return { ...base, type: 'CIRCLE', c: fx(pt(raw.center)), r: num(raw.radius) };
    case 'ELLIPSE':
      return {
        ...base,
        type: 'ELLIPSE',
        c: pt(raw.center),
        major: pt(raw.majorAxisEndPoint),
        ratio: num(raw.axisRatio, 1),
        start: num(raw.startAngle),
        end: num(raw.endAngle, Math.PI * 2),
      };
    case 'SPLINE':
      return {
        ...base,
        type: 'SPLINE',
        degree: num(raw.degree, 3),
        controlPoints: ((raw.controlPoints as unknown[] | undefined) ?? []).map(pt),
        knots: ((raw.knots as unknown[] | undefined) ?? []).map((k) => num(k)),
        weights: ((raw.weights as unknown[] | undefined) ?? []).map((k) => num(k, 1)),
        fitPoints: ((raw.fitPoints as unknown[] | undefined) ?? []).map(pt),
      };
    case 'TEXT':
    case 'MTEXT': {
      const text = plainText(str(raw.text));
      const at = pt(raw.startPoint ?? raw.insertionPoint);
      return text
        ? { ...base, type: 'TEXT', at, text, height: num(raw.textHeight, num(raw.height, 0)) }
        : null;
    }
    case 'INSERT':
      return insertOf(base, raw, str(raw.name), fx(pt(raw.insertionPoint)), num(raw.rotation), flip);
    default:
      return null;
  }
}

/** Maps a libredwg `DwgDatabase` (as `convert` returns it) into the CAD model (exported for tests). */
export function modelFromDwgDatabase(db: Loose, version?: string): CadModel {
  const tables = (db.tables ?? {}) as Record<string, { entries?: Loose[] } | undefined>;
  const layers = new Map<string, CadLayer>();
  for (const l of tables.LAYER?.entries ?? []) {
    layers.set(str(l.name), { on: l.off !== true, frozen: l.frozen === true });
  }
  const blocks = new Map<string, { base: P2; entities: CadEntity[] }>();
  for (const b of tables.BLOCK_RECORD?.entries ?? []) {
    const name = str(b.name);
    if (!name || /^\*(model|paper)_space/i.test(name)) continue;
    const entities = ((b.entities as Loose[] | undefined) ?? []).map(fromDwgEntity).filter((e) => e !== null);
    blocks.set(name, { base: pt(b.basePoint), entities });
  }
  const counts: Record<string, number> = {};
  const entities: CadEntity[] = [];
  for (const raw of (db.entities as Loose[] | undefined) ?? []) {
    const type = str(raw.type, 'UNKNOWN');
    counts[type] = (counts[type] ?? 0) + 1;
    const e = fromDwgEntity(raw);
    if (e) entities.push(e);
  }
  const header = (db.header ?? {}) as Loose;
  return { insUnits: num(header.INSUNITS, 0), layers, blocks, entities, version, counts };
}

/** Reads a DWG file into the CAD model, in an instance of its own (the same file gives the same model every time). */
export async function readDwg(bytes: Uint8Array, version: string): Promise<CadModel> {
  assertSupportedDwgVersion(version);
  if (bytes.length < 256) {
    throw unprocessable(`This DWG file (${describeDwgVersion(version)}) is truncated and could not be read.`);
  }
  const lib = await import('@mlightcad/libredwg-web');
  let mod: LibreModule;
  try {
    mod = await freshModule();
  } catch (err) {
    throw unprocessable('The DWG reader could not be started; try again or upload the drawing as DXF.', {
      cause: err instanceof Error ? err.message : String(err),
    });
  }
  const fileName = '/upload.dwg';
  try {
    mod.FS.writeFile(fileName, bytes);
    const result = mod.dwg_read_file(fileName) as { error: number; data: number };
    if (!result.data || result.error >= CRITICAL) {
      throw unprocessable(
        `This DWG file (${describeDwgVersion(version)}) is damaged or truncated and could not be read.`,
        { code: result.error },
      );
    }
    const db = lib.LibreDwg.createByWasmInstance(mod).convert(result.data as never) as unknown as Loose;
    return modelFromDwgDatabase(db, version);
  } catch (err) {
    if (err instanceof Error && err.name === 'DrawingError') throw err;
    throw unprocessable(
      `This DWG file (${describeDwgVersion(version)}) could not be read; it may be damaged.`,
      {
        cause: err instanceof Error ? err.message : String(err),
      },
    );
  }
}
