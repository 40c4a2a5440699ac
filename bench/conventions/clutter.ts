/** What else a plan sheet holds, none of it walls: furniture, counters, dimensions, grids, texts, frames, paving. */
import type { Building, Point, Room } from './building';
import { type Entity, lineEntity as line, rectEntity as rect } from './dxf-writer';
import type { Random } from './random';

export type Clutter =
  | 'furniture'
  | 'counters'
  | 'dimensions'
  | 'grid'
  | 'texts'
  | 'north'
  | 'frame'
  | 'paving'
  | 'site'
  | 'stairs'
  | 'notes'
  | 'fills';

export interface ClutterLayers {
  furniture: string;
  dimensions: string;
  text: string;
  grid: string;
  frame: string;
  paving: string;
  site: string;
  stairs: string;
}

const roomWidth = (r: Room) => r.clear[2] - r.clear[0];
const roomDepth = (r: Room) => r.clear[3] - r.clear[1];

/** Furniture and sanitary blocks, defined once and inserted into rooms that have space for them. */
export function furniture(
  random: Random,
  b: Building,
  layer: string,
  blocks: Map<string, Entity[]>,
): Entity[] {
  blocks.set('BED', [
    rect('0', 0, 0, 1.6, 2.0),
    rect('0', 0.1, 1.5, 0.75, 1.9),
    rect('0', 0.85, 1.5, 1.5, 1.9),
  ]);
  blocks.set('TABLE', [
    rect('0', 0, 0, 1.6, 0.9),
    ...[0.2, 0.9].flatMap((x) => [rect('0', x, -0.5, x + 0.45, -0.05), rect('0', x, 0.95, x + 0.45, 1.4)]),
  ]);
  blocks.set('SOFA', [rect('0', 0, 0, 2.2, 0.9), rect('0', 0.15, 0.2, 2.05, 0.75)]);
  blocks.set('WC', [rect('0', 0, 0, 0.45, 0.2), { type: 'CIRCLE', layer: '0', c: [0.225, 0.45], r: 0.2 }]);
  blocks.set('BASIN', [rect('0', 0, 0, 0.6, 0.45), { type: 'CIRCLE', layer: '0', c: [0.3, 0.22], r: 0.15 }]);
  const sizes: Record<string, [number, number]> = {
    BED: [1.6, 2.0],
    TABLE: [1.6, 2.0],
    SOFA: [2.2, 0.9],
    WC: [0.45, 0.65],
    BASIN: [0.6, 0.45],
  };
  const out: Entity[] = [];
  for (const room of b.rooms) {
    if (!random.chance(0.7)) continue;
    const name = random.pick(Object.keys(sizes));
    const [w, h] = sizes[name]!;
    const margin = 0.3;
    if (roomWidth(room) < w + 2 * margin || roomDepth(room) < h + 2 * margin + 0.5) continue;
    const x = random.between(room.clear[0] + margin, room.clear[2] - margin - w);
    const y = random.between(room.clear[1] + margin + 0.5, room.clear[3] - margin - h);
    out.push({ type: 'INSERT', layer, block: name, at: [x, y], rotationDeg: 0 });
  }
  return out;
}

/** A kitchen counter along a room's top wall: a 0.6 m deep outline with a sink, drawn as lines. */
export function counters(random: Random, b: Building, layer: string): Entity[] {
  const out: Entity[] = [];
  for (const room of b.rooms) {
    if (roomWidth(room) < 3 || roomDepth(room) < 2.5 || !random.chance(0.4)) continue;
    const [x0, , x1, y1] = room.clear;
    const length = Math.min(x1 - x0 - 0.6, random.between(1.8, 4));
    const start = x0 + 0.3;
    out.push(
      line(layer, [start, y1], [start, y1 - 0.6]),
      line(layer, [start, y1 - 0.6], [start + length, y1 - 0.6]),
      line(layer, [start + length, y1 - 0.6], [start + length, y1]),
      rect(layer, start + 0.4, y1 - 0.5, start + 1.2, y1 - 0.1),
    );
  }
  return out;
}

/** How a length is written on a dimension in the drawing's units. */
export type DimensionFormat = (metres: number) => string;

/** Two chains below and two left of the building: each wall junction, then the overall size. */
export function dimensions(b: Building, layer: string, format: DimensionFormat, offset: number): Entity[] {
  const xs = new Set<number>([0, b.width]);
  const ys = new Set<number>([0, b.height]);
  for (const w of b.walls) {
    if (w.a[0] === w.b[0]) xs.add(w.a[0]);
    if (w.a[1] === w.b[1]) ys.add(w.a[1]);
  }
  const out: Entity[] = [];
  const chain = (stops: number[], at: number, horizontal: boolean) => {
    const p = (s: number, o: number): Point => (horizontal ? [s, o] : [o, s]);
    out.push(line(layer, p(stops[0]! - 0.3, at), p(stops.at(-1)! + 0.3, at)));
    for (const s of stops) {
      out.push(line(layer, p(s, at - 0.2), p(s, at + 0.5)));
      out.push(line(layer, p(s - 0.1, at - 0.1), p(s + 0.1, at + 0.1)));
    }
    for (let i = 0; i + 1 < stops.length; i++) {
      const mid = (stops[i]! + stops[i + 1]!) / 2;
      out.push({
        type: 'TEXT',
        layer,
        at: p(mid, at + 0.1),
        height: 0.25,
        text: format(stops[i + 1]! - stops[i]!),
      });
    }
  };
  const sortedX = [...xs].sort((p, q) => p - q);
  const sortedY = [...ys].sort((p, q) => p - q);
  chain(sortedX, -offset, true);
  chain([0, b.width], -offset - 0.8, true);
  chain(sortedY, -offset, false);
  chain([0, b.height], -offset - 0.8, false);
  return out;
}

/** Grid axes through the outer walls and some inner ones, each with a bubble and a mark at both ends. */
export function gridAxes(random: Random, b: Building, layer: string): Entity[] {
  const out: Entity[] = [];
  const reach = 2.5;
  const xs = [...new Set([0, b.width, ...b.walls.filter((w) => w.a[0] === w.b[0]).map((w) => w.a[0])])];
  const ys = [...new Set([0, b.height, ...b.walls.filter((w) => w.a[1] === w.b[1]).map((w) => w.a[1])])];
  const bubble = (c: Point, label: string) => {
    out.push({ type: 'CIRCLE', layer, c, r: 0.4 }, { type: 'TEXT', layer, at: c, height: 0.3, text: label });
  };
  xs.filter((x) => x === 0 || x === b.width || random.chance(0.5)).forEach((x, i) => {
    out.push(line(layer, [x, -reach], [x, b.height + reach]));
    bubble([x, -reach - 0.4], String(i + 1));
    bubble([x, b.height + reach + 0.4], String(i + 1));
  });
  ys.filter((y) => y === 0 || y === b.height || random.chance(0.5)).forEach((y, i) => {
    out.push(line(layer, [-reach, y], [b.width + reach, y]));
    bubble([-reach - 0.4, y], String.fromCharCode(65 + (i % 26)));
    bubble([b.width + reach + 0.4, y], String.fromCharCode(65 + (i % 26)));
  });
  return out;
}

export function roomTexts(random: Random, b: Building, layer: string, names: string[]): Entity[] {
  return b.rooms.flatMap((room) => {
    const cx = (room.clear[0] + room.clear[2]) / 2;
    const cy = (room.clear[1] + room.clear[3]) / 2;
    const area = (room.clear[2] - room.clear[0]) * (room.clear[3] - room.clear[1]);
    return [
      { type: 'TEXT', layer, at: [cx - 0.8, cy], height: 0.3, text: random.pick(names) },
      { type: 'TEXT', layer, at: [cx - 0.5, cy - 0.45], height: 0.2, text: `${area.toFixed(2)} m²` },
    ] satisfies Entity[];
  });
}

export function northArrow(b: Building, layer: string): Entity[] {
  const c: Point = [b.width + 4, b.height - 1];
  return [
    { type: 'CIRCLE', layer, c, r: 0.8 },
    {
      type: 'POLYLINE',
      layer,
      closed: true,
      points: [
        [c[0], c[1] + 0.8],
        [c[0] + 0.3, c[1] - 0.6],
        [c[0], c[1] - 0.3],
        [c[0] - 0.3, c[1] - 0.6],
      ],
    },
    { type: 'TEXT', layer, at: [c[0] - 0.15, c[1] + 1.0], height: 0.4, text: 'N' },
  ];
}

/** A paving grid over some rooms' floors (0.4–0.8 m tiles). */
export function paving(random: Random, b: Building, layer: string): Entity[] {
  const out: Entity[] = [];
  for (const room of b.rooms) {
    if (!random.chance(0.5)) continue;
    const tile = random.between(0.4, 0.8);
    const [x0, y0, x1, y1] = room.clear;
    for (let x = x0 + tile; x < x1 - 0.05; x += tile) out.push(line(layer, [x, y0], [x, y1]));
    for (let y = y0 + tile; y < y1 - 0.05; y += tile) out.push(line(layer, [x0, y], [x1, y]));
  }
  return out;
}

/** A straight flight in a room deep enough: treads 0.28 m apart between two stringers, and its walking line. */
export function stairs(random: Random, b: Building, layer: string): Entity[] {
  const room = b.rooms.find((r) => roomDepth(r) >= 4.2 && roomWidth(r) >= 2.4);
  if (!room) return [];
  const width = random.between(0.9, 1.2);
  const x0 = room.clear[0] + 0.2;
  const y0 = room.clear[1] + 0.3;
  const treads = 12;
  const out: Entity[] = [
    line(layer, [x0, y0], [x0, y0 + treads * 0.28]),
    line(layer, [x0 + width, y0], [x0 + width, y0 + treads * 0.28]),
  ];
  for (let i = 0; i <= treads; i++) out.push(line(layer, [x0, y0 + i * 0.28], [x0 + width, y0 + i * 0.28]));
  // The walking line, its arrow at the top: half of the flights (the wider ones, so that no random draw is added)
  // climb up the sheet, the others down it. The widest and the narrowest quarter say so in words instead, "UP" at
  // the foot or "DN" at the head, with no arrowhead.
  const rises = stairClimbsUp(width);
  const [tail, tip] = rises ? [y0 + 0.14, y0 + treads * 0.28 - 0.2] : [y0 + treads * 0.28 - 0.2, y0 + 0.14];
  const mid = x0 + width / 2;
  out.push(line(layer, [mid, tail], [mid, tip]));
  const mark = stairMark(width);
  if (mark) {
    // Both words sit at the bottom of the sheet: the foot of a flight that rises, the head of one that falls.
    out.push({ type: 'TEXT', layer, at: [mid - 0.25, y0 + 0.3], height: 0.25, text: mark });
    return out;
  }
  const back = Math.sign(tail - tip) * STAIR_ARROW_HEAD_M * Math.cos(Math.PI / 6);
  const side = STAIR_ARROW_HEAD_M * Math.sin(Math.PI / 6);
  out.push(
    line(layer, [mid, tip], [mid - side, tip + back]),
    line(layer, [mid, tip], [mid + side, tip + back]),
  );
  return out;
}

/** An arrowhead's strokes, metres. */
const STAIR_ARROW_HEAD_M = 0.2;
/** Whether a generated flight of this width climbs up the sheet (its foot at the bottom). */
export const stairClimbsUp = (width: number) => width >= 1.05;
/** The word a generated flight of this width has instead of an arrowhead, if any. */
export const stairMark = (width: number): 'UP' | 'DN' | undefined =>
  width >= 1.125 ? 'UP' : width < 0.975 ? 'DN' : undefined;

/** A site boundary a few metres around the building, and trees. */
export function site(random: Random, b: Building, layer: string): Entity[] {
  const m = random.between(3, 6);
  const out: Entity[] = [rect(layer, -m, -m, b.width + m, b.height + m)];
  for (let i = 0; i < 4; i++) {
    const r = random.between(1, 2.5);
    out.push({ type: 'CIRCLE', layer, c: [random.between(-m, b.width + m), b.height + m + r + 0.5], r });
  }
  return out;
}

export function notes(random: Random, b: Building, layer: string): Entity[] {
  const out: Entity[] = [];
  for (let i = 0; i < 3; i++) {
    const room = random.pick(b.rooms);
    const target: Point = [(room.clear[0] + room.clear[2]) / 2, room.clear[1] + 0.4];
    const label: Point = [b.width + 2, -1 - i];
    out.push(line(layer, target, label), {
      type: 'TEXT',
      layer,
      at: label,
      height: 0.2,
      text: `NOTE ${i + 1}: SEE DETAIL`,
    });
  }
  return out;
}

/** A sheet frame with its border and a title block, around everything drawn. */
export function frame(
  random: Random,
  extent: [number, number, number, number],
  layer: string,
  title: string,
): Entity[] {
  const [x0, y0, x1, y1] = extent;
  const margin = 1.5;
  const border = random.between(0.2, 1.0);
  const fx0 = x0 - margin;
  const fy0 = y0 - margin - 6;
  const fx1 = x1 + margin;
  const fy1 = y1 + margin;
  const tx = fx1 - 18;
  return [
    rect(layer, fx0 - border, fy0 - border, fx1 + border, fy1 + border),
    rect(layer, fx0, fy0, fx1, fy1),
    rect(layer, tx, fy0, fx1, fy0 + 5),
    line(layer, [tx, fy0 + 2.5], [fx1, fy0 + 2.5]),
    line(layer, [tx + 9, fy0], [tx + 9, fy0 + 2.5]),
    { type: 'TEXT', layer, at: [tx + 0.5, fy0 + 3.2], height: 0.8, text: title },
    { type: 'TEXT', layer, at: [tx + 0.5, fy0 + 1.0], height: 0.4, text: 'SCALE 1:100' },
    { type: 'TEXT', layer, at: [tx + 9.5, fy0 + 1.0], height: 0.4, text: 'DRAWING No. A-101' },
  ];
}

/**
 * Colours rooms are filled with on presentation plans (estate agents', students', planners' exports): pastels and
 * the mid-tone greens, violets, browns and blues of a colour-coded plan, some as dark as a pen's grey, and grey.
 */
const ROOM_FILLS: [number, number, number][] = [
  [243, 232, 200],
  [214, 236, 214],
  [160, 160, 226],
  [122, 186, 122],
  [176, 128, 104],
  [136, 168, 196],
  [226, 196, 170],
  [196, 120, 200],
  [150, 150, 150],
];

/** Each room's floor filled with a colour (inside its walls, under everything else on the plot). */
export function roomFills(random: Random, b: Building, layer: string): Entity[] {
  return b.rooms.map((room) => {
    const [x0, y0, x1, y1] = room.clear;
    return {
      type: 'FILL',
      layer,
      rgb: random.pick(ROOM_FILLS),
      points: [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ],
    };
  });
}
