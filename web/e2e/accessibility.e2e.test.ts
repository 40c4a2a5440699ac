import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject, uploadFile } from '../../functions/test/projects-client';
import { pngFixture } from '../../functions/test/upload-fixtures';
import { api, localCloud, signIn } from '../../infra/local/testing';
import { type BrowserSession, openBrowser } from './browser';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
let browser: BrowserSession;
const url = (path: string) => `${localCloud().url}${path}`;

async function violations(path: string, ready: string | null) {
  const { page } = browser;
  await page.goto(url(path));
  if (ready) await page.getByText(ready, { exact: false }).first().waitFor();
  else {
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
  }
  const result = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['/', 'Turn 2D drawings'],
    ['/auth/login', 'Forgot password?'],
    ['/auth/signup', 'Create Account'],
    ['/auth/forgot-password', 'Send Reset Link'],
    ['/no/such/page', 'Oops! Page not found'],
  ])('signed out: %s', async (path, ready) => {
    expect(await violations(path, ready)).toEqual([]);
  });

  it('signed in: dashboard, upload, and the admin dashboard', async () => {
    const { page } = browser;
    const { admin } = localCloud();
    await page.goto(url('/auth/login'));
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(await violations('/dashboard', 'Project Dashboard')).toEqual([]);
    expect(await violations('/upload', 'Upload Your Project')).toEqual([]);
    expect(await violations('/admin', 'Total Users')).toEqual([]);
    for (const path of [
      '/admin/users',
      '/admin/prompts',
      '/admin/settings',
      '/admin/jobs',
      '/admin/health',
      '/admin/storage',
    ]) {
      expect(await violations(path, null), path).toEqual([]);
    }
  });

  it('project detail with its tabs and dialogs, and the public view', async () => {
    const { page } = browser;
    const token = (await signIn(localCloud().admin.email, localCloud().admin.password)).idToken;
    const project = await newProject(token, { title: 'Accessible House', tags: ['Residential'] });
    await uploadFile(token, project.id, 'plan.png', await pngFixture());
    expect(await violations(`/projects/${project.id}`, 'Project Details')).toEqual([]);
    await page.getByRole('tab', { name: /Files/ }).click();
    expect(await axe()).toEqual([]);
    await page.getByRole('button', { name: 'Share' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.getByText('Read-only access').first().waitFor();
    expect(await axe()).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Settings' }).first().click();
    await page.getByRole('dialog').waitFor();
    expect(await axe()).toEqual([]);
    await page.keyboard.press('Escape');
    const shared = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
    const link = new URL(String(shared.json.url));
    expect(await violations(`${link.pathname}${link.search}`, 'Read-only access')).toEqual([]);
  });

  it('a 375 px mobile viewport with the menu open', async () => {
    const mobile = await openBrowser({ viewport: { width: 375, height: 740 } });
    try {
      await mobile.page.goto(url('/'));
      await mobile.page.getByRole('button', { name: 'Toggle menu' }).click();
      const result = await new AxeBuilder({ page: mobile.page }).withTags(WCAG_A_AA).analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);
    } finally {
      await mobile.close();
    }
  });
});

async function axe() {
  const result = await new AxeBuilder({ page: browser.page }).withTags(WCAG_A_AA).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
