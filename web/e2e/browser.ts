/** Real Chromium (the system's, driven by playwright-core) against the local cloud of the test run. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** WebGL without a GPU: SwiftShader, software rendering (what the 3D viewer's tests run on). */
const WEBGL_ARGS = ['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
/** A browser with WebGL turned off, as some locked-down machines have it. */
const NO_WEBGL_ARGS = ['--disable-webgl', '--disable-3d-apis'];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/** A fresh browser profile (no session), like a first-time visitor. */
export async function openBrowser(
  options: { viewport?: { width: number; height: number }; webgl?: boolean } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'planform-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...ARGS, ...(options.webgl === undefined ? [] : options.webgl ? WEBGL_ARGS : NO_WEBGL_ARGS)],
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The local cloud serves the production CSP: anything it blocks is a failure, as it would be in AWS.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      errors.push(message.text());
  });
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The title and description of the toasts on screen. */
export async function toastTexts(page: Page): Promise<string> {
  return (await page.locator('[data-sonner-toast]').allInnerTexts()).join('\n');
}

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's WCAG 2.1 A/AA violations on the page (or under `include`), once finite animations have ended. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Legacy mode runs axe in the page itself, without a blank tab per run for finishRun (the SPA has no iframes).
  const builder = new AxeBuilder({ page }).withTags(WCAG_A_AA).setLegacyMode();
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`.trim())
        .slice(0, 3)
        .join(', ')}`,
  );
}
