/** Views that are not the plan: an elevation of the building's front and a section through it. */
import type { Building, Point } from './building';
import { type Entity, rectEntity as rect } from './dxf-writer';
import type { Random } from './random';

const STOREY_M = 3;

/** The front (the y = 0 wall) seen from outside, its lower left corner at `origin`. */
export function elevation(
  random: Random,
  b: Building,
  origin: Point,
  layer: string,
  title: string,
): Entity[] {
  const [ox, oy] = origin;
  const ridge = random.chance(0.5) ? random.between(1.5, 3) : 0;
  const out: Entity[] = [
    { type: 'LINE', layer, a: [ox - 2, oy], b: [ox + b.width + 2, oy] },
    rect(layer, ox, oy, ox + b.width, oy + STOREY_M),
    ridge > 0
      ? {
          type: 'POLYLINE',
          layer,
          closed: false,
          points: [
            [ox - 0.3, oy + STOREY_M],
            [ox + b.width / 2, oy + STOREY_M + ridge],
            [ox + b.width + 0.3, oy + STOREY_M],
          ],
        }
      : {
          type: 'LINE',
          layer,
          a: [ox - 0.2, oy + STOREY_M + 0.4],
          b: [ox + b.width + 0.2, oy + STOREY_M + 0.4],
        },
  ];
  for (const o of b.openings) {
    if (o.wall !== 0 || o.kind === 'opening') continue;
    const w = b.walls[0]!;
    const x = ox + w.a[0] + o.from;
    const x2 = ox + w.a[0] + o.to;
    const [bottom, top] = o.kind === 'door' ? [0, 2.1] : [0.9, 2.2];
    out.push(rect(layer, x, oy + bottom, x2, oy + top));
    if (o.kind === 'window')
      out.push({ type: 'LINE', layer, a: [(x + x2) / 2, oy + bottom], b: [(x + x2) / 2, oy + top] });
  }
  out.push({ type: 'TEXT', layer, at: [ox, oy - 1.5], height: 0.6, text: title });
  return out;
}

/** A section across the building: cut outer walls, the slab, the roof and the inner walls seen beyond. */
export function section(b: Building, origin: Point, layer: string, title: string): Entity[] {
  const [ox, oy] = origin;
  const t = b.walls[0]!.thickness;
  const out: Entity[] = [
    { type: 'LINE', layer, a: [ox - 2, oy], b: [ox + b.width + 2, oy] },
    rect(layer, ox - t / 2, oy, ox + t / 2, oy + STOREY_M),
    rect(layer, ox + b.width - t / 2, oy, ox + b.width + t / 2, oy + STOREY_M),
    rect(layer, ox - t / 2, oy + STOREY_M, ox + b.width + t / 2, oy + STOREY_M + 0.25),
    rect(layer, ox, oy - 0.3, ox + b.width, oy),
  ];
  for (const w of b.walls) {
    if (w.exterior || w.a[0] !== w.b[0]) continue;
    out.push({ type: 'LINE', layer, a: [ox + w.a[0], oy], b: [ox + w.a[0], oy + STOREY_M] });
  }
  out.push({ type: 'TEXT', layer, at: [ox, oy - 1.5], height: 0.6, text: title });
  return out;
}
