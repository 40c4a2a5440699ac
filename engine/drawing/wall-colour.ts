/**
 * Walls found by their colour. Marketing renders and coloured plans (salmon cut walls over dark wooden floors, white
 * walls seen from above) defeat a reading by darkness: the floors are the darkest thing on the sheet. Here the
 * image's colours are grouped (k-means, deterministic), and a colour (or two shades of one hue: lit and shaded faces)
 * is taken as the walls' when its pixels are mostly long thin runs spanning the building, clearly more so than the
 * dark ink's. Pure functions over RGB pixels; no I/O.
 */

import { countSet, dilateSquare } from '../../shared/plan/grid-mask';

export interface RgbImage {
  /** 3 bytes a pixel, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
}

type Rgb = [number, number, number];

export interface WallColour {
  /** Every colour group's centre; a pixel belongs to the group whose centre is nearest. */
  centres: Rgb[];
  /** The groups that are wall. */
  members: number[];
}

const GROUPS = 8;
const SAMPLES = 40_000;
const ITERATIONS = 10;
/** Squared RGB distance within which a pixel is the sheet's background colour. */
const BACKGROUND_TOLERANCE = 30 * 30;
/** A run is long from this share of the building's size, thin up to this share. */
const LONG = 0.06;
const THIN = 0.045;
/** A wall colour: most of its pixels in thin runs, spanning most of the building both ways. */
const MIN_PURITY = 0.5;
const MIN_SPAN = 0.6;
const MIN_BALANCE = 0.15;
/** And clearly better than the dark ink. */
const MARGIN = 1.5;
/** Shades of one hue (lit and shaded wall faces) are one candidate. */
const MIN_CHROMA = 30;
const MAX_HUE_STEP = 20;

function distance2(data: Uint8Array, i: number, c: Rgb): number {
  const r = data[i * 3]! - c[0];
  const g = data[i * 3 + 1]! - c[1];
  const b = data[i * 3 + 2]! - c[2];
  return r * r + g * g + b * b;
}

/** The index of the centre (3 numbers each in `flat`) nearest to pixel i's colour. */
function nearest(data: Uint8Array, i: number, flat: Float64Array): number {
  const r = data[i * 3]!;
  const g = data[i * 3 + 1]!;
  const b = data[i * 3 + 2]!;
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let k = 0; k < flat.length; k += 3) {
    const dr = r - flat[k]!;
    const dg = g - flat[k + 1]!;
    const db = b - flat[k + 2]!;
    const d = dr * dr + dg * dg + db * db;
    if (d < bestD) {
      bestD = d;
      best = k / 3;
    }
  }
  return best;
}

const flatten = (centres: Rgb[]) => Float64Array.from(centres.flat());

interface Sheet {
  /** The border's colour: the paper, or the backdrop of a render. */
  paper: Rgb;
  /** 1 where the pixel is the background reached from the image's border. */
  background: Uint8Array;
  /** The building's size in pixels: the longer side of what is not background. */
  size: number;
  box: { minX: number; minY: number; maxX: number; maxY: number };
}

/** The background: pixels of the border's median colour flooded in from the border. */
function sheetOf(img: RgbImage): Sheet {
  const { data, width: w, height: h } = img;
  const n = w * h;
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) border.push(y * w, y * w + w - 1);
  const median = [0, 1, 2].map((c) => {
    const values = border.map((i) => data[i * 3 + c]!).sort((a, b) => a - b);
    return values[values.length >> 1]!;
  }) as Rgb;
  const background = new Uint8Array(n);
  const stack: number[] = [];
  for (const i of border) {
    if (!background[i] && distance2(data, i, median) < BACKGROUND_TOLERANCE) {
      background[i] = 1;
      stack.push(i);
    }
  }
  const reach = (j: number) => {
    if (background[j] || distance2(data, j, median) >= BACKGROUND_TOLERANCE) return;
    background[j] = 1;
    stack.push(j);
  };
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) reach(i - 1);
    if (x < w - 1) reach(i + 1);
    if (i >= w) reach(i - w);
    if (i + w < n) reach(i + w);
  }
  const box = { minX: w, minY: h, maxX: -1, maxY: -1 };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (background[y * w + x]) continue;
      if (x < box.minX) box.minX = x;
      if (x > box.maxX) box.maxX = x;
      if (y < box.minY) box.minY = y;
      if (y > box.maxY) box.maxY = y;
    }
  const size = Math.max(box.maxX - box.minX, box.maxY - box.minY, 0);
  return { paper: median, background, size, box };
}

/** k-means over a regular sample of the pixels that are not background; farthest-first start, so deterministic. */
function colourGroups(img: RgbImage, background: Uint8Array): Rgb[] {
  const { data } = img;
  const n = img.width * img.height;
  let foreground = 0;
  for (let i = 0; i < n; i++) if (!background[i]) foreground++;
  const stride = Math.max(1, Math.floor(foreground / SAMPLES));
  const samples: number[] = [];
  let seen = 0;
  for (let i = 0; i < n; i++) if (!background[i] && seen++ % stride === 0) samples.push(i);
  if (samples.length < GROUPS) return [];
  const mean: Rgb = [0, 0, 0];
  for (const i of samples) for (let c = 0; c < 3; c++) mean[c] = mean[c]! + data[i * 3 + c]! / samples.length;
  // Farthest-first: each pick is the sample farthest from those picked (from the mean, for the first).
  const centres: Rgb[] = [];
  const nearestD = samples.map((i) => distance2(data, i, mean));
  while (centres.length < GROUPS) {
    let far = -1;
    let farD = -1;
    for (let k = 0; k < samples.length; k++) {
      if (nearestD[k]! > farD) {
        farD = nearestD[k]!;
        far = samples[k]!;
      }
    }
    if (farD <= 0) break;
    const pick: Rgb = [data[far * 3]!, data[far * 3 + 1]!, data[far * 3 + 2]!];
    for (let k = 0; k < samples.length; k++) {
      const d = distance2(data, samples[k]!, pick);
      // The first pick replaces the distance to the mean; later ones keep the nearest.
      nearestD[k] = centres.length ? Math.min(nearestD[k]!, d) : d;
    }
    centres.push(pick);
  }
  const sums = new Float64Array(centres.length * 4);
  for (let it = 0; it < ITERATIONS; it++) {
    const flat = flatten(centres);
    sums.fill(0);
    for (const i of samples) {
      const s = nearest(data, i, flat) * 4;
      sums[s] = sums[s]! + data[i * 3]!;
      sums[s + 1] = sums[s + 1]! + data[i * 3 + 1]!;
      sums[s + 2] = sums[s + 2]! + data[i * 3 + 2]!;
      sums[s + 3] = sums[s + 3]! + 1;
    }
    for (let k = 0; k < centres.length; k++) {
      const count = sums[k * 4 + 3]!;
      if (count) centres[k] = [sums[k * 4]! / count, sums[k * 4 + 1]! / count, sums[k * 4 + 2]! / count];
    }
  }
  return centres;
}

/**
 * Pixels of the mask lying in a long run one way and a thin one the other (a wall's stretch, not a blob or a dot):
 * 1 where the long run is horizontal, 2 where it is vertical, 0 elsewhere.
 */
export function thinLongPixels(
  mask: Uint8Array,
  w: number,
  h: number,
  long: number,
  thin: number,
): Uint8Array {
  const across = new Uint16Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      if (!mask[y * w + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < w && mask[y * w + end]) end++;
      for (let q = x; q < end; q++) across[y * w + q] = Math.min(end - x, 65535);
      x = end;
    }
  }
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (!mask[y * w + x]) {
        y++;
        continue;
      }
      let end = y;
      while (end < h && mask[end * w + x]) end++;
      const run = end - y;
      for (let q = y; q < end; q++) {
        const i = q * w + x;
        const row = across[i]!;
        if (row >= long && run <= thin) out[i] = 1;
        else if (run >= long && row <= thin) out[i] = 2;
      }
      y = end;
    }
  }
  return out;
}

interface Runs {
  long: number;
  thin: number;
}

function runsFor(sheet: Sheet): Runs {
  return {
    long: Math.max(3, Math.round(sheet.size * LONG)),
    thin: Math.max(2, Math.round(sheet.size * THIN)),
  };
}

/** The mask kept to its wall-like parts: its thin long runs and what joins them (corners, junctions). */
function wallParts(
  mask: Uint8Array,
  w: number,
  h: number,
  runs: Runs,
): { parts: Uint8Array; thinLong: number } {
  const thin = thinLongPixels(mask, w, h, runs.long, runs.thin);
  let thinLong = 0;
  for (let i = 0; i < thin.length; i++) if (thin[i]) thinLong++;
  const near = dilateSquare(thin, w, h, Math.ceil(runs.thin / 2));
  const parts = new Uint8Array(w * h);
  for (let i = 0; i < parts.length; i++) parts[i] = mask[i] && near[i] ? 1 : 0;
  return { parts, thinLong };
}

interface Judged {
  purity: number;
  span: number;
  /** Of its wall stretches, the share running the less common way (walls run both ways; floorboards one). */
  balance: number;
  score: number;
}

/** How wall-like a mask is: its thin long pixels, weighted by the share of its pixels they are, and its span. */
function judge(mask: Uint8Array, img: RgbImage, sheet: Sheet, runs: Runs): Judged {
  const { width: w, height: h } = img;
  const { parts, thinLong } = wallParts(mask, w, h, runs);
  const purity = thinLong / Math.max(1, countSet(mask));
  // Scored again on its wall-like parts, so that same-coloured floors or furniture do not count against it.
  const again = thinLongPixels(parts, w, h, runs.long, runs.thin);
  let kept = 0;
  let thinAgain = 0;
  let vertical = 0;
  const box = { minX: w, minY: h, maxX: -1, maxY: -1 };
  for (let i = 0; i < parts.length; i++) {
    kept += parts[i]!;
    if (!again[i]) continue;
    thinAgain++;
    if (again[i] === 2) vertical++;
    const x = i % w;
    const y = (i - x) / w;
    if (x < box.minX) box.minX = x;
    if (x > box.maxX) box.maxX = x;
    if (y < box.minY) box.minY = y;
    if (y > box.maxY) box.maxY = y;
  }
  const sheetW = Math.max(1, sheet.box.maxX - sheet.box.minX);
  const sheetH = Math.max(1, sheet.box.maxY - sheet.box.minY);
  const span = thinAgain ? Math.min((box.maxX - box.minX) / sheetW, (box.maxY - box.minY) / sheetH) : 0;
  const keptPurity = thinAgain / Math.max(1, kept);
  const balance = Math.min(vertical, thinAgain - vertical) / Math.max(1, thinAgain);
  return { purity, span, balance, score: thinAgain * keptPurity * purity };
}

function hueChroma([r, g, b]: Rgb): { hue: number; chroma: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  if (chroma === 0) return { hue: 0, chroma };
  let hue: number;
  if (max === r) hue = ((g - b) / chroma + 6) % 6;
  else if (max === g) hue = (b - r) / chroma + 2;
  else hue = (r - g) / chroma + 4;
  return { hue: hue * 60, chroma };
}

/** Each colour group alone, and each pair of shades of one clear hue. */
function candidates(centres: Rgb[]): number[][] {
  const out = centres.map((_, k) => [k]);
  const hc = centres.map(hueChroma);
  for (let a = 0; a < centres.length; a++)
    for (let b = a + 1; b < centres.length; b++) {
      const A = hc[a]!;
      const B = hc[b]!;
      const step = Math.min(Math.abs(A.hue - B.hue), 360 - Math.abs(A.hue - B.hue));
      if (A.chroma >= MIN_CHROMA && B.chroma >= MIN_CHROMA && step <= MAX_HUE_STEP) out.push([a, b]);
    }
  return out;
}

/** Each pixel's colour group; 255 for the background. */
function groupsOf(img: RgbImage, sheet: Sheet, centres: Rgb[]): Uint8Array {
  const n = img.width * img.height;
  const groups = new Uint8Array(n);
  const flat = flatten(centres);
  for (let i = 0; i < n; i++) groups[i] = sheet.background[i] ? 255 : nearest(img.data, i, flat);
  return groups;
}

function groupMask(groups: Uint8Array, members: number[]): Uint8Array {
  const mask = new Uint8Array(groups.length);
  for (let i = 0; i < groups.length; i++) if (members.includes(groups[i]!)) mask[i] = 1;
  return mask;
}

/** An image's background, building size and run lengths: read once, judged against many masks. */
export interface SheetReading {
  sheet: Sheet;
  runs: Runs;
}

export function readSheet(img: RgbImage): SheetReading {
  const sheet = sheetOf(img);
  return { sheet, runs: runsFor(sheet) };
}

/**
 * The walls' colour, when the image's walls are better told by colour than by darkness: `darkInk` is the reading by
 * darkness (1 = ink) over the same pixels. Null when darkness reads the walls as well (line drawings, black walls).
 */
export function findWallColour(
  img: RgbImage,
  darkInk: Uint8Array,
  { sheet, runs }: SheetReading = readSheet(img),
): WallColour | null {
  if (sheet.size < 16) return null;
  const centres = colourGroups(img, sheet.background);
  if (centres.length < 2) return null;
  const dark = judge(darkInk, img, sheet, runs);
  const groups = groupsOf(img, sheet, centres);
  let best: { members: number[]; score: number } | null = null;
  // The paper's colour is never the walls' (the white inside rooms of a scan runs in thin strips between walls).
  const paperLike = (k: number) => {
    const c = centres[k]!;
    const p = sheet.paper;
    return (c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2 + (c[2] - p[2]) ** 2 < BACKGROUND_TOLERANCE;
  };
  for (const members of candidates(centres)) {
    if (members.some(paperLike)) continue;
    const mask = groupMask(groups, members);
    // A mask scores at most its pixel count (every factor of the score is a share of it): one too small to win
    // is not judged.
    const pixels = countSet(mask);
    if (pixels < dark.score * MARGIN || (best && pixels <= best.score)) continue;
    const judged = judge(mask, img, sheet, runs);
    if (judged.purity < MIN_PURITY || judged.span < MIN_SPAN || judged.balance < MIN_BALANCE) continue;
    if (judged.score < dark.score * MARGIN) continue;
    if (!best || judged.score > best.score) best = { members, score: judged.score };
  }
  return best ? { centres, members: best.members } : null;
}

/** How wall-like a mask over the image is: its long thin stretches, weighted by their share of it. */
export function wallLikeness(
  img: RgbImage,
  mask: Uint8Array,
  { sheet, runs }: SheetReading = readSheet(img),
): number {
  if (sheet.size < 16) return 0;
  return judge(mask, img, sheet, runs).score;
}

/** The wall-like pixels of that colour in an image (which may be the same picture at another size). */
export function wallInkOfColour(img: RgbImage, colour: WallColour): Uint8Array {
  const sheet = sheetOf(img);
  const mask = groupMask(groupsOf(img, sheet, colour.centres), colour.members);
  return wallParts(mask, img.width, img.height, runsFor(sheet)).parts;
}
