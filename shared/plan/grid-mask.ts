/** Operations on a grid mask (row by row, 1 = set): square dilation and the outside reached from the border. */

/** How many cells of a mask are set. */
export function countSet(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i]!;
  return n;
}

/** Square dilation of a mask by r cells (separable: rows, then columns). */
export function dilateSquare(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let last = Number.NEGATIVE_INFINITY;
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) last = x;
      if (x - last <= r) rows[y * w + x] = 1;
    }
    last = Number.POSITIVE_INFINITY;
    for (let x = w - 1; x >= 0; x--) {
      if (mask[y * w + x]) last = x;
      if (last - x <= r) rows[y * w + x] = 1;
    }
  }
  // Down the columns a row at a time (each column's last set row kept), so that memory is read in order.
  const out = new Uint8Array(w * h);
  const last = new Float64Array(w).fill(Number.NEGATIVE_INFINITY);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (rows[y * w + x]) last[x] = y;
      if (y - last[x]! <= r) out[y * w + x] = 1;
    }
  }
  last.fill(Number.POSITIVE_INFINITY);
  for (let y = h - 1; y >= 0; y--) {
    for (let x = 0; x < w; x++) {
      if (rows[y * w + x]) last[x] = y;
      if (last[x]! - y <= r) out[y * w + x] = 1;
    }
  }
  return out;
}

/**
 * The 8-connected pieces of a mask's set cells: each cell's piece (-1 where unset), numbered in the order of their
 * first cell row by row; and the set cells piece by piece (piece k's are `cells[starts[k]]` to
 * `cells[starts[k + 1] - 1]`), each piece's in the order a depth-first walk reaches them.
 */
export function labelPieces(
  mask: Uint8Array,
  w: number,
  h: number,
): { label: Int32Array; count: number; cells: Int32Array; starts: Int32Array } {
  const label = new Int32Array(w * h).fill(-1);
  const cells: number[] = [];
  const starts: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const piece = starts.length;
    starts.push(cells.length);
    label[start] = piece;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      cells.push(i);
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (mask[j] && label[j] === -1) {
            label[j] = piece;
            stack.push(j);
          }
        }
      }
    }
  }
  starts.push(cells.length);
  return { label, count: starts.length - 1, cells: Int32Array.from(cells), starts: Int32Array.from(starts) };
}

/** Cells reached from the grid's border without crossing the barrier (4-connected). */
export function floodOutside(barrier: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!barrier[i] && !outside[i]) {
      outside[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < (h - 1) * w) push(i + w);
  }
  return outside;
}

/** Two-pass chamfer (3-4) distance to the nearest `source` cell, in cells. */
export function distanceTransform(source: Uint8Array, w: number, h: number): Float32Array {
  const INF = 1e9;
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = source[i] ? 0 : INF;
  const a = 1;
  const b = Math.SQRT2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1]! + a);
      if (y > 0) {
        v = Math.min(v, d[i - w]! + a);
        if (x > 0) v = Math.min(v, d[i - w - 1]! + b);
        if (x < w - 1) v = Math.min(v, d[i - w + 1]! + b);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, d[i + 1]! + a);
      if (y < h - 1) {
        v = Math.min(v, d[i + w]! + a);
        if (x < w - 1) v = Math.min(v, d[i + w + 1]! + b);
        if (x > 0) v = Math.min(v, d[i + w - 1]! + b);
      }
      d[i] = v;
    }
  }
  return d;
}

/**
 * Ink this shallow (the depth of nine in ten ink pixels, in pixels) is line work: walls drawn as lines, not as
 * filled poché, so an opening would leave nothing of them.
 */
export const LINE_WORK_DEPTH = 2.5;

/** Each ink pixel's distance to the paper, and the depth (whole pixels, rounded up) that nine in ten lie within. */
export function inkDepth(ink: Uint8Array, w: number, h: number): { depth: Float32Array; p90: number } {
  const notInk = new Uint8Array(w * h);
  let inkCount = 0;
  for (let i = 0; i < ink.length; i++) {
    notInk[i] = ink[i] ? 0 : 1;
    if (ink[i]) inkCount++;
  }
  const depth = distanceTransform(notInk, w, h);
  const hist = new Uint32Array(64);
  for (let i = 0; i < depth.length; i++) if (ink[i]) hist[Math.min(63, Math.floor(depth[i]!))]!++;
  let acc = 0;
  let p90 = 0;
  for (let v = 0; v < 64; v++) {
    acc += hist[v]!;
    if (acc >= inkCount * 0.9) {
      p90 = v + 1;
      break;
    }
  }
  return { depth, p90 };
}

/**
 * Sets every pixel whose centre lies inside a convex polygon (either winding), row by row: each row's span is where
 * the row's centre line crosses the outline, so a long thin wall costs its own pixels, not its bounding box's.
 */
export function fillConvexPolygon(
  mask: Uint8Array,
  width: number,
  height: number,
  polygon: readonly (readonly [number, number])[],
) {
  const ys = polygon.map((p) => p[1]);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    let left = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < polygon.length; i++) {
      const [ax, ay] = polygon[i]!;
      const [bx, by] = polygon[(i + 1) % polygon.length]!;
      if ((ay <= cy && by >= cy) || (by <= cy && ay >= cy)) {
        const x = ay === by ? Math.min(ax, bx) : ax + ((cy - ay) / (by - ay)) * (bx - ax);
        const xEnd = ay === by ? Math.max(ax, bx) : x;
        left = Math.min(left, x);
        right = Math.max(right, xEnd);
      }
    }
    const from = Math.max(0, Math.ceil(left - 0.5));
    const to = Math.min(width - 1, Math.floor(right - 0.5));
    for (let x = from; x <= to; x++) mask[y * width + x] = 1;
  }
}
