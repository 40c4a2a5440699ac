/**
 * How much of the building's geometry an image kept: the model's lines seen from the image's camera (a hidden-line
 * render) against the image's own edges, within a few pixels. Pure functions over grey and line images of the same
 * size; what "Geometry kept: 92%" on a render is measured with.
 */
import { distanceTransform } from '../../shared/plan/grid-mask';

/** Edges of a grey image (1 = edge): a 3×3 box blur against texture, Sobel, the strongest `fraction` of pixels. */
export function edgePixels(gray: Uint8Array, width: number, height: number, fraction = 0.1): Uint8Array {
  const blur = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) sum += gray[(y + dy) * width + x + dx]!;
      blur[y * width + x] = sum / 9;
    }
  const magnitude = new Float32Array(width * height);
  const at = (x: number, y: number) => blur[y * width + x]!;
  for (let y = 2; y < height - 2; y++)
    for (let x = 2; x < width - 2; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x - 1, y) -
        at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x, y - 1) -
        at(x + 1, y - 1);
      magnitude[y * width + x] = Math.hypot(gx, gy);
    }
  // The threshold: the (1 − fraction) quantile of the magnitudes, from a 256-bin histogram; never below a floor.
  let max = 0;
  for (const m of magnitude) if (m > max) max = m;
  const bins = new Uint32Array(256);
  for (const m of magnitude) bins[Math.min(255, Math.floor((m / (max || 1)) * 255))]!++;
  let left = Math.round(magnitude.length * fraction);
  let bin = 255;
  while (bin > 0 && left > 0) left -= bins[bin--]!;
  const threshold = Math.max(((bin + 1) / 255) * max, 24);
  const edges = new Uint8Array(width * height);
  for (let i = 0; i < edges.length; i++) edges[i] = magnitude[i]! >= threshold ? 1 : 0;
  return edges;
}

export interface GeometryKept {
  /** Share of the model's line pixels with an image edge within the tolerance. */
  recall: number;
  /** Share of the image's edge pixels near a model line (low when walls were invented). */
  precision: number;
  /** The score shown: F2 of the two (keeping the design's lines counts twice as much as extra detail). */
  score: number;
}

/**
 * The model's lines (0 = line, as renderLines draws them) against the image's edges, within `tolerance` px.
 * Precision counts only edges over the building (`depth` > 0, grown by `margin` px): grass, sky and cast shadows
 * around it are the picture's, not invented geometry.
 */
export function geometryKept(
  edges: Uint8Array,
  lines: Uint8Array,
  depth: Uint8Array,
  width: number,
  height: number,
  tolerance = 3,
  margin = 8,
): GeometryKept {
  const building = new Uint8Array(width * height);
  for (let i = 0; i < building.length; i++) building[i] = depth[i]! > 0 ? 1 : 0;
  const toBuilding = distanceTransform(building, width, height);
  const lineMask = new Uint8Array(width * height);
  for (let i = 0; i < lineMask.length; i++) lineMask[i] = lines[i]! < 128 ? 1 : 0;
  const toEdge = distanceTransform(edges, width, height);
  const toLine = distanceTransform(lineMask, width, height);
  let lineCount = 0;
  let lineHits = 0;
  let edgeCount = 0;
  let edgeHits = 0;
  for (let i = 0; i < lineMask.length; i++) {
    if (lineMask[i]) {
      lineCount++;
      if (toEdge[i]! <= tolerance) lineHits++;
    }
    if (edges[i] && toBuilding[i]! <= margin) {
      edgeCount++;
      if (toLine[i]! <= tolerance) edgeHits++;
    }
  }
  const recall = lineCount ? lineHits / lineCount : 0;
  const precision = edgeCount ? edgeHits / edgeCount : 0;
  const score = recall + precision > 0 ? (5 * precision * recall) / (4 * precision + recall) : 0;
  return { recall, precision, score };
}
