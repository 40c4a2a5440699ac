import type { FileType } from '../../shared/schemas/projects';
import { fileExtension } from '../../shared/schemas/projects';

export type DetectedFormat = 'jpeg' | 'png' | 'pdf' | 'dwg' | 'dxf';

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** An ASCII DXF is a sequence of (group code, value) line pairs opening with 0/SECTION and 2/<section name>. */
function looksLikeAsciiDxf(head: Buffer): boolean {
  const text = head.toString('latin1');
  const lines = text.split(/\r?\n/);
  let i = 0;
  // Leading 999 comments are allowed.
  while (lines[i]?.trim() === '999') i += 2;
  if (lines[i]?.trim() !== '0' || lines[i + 1]?.trim() !== 'SECTION') return false;
  if (lines[i + 2]?.trim() !== '2') return false;
  const section = lines[i + 3]?.trim() ?? '';
  if (!['HEADER', 'CLASSES', 'TABLES', 'BLOCKS', 'ENTITIES', 'OBJECTS', 'THUMBNAILIMAGE'].includes(section))
    return false;
  // The pairs that follow within the head must keep the shape: an integer group code, then a value line.
  const pairs = lines.slice(i + 4, i + 4 + 400);
  for (let p = 0; p + 1 < pairs.length - 1; p += 2) {
    if (!/^\s*-?\d{1,4}\s*$/.test(pairs[p]!)) return false;
  }
  return true;
}

/** Detects the real format by magic bytes (DXF by its structure), whatever the file is called. */
export function detectFormat(head: Buffer): DetectedFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (head.subarray(0, 1024).includes(Buffer.from('%PDF-'))) return 'pdf';
  if (/^AC10(1[2-9]|2\d|3\d)$/.test(head.subarray(0, 6).toString('latin1'))) return 'dwg';
  if (head.subarray(0, 18).toString('latin1') === 'AutoCAD Binary DXF') return 'dxf';
  if (looksLikeAsciiDxf(head)) return 'dxf';
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
): { ok: true; fileType: FileType; format: DetectedFormat } | { ok: false; reason: string } {
  const expected = EXPECTED[fileExtension(fileName)];
  const detected = detectFormat(head);
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
