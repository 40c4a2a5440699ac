import type { FileType } from '../../shared/schemas/projects';
import { fileExtension } from '../../shared/schemas/projects';

export type DetectedFormat = 'jpeg' | 'png' | 'pdf' | 'dwg' | 'dxf';

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/**
 * An ASCII DXF is a sequence of (group code, value) line pairs opening with 0/SECTION and 2/<section name>.
 * Every complete pair read must keep that shape; when only the head of a longer file was read, its last, cut-off
 * line is not judged.
 */
function looksLikeAsciiDxf(head: Buffer, truncated: boolean): boolean {
  const lines = head.toString('latin1').split(/\r?\n/);
  if (truncated) lines.pop();
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  let i = 0;
  // Leading 999 comments are allowed.
  while (lines[i]?.trim() === '999') i += 2;
  if (lines[i]?.trim() !== '0' || lines[i + 1]?.trim() !== 'SECTION') return false;
  if (lines[i + 2]?.trim() !== '2') return false;
  const section = lines[i + 3]?.trim() ?? '';
  if (!['HEADER', 'CLASSES', 'TABLES', 'BLOCKS', 'ENTITIES', 'OBJECTS', 'THUMBNAILIMAGE'].includes(section))
    return false;
  const rest = lines.slice(i + 4);
  // A DXF ends its sections with 0/ENDSEC: a file that is only an opening is not a drawing.
  if (!truncated && !rest.some((l, n) => n % 2 === 1 && l.trim() === 'ENDSEC')) return false;
  for (let p = 0; p < rest.length; p += 2) {
    if (!/^\s*-?\d{1,4}\s*$/.test(rest[p]!)) return false;
    if (p + 1 >= rest.length && !truncated) return false; // a code without its value
  }
  return true;
}

/** Detects the real format by magic bytes (DXF by its structure), whatever the file is called. */
export function detectFormat(head: Buffer, truncated = false): DetectedFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // %PDF- opens the file (after a byte-order mark or whitespace at most), not just anywhere near the start.
  if (
    /^(\uFEFF|\s)*%PDF-\d\.\d/.test(
      head
        .subarray(0, 64)
        .toString('latin1')
        .replace(/^\xEF\xBB\xBF/, ''),
    )
  )
    return 'pdf';
  if (/^AC10(1[2-9]|2\d|3\d)$/.test(head.subarray(0, 6).toString('latin1'))) return 'dwg';
  if (head.subarray(0, 18).toString('latin1') === 'AutoCAD Binary DXF') return 'dxf';
  if (looksLikeAsciiDxf(head, truncated)) return 'dxf';
  return null;
}

const EXPECTED: Record<string, DetectedFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  pdf: 'pdf',
  dwg: 'dwg',
  dxf: 'dxf',
};

export const fileTypeOf = (format: DetectedFormat): FileType =>
  format === 'jpeg' || format === 'png' ? 'image' : format === 'pdf' ? 'pdf' : 'cad';

/** Checks that the content is what the name says; returns the file type or a user-facing reason. */
export function checkContent(
  fileName: string,
  head: Buffer,
  truncated = false,
): { ok: true; fileType: FileType; format: DetectedFormat } | { ok: false; reason: string } {
  const expected = EXPECTED[fileExtension(fileName)];
  const detected = detectFormat(head, truncated);
  if (!detected)
    return { ok: false, reason: `${fileName} is not a valid ${fileExtension(fileName).toUpperCase()} file` };
  if (detected !== expected) {
    return {
      ok: false,
      reason: `${fileName} looks like a ${detected.toUpperCase()} file, not ${fileExtension(fileName).toUpperCase()}`,
    };
  }
  return { ok: true, fileType: fileTypeOf(detected), format: detected };
}
