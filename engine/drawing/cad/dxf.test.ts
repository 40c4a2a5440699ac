import { describe, expect, it } from 'vitest';
import { asciiDxfToBinary } from '../fixtures/binary-dxf';
import { planDxf } from '../fixtures/plan';
import { LIMITS } from '../limits';
import { countAsciiDxfRecords, readDxf } from './dxf';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** A DXF of `n` records that draw nothing: the smallest file past the record limit. */
function manyRecords(n: number): string {
  return `0\nSECTION\n2\nENTITIES\n${'0\nPOINT\n'.repeat(n)}0\nENDSEC\n0\nEOF\n`;
}

describe('DXF record count, before parsing', () => {
  it('counts group code 0 lines only in code position, with padding and CRLF', () => {
    const text = planDxf();
    const lines = text.split(/\r?\n/);
    let expected = 0;
    for (let i = 0; i + 1 < lines.length; i += 2) if (lines[i]!.trim() === '0') expected++;
    expect(countAsciiDxfRecords(bytes(text))).toBe(expected);
    // A value of "0" (say a layer named 0 under code 8) is not a record.
    expect(countAsciiDxfRecords(bytes('  0\r\nLINE\r\n  8\r\n0\r\n  0\r\nEOF\r\n'))).toBe(2);
    expect(countAsciiDxfRecords(bytes(text), 3)).toBe(4);
  });

  it(`refuses a DXF of more than ${LIMITS.maxDxfRecords} records with a message a user can act on, ASCII or binary`, () => {
    const text = manyRecords(LIMITS.maxDxfRecords + 1);
    for (const [file, binary] of [
      [bytes(text), false],
      [new Uint8Array(asciiDxfToBinary(text)), true],
    ] as const) {
      expect(() => readDxf(file, binary)).toThrow(/more than 250,000 objects.*Save only the floor plan/);
    }
    expect(readDxf(bytes(manyRecords(1000)), false).counts.POINT).toBe(1000);
  });
});
