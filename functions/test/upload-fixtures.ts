/** Small real files of every accepted format, made in code, for upload tests. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export async function pngFixture(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="64" height="48"><rect x="4" y="4" width="56" height="40" fill="none" stroke="black" stroke-width="3"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

export async function jpgFixture(): Promise<Buffer> {
  return sharp(await pngFixture())
    .jpeg()
    .toBuffer();
}

export async function pdfFixture(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  page.drawRectangle({ x: 20, y: 20, width: 360, height: 260, borderWidth: 4 });
  page.drawText('Ground floor', {
    x: 30,
    y: 250,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

export function dxfFixture(): Buffer {
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    ['0', 'LINE', '8', 'WALLS', '10', x1, '20', y1, '30', 0, '11', x2, '21', y2, '31', 0].join('\n');
  const body = [
    '0',
    'SECTION',
    '2',
    'HEADER',
    '9',
    '$INSUNITS',
    '70',
    '6',
    '0',
    'ENDSEC',
    '0',
    'SECTION',
    '2',
    'ENTITIES',
    line(0, 0, 10, 0),
    line(10, 0, 10, 8),
    line(10, 8, 0, 8),
    line(0, 8, 0, 0),
    '0',
    'ENDSEC',
    '0',
    'EOF',
  ];
  return Buffer.from(`${body.join('\n')}\n`);
}

/** A DWG file header (AutoCAD 2018, AC1032) followed by bytes: what the content check reads. */
export function dwgFixture(): Buffer {
  const header = Buffer.from('AC1032\0\0\0\0\0\0', 'latin1');
  return Buffer.concat([header, Buffer.alloc(2048, 0x2a)]);
}
