/**
 * How the walls of a plan were drawn, in words a user can check against their drawing ("double lines 0.10–0.30 m
 * apart, on layer A-WALL"): the line style the reader paired or took singly, the thickness it found, and the layers
 * the walls' line work is on. Pure.
 */
import { weightedQuantile } from '../../shared/plan/geometry';
import type { PlanWall } from '../../shared/plan/schema';
import type { WallLines } from '../drawing/types';

/** One kind of line holds at least this share of the walls' length: the walls are drawn in it. */
const ONE_KIND_SHARE = 0.9;
/** The thickness range named: from this quantile of the walls' length to the one as far from the top. */
const RANGE_QUANTILE = 0.1;

/**
 * The sentence for a plan's walls (thicknesses in metres): from the vector line work when there is some, else as
 * read from a picture; undefined when no wall was read.
 */
export function describeWallDrawing(
  walls: readonly PlanWall[],
  metresPerUnit: number,
  wallLines: WallLines | undefined,
): string | undefined {
  if (!walls.length) return undefined;
  const range = thicknessRange(walls, metresPerUnit);
  if (!wallLines) return `filled areas and thick lines of the picture, ${range} thick`;
  const total = wallLines.pairedM + wallLines.singleM;
  const style =
    wallLines.pairedM >= total * ONE_KIND_SHARE
      ? `double lines ${range} apart`
      : wallLines.singleM >= total * ONE_KIND_SHARE
        ? `single lines, built ${range} thick`
        : `double lines ${range} apart and single lines`;
  const { layers } = wallLines;
  if (!layers.length) return style;
  const named = layers.length === 1 ? layers[0] : `${layers.slice(0, -1).join(', ')} and ${layers.at(-1)}`;
  return `${style}, on ${layers.length === 1 ? 'layer' : 'layers'} ${named}`;
}

/** "0.10–0.30 m", or "0.20 m" when the walls are all about as thick, weighted by length. */
function thicknessRange(walls: readonly PlanWall[], metresPerUnit: number): string {
  const items = walls.map((w) => ({
    value: w.thickness * metresPerUnit,
    weight: Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]),
  }));
  // Walls of no length at all weigh nothing: the first one's thickness stands for them.
  const at = (q: number) => weightedQuantile(items, q) ?? items[0]!.value;
  const low = at(RANGE_QUANTILE).toFixed(2);
  const high = at(1 - RANGE_QUANTILE).toFixed(2);
  return low === high ? `${low} m` : `${low}–${high} m`;
}
