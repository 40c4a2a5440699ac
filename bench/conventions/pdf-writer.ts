/**
 * Writes a generated drawing as a vector PDF, as CAD programs plot one: every entity stroked as paths on one page at
 * a paper scale (1:50 to 1:500, the smallest ISO A-size sheet that holds it), arcs and circles as Bézier curves,
 * blocks expanded, texts as text in a standard font. Coordinates arrive in metres; the page is in points, y up. Written
 * by hand (one page, one content stream), so a drawing is made synchronously like its DXF.
 */
import type { Point } from './building';
import type { Drawing, Entity } from './dxf-writer';
import type { Extent } from './truth';

/** Paper scales a plan is plotted at, largest first (1:n). */
const PAPER_SCALES = [50, 100, 200, 500] as const;
/** ISO 216 A-sizes, landscape, millimetres: A3 to A0. */
const SHEETS_MM: [number, number][] = [
  [420, 297],
  [594, 420],
  [841, 594],
  [1189, 841],
];
const POINTS_PER_MM = 72 / 25.4;
/** The margin round the drawing on the sheet, millimetres. */
const MARGIN_MM = 15;
/** Pen widths, points: a plotter's 0.25 mm. */
const PEN_PT = 0.7;

/** How the drawing lies on its page: page point = (metres − origin) · pointsPerMetre + margin. */
export interface PdfPlacement {
  pointsPerMetre: number;
  origin: Point;
  marginPt: number;
  pageWidth: number;
  pageHeight: number;
  /** The paper scale, 1:n. */
  paperScale: number;
}

/** The paper scale and sheet: the largest scale at which the drawing fits an A3–A0 sheet. */
export function placeOnSheet(extent: Extent): PdfPlacement {
  const [x0, y0, x1, y1] = extent;
  const widthM = x1 - x0;
  const heightM = y1 - y0;
  for (const scale of PAPER_SCALES) {
    const mmPerMetre = 1000 / scale;
    for (const [w, h] of SHEETS_MM) {
      if (widthM * mmPerMetre + 2 * MARGIN_MM <= w && heightM * mmPerMetre + 2 * MARGIN_MM <= h)
        return placement(extent, scale, w, h);
    }
  }
  const scale = PAPER_SCALES[PAPER_SCALES.length - 1]!;
  const mmPerMetre = 1000 / scale;
  return placement(extent, scale, widthM * mmPerMetre + 2 * MARGIN_MM, heightM * mmPerMetre + 2 * MARGIN_MM);
}

function placement(extent: Extent, scale: number, widthMm: number, heightMm: number): PdfPlacement {
  return {
    pointsPerMetre: (1000 / scale) * POINTS_PER_MM,
    origin: [extent[0], extent[1]],
    marginPt: MARGIN_MM * POINTS_PER_MM,
    pageWidth: widthMm * POINTS_PER_MM,
    pageHeight: heightMm * POINTS_PER_MM,
    paperScale: scale,
  };
}

/** A block's entities placed by an INSERT (rotation, then translation), metres. */
function placed(e: Extract<Entity, { type: 'INSERT' }>, inner: Entity): Entity {
  const r = (e.rotationDeg * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  const at = ([x, y]: Point): Point => [e.at[0] + x * c - y * s, e.at[1] + x * s + y * c];
  switch (inner.type) {
    case 'LINE':
      return { ...inner, a: at(inner.a), b: at(inner.b) };
    case 'POLYLINE':
      return { ...inner, points: inner.points.map(at) };
    case 'ARC':
      return {
        ...inner,
        c: at(inner.c),
        startDeg: inner.startDeg + e.rotationDeg,
        endDeg: inner.endDeg + e.rotationDeg,
      };
    case 'CIRCLE':
      return { ...inner, c: at(inner.c) };
    case 'TEXT':
      return { ...inner, at: at(inner.at) };
    case 'FILL':
      return { ...inner, points: inner.points.map(at) };
    case 'INSERT':
      return { ...inner, at: at(inner.at), rotationDeg: inner.rotationDeg + e.rotationDeg };
  }
}

/** The drawing's entities with every block expanded (blocks nest at most a few deep). */
function expanded(entities: Entity[], blocks: Drawing['blocks'], depth = 0): Entity[] {
  return entities.flatMap((e) =>
    e.type === 'INSERT' && depth < 4
      ? expanded(
          (blocks.get(e.block) ?? []).map((inner) => placed(e, inner)),
          blocks,
          depth + 1,
        )
      : [e],
  );
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();

/** Bézier path operators for an arc (degrees, counter-clockwise), in quarter turns at most, from its start. */
function arcPath(cx: number, cy: number, r: number, startDeg: number, endDeg: number): string[] {
  let sweep = (((endDeg - startDeg) % 360) + 360) % 360;
  if (sweep === 0) sweep = 360;
  const pieces = Math.ceil(sweep / 90);
  const step = ((sweep / pieces) * Math.PI) / 180;
  const k = (4 / 3) * Math.tan(step / 4);
  let t = (startDeg * Math.PI) / 180;
  const ops = [`${n(cx + r * Math.cos(t))} ${n(cy + r * Math.sin(t))} m`];
  for (let i = 0; i < pieces; i++) {
    const t2 = t + step;
    const [c1, s1, c2, s2] = [Math.cos(t), Math.sin(t), Math.cos(t2), Math.sin(t2)];
    ops.push(
      [
        cx + r * (c1 - k * s1),
        cy + r * (s1 + k * c1),
        cx + r * (c2 + k * s2),
        cy + r * (s2 - k * c2),
        cx + r * c2,
        cy + r * s2,
      ]
        .map(n)
        .join(' ') + ' c',
    );
    t = t2;
  }
  return ops;
}

/**
 * A PDF string literal of plain ASCII text (Helvetica's): other letters are written as '?', as a plot without the font
 * shows them.
 */
const pdfText = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1')})`;

/** An entity's content-stream operators, page points. */
function entityOperators(e: Entity, p: (q: Point) => [number, number], k: number): string[] {
  const at = (q: Point) => p(q).map(n).join(' ');
  switch (e.type) {
    case 'LINE':
      return [`${at(e.a)} m ${at(e.b)} l S`];
    case 'POLYLINE': {
      const [first, ...rest] = e.points;
      if (!first) return [];
      return [`${at(first)} m`, ...rest.map((q) => `${at(q)} l`), e.closed ? 'h S' : 'S'];
    }
    case 'ARC':
    case 'CIRCLE': {
      const [cx, cy] = p(e.c);
      const [start, end] = e.type === 'ARC' ? [e.startDeg, e.endDeg] : [0, 360];
      return [...arcPath(cx, cy, e.r * k, start, end), 'S'];
    }
    case 'TEXT':
      return [`BT /F1 ${n(Math.max(1, e.height * k))} Tf ${at(e.at)} Td ${pdfText(e.text)} Tj ET`];
    case 'FILL': {
      const [first, ...rest] = e.points;
      if (!first) return [];
      const rgb = e.rgb.map((c) => n(c / 255)).join(' ');
      return [`${rgb} rg ${at(first)} m`, ...rest.map((q) => `${at(q)} l`), 'h f 0 g'];
    }
    case 'INSERT':
      return [];
  }
}

/** One page, its content stream and Helvetica (a standard font: nothing embedded), with its cross-reference table. */
function pdfFile(content: string, width: number, height: number): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(width)} ${n(height)}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A title block's scale ("SCALE 1:100", written before the sheet was chosen) states the scale it is plotted at. */
function statingScale(e: Entity, at: PdfPlacement): Entity {
  return e.type === 'TEXT' && /^SCALE 1:\d+$/.test(e.text) ? { ...e, text: `SCALE 1:${at.paperScale}` } : e;
}

const isFill = (e: Entity) => e.type === 'FILL';

/** The drawing as a one-page vector PDF, and where it lies on the page. */
export function writePdf(drawing: Drawing, extent: Extent): { bytes: Uint8Array; at: PdfPlacement } {
  const at = placeOnSheet(extent);
  const k = at.pointsPerMetre;
  const p = ([x, y]: Point): [number, number] => [
    (x - at.origin[0]) * k + at.marginPt,
    (y - at.origin[1]) * k + at.marginPt,
  ];
  const ops = [`${n(PEN_PT)} w 1 J 1 j`];
  // Fills first: lines and words are plotted over them.
  const entities = expanded(drawing.entities, drawing.blocks);
  for (const e of [...entities.filter(isFill), ...entities.filter((e) => !isFill(e))])
    ops.push(...entityOperators(statingScale(e, at), p, k));
  return { bytes: pdfFile(ops.join('\n'), at.pageWidth, at.pageHeight), at };
}
