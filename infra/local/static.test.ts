import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from '../lib/security-headers';
import { serveStatic, webAppHeaders } from './static';

let root: string;
let server: Server;
let base: string;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'planform-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
  writeFileSync(join(root, 'landing.html'), '<div id="root"><h1>Landing</h1></div>');
  writeFileSync(join(root, 'assets/app-abc.js'), SCRIPT);
  writeFileSync(join(root, 'assets/plan.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  server = createServer(serveStatic(root));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** node:http, not fetch(): fetch decompresses on its own, and the raw bytes show what went over the wire. */
function raw(path: string, acceptEncoding = 'identity') {
  return new Promise<{ response: { status: number; headers: Headers }; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string') headers.set(name, value);
        resolve({ response: { status: res.statusCode ?? 0, headers }, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

describe('the local cloud serves the built SPA like CloudFront', () => {
  it('serves the prerendered landing page for / and the empty shell for the other routes', async () => {
    expect((await raw('/')).body.toString()).toContain('<h1>Landing</h1>');
    expect((await raw('/dashboard')).body.toString()).toBe('<div id="root"></div>');
    expect((await raw('/projects/abc/public')).body.toString()).toBe('<div id="root"></div>');
  });

  it('compresses text with brotli or gzip, as the browser accepts, and leaves images alone', async () => {
    const br = await raw('/assets/app-abc.js', 'gzip, deflate, br');
    expect(br.response.headers.get('content-encoding')).toBe('br');
    expect(br.response.headers.get('vary')).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await raw('/assets/app-abc.js', 'gzip');
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await raw('/assets/app-abc.js');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(SCRIPT);

    const png = await raw('/assets/plan.png', 'gzip, br');
    expect(png.response.headers.get('content-encoding')).toBeNull();
  });

  it('caches hashed assets for a year and revalidates the HTML; a missing file is a 404', async () => {
    expect((await raw('/assets/app-abc.js')).response.headers.get('cache-control')).toContain('immutable');
    expect((await raw('/')).response.headers.get('cache-control')).toBe('no-cache');
    expect((await raw('/assets/missing.js')).response.status).toBe(404);
  });
});

describe('webAppHeaders', () => {
  it('sends the deployed CSP with the local S3 emulator as the storage host, and no HTTPS upgrade', () => {
    const headers = webAppHeaders('http://127.0.0.1:4568');
    const csp = headers['content-security-policy']!;
    expect(csp).toBe(
      contentSecurityPolicy(
        { storage: ['http://127.0.0.1:4568', 'http://localhost:4568'], auth: [] },
        { upgradeInsecureRequests: false },
      ),
    );
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4568 http://localhost:4568");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(headers['x-frame-options']).toBe('DENY');
  });
});
