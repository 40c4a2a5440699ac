import type { FileType } from '../../shared/schemas/projects';
import { fileExtension } from '../../shared/schemas/projects';
import { sniffFormat } from './file-format';

export type DetectedFormat = 'jpeg' | 'png' | 'pdf' | 'dwg' | 'dxf';

/** Detects the real format by its content (`sniffFormat`, the readers' detector too), whatever the file is called. */
export function detectFormat(head: Buffer, truncated = false): DetectedFormat | null {
  const sniffed = sniffFormat(head, truncated);
  if (!sniffed) return null;
  return sniffed.format === 'dxf-binary' ? 'dxf' : sniffed.format;
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
