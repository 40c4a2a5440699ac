/**
 * Writes a generated drawing as DXF: R2000 (AC1015, LWPOLYLINE, subclass markers) or R12 (AC1009, POLYLINE with
 * VERTEX and SEQEND), ASCII; binary DXF is the R2000 text converted. Coordinates arrive in metres and are written
 * in the drawing's units.
 */
import { asciiDxfToBinary } from '../../engine/drawing/fixtures/binary-dxf';
import type { Point } from './building';

export type Entity =
  | { type: 'LINE'; layer: string; a: Point; b: Point }
  | { type: 'POLYLINE'; layer: string; points: Point[]; closed: boolean }
  | { type: 'ARC'; layer: string; c: Point; r: number; startDeg: number; endDeg: number }
  | { type: 'CIRCLE'; layer: string; c: Point; r: number }
  | { type: 'TEXT'; layer: string; at: Point; height: number; text: string }
  | { type: 'INSERT'; layer: string; block: string; at: Point; rotationDeg: number }
  /** A solid colour over an area (a room's fill on a presentation plan): plotted, not written to the DXF. */
  | { type: 'FILL'; layer: string; points: Point[]; rgb: [number, number, number] };

export const lineEntity = (layer: string, a: Point, b: Point): Entity => ({ type: 'LINE', layer, a, b });

/** An axis-aligned rectangle as one closed polyline. */
export const rectEntity = (layer: string, x0: number, y0: number, x1: number, y1: number): Entity => ({
  type: 'POLYLINE',
  layer,
  closed: true,
  points: [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ],
});

export interface Drawing {
  entities: Entity[];
  /** Block definitions, their entities relative to the block's origin. */
  blocks: Map<string, Entity[]>;
}

export type DxfFlavour = 'r2000' | 'r12' | 'binary';

export interface DxfOptions {
  flavour: DxfFlavour;
  /** Drawing units per metre (1000 for mm). */
  unitsPerMetre: number;
  /** The $INSUNITS code written, or null to leave it out. */
  insUnits: number | null;
}

/** $INSUNITS codes by unit. */
export const INSUNITS = { in: 1, ft: 2, mm: 4, cm: 5, m: 6 } as const;

class Groups {
  private readonly out: string[] = [];
  g(code: number, value: string | number) {
    this.out.push(String(code), typeof value === 'number' ? formatNumber(value) : value);
    return this;
  }
  text() {
    return `${this.out.join('\n')}\n`;
  }
}
const formatNumber = (v: number) => (Number.isInteger(v) ? `${v}.0` : String(Math.round(v * 1e6) / 1e6));

export function writeDxf(drawing: Drawing, options: DxfOptions): Uint8Array {
  const r12 = options.flavour === 'r12';
  const k = options.unitsPerMetre;
  const d = new Groups();
  d.g(0, 'SECTION').g(2, 'HEADER');
  d.g(9, '$ACADVER').g(1, r12 ? 'AC1009' : 'AC1015');
  if (options.insUnits !== null) d.g(9, '$INSUNITS').g(70, options.insUnits);
  d.g(0, 'ENDSEC');
  const layers = new Set<string>(['0']);
  for (const e of [...drawing.entities, ...[...drawing.blocks.values()].flat()]) layers.add(e.layer);
  d.g(0, 'SECTION').g(2, 'TABLES');
  d.g(0, 'TABLE').g(2, 'LAYER').g(70, layers.size);
  for (const name of layers) d.g(0, 'LAYER').g(2, name).g(70, 0).g(62, 7).g(6, 'CONTINUOUS');
  d.g(0, 'ENDTAB').g(0, 'ENDSEC');
  d.g(0, 'SECTION').g(2, 'BLOCKS');
  for (const [name, entities] of drawing.blocks) {
    d.g(0, 'BLOCK').g(8, '0').g(2, name).g(70, 0).g(10, 0).g(20, 0).g(30, 0).g(3, name);
    for (const e of entities) writeEntity(d, e, k, r12);
    d.g(0, 'ENDBLK').g(8, '0');
  }
  d.g(0, 'ENDSEC');
  d.g(0, 'SECTION').g(2, 'ENTITIES');
  for (const e of drawing.entities) writeEntity(d, e, k, r12);
  d.g(0, 'ENDSEC').g(0, 'EOF');
  const text = d.text();
  return options.flavour === 'binary'
    ? new Uint8Array(asciiDxfToBinary(text))
    : new TextEncoder().encode(text);
}

function writeEntity(d: Groups, e: Entity, k: number, r12: boolean) {
  const head = (type: string, subclass: string) => {
    d.g(0, type);
    if (!r12) d.g(100, 'AcDbEntity');
    d.g(8, e.layer);
    if (!r12) d.g(100, subclass);
  };
  switch (e.type) {
    case 'LINE':
      head('LINE', 'AcDbLine');
      d.g(10, e.a[0] * k)
        .g(20, e.a[1] * k)
        .g(30, 0)
        .g(11, e.b[0] * k)
        .g(21, e.b[1] * k)
        .g(31, 0);
      return;
    case 'POLYLINE':
      if (r12) {
        d.g(0, 'POLYLINE')
          .g(8, e.layer)
          .g(66, 1)
          .g(10, 0)
          .g(20, 0)
          .g(30, 0)
          .g(70, e.closed ? 1 : 0);
        for (const [x, y] of e.points)
          d.g(0, 'VERTEX')
            .g(8, e.layer)
            .g(10, x * k)
            .g(20, y * k)
            .g(30, 0);
        d.g(0, 'SEQEND').g(8, e.layer);
        return;
      }
      head('LWPOLYLINE', 'AcDbPolyline');
      d.g(90, e.points.length).g(70, e.closed ? 1 : 0);
      for (const [x, y] of e.points) d.g(10, x * k).g(20, y * k);
      return;
    case 'ARC':
      head('ARC', 'AcDbCircle');
      d.g(10, e.c[0] * k)
        .g(20, e.c[1] * k)
        .g(30, 0)
        .g(40, e.r * k);
      if (!r12) d.g(100, 'AcDbArc');
      d.g(50, e.startDeg).g(51, e.endDeg);
      return;
    case 'CIRCLE':
      head('CIRCLE', 'AcDbCircle');
      d.g(10, e.c[0] * k)
        .g(20, e.c[1] * k)
        .g(30, 0)
        .g(40, e.r * k);
      return;
    case 'TEXT':
      head('TEXT', 'AcDbText');
      d.g(10, e.at[0] * k)
        .g(20, e.at[1] * k)
        .g(30, 0)
        .g(40, e.height * k)
        .g(1, e.text);
      return;
    case 'FILL':
      return;
    case 'INSERT':
      head('INSERT', 'AcDbBlockReference');
      d.g(2, e.block)
        .g(10, e.at[0] * k)
        .g(20, e.at[1] * k)
        .g(30, 0)
        .g(41, 1)
        .g(42, 1)
        .g(50, e.rotationDeg);
      return;
  }
}
