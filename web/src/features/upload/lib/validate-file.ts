import { MAX_FILE_BYTES } from '@shared/constants';
import { ACCEPTED_EXTENSIONS } from '@shared/domain';
import {
  ACCEPTED_TYPES_MESSAGE,
  CONTENT_TYPES_BY_EXTENSION,
  contentTypeFits,
  fileExtension,
  UNKNOWN_CONTENT_TYPE,
} from '@shared/schemas/project-rules';

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

/**
 * The type declared for the upload: the browser's when it fits the extension, else the usual one for the extension
 * (browsers know none for DWG or DXF, and some systems report odd ones).
 */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type && contentTypeFits(file.name, file.type)) return file.type.toLowerCase();
  const extension = fileExtension(file.name) as keyof typeof CONTENT_TYPES_BY_EXTENSION;
  return CONTENT_TYPES_BY_EXTENSION[extension]?.[0] ?? UNKNOWN_CONTENT_TYPE;
}

export const isImageFile = (file: Pick<File, 'name'>) =>
  ['jpg', 'jpeg', 'png'].includes(fileExtension(file.name));
