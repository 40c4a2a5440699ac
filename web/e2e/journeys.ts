/**
 * Shared steps of the journey suites (journeys-desktop and journeys-mobile): the spec's screens walked as a signed-out
 * visitor, a user, an admin and a super admin, with the failures a user meets (network errors, expired sessions).
 */
import type { Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { api, createUser, localCloud, signIn as signInApi } from '../../infra/local/testing';
import { type BrowserSession, openBrowser } from './browser';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

export const url = (path: string) => `${localCloud().url}${path}`;
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A fresh browser profile at `viewport` whose console errors and failed requests explain a failed wait. */
export async function openJourneyBrowser(viewport: {
  width: number;
  height: number;
}): Promise<BrowserSession> {
  const session = await openBrowser({ viewport });
  watchConsole(session.page);
  return session;
}

/** The browser console's errors and failed requests of a page, kept to explain a failed wait. */
const consoleLogs = new WeakMap<Page, string[]>();

/** Starts keeping the console errors and failed requests of `page` (for the messages of failed waits). */
export function watchConsole(page: Page) {
  const log: string[] = [];
  consoleLogs.set(page, log);
  const keep = (line: string) => {
    log.push(line);
    if (log.length > 20) log.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error') keep(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => keep(`failed: ${request.method()} ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      keep(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

async function waitForVisibility(locator: Locator, expected: boolean, timeout: number) {
  try {
    await expect.poll(() => locator.isVisible(), { timeout }).toBe(expected);
  } catch (error) {
    const page = locator.page();
    const toasts = await page
      .locator('[data-sonner-toast]')
      .allInnerTexts()
      .catch(() => []);
    const log = consoleLogs.get(page) ?? [];
    throw new Error(
      `${locator} did not become ${expected ? 'visible' : 'hidden'} in ${timeout} ms on ${page.url()}` +
        `\ntoasts: ${JSON.stringify(toasts)}\nrecent: ${log.join('\n  ')}`,
      { cause: error },
    );
  }
}

export const visible = (locator: Locator, timeout = 15_000) => waitForVisibility(locator, true, timeout);

export const hidden = (locator: Locator, timeout = 15_000) => waitForVisibility(locator, false, timeout);

const FRESH_TOASTS = '[data-sonner-toast]:not([data-e2e-seen])';

/** The toasts that appeared since the last `forgetToasts`. */
export const freshToastTexts = async (page: Page) =>
  (await page.locator(FRESH_TOASTS).allInnerTexts()).join('\n');

/** Waits for a new toast that contains every one of `texts` (a title and its description). */
export async function expectToast(page: Page, ...texts: string[]) {
  for (const text of texts)
    await expect.poll(() => freshToastTexts(page), { timeout: 15_000 }).toContain(text);
}

/** Marks the toasts on screen as seen (without touching the DOM React renders), so the next checks read new ones. */
export async function forgetToasts(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-sonner-toast]')) el.setAttribute('data-e2e-seen', '');
  });
}

/** The signed-in home of the app is reached through the sign-in form, as a user would. */
export async function signInThroughForm(page: Page, email: string, password: string, landing = '/dashboard') {
  if (pathOf(page) !== '/auth/login') await page.goto(url('/auth/login'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((u) => u.pathname === landing, { timeout: 15_000 });
}

/** The page is no wider than the viewport: nothing scrolls sideways. */
export async function expectNoHorizontalOverflow(page: Page, label = pathOf(page)) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `horizontal overflow on ${label}`).toBeLessThanOrEqual(viewport);
}

/** A token of the seeded super admin, for API set-up calls. */
export async function superAdminToken() {
  const { admin } = localCloud();
  return (await signInApi(admin.email, admin.password)).idToken;
}

/** A new confirmed user with `role`, promoted by the seeded super admin the way the admin console does it. */
export async function userWithRole(label: string, role: 'user' | 'admin' | 'super_admin' = 'user') {
  const user = await createUser(label);
  if (role === 'user') return user;
  const me = (await api('/api/me', { token: user.tokens.idToken })).json as { id: string };
  const response = await api(`/api/admin/users/${me.id}`, {
    token: await superAdminToken(),
    method: 'PATCH',
    body: { role },
  });
  if (response.status !== 200) throw new Error(`promote to ${role}: ${response.status} ${response.text}`);
  return user;
}

/**
 * Makes every request of `method` to an API path matching `pattern` fail: `'abort'` as a lost connection, or a
 * status with the API's error body. Returns a function that lets requests through again.
 */
export async function failApi(
  page: Page,
  pattern: RegExp,
  failure: 'abort' | { status: number; message: string },
  method = 'GET',
) {
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    if (failure === 'abort') return route.abort('internetdisconnected');
    return route.fulfill({
      status: failure.status,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: failure.message } }),
    });
  };
  const matcher = (u: URL) => u.pathname.startsWith('/api/') && pattern.test(u.pathname + u.search);
  await page.route(matcher, handler);
  return () => page.unroute(matcher, handler);
}

/**
 * Holds requests of `method` to an API path matching `pattern` until `release()`, to show the busy states; then
 * answers them with `answer` (default: lets them through). `stop()` removes the hold.
 */
export async function holdApi(
  page: Page,
  pattern: RegExp,
  method = 'GET',
  answer: (route: Route) => Promise<void> = (route) => route.fallback(),
) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matcher = (u: URL) => u.pathname.startsWith('/api/') && pattern.test(u.pathname + u.search);
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await gate;
    return answer(route);
  };
  await page.route(matcher, handler);
  return { release, stop: () => page.unroute(matcher, handler) };
}

/** Answers like the API does when something breaks on the server. */
export const serverError = (message: string) => (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'INTERNAL', message } }),
  });

/**
 * Lets the stored session run out the way it does after a long absence or a revoked sign-in: the ID and access
 * tokens in localStorage are past their expiry and the refresh token is no longer accepted by Cognito.
 */
export async function expireSession(page: Page) {
  const changed = await page.evaluate(() => {
    const b64url = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const fromB64url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    let count = 0;
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('CognitoIdentityServiceProvider.')) continue;
      if (key.endsWith('.idToken') || key.endsWith('.accessToken')) {
        const [header, payload, signature] = (localStorage.getItem(key) ?? '').split('.');
        const claims = JSON.parse(fromB64url(payload ?? '')) as { exp: number };
        claims.exp = Math.floor(Date.now() / 1000) - 3600;
        localStorage.setItem(key, `${header}.${b64url(JSON.stringify(claims))}.${signature}`);
        count++;
      } else if (key.endsWith('.refreshToken')) {
        localStorage.setItem(key, 'revoked-refresh-token');
        count++;
      }
    }
    return count;
  });
  expect(changed, 'stored Cognito tokens').toBe(3);
}

/** The texts of a native <select>'s options. */
export const optionTexts = (select: Locator) =>
  select.locator('option').evaluateAll((options) => options.map((o) => o.textContent?.trim() ?? ''));

/** The column headers of a table. */
export const columnHeaders = (table: Locator) =>
  table.locator('thead th').evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));
