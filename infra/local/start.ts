/**
 * `npm start` (and `npm run dev` with --dev): the whole app on the local cloud.
 *   --reset   wipe the local data (.data/) first
 *   --dev     Vite with hot reload for the SPA; handlers reloaded on change
 * Environment: PORT (default 3000), PLANFORM_DATA_DIR (default .data), LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD.
 */
import { pathToFileURL } from 'node:url';
import './bootstrap';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type LocalCloud, PortInUseError, ROOT_DIR, startLocalCloud } from './cloud';
import { JavaMissingError } from './dynamodb';
import { portInUse } from './net';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.PLANFORM_DATA_DIR ?? join(ROOT_DIR, '.data');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when it is missing or older than the SPA's sources (a fresh clone, a pull). */
async function ensureWebBuild(): Promise<void> {
  const index = join(ROOT_DIR, 'web/dist/index.html');
  const sources = Math.max(newestMtime(join(ROOT_DIR, 'web/src')), newestMtime(join(ROOT_DIR, 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app (web/dist)...');
  const { build } = await import('vite');
  // A production bundle whatever NODE_ENV this process inherited (a test runner sets `test`, which would bundle
  // React's development build).
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT_DIR, 'web/vite.config.ts'), logLevel: 'warn', mode: 'production' });
    // The prerendered landing page (dist/landing.html), as `npm run build:web` makes it: `/` is served from it.
    await import(pathToFileURL(join(ROOT_DIR, 'web/prerender.ts')).href);
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
}

function printSummary(cloud: LocalCloud) {
  const rows: [string, string][] = [
    ['App', cloud.url],
    ['Dev mailbox', cloud.mailboxUrl],
    ['Admin e-mail', cloud.admin.email],
    [
      'Admin password',
      cloud.admin.source === 'env' ? '(from LOCAL_ADMIN_PASSWORD)' : `${cloud.admin.password}`,
    ],
    ['Data', relative(process.cwd(), dataDir) || dataDir],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nPlanform is running${dev ? ' (dev mode, hot reload)' : ''}:\n`);
  for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
  if (cloud.admin.source !== 'env')
    console.log(
      `\n  (admin credentials are kept in ${relative(process.cwd(), join(dataDir, 'local-admin.json'))})`,
    );
  console.log(
    '\nSign up with any e-mail: the confirmation link arrives in the dev mailbox. Ctrl-C stops everything.\n',
  );
}

async function main() {
  // Say so at once when another copy runs, before any build work.
  if (await portInUse(port)) throw new PortInUseError(port);
  if (!dev) await ensureWebBuild();
  const cloud = await startLocalCloud({ port, dataDir, reset: args.has('--reset'), dev });
  printSummary(cloud);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local cloud...');
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError || error instanceof JavaMissingError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('\nThe local cloud failed to start:', error);
  }
  process.exit(1);
});
