/**
 * A PDF page's vector content, read from its pdfjs operator list: every painted path with its line weight, colours,
 * dash and extent in page points (origin top-left, y down), and every image's extent. Pure: the operator list and
 * the page's base transform in, plain data out, so the reader can tell a drawing's walls from its annotation by
 * what was drawn rather than by pixels.
 */

/** A 2D affine transform [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f (PDF order). */
export type Affine = [number, number, number, number, number, number];

export type PathPaint = 'stroke' | 'fill' | 'fillStroke' | 'none';

export interface PagePath {
  /** The path's index in the operator list (what the renderer's operation filter is given). */
  index: number;
  paint: PathPaint;
  /** Stroke width in page points (0 = the thinnest line the device can draw). */
  width: number;
  strokeColour: string;
  fillColour: string;
  dashed: boolean;
  /** Filled by the even-odd rule (holes where it overlaps itself), else non-zero. */
  evenOdd: boolean;
  /** Extent in page points: [minX, minY, maxX, maxY]. */
  bbox: [number, number, number, number];
  /** Its subpaths in page points, each a flat [x0, y0, x1, y1, …] polyline (curves flattened). */
  subpaths: number[][];
  /** True when the path holds a curve (arcs of door swings, bubbles, trees). */
  curved: boolean;
  /** The optional content group (a PDF layer) it is drawn in, by id, when it is in one. */
  layer?: string;
  /** The extent of the clip in force, in page points, when one is (a hatch drawn long and cut to its region). */
  clipBox?: [number, number, number, number];
  /** Each run of consecutive curve pieces as a flat polyline [x0, y0, …] in page points (door swings, circles). */
  curves: number[][];
}

export interface PageImage {
  index: number;
  bbox: [number, number, number, number];
}

export interface PageVectors {
  paths: PagePath[];
  images: PageImage[];
  /** Paint this reader does not reproduce (patterns, shadings, transparency groups, image masks). */
  unsupported: number;
  /** Paths were left out (past the bounds on paths and points). */
  truncated: boolean;
}

/** The operator numbers used here, by name (pdfjs's `OPS`). */
export type OperatorCodes = Record<string, number>;

/** The draw codes inside a `constructPath`'s path data (pdfjs's `DrawOPS`). */
const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;

const MAX_PATHS = 200_000;
/** Points kept over all of a page's paths: a hostile page of endless curves stays bounded in memory. */
const MAX_POINTS = 3_000_000;
const MAX_POINTS_PER_PATH = 20_000;

const multiply = (m: Affine, n: Affine): Affine => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

const apply = (m: Affine, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

/** How much a transform scales lengths (the square root of its area scale). */
const lengthScale = (m: Affine) => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));

interface GraphicsState {
  ctm: Affine;
  clipBox?: [number, number, number, number];
  width: number;
  strokeColour: string;
  fillColour: string;
  dashed: boolean;
}

function paintOf(code: number, ops: OperatorCodes): PathPaint {
  if (code === ops.stroke || code === ops.closeStroke) return 'stroke';
  if (code === ops.fill || code === ops.eoFill) return 'fill';
  if (
    code === ops.fillStroke ||
    code === ops.eoFillStroke ||
    code === ops.closeFillStroke ||
    code === ops.closeEOFillStroke
  )
    return 'fillStroke';
  return 'none';
}

const CURVE_STEPS = 8;

/**
 * A path's subpaths in page points, from pdfjs's path data (draw codes followed by their coordinates): each a flat
 * [x0, y0, x1, y1, …] polyline, curves flattened into short chords; closed subpaths end where they began.
 */
function subpathsOf(
  data: ArrayLike<number>,
  ctm: Affine,
): { subpaths: number[][]; curved: boolean; curves: number[][] } {
  const subpaths: number[][] = [];
  const curves: number[][] = [];
  let curve: number[] | undefined;
  let curved = false;
  let points = 0;
  let current: number[] | undefined;
  const lineTo = (p: [number, number]) => {
    if (!current || points >= MAX_POINTS_PER_PATH) return;
    current.push(p[0], p[1]);
    points += 1;
  };
  for (let i = 0; i < data.length; ) {
    const code = data[i++];
    if (code !== DRAW.curveTo && code !== DRAW.quadraticCurveTo) curve = undefined;
    if (code === DRAW.moveTo) {
      current = [...apply(ctm, data[i]!, data[i + 1]!)];
      subpaths.push(current);
      i += 2;
    } else if (code === DRAW.lineTo) {
      lineTo(apply(ctm, data[i]!, data[i + 1]!));
      i += 2;
    } else if (code === DRAW.curveTo || code === DRAW.quadraticCurveTo) {
      curved = true;
      const cubic = code === DRAW.curveTo;
      const n = cubic ? 6 : 4;
      if (current && current.length >= 2) {
        const x0 = current[current.length - 2]!;
        const y0 = current[current.length - 1]!;
        const [x1, y1] = apply(ctm, data[i]!, data[i + 1]!);
        const [x2, y2] = apply(ctm, data[i + 2]!, data[i + 3]!);
        const [x3, y3] = cubic ? apply(ctm, data[i + 4]!, data[i + 5]!) : [x2, y2];
        if (!curve) {
          curve = [x0, y0];
          curves.push(curve);
        }
        const start = current.length;
        for (let k = 1; k <= CURVE_STEPS; k++) {
          const t = k / CURVE_STEPS;
          const u = 1 - t;
          if (cubic) {
            lineTo([
              u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
              u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
            ]);
          } else {
            lineTo([u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2]);
          }
        }
        curve.push(...current.slice(start));
      }
      i += n;
    } else if (code === DRAW.closePath) {
      if (current && current.length >= 4) lineTo([current[0]!, current[1]!]);
    } else {
      break;
    }
  }
  return { subpaths: subpaths.filter((sub) => sub.length >= 4), curved, curves };
}

/** A polyline's straight pieces, [x1, y1, x2, y2] each. */
export function piecesOf(subpaths: number[][]): number[][] {
  const pieces: number[][] = [];
  for (const sub of subpaths)
    for (let i = 2; i < sub.length; i += 2) pieces.push([sub[i - 2]!, sub[i - 1]!, sub[i]!, sub[i + 1]!]);
  return pieces;
}

function bboxOf(subpaths: number[][]): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const sub of subpaths) {
    for (let i = 0; i < sub.length; i += 2) {
      minX = Math.min(minX, sub[i]!);
      maxX = Math.max(maxX, sub[i]!);
      minY = Math.min(minY, sub[i + 1]!);
      maxY = Math.max(maxY, sub[i + 1]!);
    }
  }
  return [minX, minY, maxX, maxY];
}

/** What a walk over a page's operators reports, in drawing order. */
export interface PageVisitor {
  path?(path: PagePath): void;
  image?(image: PageImage): void;
  save?(): void;
  restore?(): void;
  /** The path just visited (painted or not) clips what follows until the enclosing restore. */
  clip?(subpaths: number[][], evenOdd: boolean): void;
  unsupported?(): void;
  /** A path was left out: the page holds more than a page's worth of paths or points. */
  truncated?(): void;
}

/**
 * Walks an operator list keeping the graphics state (transform stack, line width, colours, dash) and reports each
 * path, image, clip and save/restore in drawing order. `base` maps PDF user space to page points, top-left origin
 * (the page's viewport at scale 1).
 */
export function walkPage(
  operators: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  ops: OperatorCodes,
  base: Affine,
  visit: PageVisitor,
): void {
  const walker = new PageWalker(ops, base, visit);
  const count = operators.fnArray.length;
  for (let index = 0; index < count; index++)
    walker.step(index, operators.fnArray[index]!, operators.argsArray[index] as unknown[] | null);
}

/** The graphics state along a walk, and what it has reported so far. */
class PageWalker {
  private readonly stack: GraphicsState[] = [];
  private state: GraphicsState;
  private pendingClip: 'nonzero' | 'evenodd' | undefined;
  /** Marked content open now: an optional content group's id, or null for other marks. */
  private readonly marks: (string | null)[] = [];
  private paths = 0;
  private points = 0;

  constructor(
    private readonly ops: OperatorCodes,
    base: Affine,
    private readonly visit: PageVisitor,
  ) {
    this.state = { ctm: base, width: 1, strokeColour: '#000000', fillColour: '#000000', dashed: false };
  }

  step(index: number, code: number, args: unknown[] | null): void {
    const ops = this.ops;
    switch (code) {
      case ops.paintImageXObject:
      case ops.paintInlineImageXObject:
      case ops.paintImageMaskXObject:
        this.image(index);
        break;
      case ops.constructPath:
        this.constructPath(index, args);
        break;
      case ops.setFillColorN:
      case ops.setStrokeColorN:
      case ops.shadingFill:
      case ops.beginGroup:
      case ops.paintSolidColorImageMask:
      case ops.rawFillPath:
        this.visit.unsupported?.();
        break;
      default:
        if (!this.stackOperator(code, args) && !this.markedContent(code, args))
          this.styleOperator(code, args);
    }
  }

  private save() {
    this.stack.push({ ...this.state });
    this.visit.save?.();
  }

  private restore() {
    if (this.stack.length === 0) return;
    this.state = this.stack.pop()!;
    this.visit.restore?.();
  }

  /** Save, restore, transforms and form XObjects; false for any other operator. */
  private stackOperator(code: number, args: unknown[] | null): boolean {
    const ops = this.ops;
    if (code === ops.save) this.save();
    else if (code === ops.restore || code === ops.paintFormXObjectEnd) this.restore();
    else if (code === ops.transform) this.state.ctm = multiply(this.state.ctm, args as Affine);
    else if (code === ops.paintFormXObjectBegin) {
      this.save();
      if (Array.isArray(args?.[0])) this.state.ctm = multiply(this.state.ctm, args[0] as Affine);
    } else return false;
    return true;
  }

  /** Optional content marks (layers) and clips pending for the next path; false for any other operator. */
  private markedContent(code: number, args: unknown[] | null): boolean {
    const ops = this.ops;
    if (code === ops.clip) this.pendingClip = 'nonzero';
    else if (code === ops.eoClip) this.pendingClip = 'evenodd';
    else if (code === ops.beginMarkedContentProps) {
      const props = args?.[1] as { type?: string; id?: string } | undefined;
      this.marks.push(args?.[0] === 'OC' && typeof props?.id === 'string' ? props.id : null);
    } else if (code === ops.beginMarkedContent) this.marks.push(null);
    else if (code === ops.endMarkedContent) this.marks.pop();
    else return false;
    return true;
  }

  /** Line width, dash and colours. */
  private styleOperator(code: number, args: unknown[] | null) {
    const { ops, state } = this;
    if (code === ops.setLineWidth) state.width = Number(args?.[0]) || 0;
    else if (code === ops.setDash)
      state.dashed = Array.isArray(args?.[0]) && (args[0] as unknown[]).length > 0;
    else if (code === ops.setGState) {
      for (const entry of (args?.[0] as [string, unknown][] | undefined) ?? []) {
        if (entry[0] === 'LW') state.width = Number(entry[1]) || 0;
        if (entry[0] === 'D')
          state.dashed = Array.isArray(entry[1]) && ((entry[1] as unknown[])[0] as unknown[]).length > 0;
      }
    } else if (code === ops.setStrokeRGBColor) state.strokeColour = String(args?.[0]);
    else if (code === ops.setFillRGBColor) state.fillColour = String(args?.[0]);
    else if (code === ops.setStrokeTransparent) state.strokeColour = 'transparent';
    else if (code === ops.setFillTransparent) state.fillColour = 'transparent';
  }

  private layer(): string | undefined {
    for (let i = this.marks.length - 1; i >= 0; i--) if (this.marks[i]) return this.marks[i]!;
    return undefined;
  }

  private image(index: number) {
    const ctm = this.state.ctm;
    const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 1, 1), apply(ctm, 0, 1)];
    this.visit.image?.({ index, bbox: bboxOf([corners.flat()]) });
  }

  private constructPath(index: number, args: unknown[] | null) {
    const { ops, state } = this;
    const data = (args?.[1] as (ArrayLike<number> | null)[] | undefined)?.[0];
    const paintCode = Number(args?.[0]);
    const paint = paintOf(paintCode, ops);
    const clipping = this.pendingClip;
    this.pendingClip = undefined;
    if (!data || (paint === 'none' && !clipping)) return;
    if (this.paths >= MAX_PATHS || this.points >= MAX_POINTS) {
      this.visit.truncated?.();
      return;
    }
    const { subpaths, curved, curves } = subpathsOf(data, state.ctm);
    if (subpaths.length === 0) return;
    this.paths += 1;
    for (const sub of subpaths) this.points += sub.length / 2;
    const layer = this.layer();
    if (paint !== 'none')
      this.visit.path?.({
        index,
        paint,
        width: state.width * lengthScale(state.ctm),
        strokeColour: state.strokeColour,
        fillColour: state.fillColour,
        dashed: state.dashed,
        evenOdd:
          paintCode === ops.eoFill || paintCode === ops.eoFillStroke || paintCode === ops.closeEOFillStroke,
        bbox: bboxOf(subpaths),
        subpaths,
        curved,
        curves,
        ...(state.clipBox ? { clipBox: state.clipBox } : {}),
        ...(layer ? { layer } : {}),
      });
    if (clipping) this.clip(subpaths, clipping);
  }

  /** The path clips what follows: the clip box narrows to it. */
  private clip(subpaths: number[][], rule: 'nonzero' | 'evenodd') {
    this.visit.clip?.(subpaths, rule === 'evenodd');
    const box = bboxOf(subpaths);
    const old = this.state.clipBox;
    this.state.clipBox = old
      ? [
          Math.max(old[0], box[0]),
          Math.max(old[1], box[1]),
          Math.min(old[2], box[2]),
          Math.min(old[3], box[3]),
        ]
      : box;
  }
}

/** A page's painted paths and images (see `walkPage`). */
export function readPageVectors(
  operators: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  ops: OperatorCodes,
  base: Affine,
): PageVectors {
  const vectors: PageVectors = { paths: [], images: [], unsupported: 0, truncated: false };
  walkPage(operators, ops, base, {
    path: (path) => vectors.paths.push(path),
    image: (image) => vectors.images.push(image),
    unsupported: () => {
      vectors.unsupported += 1;
    },
    truncated: () => {
      vectors.truncated = true;
    },
  });
  return vectors;
}

/**
 * Whether a page draws at least `minSegments` line segments (curves counted by their flattened pieces) or any
 * image: a plan's walls do, a cover sheet or a drawing list (text in a frame) does not.
 */
export function drawsLineWork(
  operators: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  ops: OperatorCodes,
  minSegments: number,
): boolean {
  let segments = 0;
  let images = 0;
  walkPage(operators, ops, [1, 0, 0, 1, 0, 0], {
    path: (path) => {
      for (const sub of path.subpaths) segments += Math.max(0, sub.length / 2 - 1);
    },
    image: () => {
      images += 1;
    },
  });
  return images > 0 || segments >= minSegments;
}

/** The share of the page that images must cover for its drawing to be raster (scanned, or flattened tiles). */
const RASTER_PAGE_COVER = 0.5;

/** The share of the page (its area, images overlapping counted once on a coarse grid) that images cover. */
export function imageCover(images: PageImage[], width: number, height: number): number {
  const cells = 64;
  const covered = new Uint8Array(cells * cells);
  for (const { bbox } of images) {
    const x0 = Math.max(0, Math.floor((bbox[0] / width) * cells));
    const x1 = Math.min(cells, Math.ceil((bbox[2] / width) * cells));
    const y0 = Math.max(0, Math.floor((bbox[1] / height) * cells));
    const y1 = Math.min(cells, Math.ceil((bbox[3] / height) * cells));
    for (let y = y0; y < y1; y++) covered.fill(1, y * cells + x0, y * cells + Math.max(x0, x1));
  }
  return covered.reduce((sum, v) => sum + v, 0) / covered.length;
}

/**
 * The paths that are markup rather than building: on a page whose drawing is raster (images cover most of it),
 * every line drawn over the images is (dimension chains, grid axes and their bubbles, leaders, the sheet frame and
 * title block); filled shapes stay (a wall's poché drawn as vector over a raster underlay).
 */
export function markupPaths(vectors: PageVectors, width: number, height: number): Set<number> {
  const markup = new Set<number>();
  if (imageCover(vectors.images, width, height) >= RASTER_PAGE_COVER) {
    for (const path of vectors.paths) if (path.paint !== 'fill') markup.add(path.index);
  }
  return markup;
}

/** The part of a canvas 2D context that `drawPageVectors` uses (node-canvas, @napi-rs/canvas and browsers have it). */
export interface VectorCanvas {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  fill(fillRule?: 'nonzero' | 'evenodd'): void;
  stroke(): void;
  clip(fillRule?: 'nonzero' | 'evenodd'): void;
  save(): void;
  restore(): void;
}

function tracePath(ctx: VectorCanvas, subpaths: number[][], scale: number) {
  ctx.beginPath();
  for (const sub of subpaths) {
    ctx.moveTo(sub[0]! * scale, sub[1]! * scale);
    for (let i = 2; i < sub.length; i += 2) ctx.lineTo(sub[i]! * scale, sub[i + 1]! * scale);
  }
}

/** Whether `drawPageVectors` draws the page as a PDF viewer would, text and images aside. */
export const drawableAsVectors = (vectors: PageVectors) =>
  vectors.images.length === 0 && vectors.unsupported === 0 && !vectors.truncated && vectors.paths.length > 0;

/**
 * Draws a page's paths (not its text or images) at `scale` pixels per point, leaving out the paths in `skip` and
 * dashed lines (hidden, overhead and axis lines, never a wall's cut). Clips are kept, so hatching stays inside
 * what it hatches. Lines are at least one pixel wide, as a PDF viewer draws them.
 */
export function drawPageVectors(
  ctx: VectorCanvas,
  operators: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  ops: OperatorCodes,
  base: Affine,
  scale: number,
  skip: Set<number>,
): void {
  walkPage(operators, ops, base, {
    save: () => ctx.save(),
    restore: () => ctx.restore(),
    clip: (subpaths, evenOdd) => {
      tracePath(ctx, subpaths, scale);
      ctx.clip(evenOdd ? 'evenodd' : 'nonzero');
    },
    path: (path) => {
      if (skip.has(path.index)) return;
      const stroked = path.paint !== 'fill' && !path.dashed && path.strokeColour !== 'transparent';
      const filled = path.paint !== 'stroke' && path.fillColour !== 'transparent';
      if (!stroked && !filled) return;
      tracePath(ctx, path.subpaths, scale);
      if (filled) {
        ctx.fillStyle = path.fillColour;
        ctx.fill(path.evenOdd ? 'evenodd' : 'nonzero');
      }
      if (stroked) {
        ctx.strokeStyle = path.strokeColour;
        ctx.lineWidth = Math.max(1, path.width * scale);
        ctx.stroke();
      }
    },
  });
}
