/**
 * After `vite build`: renders the landing page (web/src/prerender.tsx) into dist/landing.html, a copy of
 * dist/index.html with the page inside #root. CloudFront (and the local cloud) serve it for `/`; every other SPA
 * route keeps the empty index.html, so no page ever flashes the landing page's content.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const EMPTY_ROOT = '<div id="root"></div>';

const vite = await createServer({
  configFile: `${webDir}vite.config.ts`,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
});
try {
  const { renderLanding } = (await vite.ssrLoadModule('/src/prerender.tsx')) as {
    renderLanding: () => Promise<string>;
  };
  const html = await renderLanding();
  const index = readFileSync(`${dist}index.html`, 'utf8');
  if (!index.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);
  writeFileSync(`${dist}landing.html`, index.replace(EMPTY_ROOT, `<div id="root">${html}</div>`));
  console.log(
    `web/dist/landing.html: the landing page prerendered (${(html.length / 1000).toFixed(1)} KB of HTML)`,
  );
} finally {
  await vite.close();
}
