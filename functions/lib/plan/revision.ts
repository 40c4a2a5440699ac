/** A version (a plan's, a building's) as an HTTP entity tag, and the `If-Match` a client sends back. */
import { AppError, badRequest } from '../errors';

export const planEtag = (revision: number) => `"${revision}"`;

/** The revision an `If-Match` header asks for; undefined when there is none or it is `*` (any version). */
export function ifMatchRevision(
  headers: Record<string, string | undefined> | null | undefined,
): number | undefined {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'if-match');
  const value = entry?.[1]?.trim();
  if (!value || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,12})"?$/.exec(value);
  if (!match) throw badRequest('If-Match must be an ETag as answered (for example "3").');
  return Number(match[1]);
}

export const stalePlan = () =>
  new AppError(
    'PRECONDITION_FAILED',
    'The plan changed since you loaded it (in another tab or by a new reading). Load it again and redo the edit.',
  );
