/**
 * The matrix of drawing conventions: each cell varies one or two ways of drawing from a common base (double-line
 * walls on a named layer, door swings as arcs, windows as three lines, millimetres with $INSUNITS, R2000 ASCII), and
 * `makeDrawing` draws a random building in a cell's convention with its exact truth.
 */
import { type Building, randomBuilding } from './building';
import {
  type Clutter,
  counters,
  dimensions,
  frame,
  furniture,
  gridAxes,
  northArrow,
  notes,
  paving,
  roomFills,
  roomTexts,
  site,
  stairs,
} from './clutter';
import { type DoorStyle, drawWalls, type Junctions, truthBody, type WallStyle } from './draw-walls';
import { type Drawing, type DxfFlavour, type Entity, INSUNITS, writeDxf } from './dxf-writer';
import { writePdf } from './pdf-writer';
import { type Random, seededRandom } from './random';
import { pdfToPng } from './raster-writer';
import { drawingExtent, type Truth, wallTruth } from './truth';
import { elevation, section } from './views';
import { LAYER_NAMES, type Language, ROOM_NAMES, SPREAD_WALL_LAYERS, VIEW_TITLES } from './vocabulary';

export type Unit = keyof typeof INSUNITS;

export interface Convention {
  walls: WallStyle;
  junctions: Junctions;
  layers: 'named' | 'layer0' | 'spread';
  language: Language;
  doors: DoorStyle;
  windowLines: 1 | 2 | 3;
  clutter: Clutter[];
  sheet: 'plan' | 'plan+views' | 'elevation';
  units: Unit;
  insUnits: 'right' | 'wrong' | 'missing';
  /** A DXF flavour, a vector PDF plotted from the drawing, or that plot as a picture (a scan, an export). */
  format: DxfFlavour | 'pdf' | 'png';
  angled: boolean;
  rooms: [number, number];
  exteriorThickness: [number, number];
  freeStanding: boolean;
}

export const BASE_CONVENTION: Convention = {
  walls: 'double',
  junctions: 'meet',
  layers: 'named',
  language: 'en',
  doors: 'arc',
  windowLines: 3,
  clutter: [],
  sheet: 'plan',
  units: 'mm',
  insUnits: 'right',
  format: 'r2000',
  angled: false,
  rooms: [1, 20],
  exteriorThickness: [0.2, 0.45],
  freeStanding: false,
};

const ALL_CLUTTER: Clutter[] = [
  'furniture',
  'counters',
  'dimensions',
  'grid',
  'texts',
  'north',
  'frame',
  'paving',
  'site',
  'stairs',
  'notes',
];

export const CELLS: Record<string, Partial<Convention>> = {
  'double/named-layer': {},
  'double/layer-0': { layers: 'layer0' },
  'double/spread-layers': { layers: 'spread' },
  'double/german-layers': { language: 'de' },
  'double/japanese-layers': { language: 'ja' },
  'double/cyrillic-layers': { language: 'ru' },
  'double/thin-walls': { exteriorThickness: [0.08, 0.15] },
  'double/thick-walls': { exteriorThickness: [0.4, 0.6] },
  'double/angled': { angled: true },
  'double/free-standing': { freeStanding: true },
  'hatched/named-layer': { walls: 'hatched' },
  'hatched/layer-0': { walls: 'hatched', layers: 'layer0' },
  'single/named-layer': { walls: 'single' },
  'single/layer-0': { walls: 'single', layers: 'layer0' },
  'single/layer-0-furnished': {
    walls: 'single',
    layers: 'layer0',
    clutter: ['furniture', 'counters', 'texts'],
  },
  'single/overshoot': { walls: 'single', junctions: 'overshoot' },
  'single/stop-short': { walls: 'single', junctions: 'short' },
  'single/angled': { walls: 'single', angled: true },
  'single/free-standing': { walls: 'single', freeStanding: true },
  'doors/chords': { doors: 'chords' },
  'doors/sliding': { doors: 'sliding' },
  'doors/blocks': { doors: 'block' },
  'windows/one-line': { windowLines: 1 },
  'windows/two-lines': { windowLines: 2 },
  'clutter/furniture': { clutter: ['furniture', 'counters'] },
  'clutter/dimensions': { clutter: ['dimensions'] },
  'clutter/grid': { clutter: ['grid'] },
  'clutter/frame': { clutter: ['frame', 'texts', 'north'] },
  'clutter/paving': { clutter: ['paving'] },
  'clutter/site': { clutter: ['site', 'notes'] },
  'clutter/stairs': { clutter: ['stairs'] },
  'clutter/all-on-layer-0': { layers: 'layer0', clutter: ALL_CLUTTER },
  'units/cm': { units: 'cm' },
  'units/m': { units: 'm' },
  'units/inch': { units: 'in' },
  'units/feet': { units: 'ft' },
  'insunits/missing': { insUnits: 'missing' },
  'insunits/wrong': { insUnits: 'wrong' },
  'format/r12': { format: 'r12' },
  'format/binary': { format: 'binary' },
  'pdf/double': { format: 'pdf' },
  'pdf/single': { format: 'pdf', walls: 'single' },
  'pdf/hatched': { format: 'pdf', walls: 'hatched' },
  'pdf/dimensions': { format: 'pdf', clutter: ['dimensions'] },
  'pdf/paving': { format: 'pdf', clutter: ['paving'] },
  'pdf/all-clutter': { format: 'pdf', clutter: ALL_CLUTTER },
  'raster/double': { format: 'png' },
  'raster/single': { format: 'png', walls: 'single' },
  'raster/hatched': { format: 'png', walls: 'hatched' },
  'raster/furnished': { format: 'png', clutter: ['furniture', 'texts', 'dimensions'] },
  'raster/coloured-rooms': { format: 'png', clutter: ['fills', 'texts'] },
  'sheet/plan-elevation-section': { sheet: 'plan+views', clutter: ['texts'] },
  'sheet/elevation-only': { sheet: 'elevation' },
};

export const UNITS_PER_METRE: Record<Unit, number> = {
  mm: 1000,
  cm: 100,
  m: 1,
  in: 1 / 0.0254,
  ft: 1 / 0.3048,
};

/** Whether the drawing states its scale (the scale target applies only there). */
export const statesScale = (c: Convention) =>
  (c.format !== 'pdf' && c.format !== 'png' && c.insUnits === 'right') || c.clutter.includes('dimensions');

function dimensionText(unit: Unit) {
  return (metres: number) => {
    switch (unit) {
      case 'mm':
        return String(Math.round(metres * 1000));
      case 'cm':
        return String(Math.round(metres * 100));
      case 'm':
        return metres.toFixed(2);
      case 'in':
        return `${Math.round(metres / 0.0254)}"`;
      case 'ft': {
        const inches = Math.round(metres / 0.0254);
        return `${Math.floor(inches / 12)}'-${inches % 12}"`;
      }
    }
  };
}

function layersOf(c: Convention, random: Random) {
  const named = LAYER_NAMES[c.layers === 'spread' ? 'en' : c.language];
  const on = (role: keyof typeof named) => (c.layers === 'layer0' ? '0' : named[role]);
  return {
    on,
    walls: () => (c.layers === 'spread' ? random.pick(SPREAD_WALL_LAYERS) : on('walls')),
  };
}

export interface GeneratedDrawing {
  cell: string;
  seed: number;
  fileName: string;
  bytes: Uint8Array;
  truth: Truth;
  convention: Convention;
  /** The building drawn, metres (y up); the drawing's units are `UNITS_PER_METRE[convention.units]` to a metre. */
  building: Building;
}

export const conventionOf = (cell: string): Convention => ({ ...BASE_CONVENTION, ...CELLS[cell] });

export function makeDrawing(cell: string, seed: number): GeneratedDrawing {
  const c = conventionOf(cell);
  const random = seededRandom(seed);
  const building = randomBuilding(random, {
    rooms: random.int(...c.rooms),
    angled: c.angled,
    exteriorThickness: c.exteriorThickness,
    freeStanding: c.freeStanding,
  });
  const layer = layersOf(c, random);
  const titles = VIEW_TITLES[c.language];
  const blocks = new Map<string, Entity[]>();
  const entities: Entity[] = [];
  if (c.sheet === 'elevation') {
    entities.push(...elevation(random, building, [0, 0], layer.on('elevation'), titles.elevation));
  } else {
    entities.push(
      ...drawWalls(
        random,
        building,
        {
          style: c.walls,
          junctions: c.junctions,
          doors: c.doors,
          windowLines: c.windowLines,
          layer: {
            walls: layer.walls,
            doors: layer.on('doors'),
            windows: layer.on('windows'),
            hatch: layer.on('hatch'),
          },
        },
        blocks,
      ),
    );
    entities.push(...clutterOf(c, random, building, blocks, layer.on));
    if (c.sheet === 'plan+views') {
      entities.push({ type: 'TEXT', layer: layer.on('text'), at: [0, -4.5], height: 0.6, text: titles.plan });
      const right = building.width + 8;
      entities.push(...elevation(random, building, [right, 0], layer.on('elevation'), titles.elevation));
      entities.push(
        ...section(building, [right, building.height + 6], layer.on('elevation'), titles.section),
      );
    }
  }
  if (c.clutter.includes('frame')) {
    entities.push(...frame(random, drawingExtent({ entities, blocks }), layer.on('frame'), titles.plan));
  }
  const drawing: Drawing = { entities, blocks };
  const unitsPerMetre = UNITS_PER_METRE[c.units];
  const insUnits =
    c.insUnits === 'missing'
      ? null
      : c.insUnits === 'right'
        ? INSUNITS[c.units]
        : c.units === 'm'
          ? INSUNITS.mm
          : INSUNITS.m;
  const isPlan = c.sheet !== 'elevation';
  const body = isPlan ? truthBody(building, c.walls) : [];
  const fields = {
    name: `${cell}#${seed}`,
    sourceFile: `${cell.replace(/\//g, '_')}_${seed}.${c.format === 'pdf' || c.format === 'png' ? 'pdf' : 'dxf'}`,
    kind: c.sheet === 'elevation' ? 'elevation' : c.sheet === 'plan+views' ? 'sheet-with-plan' : 'plan',
    scaleMetresPerUnit: 1 / unitsPerMetre,
    scaleTolerance: 0.02,
    roomCount: isPlan ? building.rooms.length : null,
    roomCountRange: null,
    doors: isPlan ? building.openings.filter((o) => o.kind !== 'window').length : null,
    windows: isPlan ? building.openings.filter((o) => o.kind === 'window').length : null,
  } as const;
  if (c.format === 'pdf' || c.format === 'png') {
    const { bytes, truth } = plotted(drawing, body, fields);
    return { cell, seed, fileName: fields.sourceFile, bytes, truth, convention: c, building };
  }
  const bytes = writeDxf(drawing, { flavour: c.format, unitsPerMetre, insUnits });
  const truth = wallTruth(body, drawingExtent(drawing), unitsPerMetre, fields);
  return { cell, seed, fileName: truth.groundTruth.sourceFile, bytes, truth, convention: c, building };
}

/** Resolution a raster cell's plot is drawn at: an export or a scan at office resolution. */
const RASTER_DPI = 150;

/**
 * The drawing in its cell's file format: a raster cell's PDF plot drawn as a picture (its truth moved from the page's
 * points onto the picture's pixels); every other format as made.
 */
export async function inFileFormat(drawing: GeneratedDrawing): Promise<GeneratedDrawing> {
  if (drawing.convention.format !== 'png') return drawing;
  const { bytes, pixelsPerPoint: s } = await pdfToPng(drawing.bytes, RASTER_DPI);
  const { groundTruth, mask } = drawing.truth;
  const [a, b, c, d, e, f] = groundTruth.transform;
  const fileName = drawing.fileName.replace(/\.pdf$/, '.png');
  return {
    ...drawing,
    fileName,
    bytes,
    truth: {
      mask,
      groundTruth: {
        ...groundTruth,
        sourceFile: fileName,
        transform: [a / s, b / s, c, d / s, e / s, f],
        scaleMetresPerUnit: (groundTruth.scaleMetresPerUnit ?? 0) / s,
      },
    },
  };
}

/**
 * The drawing plotted to a vector PDF, with its truth in the PDF's own space (page points, y down, as the reader
 * places a plan read from a page): the truth in metres, moved onto the page.
 */
function plotted(
  drawing: Drawing,
  body: Parameters<typeof wallTruth>[0],
  fields: Parameters<typeof wallTruth>[3],
): { bytes: Uint8Array; truth: Truth } {
  const extent = drawingExtent(drawing);
  const { bytes, at } = writePdf(drawing, extent);
  const truth = wallTruth(body, extent, 1, fields);
  const [a, , c, , e, f] = truth.groundTruth.transform;
  const k = at.pointsPerMetre;
  const [ox, oy] = at.origin;
  truth.groundTruth.transform = [
    a / k,
    0,
    a * (ox - at.marginPt / k) + c,
    0,
    -e / k,
    e * ((at.pageHeight - at.marginPt) / k + oy) + f,
  ];
  truth.groundTruth.scaleMetresPerUnit = 1 / k;
  return { bytes, truth };
}

function clutterOf(
  c: Convention,
  random: Random,
  b: ReturnType<typeof randomBuilding>,
  blocks: Map<string, Entity[]>,
  on: (role: keyof (typeof LAYER_NAMES)['en']) => string,
): Entity[] {
  const out: Entity[] = [];
  const has = (k: Clutter) => c.clutter.includes(k);
  const thickest = Math.max(...b.walls.map((w) => w.thickness));
  if (has('furniture')) out.push(...furniture(random, b, on('furniture'), blocks));
  if (has('counters')) out.push(...counters(random, b, on('furniture')));
  if (has('texts')) out.push(...roomTexts(random, b, on('text'), ROOM_NAMES[c.language]));
  if (has('dimensions')) out.push(...dimensions(b, on('dimensions'), dimensionText(c.units), thickest + 1));
  if (has('grid')) out.push(...gridAxes(random, b, on('grid')));
  if (has('north')) out.push(...northArrow(b, on('text')));
  if (has('paving')) out.push(...paving(random, b, on('paving')));
  if (has('site')) out.push(...site(random, b, on('site')));
  if (has('stairs')) out.push(...stairs(random, b, on('stairs')));
  if (has('notes')) out.push(...notes(random, b, on('text')));
  if (has('fills')) out.push(...roomFills(random, b, on('text')));
  return out;
}
