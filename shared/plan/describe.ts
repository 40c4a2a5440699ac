/**
 * What was read from a drawing, in one or two sentences: the plan's extent, walls, rooms, openings and where its
 * scale came from. Recorded with each generation (`analysis`), from the stored plan with the user's corrections.
 */
import { boundsOfPoints } from './geometry';
import type { PlanModel } from './schema';

const UNIT_NAMES: Partial<Record<PlanModel['space']['units'], string>> = {
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

const FORMAT_NAMES: Record<PlanModel['source']['format'], string> = {
  jpeg: 'JPEG image',
  png: 'PNG image',
  pdf: 'PDF',
  dxf: 'DXF drawing',
  'dxf-binary': 'binary DXF drawing',
  dwg: 'DWG drawing',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Where the plan's scale came from, as the end of "from a … in …". */
function scaleWords(plan: PlanModel): string {
  const { units, scaleSource } = plan.space;
  if (scaleSource === 'user') return 'at the scale you set';
  if (scaleSource === 'inferred') return 'at a scale read from what it shows';
  if (scaleSource === 'guessed' || plan.space.scaleGuessed) return 'at an assumed scale';
  return `in ${UNIT_NAMES[units] ?? units}`;
}

export function describePlan(plan: PlanModel): string {
  const m = plan.space.metresPerUnit;
  const extent = boundsOfPoints(plan.walls.flatMap((w) => [w.a, w.b]));
  const size = extent
    ? `${((extent.maxX - extent.minX) * m).toFixed(1)} × ${((extent.maxY - extent.minY) * m).toFixed(1)} m`
    : 'no size';
  const roomText =
    plan.rooms.length === 0
      ? 'no enclosed rooms'
      : `${plural(plan.rooms.length, 'enclosed room')} (${list(plan.rooms.map((r) => `${Math.round(r.areaM2)} m²`))})`;
  const first = `A plan of about ${size}, from a ${FORMAT_NAMES[plan.source.format]} ${scaleWords(plan)}, with ${plural(plan.walls.length, 'wall')} and ${roomText}.`;
  const doors = plan.openings.filter((o) => o.kind !== 'window').length;
  const windows = plan.openings.length - doors;
  const openings =
    plan.openings.length > 0
      ? `Openings found in the walls: ${list([plural(doors, 'door'), plural(windows, 'window')].filter((s) => !s.startsWith('0 ')))}.`
      : 'No openings were found in the walls.';
  return `${first} ${openings}`;
}
