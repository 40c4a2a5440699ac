/**
 * The one content detector: what a file is from its first bytes, whatever it is called. The upload check and the
 * drawing readers both ask here, so a file the upload accepts is a file the readers recognise.
 */

import type { FileKind } from '../../shared/domain';

/** A file kind (shared/domain.ts), with the binary form of DXF told apart for its reader. */
export type FileFormat = FileKind | 'dxf-binary';

export interface SniffedFormat {
  format: FileFormat;
  /** A DWG's version string (e.g. 'AC1032'), for the reader to name the versions it cannot read. */
  version?: string;
}

/** Bytes of a file's head that decide its format (a DXF's opening sections take the most). */
export const SNIFF_BYTES = 4096;

export const BINARY_DXF_SENTINEL = 'AutoCAD Binary DXF\r\n\x1a\0';

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const latin1 = (bytes: Uint8Array, end: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(end, bytes.length)).toString('latin1');

const DXF_SECTIONS = ['HEADER', 'CLASSES', 'TABLES', 'BLOCKS', 'ENTITIES', 'OBJECTS', 'THUMBNAILIMAGE'];

/**
 * An ASCII DXF is a sequence of (group code, value) line pairs opening with 0/SECTION and 2/<section name>.
 * Every complete pair read must keep that shape; when only the head of a longer file was read, its last, cut-off
 * line is not judged.
 */
function looksLikeAsciiDxf(head: string, truncated: boolean): boolean {
  const lines = head.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (truncated) lines.pop();
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  let i = 0;
  // Leading 999 comments are allowed.
  while (lines[i]?.trim() === '999') i += 2;
  if (lines[i]?.trim() !== '0' || lines[i + 1]?.trim() !== 'SECTION') return false;
  if (lines[i + 2]?.trim() !== '2') return false;
  if (!DXF_SECTIONS.includes(lines[i + 3]?.trim() ?? '')) return false;
  const rest = lines.slice(i + 4);
  // A DXF ends its sections with 0/ENDSEC: a file that is only an opening is not a drawing.
  if (!truncated && !rest.some((l, n) => n % 2 === 1 && l.trim() === 'ENDSEC')) return false;
  for (let p = 0; p < rest.length; p += 2) {
    if (!/^\s*-?\d{1,4}\s*$/.test(rest[p]!)) return false;
    if (p + 1 >= rest.length && !truncated) return false; // a code without its value
  }
  return true;
}

/**
 * The format of a file from its head (`truncated` when the file goes on beyond it); null when it is none of the
 * accepted formats. PDF's `%PDF-` must open the file (after a byte-order mark or whitespace at most), not just appear
 * near the start; a DWG opens with its version (AC1032, or an old AC2.10 the reader will name).
 */
export function sniffFormat(head: Uint8Array, truncated = false): SniffedFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { format: 'jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { format: 'png' };
  if (/^(\uFEFF|\s)*%PDF-\d\.\d/.test(latin1(head, 64).replace(/^\xEF\xBB\xBF/, '')))
    return { format: 'pdf' };
  const dwg = /^AC(\d{4}|\d\.\d{1,2})/.exec(latin1(head, 6));
  if (dwg) return { format: 'dwg', version: dwg[0] };
  if (latin1(head, 18) === BINARY_DXF_SENTINEL.slice(0, 18)) return { format: 'dxf-binary' };
  const text = latin1(head, SNIFF_BYTES);
  if (looksLikeAsciiDxf(text, truncated || head.length > SNIFF_BYTES)) return { format: 'dxf' };
  return null;
}
