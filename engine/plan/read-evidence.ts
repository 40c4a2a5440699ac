/**
 * What the drawing itself says about a reading, measured once when the plan is read (the plan check in
 * shared/plan/check.ts weighs it later without the drawing): how much of the plan view's ink the walls, openings and
 * line work known not to be walls (stair treads, paving) explain, and how much of that ink lies around the walls at
 * all. Measured on the normalised line drawing (≤ 1024 px).
 */
import { boundsOfPoints, wallQuad } from '../../shared/plan/geometry';
import { fillConvexPolygon } from '../../shared/plan/grid-mask';
import type { PlanBounds, PlanEvidence, PlanModel, PlanPoint } from '../../shared/plan/schema';
import { decodePngLuminance } from '../drawing/png';
import type { NormalisedDrawing } from '../drawing/types';

/** Darker than this (0–255) is ink on the normalised drawing. */
const INK_LUMINANCE = 160;
/** A wall explains ink this many pixels beyond its faces (line weight, the normaliser's anti-aliasing). */
const WALL_MARGIN_PX = 2;
/**
 * Ink this far outside the walls' extent (a share of its longer side) still belongs to the building: dimension
 * chains, grid bubbles, labels and the entrance steps sit a few metres out.
 */
const BUILDING_MARGIN = 0.15;

type Affine = [number, number, number, number, number, number];

/** The file's own space → pixels of the normalised drawing. */
export function fileToDrawingPixels(drawing: NormalisedDrawing, previewTransform?: Affine): Affine | null {
  const g = drawing.geometry;
  if (drawing.kind === 'image') {
    const t = g.pixelTransform;
    return t ? [t.scale, 0, -t.offsetX * t.scale, 0, t.scale, -t.offsetY * t.scale] : [1, 0, 0, 0, 1, 0];
  }
  return previewTransform ?? null;
}

export function readEvidence(drawing: NormalisedDrawing, plan: PlanModel): PlanEvidence | undefined {
  const transform = fileToDrawingPixels(drawing, plan.source.previewTransform);
  if (!transform) return undefined;
  let image: ReturnType<typeof decodePngLuminance>;
  try {
    image = decodePngLuminance(drawing.png);
  } catch {
    return undefined;
  }
  const { width, height, data } = image;
  const toPx = ([x, y]: PlanPoint): PlanPoint => [
    transform[0] * x + transform[1] * y + transform[2],
    transform[3] * x + transform[4] * y + transform[5],
  ];
  const region = viewRegion(drawing, toPx, width, height);
  const explained = new Uint8Array(width * height);
  const scale = Math.hypot(transform[0], transform[3]);
  for (const wall of plan.walls) {
    const margin = WALL_MARGIN_PX / (scale || 1);
    fillConvexPolygon(
      explained,
      width,
      height,
      wallQuad({ ...wall, thickness: wall.thickness + 2 * margin }).map(toPx),
    );
  }
  for (const opening of plan.openings)
    fillConvexPolygon(explained, width, height, openingZone(opening).map(toPx));
  // Symbols come from vector readings only, whose drawing units are the plan's own space.
  for (const [x1, y1, x2, y2] of drawing.geometry.symbols ?? []) {
    const line = { a: toPx([x1, y1]), b: toPx([x2, y2]), thickness: 2 * WALL_MARGIN_PX };
    fillConvexPolygon(explained, width, height, wallQuad(line));
  }
  const building = grownBounds(plan.walls.flatMap((w) => [toPx(w.a), toPx(w.b)]));
  let ink = 0;
  let inkExplained = 0;
  let inkAround = 0;
  for (let y = region.minY; y < region.maxY; y++) {
    for (let x = region.minX; x < region.maxX; x++) {
      const i = y * width + x;
      if (data[i]! >= INK_LUMINANCE) continue;
      ink++;
      if (explained[i]) inkExplained++;
      if (building && x >= building.minX && x <= building.maxX && y >= building.minY && y <= building.maxY)
        inkAround++;
    }
  }
  if (!ink) return undefined;
  return { inkExplained: round3(inkExplained / ink), inkAroundWalls: round3(inkAround / ink) };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** The chosen view of a sheet (or the whole drawing), in whole pixels. */
function viewRegion(
  drawing: NormalisedDrawing,
  toPx: (p: PlanPoint) => PlanPoint,
  width: number,
  height: number,
) {
  const g = drawing.geometry;
  const view = g.views?.find((v) => v.id === g.viewId && v.bounds);
  const all = { minX: 0, minY: 0, maxX: width, maxY: height };
  if (!view?.bounds || drawing.kind !== 'cad') return all;
  const b = view.bounds;
  const [x1, y1] = toPx([b.minX, b.minY]);
  const [x2, y2] = toPx([b.maxX, b.maxY]);
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  return {
    minX: clamp(Math.min(x1, x2), width),
    maxX: clamp(Math.max(x1, x2) + 1, width),
    minY: clamp(Math.min(y1, y2), height),
    maxY: clamp(Math.max(y1, y2) + 1, height),
  };
}

/** A door's leaf and swing, or a window's glazing, lie within a square of the opening's width on either side. */
function openingZone(opening: { a: PlanPoint; b: PlanPoint }): PlanPoint[] {
  const [ax, ay] = opening.a;
  const [bx, by] = opening.b;
  const nx = -(by - ay);
  const ny = bx - ax;
  return [
    [ax + nx, ay + ny],
    [bx + nx, by + ny],
    [bx - nx, by - ny],
    [ax - nx, ay - ny],
  ];
}

/** The walls' extent grown by BUILDING_MARGIN of its longer side (null with no walls). */
function grownBounds(points: PlanPoint[]): PlanBounds | null {
  const extent = boundsOfPoints(points);
  if (!extent) return null;
  const { minX, maxX, minY, maxY } = extent;
  const margin = Math.max(maxX - minX, maxY - minY) * BUILDING_MARGIN;
  return { minX: minX - margin, maxX: maxX + margin, minY: minY - margin, maxY: maxY + margin };
}
