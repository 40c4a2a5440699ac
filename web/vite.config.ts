import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/** Long-lived chunks for the big libraries, so a deploy of app code alone does not invalidate them in browsers' caches. */
function vendorChunk(id: string): string | null {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  if (!match) return null;
  const pkg = match[1]!.replace('\\', '/');
  if (/^(react|react-dom|react-router|react-router-dom|scheduler)$/.test(pkg)) return 'react';
  if (/^(aws-amplify|@aws-amplify\/.*|@aws-crypto\/.*|@smithy\/.*|@aws-sdk\/.*|tslib|js-cookie)$/.test(pkg))
    return 'amplify';
  // Other libraries go with the code that uses them, so a lazily loaded page brings its own.
  return null;
}

/**
 * The SPA's build. `root` is web/ so the config works from the repo root (`vite build --config web/vite.config.ts`)
 * and when the local cloud mounts Vite in middleware mode. `/config.json` is served by the host (CloudFront or the
 * local cloud), never bundled, so one build serves every environment.
 */
export default defineConfig({
  root: webDir,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: vendorChunk, debugName: 'libraries' }] } },
    },
  },
});
