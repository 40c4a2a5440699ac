import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { api, createUser, localCloud, signIn as signInApi } from '../../infra/local/testing';
import { type BrowserSession, openBrowser, toastTexts } from './browser';

let browser: BrowserSession;
const url = (path: string) => `${localCloud().url}${path}`;

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

const visible = (locator: Locator, timeout = 10_000) =>
  expect.poll(() => locator.isVisible(), { timeout }).toBe(true);

/** Turns maintenance mode on or off through the admin API (as the seeded super admin). */
async function setMaintenance(value: boolean) {
  const { admin } = localCloud();
  const token = (await signInApi(admin.email, admin.password)).idToken;
  let response = await api('/api/admin/settings/maintenance_mode', {
    token,
    method: 'PATCH',
    body: { value },
  });
  if (response.status === 404)
    response = await api('/api/admin/settings', {
      token,
      method: 'POST',
      body: { key: 'maintenance_mode', value, category: 'system' },
    });
  expect(response.status).toBeLessThan(300);
}

async function uploadPlan(page: Page, title: string) {
  await page.goto(url('/upload'));
  await visible(page.getByRole('heading', { name: 'Upload Your Project' }));
  await page.getByLabel('Project Title').fill(title);
  await page.getByTestId('file-input').setInputFiles({
    name: 'ground-floor.dxf',
    mimeType: '',
    buffer: Buffer.from(planDxf()),
  });
  await expect
    .poll(() => page.locator('[data-testid="upload-item"][data-status="uploaded"]').count(), {
      timeout: 20_000,
    })
    .toBe(1);
  await visible(page.getByRole('heading', { name: 'AI Generation Prompt' }));
}

/** The natural width of every image under `locator` (0 for an image that did not load). */
const imageWidths = (locator: Locator) =>
  locator.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));

const loadedImages = async (locator: Locator) => (await imageWidths(locator)).filter((w) => w > 0).length;

describe('generation in Chromium (real state machine, local renderer)', () => {
  beforeAll(async () => {
    const [user, session] = await Promise.all([createUser('e2e-generation'), openBrowser()]);
    browser = session;
    await signIn(browser.page, user.email, user.password);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('uploads a DXF plan, generates three variations, and shows them on the project page', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await visible(page.getByRole('heading', { name: 'Upload Your Project' }));
    await visible(page.getByRole('heading', { name: 'Pro Tips' }));
    expect(await page.getByRole('heading', { name: 'AI Generation Prompt' }).count()).toBe(0);

    await uploadPlan(page, 'Courtyard House');

    const generate = page.getByRole('button', { name: 'Generate 3D Visualization' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Isometric architectural rendering', exact: true }).click();
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe(
      'Isometric architectural rendering',
    );
    expect(await page.getByRole('slider', { name: 'Fidelity' }).inputValue()).toBe('0.7');
    await generate.click();

    // Three placeholders at once, the button busy.
    const cards = page.getByTestId('visualization');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
      'Variation 1: Lighting & materials',
      'Variation 2: Alternative camera',
      'Variation 3: Time of day',
    ]);
    expect(await page.locator('[data-testid="visualization"][data-status="generating"]').count()).toBe(3);
    const busy = page.getByRole('button', { name: 'Generating...' });
    expect(await busy.isDisabled()).toBe(true);

    // Then the images, as each variation completes.
    const completed = page.locator('[data-testid="visualization"][data-status="completed"]');
    await expect.poll(() => completed.count(), { timeout: 60_000 }).toBe(3);
    await expect.poll(() => toastTexts(page)).toContain('Generated 3 visualizations successfully!');
    await expect.poll(() => loadedImages(page.getByTestId('generated-visualizations'))).toBe(3);
    expect(await generate.isEnabled()).toBe(true);

    const first = cards.first();
    const newTab = first.getByRole('link', { name: 'Open in new tab' });
    expect(await newTab.getAttribute('target')).toBe('_blank');
    expect(await newTab.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await newTab.getAttribute('href')).toMatch(/^https?:\/\//);

    await first.getByRole('button', { name: 'View Full' }).click();
    const viewer = page.getByRole('dialog', { name: 'Render: Lighting & materials' });
    await visible(viewer);
    await expect.poll(() => imageWidths(viewer)).toEqual([1024]);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);

    // The project page has them too.
    await page.getByRole('link', { name: 'Open Project' }).click();
    await page.waitForURL(/\/projects\/[0-9a-z]{26}$/);
    await visible(page.getByRole('heading', { name: 'Courtyard House', level: 1 }));
    const activity = page.getByText('Render completed: Isometric architectural rendering');
    await expect.poll(() => activity.count()).toBe(3);
    await page.getByRole('tab', { name: 'Renders (3)' }).click();
    const renders = page.getByRole('tabpanel').getByTestId('render-card');
    await expect.poll(() => renders.count()).toBe(3);
    expect(await renders.allInnerTexts()).toEqual([
      expect.stringContaining('Completed'),
      expect.stringContaining('Completed'),
      expect.stringContaining('Completed'),
    ]);
    await expect.poll(() => loadedImages(page.getByRole('tabpanel'))).toBe(3);

    // A fresh upload page starts over, with the guide a click away.
    await page.getByRole('link', { name: 'Upload', exact: true }).first().click();
    await visible(page.getByRole('heading', { name: 'Upload Your Project' }));
    expect(await page.getByTestId('visualization').count()).toBe(0);
    await page.getByRole('button', { name: 'View Guide' }).click();
    const guide = page.getByRole('dialog', { name: 'Getting great visualizations' });
    await visible(guide);
    expect(await guide.getByText('DXF or DWG plans work best.').isVisible()).toBe(true);
    await guide.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => guide.count()).toBe(0);
  }, 90_000);

  it('shows the server’s reason when a generation is refused, and sends nothing more', async () => {
    const { page } = browser;
    await uploadPlan(page, 'Maintenance Shed');
    await setMaintenance(true);
    try {
      await page.getByRole('button', { name: 'Night scene with ambient lighting', exact: true }).click();
      await page.getByRole('button', { name: 'Generate 3D Visualization' }).click();
      await expect.poll(() => toastTexts(page)).toContain('Failed to generate visualizations');
      expect(await toastTexts(page)).toContain('Planform is undergoing maintenance');
      await expect.poll(() => page.getByTestId('visualization').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Generate 3D Visualization' }).isEnabled()).toBe(true);
    } finally {
      await setMaintenance(false);
    }
  });
});
