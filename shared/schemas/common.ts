import * as z from 'zod';
import { ROLES } from '../constants';

export const roleSchema = z.enum(ROLES);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

export { type ErrorBody, errorBodySchema } from './boot';

/** Error codes the API answers with; the HTTP status of each lives in functions/lib/errors. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  /** A generation asked of a project with no uploaded drawing. */
  'NO_DRAWING',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  /** An edit sent with `If-Match` for a version that is no longer the current one. */
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Why a value is not plain, storable JSON (a bigint, a function, a cycle, a prototype key, too deep, too big), or null. */
export function jsonValueProblem(value: unknown, maxBytes: number, maxDepth = 20): string | null {
  const seen = new Set<object>();
  let bytes = 0;
  const visit = (v: unknown, depth: number): string | null => {
    if (depth > maxDepth) return `Values may nest at most ${maxDepth} levels`;
    if (v === null || typeof v === 'boolean') return null;
    if (typeof v === 'string') {
      bytes += v.length;
      return bytes > maxBytes ? 'The value is too large' : null;
    }
    if (typeof v === 'number') {
      // What DynamoDB can store exactly: safe integers, and magnitudes between 1e-130 and 1e126.
      if (!Number.isFinite(v)) return 'Numbers must be finite';
      if (Number.isInteger(v) && !Number.isSafeInteger(v))
        return 'Whole numbers must be between -(2^53 - 1) and 2^53 - 1';
      const size = Math.abs(v);
      if (size !== 0 && (size < 1e-130 || size >= 1e126))
        return 'Numbers must be between 1e-130 and 1e126 in size';
      return null;
    }
    if (typeof v !== 'object')
      return 'Only JSON values (text, numbers, true/false, null, lists, objects) are accepted';
    if (seen.has(v)) return 'The value refers to itself';
    seen.add(v);
    const isArray = Array.isArray(v);
    if (!isArray && Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null)
      return 'Only JSON values (text, numbers, true/false, null, lists, objects) are accepted';
    for (const key of Object.keys(v)) {
      if (!isArray && FORBIDDEN_KEYS.has(key)) return `The key "${key}" is not allowed`;
      if (!isArray && key === '') return 'Keys may not be empty';
      bytes += key.length;
      const problem = visit((v as Record<string, unknown>)[key], depth + 1);
      if (problem) return problem;
    }
    return bytes > maxBytes ? 'The value is too large' : null;
  };
  return visit(value, 0);
}

/** Any plain JSON value, checked without throwing whatever arrives. */
export const jsonValueSchema = (maxBytes: number) =>
  z.unknown().superRefine((value, ctx) => {
    const problem = jsonValueProblem(value, maxBytes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A presigned download: the URL (valid for `expiresIn` seconds) and the file name it saves as. */
export const downloadLinkSchema = z.object({ url: z.string(), fileName: z.string(), expiresIn: z.number() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
