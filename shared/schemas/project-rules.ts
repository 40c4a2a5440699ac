// The project rules the SPA's pages need without zod (importing a schema module builds every schema in it, which
// costs the dashboard's first render on a slow phone); projects.ts builds its schemas from the same values.
import { ACCEPTED_EXTENSIONS, type AcceptedExtension, FILE_KINDS, fileKindOfExtension } from '../domain';

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const TAG_MAX = 50;
export const TAGS_MAX = 30;

export const ACCEPTED_TYPES_MESSAGE = `File type must be one of ${ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(', ')}`;

export const fileExtension = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** Declared when a client knows no type; accepted for every extension (the bytes decide the format). */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/**
 * The Content-Types an upload may declare, by extension: what browsers, CAD programs and operating systems send.
 * The presigned POST stores the object with the declared type, so nothing else (text/html, CR/LF) gets in.
 */
export const CONTENT_TYPES_BY_EXTENSION = Object.fromEntries(
  ACCEPTED_EXTENSIONS.map((ext): [string, readonly string[]] => [
    ext,
    FILE_KINDS[fileKindOfExtension(ext)!].contentTypes,
  ]),
) as Readonly<Record<AcceptedExtension, readonly string[]>>;

/** Whether a file of this name may be declared with this Content-Type (compared without case). */
export function contentTypeFits(name: string, contentType: string): boolean {
  const type = contentType.toLowerCase();
  if (type === UNKNOWN_CONTENT_TYPE) return true;
  const accepted = CONTENT_TYPES_BY_EXTENSION[fileExtension(name) as keyof typeof CONTENT_TYPES_BY_EXTENSION];
  return !!accepted?.includes(type);
}
