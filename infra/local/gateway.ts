/**
 * The local HTTP API: routes /api/* by the shared route table to the handler modules Lambda runs, and
 * authorizes like the HTTP API JWT authorizer (signature, issuer, audience or client_id, expiry). Handlers get
 * the payload-format-2.0 event with claims as strings and `cognito:groups` flattened as "[a b]".
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { JwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { type ApiFeature, DEFAULT_ROUTE_KEY, findRoute, type RouteAuth, routeKey } from '../../shared/api';
import { apiFunctionName } from './functions';
import { SECURITY_HEADERS } from './static';

export interface GatewayResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

type Invoke = (functionName: string, event: unknown) => Promise<unknown>;

/** The gateway's own answers (401, 500) carry the headers CloudFront adds to every response in AWS. */
const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): GatewayResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...SECURITY_HEADERS, ...headers },
  body: Buffer.from(JSON.stringify(body)),
});

/** HTTP API turns every claim into a string; arrays become "[a b]". */
export function flattenClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value)) claims[key] = `[${value.join(' ')}]`;
    else if (value !== null && typeof value === 'object') claims[key] = JSON.stringify(value);
    else claims[key] = String(value);
  }
  return claims;
}

export class LocalHttpApi {
  private readonly verifier;

  constructor(private readonly options: { issuer: string; clientId: string; jwks: Jwks; invoke: Invoke }) {
    this.verifier = JwtVerifier.create({
      issuer: options.issuer,
      audience: null,
      jwksUri: `${options.issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.aud !== options.clientId && payload.client_id !== options.clientId)
          throw new Error('Audience does not match');
      },
    });
    this.verifier.cacheJwks(options.jwks);
  }

  private async authorize(header: string | undefined): Promise<Record<string, string> | null> {
    if (!header) return null;
    const token = header.replace(/^Bearer\s+/i, '').trim();
    try {
      return flattenClaims((await this.verifier.verify(token)) as Record<string, unknown>);
    } catch {
      return null;
    }
  }

  async handle(req: IncomingMessage, url: URL, body: Buffer): Promise<GatewayResponse> {
    const method = (req.method ?? 'GET').toUpperCase();
    // Like API Gateway, a request no route matches goes to the `$default` route (the health function), which
    // answers 404 or 405 with the error shape. `url.pathname` has its dot segments resolved already.
    const match = findRoute(method, url.pathname);
    const route: { feature: ApiFeature; auth: RouteAuth } = match?.route ?? {
      feature: 'health',
      auth: 'none',
    };
    const params = match?.params ?? {};
    const key = match ? routeKey(match.route) : DEFAULT_ROUTE_KEY;

    let claims: Record<string, string> | undefined;
    if (route.auth === 'jwt') {
      const verified = await this.authorize(req.headers.authorization);
      if (!verified) return jsonResponse(401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
      claims = verified;
    }

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
    const contentType = headers['content-type'] ?? '';
    const isText = /json|text|xml|x-www-form-urlencoded/.test(contentType) || body.length === 0;
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: key,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      cookies: headers.cookie?.split(/;\s*/),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(params).length ? params : undefined,
      body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && !isText,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: key,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
    };

    let result: unknown;
    try {
      result = await this.options.invoke(apiFunctionName(route.feature), event);
    } catch (error) {
      console.error(`[local api] ${key} crashed:`, error);
      return jsonResponse(500, { message: 'Internal Server Error' });
    }
    return toResponse(result);
  }
}

/** Maps a payload-2.0 handler result to an HTTP response, as API Gateway does. */
export function toResponse(result: unknown): GatewayResponse {
  if (result === null || typeof result !== 'object' || !('statusCode' in result)) {
    return jsonResponse(200, result ?? null);
  }
  const r = result as {
    statusCode: number;
    headers?: Record<string, string>;
    body?: string;
    isBase64Encoded?: boolean;
    cookies?: string[];
  };
  const headers: Record<string, string> = { ...(r.headers ?? {}) };
  const body = r.body ? Buffer.from(r.body, r.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (r.cookies?.length) headers['set-cookie'] = r.cookies.join(', ');
  return { status: r.statusCode, headers, body };
}
