import { FILE_KINDS, fileKindOfExtension, UPLOAD_FORMATS_LABEL } from '../../shared/domain';
import { unprocessable } from './errors';
import { SNIFF_BYTES, type SniffedFormat, sniffFormat } from './file-format';
import type { SourceFormat } from './types';

export type Detected = SniffedFormat & { format: SourceFormat };

/**
 * Finds the format from the content (`sniffFormat`, the upload check's detector too), not the name: a PNG named
 * .jpg is read as a PNG. The name only shapes the error message when the content is not recognised.
 */
export function detectFormat(bytes: Uint8Array, fileName: string, _contentType?: string): Detected {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (bytes.length === 0) throw unprocessable('The file is empty.');
  const sniffed = sniffFormat(bytes.subarray(0, SNIFF_BYTES), bytes.length > SNIFF_BYTES);
  if (sniffed) return sniffed;

  const claimed = fileKindOfExtension(ext);
  if (claimed) {
    throw unprocessable(
      `This file is named .${ext} but its content is not a valid ${FILE_KINDS[claimed].noun}. It may be damaged or saved in another format.`,
    );
  }
  throw unprocessable(`This file type is not supported. Upload one of: ${UPLOAD_FORMATS_LABEL}.`);
}
