import DxfParser from 'dxf-parser';
import { unprocessable } from '../errors';
import { LIMITS } from '../limits';
import { binaryDxfToAscii } from './dxf-binary';
import { type CadEntity, type CadLayer, type CadModel, type P2, plainText } from './model';
import { insertOf, type Loose, num, pt } from './raw';

const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : v == null ? fallback : String(v);
const DEG = Math.PI / 180;

/** Maps one dxf-parser entity into the CAD model (null for types that draw nothing we use, such as HATCH). */
function toEntity(raw: Loose): CadEntity | null {
  const type = str(raw.type);
  const layer = str(raw.layer, '0');
  const visible = raw.visible !== false && raw.inPaperSpace !== true;
  const base = { layer, visible };
  switch (type) {
    case 'LINE': {
      const v = (raw.vertices as unknown[] | undefined) ?? [];
      if (v.length < 2) return null;
      return { ...base, type: 'LINE', a: pt(v[0]), b: pt(v[1]) };
    }
    case 'LWPOLYLINE':
    case 'POLYLINE': {
      if (raw.isPolyfaceMesh || raw.is3dPolygonMesh) return null;
      const flip = num(raw.extrusionDirectionZ, num((raw.extrusionDirection as Loose | undefined)?.z, 1)) < 0;
      const verts = ((raw.vertices as Loose[] | undefined) ?? []).map((v) => ({
        x: flip ? -num(v.x) : num(v.x),
        y: num(v.y),
        bulge: flip ? -num(v.bulge) : num(v.bulge),
      }));
      return { ...base, type: 'POLYLINE', points: verts, closed: raw.shape === true };
    }
    case 'ARC':
    case 'CIRCLE': {
      const flip = num(raw.extrusionDirectionZ, 1) < 0;
      const c = pt(raw.center);
      const r = num(raw.radius);
      if (type === 'CIRCLE') return { ...base, type: 'CIRCLE', c: flip ? { x: -c.x, y: c.y } : c, r };
      const start = num(raw.startAngle);
      const end = num(raw.endAngle, Math.PI * 2);
      return flip
        ? { ...base, type: 'ARC', c: { x: -c.x, y: c.y }, r, start: Math.PI - end, end: Math.PI - start }
        : { ...base, type: 'ARC', c, r, start, end };
    }
    case 'ELLIPSE':
      return {
        ...base,
        type: 'ELLIPSE',
        c: pt(raw.center),
        major: pt(raw.majorAxisEndPoint),
        ratio: num(raw.axisRatio, 1),
        start: num(raw.startAngle, 0),
        end: num(raw.endAngle, Math.PI * 2),
      };
    case 'SPLINE':
      return {
        ...base,
        type: 'SPLINE',
        degree: num(raw.degreeOfSplineCurve, 3),
        controlPoints: ((raw.controlPoints as unknown[] | undefined) ?? []).map(pt),
        knots: ((raw.knotValues as unknown[] | undefined) ?? []).map((k) => num(k)),
        fitPoints: ((raw.fitPoints as unknown[] | undefined) ?? []).map(pt),
      };
    case 'TEXT':
    case 'MTEXT': {
      const text = plainText(str(raw.text));
      const at = pt(raw.startPoint ?? raw.position);
      return text
        ? { ...base, type: 'TEXT', at, text, height: num(raw.textHeight, num(raw.height, 0)) }
        : null;
    }
    case 'INSERT': {
      const flip = num((raw.extrusionDirection as Loose | undefined)?.z, 1) < 0;
      const at = pt(raw.position);
      const mirrored = flip ? { x: -at.x, y: at.y } : at;
      return insertOf(base, raw, str(raw.name), mirrored, num(raw.rotation) * DEG, flip);
    }
    default:
      return null;
  }
}

function convertList(list: unknown, counts: Record<string, number>): CadEntity[] {
  const out: CadEntity[] = [];
  for (const raw of (Array.isArray(list) ? list : []) as Loose[]) {
    const type = str(raw?.type, 'UNKNOWN');
    counts[type] = (counts[type] ?? 0) + 1;
    const e = toEntity(raw);
    if (e) out.push(e);
  }
  return out;
}

/**
 * Counts the records (group code 0 lines) of an ASCII DXF from its bytes, stopping once past `limit`: a file with
 * millions of entities is refused in a fraction of a second, before the parser builds millions of objects.
 */
export function countAsciiDxfRecords(bytes: Uint8Array, limit = Number.POSITIVE_INFINITY): number {
  const NL = 0x0a;
  let records = 0;
  let start = 0;
  let pair = 0; // lines alternate: group code, value
  while (start < bytes.length) {
    let end = bytes.indexOf(NL, start);
    if (end < 0) end = bytes.length;
    if (pair === 0 && isZeroCode(bytes, start, end) && ++records > limit) return records;
    pair ^= 1;
    start = end + 1;
  }
  return records;
}

/** Whether bytes[start, end) is a group code 0 line: "0" with optional spaces and a carriage return. */
function isZeroCode(bytes: Uint8Array, start: number, end: number): boolean {
  let digits = 0;
  for (let i = start; i < end; i++) {
    const c = bytes[i]!;
    if (c === 0x30) digits++;
    else if (c !== 0x20 && c !== 0x0d && c !== 0x09) return false;
  }
  return digits > 0;
}

const tooManyRecords = () =>
  unprocessable(
    `This DXF holds more than ${LIMITS.maxDxfRecords.toLocaleString('en-US')} objects, more than Planform reads. Save only the floor plan (purge unused blocks, hatches and external references, or copy the plan into a new drawing) and upload it again.`,
  );

/** Reads an ASCII or binary DXF into the CAD model. */
export function readDxf(bytes: Uint8Array, binary: boolean): CadModel {
  if (!binary && countAsciiDxfRecords(bytes, LIMITS.maxDxfRecords) > LIMITS.maxDxfRecords)
    throw tooManyRecords();
  const text = binary
    ? binaryDxfToAscii(bytes, LIMITS.maxDxfRecords, tooManyRecords)
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  let parsed: Loose | null;
  try {
    // dxf-parser reports a few unknown group codes on the console; keep those out of the service's logs.
    const log = console.log;
    console.log = () => undefined;
    try {
      parsed = new DxfParser().parseSync(text) as unknown as Loose | null;
    } finally {
      console.log = log;
    }
  } catch (err) {
    throw unprocessable('This DXF file is damaged or incomplete and could not be read.', {
      cause: err instanceof Error ? err.message : String(err),
    });
  }
  if (!parsed) throw unprocessable('This DXF file is damaged or incomplete and could not be read.');
  const header = (parsed.header ?? {}) as Loose;
  const counts: Record<string, number> = {};
  const layers = new Map<string, CadLayer>();
  const layerTable = ((parsed.tables as Loose | undefined)?.layer as Loose | undefined)?.layers as
    | Record<string, Loose>
    | undefined;
  for (const [name, layer] of Object.entries(layerTable ?? {})) {
    if (!name || name === 'undefined') continue;
    layers.set(name, { on: layer.visible !== false, frozen: layer.frozen === true });
  }
  const blocks = new Map<string, { base: P2; entities: CadEntity[] }>();
  for (const [name, block] of Object.entries((parsed.blocks ?? {}) as Record<string, Loose>)) {
    if (name.toUpperCase().startsWith('*PAPER_SPACE')) continue;
    blocks.set(name, { base: pt(block.position), entities: convertList(block.entities, {}) });
  }
  const entities = convertList(parsed.entities, counts);
  return {
    insUnits: num(header.$INSUNITS, 0),
    layers,
    blocks,
    entities,
    version: typeof header.$ACADVER === 'string' ? header.$ACADVER : undefined,
    counts,
  };
}
