// The project rules the SPA's pages need without zod (importing a schema module builds every schema in it, which
// costs the dashboard's first render on a slow phone); projects.ts builds its schemas from the same values.
import { ACCEPTED_EXTENSIONS } from '../constants';

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const TAG_MAX = 50;
export const TAGS_MAX = 30;

export const ACCEPTED_TYPES_MESSAGE = `File type must be one of ${ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(', ')}`;

export const fileExtension = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();
