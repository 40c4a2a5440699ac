// zod/mini: these schemas are on the SPA's start-up path (every page), where the full zod build would cost ~25 KB
// gzipped. They validate the same shapes as their full-zod neighbours and compose with them.
import * as z from 'zod/mini';
import { ROLES } from '../constants';

/** Every API error: `{ "error": { "code", "message", "details"? } }`. */
export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.optional(z.unknown()) }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `GET /api/me`: the caller's profile and the role the server stores. */
export const meSchema = z.object({ id: z.string(), email: z.string(), role: z.enum(ROLES) });
export type Me = z.infer<typeof meSchema>;
