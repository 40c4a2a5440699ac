import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { unauthorized } from './errors';

export interface Caller {
  userId: string;
  email: string;
  groups: string[];
}

/** HTTP API passes JWT claims as strings; array claims arrive flattened as "[a b]". */
export function parseGroupsClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((g) => g.trim())
    .filter(Boolean);
}

export function callerFrom(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const userId = claims?.sub;
  if (typeof userId !== 'string' || !userId) throw unauthorized();
  const email = typeof claims?.email === 'string' ? claims.email : '';
  return { userId, email, groups: parseGroupsClaim(claims?.['cognito:groups']) };
}
