import sharp from 'sharp';
import type { Bounds, Segment } from '../types';

export interface Drawn {
  png: Buffer;
  width: number;
  height: number;
  /** Drawing unit → preview pixel: px = (x - minX) * scale + pad, py = (maxY - y) * scale + pad. */
  scale: number;
  pad: number;
}

/** Stamps a segment of the given pixel width into a 1-channel buffer (0 = ink). */
function stamp(
  buf: Uint8Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  r: number,
) {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const steps = Math.max(1, Math.ceil(len * 1.5));
  const ri = Math.ceil(r);
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const cx = x0 + (x1 - x0) * t;
    const cy = y0 + (y1 - y0) * t;
    const xa = Math.max(0, Math.floor(cx - ri));
    const xb = Math.min(w - 1, Math.ceil(cx + ri));
    const ya = Math.max(0, Math.floor(cy - ri));
    const yb = Math.min(h - 1, Math.ceil(cy + ri));
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        if (dx * dx + dy * dy <= r * r + 0.25) buf[y * w + x] = 0;
      }
    }
  }
}

/** Draws the CAD strokes as a line drawing (walls heavier), fitted so its longest side is `maxSide`. */
export async function drawStrokes(
  bounds: Bounds,
  walls: Segment[],
  others: Segment[],
  maxSide: number,
): Promise<Drawn> {
  const bw = Math.max(bounds.maxX - bounds.minX, 1e-9);
  const bh = Math.max(bounds.maxY - bounds.minY, 1e-9);
  const pad = Math.round(maxSide * 0.02);
  const scale = (maxSide - 2 * pad) / Math.max(bw, bh);
  const width = Math.max(16, Math.round(bw * scale) + 2 * pad);
  const height = Math.max(16, Math.round(bh * scale) + 2 * pad);
  const buf = new Uint8Array(width * height).fill(255);
  const px = (x: number) => (x - bounds.minX) * scale + pad;
  const py = (y: number) => (bounds.maxY - y) * scale + pad;
  // Bound the ink work: very dense drawings are thinned to a fixed number of segments.
  const budget = 300_000;
  const step = Math.max(1, Math.ceil(others.length / Math.max(1, budget - walls.length)));
  for (let i = 0; i < others.length; i += step) {
    const s = others[i]!;
    stamp(buf, width, height, px(s[0]), py(s[1]), px(s[2]), py(s[3]), 0.6);
  }
  for (const s of walls) stamp(buf, width, height, px(s[0]), py(s[1]), px(s[2]), py(s[3]), 1.3);
  const png = await sharp(buf, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, width, height, scale, pad };
}
