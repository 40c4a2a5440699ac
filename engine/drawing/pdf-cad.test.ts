import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { readPlan } from '../plan/read-plan';
import { arcOfChords, arcThrough } from './arc-fit';
import { flattenPage } from './pdf-cad';
import { type PagePath, readPageVectors } from './pdf-paths';

vi.setConfig({ testTimeout: 60_000 });

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

const circlePoints = (cx: number, cy: number, r: number, from: number, to: number, steps: number) =>
  Array.from({ length: steps + 1 }, (_, i) => {
    const a = from + ((to - from) * i) / steps;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  }).flat();

describe('arcs in a page’s curves and chords', () => {
  it('finds a quarter arc, counter-clockwise from its start, whichever way it was drawn', () => {
    const arc = arcThrough(circlePoints(10, 20, 5, 0, Math.PI / 2, 8))!;
    expect(arc.cx).toBeCloseTo(10);
    expect(arc.cy).toBeCloseTo(20);
    expect(arc.r).toBeCloseTo(5);
    expect(arc.start).toBeCloseTo(0);
    expect(arc.end).toBeCloseTo(Math.PI / 2);
    const reversed = arcThrough(circlePoints(10, 20, 5, Math.PI / 2, 0, 8))!;
    expect(reversed.start).toBeCloseTo(0);
    expect(reversed.end).toBeCloseTo(Math.PI / 2);
  });

  it('reads a swing plotted as chords with its leaf drawn on, and not a square or a zigzag', () => {
    const swing = [...circlePoints(0, 0, 30, 0, Math.PI / 2, 10), 0, 0];
    expect(arcOfChords(swing)?.r).toBeCloseTo(30);
    expect(arcOfChords([0, 0, 10, 0, 10, 10, 0, 10, 0, 0, 10, 0])).toBeUndefined();
    expect(arcOfChords([0, 0, 5, 5, 10, 0, 15, 5, 20, 0, 25, 5, 30, 0])).toBeUndefined();
  });
});

describe('flattenPage (a vector page as the CAD reader’s input)', () => {
  const OPS = pdfjs.OPS;
  const line = (x1: number, y1: number, x2: number, y2: number) => [
    OPS.constructPath,
    [OPS.stroke, [new Float32Array([0, x1, y1, 1, x2, y2])], null],
  ];

  it('names lines by the PDF layer they are drawn in, flips y up, and leaves out hidden layers and hatching cut by a clip', () => {
    const list: [number, unknown][] = [
      [OPS.beginMarkedContentProps, ['OC', { type: 'OCG', id: 'w' }]],
      line(0, 0, 100, 0) as [number, unknown],
      [OPS.endMarkedContent, null],
      [OPS.beginMarkedContentProps, ['OC', { type: 'OCG', id: 'hidden' }]],
      line(0, 50, 100, 50) as [number, unknown],
      [OPS.endMarkedContent, null],
      [OPS.save, null],
      [OPS.clip, null],
      [
        OPS.constructPath,
        [OPS.endPath, [new Float32Array([0, 0, 0, 1, 10, 0, 1, 10, 10, 1, 0, 10, 4])], null],
      ],
      line(-20, -20, 30, 30) as [number, unknown],
      [OPS.restore, null],
      line(0, 80, 100, 80) as [number, unknown],
    ];
    const vectors = readPageVectors(
      { fnArray: list.map(([f]) => f), argsArray: list.map(([, a]) => a) },
      OPS,
      [1, 0, 0, 1, 0, 0],
    );
    expect(vectors.paths.map((p: PagePath) => p.layer)).toEqual(['w', 'hidden', undefined, undefined]);
    const layers = new Map([
      ['w', { name: 'A-WALL', visible: true }],
      ['hidden', { name: 'A-FURN', visible: false }],
    ]);
    const flat = flattenPage(
      vectors,
      new Set(),
      200,
      [{ text: 'KITCHEN', x: 50, y: 40, height: 8 }],
      1000,
      layers,
    );
    expect(flat.strokes.map((s) => [s.layer, s.seg])).toEqual([
      ['A-WALL', [0, 200, 100, 200]],
      ['pdf pen #000000 1.00pt', [0, 120, 100, 120]],
    ]);
    expect(flat.texts).toEqual([{ text: 'KITCHEN', x: 50, y: 160, height: 8, layer: 'pdf text' }]);
  });

  it('keeps a circle drawn as four curves as a circle (a grid bubble), beside its arcs', () => {
    // The usual four-Bézier circle: control points k·r along the tangents.
    const [cx, cy, r] = [50, 60, 10];
    const k = 0.5523 * r;
    const path = new Float32Array([
      ...[0, cx + r, cy],
      ...[2, cx + r, cy + k, cx + k, cy + r, cx, cy + r],
      ...[2, cx - k, cy + r, cx - r, cy + k, cx - r, cy],
      ...[2, cx - r, cy - k, cx - k, cy - r, cx, cy - r],
      ...[2, cx + k, cy - r, cx + r, cy - k, cx + r, cy],
    ]);
    const list: [number, unknown][] = [[OPS.constructPath, [OPS.stroke, [path], null]]];
    const vectors = readPageVectors(
      { fnArray: list.map(([f]) => f), argsArray: list.map(([, a]) => a) },
      OPS,
      [1, 0, 0, 1, 0, 0],
    );
    const flat = flattenPage(vectors, new Set(), 200, [], 1000);
    expect(flat.circles).toHaveLength(1);
    const circle = flat.circles![0]!;
    expect([circle.cx, circle.cy, circle.r].map((v) => Math.round(v * 10) / 10)).toEqual([50, 140, 10]);
  });
});

const POINTS_PER_MM = 72 / 25.4;

/**
 * A two-room flat (6 × 4 m outside, walls 0.2 m between two thin lines, a window, a partition at 3 m with a 0.9 m
 * door and its swing) plotted at 1:50 on A4 with the scale stated, as a CAD program prints one: lines only, no fills.
 */
async function lineworkFlatPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pt = (mm: number) => (mm / 50) * POINTS_PER_MM;
  const at = (x: number, y: number) => ({ x: 150 + pt(x), y: 150 + pt(y) });
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: at(x1, y1), end: at(x2, y2), thickness: 0.5 });
  // Outer walls: two faces, broken by a window (jambs and a pane) in the bottom wall from x = 1000 to 2000.
  line(2000, 0, 6000, 0);
  line(6000, 0, 6000, 4000);
  line(6000, 4000, 0, 4000);
  line(0, 4000, 0, 0);
  line(0, 0, 1000, 0);
  line(2000, 200, 5800, 200);
  line(5800, 200, 5800, 3800);
  line(5800, 3800, 200, 3800);
  line(200, 3800, 200, 200);
  line(200, 200, 1000, 200);
  line(1000, 0, 1000, 200);
  line(2000, 0, 2000, 200);
  line(1000, 100, 2000, 100);
  // The partition's two faces, broken by a door from y = 2000 to 2900.
  line(2900, 200, 2900, 2000);
  line(3100, 200, 3100, 2000);
  line(2900, 2000, 3100, 2000);
  line(2900, 2900, 2900, 3800);
  line(3100, 2900, 3100, 3800);
  line(2900, 2900, 3100, 2900);
  // The leaf, open at right angles from its hinge, and its swing.
  line(3100, 2000, 4000, 2000);
  const hinge = at(3100, 2000);
  const r = pt(900);
  page.drawSvgPath(`M ${r} 0 A ${r} ${r} 0 0 0 0 ${-r}`, { x: hinge.x, y: hinge.y, borderWidth: 0.5 });
  page.drawText('GROUND FLOOR PLAN  SCALE 1:50', { x: 560, y: 60, size: 9, font });
  return Buffer.from(await doc.save());
}

describe('reading a plotted PDF drawn in lines', () => {
  it('pairs the double lines into walls with their thickness, in page points, with both rooms and the door', async () => {
    const { plan } = await readPlan({ bytes: await lineworkFlatPdf(), fileName: 'flat.pdf' });
    expect(plan.status).toBe('ready');
    expect(plan.space.units).toBe('pt');
    expect(plan.space.yDown).toBe(true);
    // 1:50 on paper: metres per point.
    expect(plan.space.metresPerUnit).toBeCloseTo((25.4 / 72 / 1000) * 50, 6);
    const metres = (v: number) => v * plan.space.metresPerUnit;
    const thick = plan.walls.map((w) => metres(w.thickness));
    expect(Math.min(...thick)).toBeGreaterThan(0.15);
    expect(Math.max(...thick)).toBeLessThan(0.25);
    const lengths = plan.walls.map((w) => metres(Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1])));
    expect(Math.max(...lengths)).toBeGreaterThan(5.5);
    expect(Math.max(...lengths)).toBeLessThan(6.2);
    // Walls lie where they were drawn on the page (y down from the top: the flat spans y 482 to 595 - 150).
    for (const wall of plan.walls) {
      for (const [x, y] of [wall.a, wall.b]) {
        expect(x).toBeGreaterThan(145);
        expect(x).toBeLessThan(150 + (6000 / 50) * POINTS_PER_MM + 5);
        expect(y).toBeGreaterThan(595 - 150 - (4000 / 50) * POINTS_PER_MM - 5);
        expect(y).toBeLessThan(595 - 145);
      }
    }
    expect(plan.rooms).toHaveLength(2);
    expect(plan.openings.some((o) => o.kind === 'door')).toBe(true);
    expect(plan.openings.some((o) => o.kind === 'window')).toBe(true);
  });
});
