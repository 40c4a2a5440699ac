/**
 * Lighthouse (the npm package, driving the system Chromium) against the built SPA on a running local cloud: `/`
 * as a first-time visitor, then `/dashboard` signed in (signed in through the real sign-in page, so the session is
 * the one Amplify stores).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseRun {
  path: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds (CLS is unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** Titles of the failed accessibility and best-practices audits, to say why a score is below 100. */
  failedAudits: string[];
}

export interface LighthouseOptions {
  baseUrl: string;
  user: { email: string; password: string };
  formFactor: FormFactor;
  chromePath?: string;
  /** Runs per page; the run with the median performance score is reported (Lighthouse's own advice). */
  runs?: number;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

async function signInThroughTheApp(cdpPort: number, baseUrl: string, user: LighthouseOptions['user']) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard', { timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close(); // disconnects; the launched Chromium keeps running
  }
}

async function audit(url: string, port: number, formFactor: FormFactor, keepStorage: boolean) {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: CATEGORIES,
    disableStorageReset: keepStorage,
  };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = ['accessibility', 'best-practices'].flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${lhr.audits[ref.id]?.title}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
    },
    failedAudits,
  };
}

function median<T extends { performance: number }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Audits `/` signed out and `/dashboard` signed in, in one fresh Chromium profile. */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseRun[]> {
  const runs = options.runs ?? 1;
  const profile = mkdtempSync(join(tmpdir(), 'planform-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
    userDataDir: profile,
  });
  const results: LighthouseRun[] = [];
  try {
    const pages: { path: string; signedIn: boolean }[] = [
      { path: '/', signedIn: false },
      { path: '/dashboard', signedIn: true },
    ];
    for (const { path, signedIn } of pages) {
      if (signedIn) await signInThroughTheApp(chrome.port, options.baseUrl, options.user);
      const attempts = [];
      for (let i = 0; i < runs; i++)
        attempts.push(await audit(`${options.baseUrl}${path}`, chrome.port, options.formFactor, signedIn));
      results.push({ path, formFactor: options.formFactor, ...median(attempts) });
    }
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}
