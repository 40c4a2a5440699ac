/**
 * The local cloud's one origin: the routes every emulator answers behind it (see the module comment of
 * cloud.ts), each part answering 503 until it has started.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RuntimeConfig } from '../../shared/schemas/config';
import type { CognitoLocal } from './cognito';
import type { LocalHttpApi } from './gateway';
import type { Mailbox } from './mailbox';
import type { LocalStepFunctions } from './stepfunctions';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The parts behind the front door, filled in as they start. */
export interface FrontDoorParts {
  ready: boolean;
  cognito?: CognitoLocal;
  api?: LocalHttpApi;
  stepFunctions?: LocalStepFunctions;
  runtimeConfig?: RuntimeConfig;
  spa?: (req: IncomingMessage, res: ServerResponse) => void;
  metrics: () => unknown;
  invokeFunction?: (name: string, event: unknown) => Promise<unknown>;
  /** Asynchronous ("Event") invocations still running, so that stopping waits for them. */
  running: Set<Promise<unknown>>;
  mailbox: Mailbox;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('Request body too large'), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, headers);
  res.end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON.stringify(body), {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });

export function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return ['localhost', '127.0.0.1', '[::1]'].includes(name.toLowerCase());
}

function originOf(req: IncomingMessage, port: number): string {
  const host = req.headers.host ?? `localhost:${port}`;
  return `http://${host}`;
}

/** Answers one request at the local cloud's origin (`port`), from the parts started so far. */
export async function frontDoor(
  parts: FrontDoorParts,
  port: number,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const internal = `http://127.0.0.1:${port}`;
  try {
    if (!isLocalHost(req.headers.host)) {
      // DNS rebinding: a page on another name that resolves to 127.0.0.1 must not reach the local cloud.
      return sendJson(res, 421, {
        error: {
          code: 'MISDIRECTED',
          message: 'The local cloud answers only localhost, 127.0.0.1 and [::1]',
        },
      });
    }
    const requestUrl = new URL(req.url ?? '/', internal);
    const path = requestUrl.pathname;
    if (path.startsWith('/_local/cognito')) {
      if (!parts.cognito) return sendJson(res, 503, { message: 'Cognito is starting' });
      const body = await readBody(req);
      req.url = (req.url ?? '/').slice('/_local/cognito'.length) || '/';
      return parts.cognito.handle(req, res, body);
    }
    if (path === '/_local/sfn' || path === '/_local/sfn/') {
      if (!parts.stepFunctions) return sendJson(res, 503, { message: 'Step Functions is starting' });
      const result = await parts.stepFunctions.handle(
        String(req.headers['x-amz-target'] ?? ''),
        (await readBody(req)).toString(),
      );
      return send(res, result.status, JSON.stringify(result.body), {
        'content-type': 'application/x-amz-json-1.0',
      });
    }
    if (path.startsWith('/_local/lambda/')) {
      // The Lambda Invoke API (POST /2015-03-31/functions/{name}/invocations), for handlers that invoke others.
      const match = /^\/_local\/lambda\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(path);
      if (!match || req.method !== 'POST') return sendJson(res, 404, { message: 'Unknown Lambda API call' });
      if (!parts.invokeFunction) return sendJson(res, 503, { message: 'Lambda is starting' });
      const name = decodeURIComponent(match[1]!).split(':').pop()!;
      const body = (await readBody(req)).toString('utf8');
      const payload: unknown = body ? JSON.parse(body) : {};
      if (req.headers['x-amz-invocation-type'] === 'Event') {
        const job = parts
          .invokeFunction(name, payload)
          .catch((error) => console.error(`[local cloud] ${name} failed:`, error))
          .finally(() => parts.running.delete(job));
        parts.running.add(job);
        return send(res, 202, '');
      }
      return sendJson(res, 200, (await parts.invokeFunction(name, payload)) ?? null);
    }
    if (path === '/_local/metrics') return sendJson(res, 200, parts.metrics());
    if (path === '/_local/mailbox.json')
      return sendJson(res, 200, parts.mailbox.list(requestUrl.searchParams.get('to') ?? undefined));
    if (path === '/_local/mailbox')
      return send(res, 200, parts.mailbox.renderPage(), { 'content-type': 'text/html; charset=utf-8' });
    if (path === '/config.json') {
      if (!parts.runtimeConfig) return sendJson(res, 503, { message: 'Starting' });
      // no-cache like the deployed config.json (revalidated each load), so index.html's preload is reused.
      const body = { ...parts.runtimeConfig, cognitoEndpoint: `${originOf(req, port)}/_local/cognito` };
      return send(res, 200, JSON.stringify(body), {
        'content-type': 'application/json',
        'cache-control': 'no-cache',
      });
    }
    if (path === '/api/health' && !parts.ready) return sendJson(res, 503, { status: 'starting' });
    if (path.startsWith('/api/')) {
      if (!parts.api) return sendJson(res, 503, { message: 'Starting' });
      const response = await parts.api.handle(req, requestUrl, await readBody(req));
      return send(res, response.status, response.body, response.headers);
    }
    if (!parts.spa) return send(res, 503, 'Starting', { 'content-type': 'text/plain' });
    return parts.spa(req, res);
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) console.error('[local cloud]', error);
    if (!res.headersSent) sendJson(res, status, { message: (error as Error).message });
  }
}
