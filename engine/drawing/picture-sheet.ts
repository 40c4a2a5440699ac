/**
 * A picture holding several drawings side by side (a sheet of floor plans exported or scanned as one image): its
 * views told apart by the clear paper between them (`pictureViews`), each named by the words on it (a title naming a
 * storey, "Ground floor plan", or a level mark, "План на отм. +3,300"), and one of them read as the plan: the one
 * asked for, else the ground floor's, else the largest. The plan's space stays the picture's own pixels, so a view's
 * plan lies where it is drawn.
 */
import { storeyOfTitle } from '../../shared/building/level-names';
import {
  drawingPixel,
  inkMask,
  type LineDrawing,
  lineDrawingFromRaster,
  type OriginalBox,
  originalPixel,
} from './image';
import { prepareOcr, readDrawingTexts } from './ocr';
import { type PixelBox, pictureViews } from './picture-views';
import type { DrawingGeometry, TextLine } from './types';

type View = NonNullable<DrawingGeometry['views']>[number];

export interface PictureSheet {
  /** The line drawing of the view read as the plan (the whole picture when it holds one drawing). */
  drawing: LineDrawing;
  /** The words of that view, in its line drawing's pixels. */
  texts: TextLine[];
  /** The views, with bounds in the picture's own pixels, when it holds more than one; and the one read. */
  views?: View[];
  viewId?: string;
}

/** Reads a picture's drawings: the one asked for (`view-N`) or the one that is most the plan. */
export async function readPictureSheet(bytes: Uint8Array, viewId: string | undefined): Promise<PictureSheet> {
  prepareOcr();
  const whole = await lineDrawingFromRaster({ bytes }, 'image');
  const { ink, width, height } = await inkMask(whole.png);
  const boxes = pictureViews(ink, width, height);
  const texts = await readDrawingTexts({ bytes }, whole);
  if (boxes.length < 2) return { drawing: whole, texts };
  const views = boxes.map((box, i) => viewOf(box, i, whole, texts));
  const chosen = views.find((v) => v.id === viewId) ?? groundFloorView(views) ?? largestView(views);
  const region = chosen.bounds!;
  const box: OriginalBox = { x0: region.minX, y0: region.minY, x1: region.maxX, y1: region.maxY };
  const drawing = await lineDrawingFromRaster({ bytes }, 'image', { region: box });
  const own = texts
    .filter((t) => inBox(originalPixel(whole.pixelTransform, t.x, t.y), region))
    .map((t) => {
      const [x, y] = drawingPixel(drawing.pixelTransform, ...originalPixel(whole.pixelTransform, t.x, t.y));
      return { ...t, x, y, height: t.height * (drawing.pixelTransform.scale / whole.pixelTransform.scale) };
    });
  return { drawing, texts: own, views, viewId: chosen.id };
}

/** A view of the picture: its bounds in the original's pixels, and the storeys its words name. */
function viewOf(box: PixelBox, index: number, whole: LineDrawing, texts: readonly TextLine[]): View {
  const [x0, y0] = originalPixel(whole.pixelTransform, box.x0, box.y0);
  const [x1, y1] = originalPixel(whole.pixelTransform, box.x1, box.y1);
  const bounds = { minX: x0, minY: y0, maxX: x1, maxY: y1 };
  const storeys = texts
    .filter((t) => t.x >= box.x0 && t.x <= box.x1 && t.y >= box.y0 && t.y <= box.y1)
    .map((t) => t.text.trim())
    .filter((text) => storeyOfTitle(text) !== null);
  const title = storeys.length ? storeyOfTitle(storeys[0]!)!.text : '';
  return {
    id: `view-${index + 1}`,
    label: `View ${index + 1}${title ? `: ${title}` : ''}`,
    kind: storeys.length ? 'plan' : 'unknown',
    bounds,
    ...(storeys.length ? { storeys } : {}),
  };
}

/** The view whose words name the ground floor or the ±0 level: where a set of plans starts. */
const groundFloorView = (views: readonly View[]) =>
  views.find((v) => v.storeys?.some((text) => storeyOfTitle(text)?.rank === 0));

const area = (v: View) => (v.bounds!.maxX - v.bounds!.minX) * (v.bounds!.maxY - v.bounds!.minY);
const largestView = (views: readonly View[]) => views.reduce((a, b) => (area(b) > area(a) ? b : a));

const inBox = ([x, y]: [number, number], b: NonNullable<View['bounds']>) =>
  x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;
