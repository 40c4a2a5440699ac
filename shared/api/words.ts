/** Answers many routes share, as docs/api.md words them. */
export const OWNER = '404 `NOT_FOUND` to anyone but the owner (no hint that the project exists)';
export const ADMIN = '403 `FORBIDDEN` unless the stored role is admin or super_admin';
export const SUPER = '403 `FORBIDDEN` unless the stored role is super_admin';
