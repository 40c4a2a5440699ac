import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from '../lib/security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.map']);

type Encoding = 'br' | 'gzip';

/** Brotli or gzip, as the browser accepts, the way CloudFront's automatic compression answers. */
function preferredEncoding(req: IncomingMessage, file: string): Encoding | null {
  if (!COMPRESSIBLE.has(extname(file))) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

const compressedCache = new Map<string, { mtimeMs: number; body: Buffer }>();

function compressed(file: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}`;
  const { mtimeMs } = statSync(file);
  const cached = compressedCache.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.body;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(raw, { level: 9 });
  compressedCache.set(key, { mtimeMs, body });
  return body;
}

/** The headers CloudFront's response-headers policy adds in AWS. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

/**
 * The web app's headers as CloudFront sends them (infra/lib/security-headers.ts), with the local S3 emulator as
 * the storage host. Only `upgrade-insecure-requests` and HSTS are left out: the local cloud speaks plain HTTP.
 */
export function webAppHeaders(s3Endpoint: string): Record<string, string> {
  const s3 = new URL(s3Endpoint);
  const storage = [s3.origin, `${s3.protocol}//localhost:${s3.port}`];
  return {
    ...SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy(
      { storage, auth: [] },
      { upgradeInsecureRequests: false },
    ),
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * Serves the built SPA like CloudFront + its viewer-request function: unknown extensionless paths get index.html.
 * `headers` replace the default security headers on every answer (the web app's CSP, for instance).
 */
export function serveStatic(root: string, headers: Record<string, string> = SECURITY_HEADERS) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, safe);
    // `/` gets the prerendered landing page when the build made one (web/prerender.ts), as CloudFront does.
    if (safe === '/' && existsSync(join(root, 'landing.html'))) file = join(root, 'landing.html');
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (extname(safe)) {
        res.writeHead(404, { 'content-type': 'text/plain', ...headers });
        res.end('Not found');
        return;
      }
      file = join(root, 'index.html');
    }
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('The web app is not built: run `npm run build`.');
      return;
    }
    const immutable = safe.startsWith('/assets/');
    const encoding = preferredEncoding(req, file);
    const answer = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...headers,
    };
    if (encoding) {
      const body = compressed(file, encoding);
      res.writeHead(200, { ...answer, 'content-encoding': encoding, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, answer);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}
