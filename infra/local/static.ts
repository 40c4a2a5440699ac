import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

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

/** The headers CloudFront's response-headers policy adds in AWS. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

/** Serves the built SPA like CloudFront + its viewer-request function: unknown extensionless paths get index.html. */
export function serveStatic(root: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, safe);
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (extname(safe)) {
        res.writeHead(404, { 'content-type': 'text/plain', ...SECURITY_HEADERS });
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
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...SECURITY_HEADERS,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}
