import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, CORPUS_MISSING, corpusAvailable } from '../../bench/fidelity/corpus';

if (!corpusAvailable()) console.warn(`The corpus check is skipped: ${CORPUS_MISSING}`);

import { SNIFF_BYTES, sniffFormat } from './file-format';
import { planDxf, planDxfBinary, planPdf, planPng } from './fixtures/plan';

describe('sniffFormat: the one content detector', () => {
  it('tells each accepted format by its content', async () => {
    expect(sniffFormat(await planPng())?.format).toBe('png');
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.format).toBe('jpeg');
    expect(sniffFormat(await planPdf())?.format).toBe('pdf');
    expect(sniffFormat(Buffer.from(planDxf()))?.format).toBe('dxf');
    expect(sniffFormat(planDxfBinary())?.format).toBe('dxf-binary');
    expect(sniffFormat(Buffer.from('AC1027\0\0\0'))).toEqual({ format: 'dwg', version: 'AC1027' });
    // An old DWG is still a DWG: the reader names its version rather than calling it something else.
    expect(sniffFormat(Buffer.from('AC2.10\0\0'))).toEqual({ format: 'dwg', version: 'AC2.10' });
  });

  it('judges only the head of a longer file, and a DXF cut off mid-line there', () => {
    const dxf = Buffer.from(planDxf());
    expect(sniffFormat(dxf.subarray(0, 1000), true)?.format).toBe('dxf');
    const opening = Buffer.from('0\nSECTION\n2\nENTITIES\n0\nLINE\n8\n0\n');
    expect(sniffFormat(opening, true)?.format).toBe('dxf');
    expect(sniffFormat(opening, false)).toBeNull(); // a whole file that only opens is not a drawing
  });

  it('refuses what only mentions a format, and what is none', () => {
    expect(sniffFormat(Buffer.from('<html><!-- %PDF-1.7 --></html>'))).toBeNull();
    expect(sniffFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffFormat(Buffer.from('0\nSECTION\n2\nNOTES\n0\nENDSEC\n'))).toBeNull();
  });

  it.skipIf(!corpusAvailable())('recognises every real drawing in the corpus', () => {
    const expected: Record<string, string[]> = {
      dxf: ['dxf', 'dxf-binary'],
      dwg: ['dwg'],
      pdf: ['pdf'],
      raster: ['jpeg', 'png'],
    };
    for (const [dir, formats] of Object.entries(expected)) {
      for (const name of readdirSync(join(CORPUS_DIR, dir))) {
        const bytes = readFileSync(join(CORPUS_DIR, dir, name));
        const sniffed = sniffFormat(bytes.subarray(0, SNIFF_BYTES), bytes.length > SNIFF_BYTES);
        expect(formats, name).toContain(sniffed?.format);
      }
    }
  });
});
