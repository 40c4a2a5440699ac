import { sniffFormat } from '../../engine/drawing/file-format';
import { FILE_KINDS, type FileKind, type FileType, fileKindOfExtension } from '../../shared/domain';
import { fileExtension } from '../../shared/schemas/projects';

/** Detects the real format by its content (`sniffFormat`, the readers' detector too), whatever the file is called. */
export function detectFormat(head: Buffer, truncated = false): FileKind | null {
  const sniffed = sniffFormat(head, truncated);
  if (!sniffed) return null;
  return sniffed.format === 'dxf-binary' ? 'dxf' : sniffed.format;
}

export const fileTypeOf = (format: FileKind): FileType => FILE_KINDS[format].fileType;

/** Checks that the content is what the name says; returns the file type or a user-facing reason. */
export function checkContent(
  fileName: string,
  head: Buffer,
  truncated = false,
): { ok: true; fileType: FileType; format: FileKind } | { ok: false; reason: string } {
  const expected = fileKindOfExtension(fileExtension(fileName));
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
