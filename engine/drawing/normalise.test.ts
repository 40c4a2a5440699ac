import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { assertSupportedDwgVersion, modelFromDwgDatabase } from './cad/dwg';
import { readDxf } from './cad/dxf';
import { binaryDxfToAscii } from './cad/dxf-binary';
import { flatten } from './cad/model';
import { detectFormat } from './detect';
import { DrawingError } from './errors';
import { asciiDxfToBinary } from './fixtures/binary-dxf';
import { badInputs, PLAN, planDxf, planDxfBinary, planPdf, planPng } from './fixtures/plan';
import { LIMITS } from './limits';
import { normaliseDrawing } from './normalise';
import type { NormalisedDrawing, Segment } from './types';

// Renders take ~0.5 s each on an idle core; leave room for a busy CI machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const key = (s: Segment) => {
  const r = (v: number) => Math.round(v);
  const a = `${r(s[0])},${r(s[1])}`;
  const b = `${r(s[2])},${r(s[3])}`;
  return a < b ? `${a}|${b}` : `${b}|${a}`;
};
const keys = (segs: Segment[]) => new Set(segs.map(key));

async function expectLineDrawing(d: NormalisedDrawing) {
  const meta = await sharp(d.png).metadata();
  expect(meta.format).toBe('png');
  expect([meta.width, meta.height]).toEqual([d.width, d.height]);
  expect(Math.max(d.width, d.height)).toBeLessThanOrEqual(1024);
  const { data, info } = await sharp(d.png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  let top = info.height;
  let bottom = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[(y * info.width + x) * info.channels] ?? 255) < 128) {
        dark++;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  // Dark lines on white…
  expect(dark / (info.width * info.height)).toBeGreaterThan(0.005);
  expect(dark / (info.width * info.height)).toBeLessThan(0.3);
  // …with the margins trimmed (ink within 5% of the top and bottom edges).
  expect(top).toBeLessThan(info.height * 0.05);
  expect(bottom).toBeGreaterThan(info.height * 0.95);
}

describe('detectFormat', () => {
  it('reads the content, not the name', async () => {
    const png = await planPng();
    expect(detectFormat(png, 'plan.jpg').format).toBe('png');
    expect(detectFormat(Buffer.from(planDxf()), 'plan.txt').format).toBe('dxf');
    expect(detectFormat(planDxfBinary(), 'plan.dxf').format).toBe('dxf-binary');
    expect(detectFormat(await planPdf(), 'plan.bin').format).toBe('pdf');
    expect(detectFormat(Buffer.from('AC1027\0\0\0'), 'x').format).toBe('dwg');
    expect(detectFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'x').format).toBe('jpeg');
    expect(() => detectFormat(Buffer.from('GIF89a'), 'a.gif')).toThrow(/not supported/);
  });
});

describe('normaliseDrawing: DXF', () => {
  it('keeps the walls: lines, polylines and the rotated block reference; hides off and frozen layers', async () => {
    const d = await normaliseDrawing({ bytes: Buffer.from(planDxf()), fileName: 'plan.dxf' });
    expect(d.kind).toBe('cad');
    expect(d.geometry.units).toBe('mm');
    expect(d.geometry.metresPerUnit).toBe(0.001);
    expect(d.geometry.source.version).toBe('AC1015 (R2000)');
    expect(keys(d.geometry.segments ?? [])).toEqual(keys(PLAN.walls));
    for (const s of PLAN.closet) expect(keys(d.geometry.segments ?? []).has(key(s))).toBe(true);
    const everything = keys([...(d.geometry.segments ?? []), ...(d.geometry.details ?? [])]);
    for (const s of PLAN.hidden) expect(everything.has(key(s))).toBe(false);
    expect(d.geometry.layers).not.toContain('FURN-OFF');
    expect(d.geometry.layers).not.toContain('HIDDEN-FROZEN');
    expect(d.geometry.arcs).toHaveLength(3);
    expect(d.geometry.arcs?.[0]).toMatchObject({ cx: 2000, cy: 0, r: 1000 });
    expect(d.geometry.bounds).toMatchObject({ minX: -50, minY: -50, maxX: 12000, maxY: 9000 });
    await expectLineDrawing(d);
  });

  it('reads binary DXF into the same geometry', async () => {
    const bin = planDxfBinary();
    expect(binaryDxfToAscii(bin).split('\n').slice(0, 4)).toEqual(['0', 'SECTION', '2', 'HEADER']);
    const d = await normaliseDrawing({ bytes: bin, fileName: 'plan.dxf' });
    expect(d.geometry.source.format).toBe('dxf-binary');
    expect(keys(d.geometry.segments ?? [])).toEqual(keys(PLAN.walls));
  });

  it('approximates curves and expands nested, arrayed and mirrored blocks', async () => {
    const text = planDxf()
      .replace(
        '0\nENDSEC\n0\nSECTION\n2\nENTITIES',
        [
          '0\nBLOCK\n8\n0\n2\nPOST\n70\n0\n10\n0.0\n20\n0.0\n30\n0.0',
          '0\nLINE\n8\n0\n10\n0.0\n20\n0.0\n30\n0.0\n11\n100.0\n21\n0.0\n31\n0.0',
          '0\nENDBLK\n8\n0',
          '0\nBLOCK\n8\n0\n2\nPOSTS\n70\n0\n10\n0.0\n20\n0.0\n30\n0.0',
          '0\nINSERT\n8\n0\n2\nPOST\n10\n0.0\n20\n0.0\n30\n0.0\n70\n3\n44\n1000.0',
          '0\nENDBLK\n8\n0',
          '0\nENDSEC\n0\nSECTION\n2\nENTITIES',
        ].join('\n'),
      )
      .replace(
        '0\nENDSEC\n0\nEOF',
        [
          '0\nINSERT\n8\nA-WALL\n2\nPOSTS\n10\n20000.0\n20\n0.0\n30\n0.0\n41\n2.0\n42\n1.0',
          '0\nCIRCLE\n8\nA-COLUMN\n10\n30000.0\n20\n0.0\n30\n0.0\n40\n500.0',
          '0\nELLIPSE\n8\nA-COLUMN\n10\n30000.0\n20\n5000.0\n30\n0.0\n11\n1000.0\n21\n0.0\n31\n0.0\n40\n0.5\n41\n0.0\n42\n6.283185307',
          '0\nSPLINE\n8\nA-COLUMN\n70\n8\n71\n3\n72\n8\n73\n4\n40\n0.0\n40\n0.0\n40\n0.0\n40\n0.0\n40\n1.0\n40\n1.0\n40\n1.0\n40\n1.0\n10\n0.0\n20\n-3000.0\n30\n0.0\n10\n1000.0\n20\n-2000.0\n30\n0.0\n10\n2000.0\n20\n-2000.0\n30\n0.0\n10\n3000.0\n20\n-3000.0\n30\n0.0',
          '0\nENDSEC\n0\nEOF',
        ].join('\n'),
      );
    const d = await normaliseDrawing({ bytes: Buffer.from(text), fileName: 'plan.dxf' });
    const strokes = keys(
      flatten(readDxf(Buffer.from(text), false), {
        maxPrimitives: LIMITS.maxPrimitives,
        maxDepth: LIMITS.maxBlockDepth,
      }).strokes.map((s) => s.seg),
    );
    // POSTS (3 copies of POST, 1000 apart) inserted at x = 20000 with x scale 2.
    for (const x of [20000, 22000, 24000]) expect(strokes.has(key([x, 0, x + 200, 0]))).toBe(true);
    expect(d.geometry.bounds.maxX).toBeCloseTo(31000, 0);
    expect(d.geometry.bounds.minY).toBeLessThan(-2600);
    expect(d.geometry.bounds.minY).toBeGreaterThan(-3001);
  });

  it('refuses a DXF with nothing visible', async () => {
    const hiddenOnly = planDxf()
      .replace(/\n8\nA-WALL\n/g, '\n8\nFURN-OFF\n')
      .replace(/\n8\nA-(DOOR|GLAZ)\n/g, '\n8\nFURN-OFF\n');
    await expect(normaliseDrawing({ bytes: Buffer.from(hiddenOnly), fileName: 'p.dxf' })).rejects.toThrow(
      /no visible lines/,
    );
  });
});

describe('normaliseDrawing: raster and PDF', () => {
  it('cleans a PNG plan into a trimmed line drawing with its pixel transform', async () => {
    const d = await normaliseDrawing({ bytes: await planPng(), fileName: 'plan.png' });
    expect(d.kind).toBe('image');
    expect(d.geometry.units).toBe('px');
    expect(d.geometry.segments).toBeUndefined();
    expect(d.geometry.pixelTransform?.scale).toBeGreaterThan(0.7);
    await expectLineDrawing(d);
  });

  it('handles EXIF orientation and JPEG input', async () => {
    const png = await planPng();
    const jpeg = await sharp(png)
      .rotate(90)
      .jpeg({ quality: 85 })
      .withMetadata({ orientation: 8 })
      .toBuffer();
    const d = await normaliseDrawing({ bytes: jpeg, fileName: 'scan.jpeg' });
    expect(d.geometry.source.format).toBe('jpeg');
    // Orientation 8 undoes the 90° turn: landscape again.
    expect(d.width).toBeGreaterThan(d.height);
  });

  it('inverts a blueprint (light lines on dark)', async () => {
    const negative = await sharp(await planPng())
      .negate()
      .png()
      .toBuffer();
    const d = await normaliseDrawing({ bytes: negative, fileName: 'blue.png' });
    expect(d.geometry.warnings.join(' ')).toMatch(/inverted/);
    await expectLineDrawing(d);
  });

  it('leaves a flat grey fill (wet rooms, shading) out of the walls, but keeps walls drawn in flat grey', async () => {
    const sheet = (body: string) =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${body}</svg>`))
        .png()
        .toBuffer();
    const inkAt = async (d: NormalisedDrawing, x: number, y: number) => {
      const { data, info } = await sharp(d.png).greyscale().raw().toBuffer({ resolveWithObject: true });
      const t = d.geometry.pixelTransform!;
      const px = Math.round((x - t.offsetX) * t.scale);
      const py = Math.round((y - t.offsetY) * t.scale);
      return (data[(py * info.width + px) * info.channels] ?? 255) < 128;
    };
    // Hatched walls (their anti-aliased hatching spreads over every grey, so Otsu's threshold lands above the
    // fill), two wet rooms filled flat grey.
    const fills = await normaliseDrawing({
      bytes: await sheet(
        '<defs><pattern id="h" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
          '<path d="M0 0V5" stroke="#000"/></pattern></defs><rect width="800" height="600" fill="#fff"/>' +
          '<rect x="105" y="105" width="250" height="190" fill="#b4b4b4"/>' +
          '<rect x="445" y="305" width="250" height="190" fill="#b4b4b4"/>' +
          '<g fill="url(#h)" stroke="#000" stroke-width="1.5">' +
          '<path fill-rule="evenodd" d="M90 90H710V510H90ZM104 104H696V496H104Z"/>' +
          '<rect x="393" y="104" width="14" height="392"/><rect x="104" y="293" width="289" height="14"/>' +
          '<rect x="407" y="293" width="289" height="14"/></g>',
      ),
      fileName: 'wet-rooms.png',
    });
    expect(await inkAt(fills, 230, 200)).toBe(false); // inside a grey wet room
    expect(await inkAt(fills, 570, 400)).toBe(false);
    expect(await inkAt(fills, 90, 300)).toBe(true); // a wall line
    // A planner's plan: walls flat grey (as dark as the fill above), floors light.
    const greyWalls = await normaliseDrawing({
      bytes: await sheet(
        '<rect width="800" height="600" fill="#fff"/><rect x="100" y="100" width="600" height="400" fill="#eee"/>' +
          '<g fill="none" stroke="#b4b4b4" stroke-width="14">' +
          '<rect x="100" y="100" width="600" height="400"/><path d="M400 100V500M100 300H400"/></g>',
      ),
      fileName: 'planner.png',
    });
    expect(await inkAt(greyWalls, 100, 300)).toBe(true);
    expect(await inkAt(greyWalls, 400, 420)).toBe(true);
    expect(await inkAt(greyWalls, 550, 300)).toBe(false);
  });

  it('rasterises the first page of a PDF', async () => {
    const d = await normaliseDrawing({ bytes: await planPdf(), fileName: 'plan.pdf' });
    expect(d.kind).toBe('pdf');
    expect(d.geometry.source).toMatchObject({ format: 'pdf', pages: 1, originalWidth: 2048 });
    await expectLineDrawing(d);
  });
});

describe('normaliseDrawing: DWG path', () => {
  it('maps a libredwg database (as convert() returns it) into the same walls as the DXF', () => {
    const pt = (x: number, y: number) => ({ x, y, z: 0 });
    const line = (s: Segment, layer = 'A-WALL') => ({
      type: 'LINE',
      layer,
      startPoint: pt(s[0], s[1]),
      endPoint: pt(s[2], s[3]),
    });
    const db = {
      header: { INSUNITS: 4 },
      tables: {
        LAYER: {
          entries: [
            { name: 'A-WALL', off: false, frozen: false },
            { name: 'OFF', off: true, frozen: false },
          ],
        },
        BLOCK_RECORD: {
          entries: [
            { name: '*Model_Space', entities: [] },
            {
              name: 'CLOSET',
              basePoint: pt(0, 0),
              entities: [line([0, 0, 1500, 0], '0'), line([1500, 0, 1500, 1500], '0')],
            },
          ],
        },
      },
      entities: [
        ...PLAN.walls.filter((w) => !PLAN.closet.some((c) => key(c) === key(w))).map((w) => line(w)),
        {
          type: 'INSERT',
          layer: 'A-WALL',
          name: 'CLOSET',
          insertionPoint: pt(2500, 9000),
          xScale: 1,
          yScale: 1,
          rotation: -Math.PI / 2,
        },
        {
          type: 'ARC',
          layer: 'A-DOOR',
          center: pt(2000, 0),
          radius: 1000,
          startAngle: 0,
          endAngle: Math.PI / 2,
        },
        { type: 'LWPOLYLINE', layer: 'OFF', flag: 0, vertices: [pt(1000, 1000), pt(6000, 8000)] },
        { type: 'TEXT', layer: 'A-WALL', text: 'LIVING' },
      ],
    };
    const model = modelFromDwgDatabase(db, 'AC1015');
    expect(model.insUnits).toBe(4);
    expect(model.counts).toMatchObject({ LINE: 11, INSERT: 1, TEXT: 1 });
    const flat = flatten(model, { maxPrimitives: 10_000, maxDepth: 8 });
    const straight = flat.strokes.filter((s) => !s.curved && s.layer === 'A-WALL').map((s) => s.seg);
    expect(keys(straight)).toEqual(keys(PLAN.walls));
    expect(flat.strokes.some((s) => s.layer === 'OFF')).toBe(false);
    expect(flat.arcs).toHaveLength(1);
  });

  it('names the versions it cannot read', () => {
    expect(() => assertSupportedDwgVersion('AC1009')).toThrow(/AC1009 \(R11\/R12\) is not supported/);
    expect(() => assertSupportedDwgVersion('AC1006')).toThrow(/AC1006 \(R10\)/);
    expect(() => assertSupportedDwgVersion('AC1099')).toThrow(/unknown version \(AC1099\)/);
    expect(() => assertSupportedDwgVersion('AC1032')).not.toThrow();
  });
});

describe('normaliseDrawing: bad input', async () => {
  const cases = await badInputs();
  it.each(cases.map((c) => [c.name, c] as const))('%s gets a clear error, quickly', async (_name, c) => {
    const started = performance.now();
    const err = await normaliseDrawing({ bytes: c.bytes, fileName: c.fileName }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DrawingError);
    expect((err as DrawingError).code).toMatch(/UNREADABLE|TOO_LARGE/);
    expect((err as DrawingError).message).toMatch(c.expect);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('round-trips ASCII ↔ binary DXF and rejects a truncated binary DXF', () => {
    const bin = asciiDxfToBinary(planDxf());
    expect(() => binaryDxfToAscii(bin.subarray(0, bin.length - 40))).toThrow(/damaged or truncated/);
  });
});
