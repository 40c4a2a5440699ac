import type { NormalisedDrawing } from '../drawings/types';
import { buildPlan, type Plan } from './plan';

const UNIT_NAMES: Record<string, string> = {
  mm: 'millimetres',
  cm: 'centimetres',
  dm: 'decimetres',
  m: 'metres',
  km: 'kilometres',
  in: 'inches',
  ft: 'feet',
  yd: 'yards',
  mi: 'miles',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Extent of the walls in metres (vector walls carry half a thickness of padding at each end). */
function extent(plan: Plan): [number, number] {
  const pad = plan.source === 'vector' ? plan.wallThickness : 0;
  return [plan.bounds.maxX - plan.bounds.minX - 2 * pad, plan.bounds.maxY - plan.bounds.minY - 2 * pad];
}

/**
 * What was found in the drawing, in one or two sentences: extent, walls, enclosed rooms, openings and units.
 * Recorded by the pipeline as `output_data.analysis`.
 */
export function analyseDrawing(drawing: NormalisedDrawing): string {
  const plan = buildPlan(drawing);
  const g = drawing.geometry;
  const [w, h] = extent(plan);
  const size = `${w.toFixed(1)} × ${h.toFixed(1)} m`;
  const format = g.source.format === 'dxf-binary' ? 'binary DXF' : g.source.format.toUpperCase();
  let origin: string;
  if (drawing.kind === 'cad') {
    origin =
      g.units !== 'unitless' && !plan.scaleGuessed
        ? `${format} drawing in ${UNIT_NAMES[g.units] ?? g.units}`
        : `${format} drawing without units (scale assumed)`;
  } else if (g.fromPdfPaths) {
    origin = plan.scaleGuessed
      ? 'PDF drawing read from its paths (scale assumed)'
      : 'PDF drawing read from its paths';
  } else {
    origin = `${drawing.kind === 'pdf' ? 'PDF' : 'raster'} drawing read from its lines (no units; scale assumed)`;
  }
  const rooms = plan.rooms.length;
  const roomText =
    rooms === 0
      ? 'no enclosed rooms'
      : `${plural(rooms, 'enclosed room')} (${list(plan.rooms.map((r) => `${Math.round(r.area)} m²`))})`;
  const doors = plan.openings.filter((o) => o.kind !== 'window').length;
  const windows = plan.openings.length - doors;
  const first = `A plan of about ${size}, from a ${origin}, with ${plural(plan.wallCount, 'wall')} and ${roomText}.`;
  const openings =
    plan.openings.length > 0
      ? `Openings found in the walls: ${list([plural(doors, 'door'), plural(windows, 'window')].filter((s) => !s.startsWith('0 ')))}.`
      : 'No openings were found in the walls.';
  return `${first} ${openings}`;
}
