import { UPLOAD_FORMATS_LABEL } from '../../../shared/constants';
import { unprocessable } from './errors';
import type { SourceFormat } from './types';

export interface Detected {
  format: SourceFormat;
  /** DWG/DXF version string from the file (e.g. 'AC1015'), when known at this point. */
  version?: string;
}

const startsWith = (bytes: Uint8Array, sig: number[]) =>
  bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(
    bytes.buffer,
    bytes.byteOffset + start,
    Math.max(0, Math.min(end, bytes.length) - start),
  ).toString('latin1');

/** True when the text opens like an ASCII DXF: optional 999 comments, then group 0 / SECTION. */
export function looksLikeAsciiDxf(head: string): boolean {
  const text = head.replace(/^\uFEFF/, '');
  return /^\s*(?:999[ \t]*\r?\n[^\n]*\n\s*)*0[ \t]*\r?\n[ \t]*SECTION[ \t]*\r?\n/.test(text);
}

export const BINARY_DXF_SENTINEL = 'AutoCAD Binary DXF\r\n\x1a\0';

const EXTENSION_NAMES: Record<string, string> = {
  jpg: 'JPEG image',
  jpeg: 'JPEG image',
  png: 'PNG image',
  pdf: 'PDF',
  dwg: 'DWG drawing',
  dxf: 'DXF drawing',
};

/**
 * Finds the format from the content (magic bytes), not the name: a PNG named .jpg is read as a PNG. The name
 * only shapes the error message when the content is not recognised.
 */
export function detectFormat(bytes: Uint8Array, fileName: string, _contentType?: string): Detected {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (bytes.length === 0) throw unprocessable('The file is empty.');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { format: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { format: 'png' };
  // PDF: '%PDF-' may follow a little junk; readers accept it within the first 1024 bytes.
  const head = ascii(bytes, 0, 1024);
  if (head.includes('%PDF-')) return { format: 'pdf' };
  const dwg = /^AC(\d{4}|\d\.\d{1,2})/.exec(ascii(bytes, 0, 6));
  if (dwg) return { format: 'dwg', version: dwg[0] };
  if (ascii(bytes, 0, BINARY_DXF_SENTINEL.length) === BINARY_DXF_SENTINEL) return { format: 'dxf-binary' };
  if (looksLikeAsciiDxf(ascii(bytes, 0, 4096))) return { format: 'dxf' };

  const claimed = EXTENSION_NAMES[ext];
  if (claimed) {
    throw unprocessable(
      `This file is named .${ext} but its content is not a valid ${claimed}. It may be damaged or saved in another format.`,
    );
  }
  throw unprocessable(`This file type is not supported. Upload one of: ${UPLOAD_FORMATS_LABEL}.`);
}
