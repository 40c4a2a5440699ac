import { ACCEPTED_EXTENSIONS, MAX_FILE_BYTES } from '@shared/constants';
import { ACCEPTED_TYPES_MESSAGE, fileExtension } from '@shared/schemas/project-rules';

export type FileErrorCode = 'file-invalid-type' | 'file-too-large' | 'file-too-small';

export interface FileError {
  code: FileErrorCode;
  message: string;
}

export interface FileRejection {
  file: File;
  errors: FileError[];
}

/** The file input's `accept`: ".jpg,.jpeg,.png,.pdf,.dwg,.dxf". */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(',');

export const FILE_ERROR_MESSAGES: Record<FileErrorCode, string> = {
  'file-invalid-type': ACCEPTED_TYPES_MESSAGE,
  'file-too-large': 'File is larger than 100 MB',
  'file-too-small': 'File is empty',
};

/** Why a dropped file cannot be uploaded (by its extension and size); empty when it can. */
export function fileErrors(file: Pick<File, 'name' | 'size'>): FileError[] {
  const errors: FileError[] = [];
  const ext = fileExtension(file.name);
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext))
    errors.push({ code: 'file-invalid-type', message: FILE_ERROR_MESSAGES['file-invalid-type'] });
  if (file.size > MAX_FILE_BYTES)
    errors.push({ code: 'file-too-large', message: FILE_ERROR_MESSAGES['file-too-large'] });
  else if (file.size <= 0)
    errors.push({ code: 'file-too-small', message: FILE_ERROR_MESSAGES['file-too-small'] });
  return errors;
}

/** Splits dropped files into the ones to upload and the ones rejected, with their reasons. */
export function partitionFiles(files: readonly File[]): { accepted: File[]; rejected: FileRejection[] } {
  const accepted: File[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    const errors = fileErrors(file);
    if (errors.length === 0) accepted.push(file);
    else rejected.push({ file, errors });
  }
  return { accepted, rejected };
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  dxf: 'image/vnd.dxf',
  dwg: 'image/vnd.dwg',
};

/** The browser's type for the file, or one from its extension (browsers know none for DWG or DXF). */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  return file.type || CONTENT_TYPES[fileExtension(file.name)] || 'application/octet-stream';
}

export const isImageFile = (file: Pick<File, 'name'>) =>
  ['jpg', 'jpeg', 'png'].includes(fileExtension(file.name));
