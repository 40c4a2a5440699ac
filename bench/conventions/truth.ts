/** The exact truth of a generated drawing as the fidelity scorer reads it: a wall mask in the drawing's own space. */
import { fillPolygon, type GroundTruth } from '../fidelity/score';
import type { Point } from './building';
import type { Drawing, Entity } from './dxf-writer';

/** The truth mask's longest side, as the corpus's masks. */
const MASK_SIDE_PX = 1024;
/** The scorer's tolerance: 1 % of the mask's longest side, as in the corpus. */
const TOLERANCE_SHARE = 0.01;

export type Extent = [number, number, number, number];

function entityPoints(e: Entity, blocks: Drawing['blocks']): Point[] {
  switch (e.type) {
    case 'LINE':
      return [e.a, e.b];
    case 'POLYLINE':
    case 'FILL':
      return e.points;
    case 'ARC':
    case 'CIRCLE':
      return [
        [e.c[0] - e.r, e.c[1] - e.r],
        [e.c[0] + e.r, e.c[1] + e.r],
      ];
    case 'TEXT':
      return [e.at, [e.at[0] + e.text.length * e.height * 0.7, e.at[1] + e.height]];
    case 'INSERT': {
      const reach = Math.max(
        0,
        ...(blocks.get(e.block) ?? []).flatMap((inner) =>
          entityPoints(inner, blocks).map(([x, y]) => Math.hypot(x, y)),
        ),
      );
      return [
        [e.at[0] - reach, e.at[1] - reach],
        [e.at[0] + reach, e.at[1] + reach],
      ];
    }
  }
}

/** The extent of everything drawn, metres. */
export function drawingExtent(drawing: Drawing): Extent {
  const extent: Extent = [Infinity, Infinity, -Infinity, -Infinity];
  for (const e of drawing.entities) {
    for (const [x, y] of entityPoints(e, drawing.blocks)) {
      extent[0] = Math.min(extent[0], x);
      extent[1] = Math.min(extent[1], y);
      extent[2] = Math.max(extent[2], x);
      extent[3] = Math.max(extent[3], y);
    }
  }
  return extent;
}

export interface Truth {
  groundTruth: GroundTruth;
  mask: Uint8Array;
}

/**
 * The wall body (metres) rasterised over the drawing's extent; the transform maps the drawing's own units (y up)
 * to mask pixels (y down), as the corpus's ground truth does.
 */
export function wallTruth(
  body: Point[][],
  extent: Extent,
  unitsPerMetre: number,
  fields: Omit<GroundTruth, 'width' | 'height' | 'transform' | 'tolerancePx'>,
): Truth {
  const [x0, y0, x1, y1] = extent;
  const pxPerMetre = MASK_SIDE_PX / Math.max(x1 - x0, y1 - y0);
  const width = Math.max(1, Math.ceil((x1 - x0) * pxPerMetre));
  const height = Math.max(1, Math.ceil((y1 - y0) * pxPerMetre));
  const k = pxPerMetre / unitsPerMetre;
  const transform: GroundTruth['transform'] = [k, 0, -x0 * pxPerMetre, 0, -k, y1 * pxPerMetre];
  const mask = new Uint8Array(width * height);
  for (const polygon of body) {
    fillPolygon(
      mask,
      width,
      height,
      polygon.map(([x, y]) => [(x - x0) * pxPerMetre, (y1 - y) * pxPerMetre]),
    );
  }
  return {
    groundTruth: {
      ...fields,
      width,
      height,
      transform,
      tolerancePx: TOLERANCE_SHARE * Math.max(width, height),
    },
    mask,
  };
}
