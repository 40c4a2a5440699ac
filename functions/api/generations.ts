import { createHttpHandler } from '../lib/http';

/** Routes of this feature are being built; until then every route answers 404 (no route). */
export const handler = createHttpHandler({});
