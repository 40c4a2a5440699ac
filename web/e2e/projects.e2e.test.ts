import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject, planRead, uploadFile } from '../../functions/test/projects-client';
import { dxfFixture, pdfFixture, pngFixture } from '../../functions/test/upload-fixtures';
import { createUser, localCloud } from '../../infra/local/testing';
import { formatBytes } from '../src/lib/format';
import { type BrowserSession, openBrowser, toastTexts } from './browser';

type User = Awaited<ReturnType<typeof createUser>>;

let browser: BrowserSession;
let user: User;
const url = (path: string) => `${localCloud().url}${path}`;
const token = () => user.tokens.idToken;

/** A PNG of noise, large enough (~0.5 MB) that a throttled upload reports progress along the way. */
const noisyPng = () =>
  sharp({
    create: {
      width: 420,
      height: 420,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

const visible = (locator: { isVisible(): Promise<boolean> }) =>
  expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);

describe('projects in Chromium', () => {
  beforeAll(async () => {
    [user, browser] = await Promise.all([createUser('e2e-projects'), openBrowser()]);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: localCloud().url,
    });
    await signIn(browser.page, user.email, user.password);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('creates a project by uploading three files, showing progress and the uploaded state', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await visible(page.getByRole('heading', { name: 'Upload Your Project' }));
    const input = page.getByTestId('file-input');
    const png = await noisyPng();
    const pdf = await pdfFixture();
    const dxf = dxfFixture();

    // No title yet: nothing is uploaded.
    await input.setInputFiles({ name: 'ground-floor.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => toastTexts(page)).toContain('Please enter a project title first');
    expect(await page.getByTestId('upload-item').count()).toBe(0);

    await page.getByLabel('Project Title').fill('Harbour Lofts');
    await page.getByLabel('Description (Optional)').fill('Warehouse conversion by the docks');
    await page.getByLabel('Tags').fill('Loft');
    await page.getByLabel('Tags').press('Enter');
    await page.getByRole('button', { name: 'Modern', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Modern', exact: true }).isDisabled())
      .toBe(true);

    // Slow the upload down so that its progress shows.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const progressSeen: number[] = [];
    const watchProgress = (async () => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const values = await page
          .getByRole('progressbar')
          .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('aria-valuenow'))));
        progressSeen.push(...values);
        if ((await page.locator('[data-testid="upload-item"][data-status="uploaded"]').count()) === 3) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    await input.setInputFiles([
      { name: 'ground-floor.png', mimeType: 'image/png', buffer: png },
      { name: 'section.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'site.dxf', mimeType: '', buffer: dxf },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a drawing') },
    ]);
    // The text file is refused on the spot, with the reason.
    await visible(page.getByText('File type must be one of .jpg, .jpeg, .png, .pdf, .dwg, .dxf'));
    await expect.poll(() => toastTexts(page)).toContain('Project created successfully');
    await watchProgress;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();

    const uploaded = page.locator('[data-testid="upload-item"][data-status="uploaded"]');
    expect(await uploaded.count()).toBe(3);
    expect(await page.getByTestId('upload-item').allInnerTexts()).toEqual([
      expect.stringContaining('ground-floor.png'),
      expect.stringContaining('section.pdf'),
      expect.stringContaining('site.dxf'),
    ]);
    expect(progressSeen.some((v) => v > 0 && v < 100)).toBe(true);
    expect(await toastTexts(page)).not.toContain('Failed to upload');

    // A later file goes into the same project.
    await input.setInputFiles({ name: 'elevation.png', mimeType: 'image/png', buffer: await pngFixture() });
    await expect.poll(() => uploaded.count()).toBe(4);
    await visible(page.getByText('4 files uploaded.'));

    expect(await page.getByRole('link', { name: 'View in Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await page.getByRole('link', { name: 'Open Project' }).click();
    await page.waitForURL(/\/projects\/[0-9a-z]{26}$/);
    await visible(page.getByRole('heading', { name: 'Harbour Lofts', level: 1 }));
    await visible(page.getByRole('tab', { name: 'Files (4)' }));
    expect(await page.getByText('Warehouse conversion by the docks').isVisible()).toBe(true);
  });

  it('searches the dashboard, filters by status and remembers the view after a reload', async () => {
    await Promise.all([
      newProject(token(), { title: 'Alpha Tower', tags: ['Commercial'] }),
      newProject(token(), {
        title: 'Beta Cottage',
        description: 'Timber frame by the lake',
        tags: ['Rural'],
      }),
    ]);
    const { page } = browser;
    await page.goto(url('/dashboard'));
    const card = (title: string) => page.getByRole('article', { name: title });
    await visible(card('Alpha Tower'));
    await visible(card('Beta Cottage'));
    expect(await card('Alpha Tower').getByText('0 files').isVisible()).toBe(true);

    const search = page.getByPlaceholder('Search projects, tags...');
    await search.fill('cottage');
    await expect.poll(() => card('Alpha Tower').count()).toBe(0);
    expect(await card('Beta Cottage').isVisible()).toBe(true);
    await search.fill('commercial'); // a tag
    await expect.poll(() => card('Beta Cottage').count()).toBe(0);
    expect(await card('Alpha Tower').isVisible()).toBe(true);
    await search.fill('timber'); // the description
    await visible(card('Beta Cottage'));
    await search.fill('no-such-project');
    await visible(page.getByText('No projects found'));
    expect(await page.getByText('Try adjusting your search terms').isVisible()).toBe(true);
    await search.fill('');
    await visible(card('Alpha Tower'));

    await page.getByRole('button', { name: 'Processing', exact: true }).click();
    await visible(page.getByText('No projects found'));
    await page.getByRole('button', { name: 'Draft', exact: true }).click();
    await visible(card('Alpha Tower'));
    await page.getByRole('button', { name: 'All', exact: true }).click();

    expect(
      await page
        .getByRole('list')
        .filter({ has: card('Alpha Tower') })
        .getAttribute('data-view'),
    ).toBe('grid');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('list')
          .filter({ has: card('Alpha Tower') })
          .getAttribute('data-view'),
      )
      .toBe('list');
    await page.reload();
    await visible(card('Alpha Tower'));
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      await page
        .getByRole('list')
        .filter({ has: card('Alpha Tower') })
        .getAttribute('data-view'),
    ).toBe('list');
    await page.getByRole('button', { name: 'Grid view' }).click();

    await card('Alpha Tower').getByRole('link', { name: 'Open Alpha Tower' }).click();
    await page.waitForURL(/\/projects\/[0-9a-z]{26}$/);
    await visible(page.getByRole('heading', { name: 'Alpha Tower', level: 1 }));
  });

  it('shows a project in tabs and downloads the original file', async () => {
    const project = await newProject(token(), { title: 'Download House' });
    const bytes = await pdfFixture();
    await uploadFile(token(), project.id, 'Grundriss Erdgeschoß.pdf', bytes, 'application/pdf');
    const { page } = browser;
    await page.goto(url(`/projects/${project.id}`));
    await visible(page.getByRole('heading', { name: 'Download House', level: 1 }));

    const overview = page.getByRole('tab', { name: 'Overview' });
    expect(await overview.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('No tags').isVisible()).toBe(true);
    expect(await page.getByText('No recent activity').isVisible()).toBe(true);

    // Arrow keys move between the tabs.
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    const files = page.getByRole('tab', { name: 'Files (1)' });
    await expect.poll(() => files.getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel');
    await visible(panel.getByText('Grundriss Erdgeschoß.pdf'));
    expect(await panel.getByText('PDF', { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByText(formatBytes(bytes.length), { exact: true }).isVisible()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download Grundriss Erdgeschoß.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Grundriss Erdgeschoß.pdf');
    const saved = await readFile((await download.path())!);
    expect(saved.equals(bytes)).toBe(true);

    await page.getByRole('tab', { name: 'Renders (0)' }).click();
    await visible(page.getByText('No renders yet'));
    expect(await page.getByText('Start rendering to see your visualizations here.').isVisible()).toBe(true);

    // Settings edit the project.
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Project Settings' });
    await dialog.getByLabel('Project Title').fill('Download House II');
    await dialog.getByRole('button', { name: 'Residential' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Project updated');
    await visible(page.getByRole('heading', { name: 'Download House II', level: 1 }));
    await page.getByRole('tab', { name: 'Overview' }).click();
    await visible(page.getByRole('tabpanel').getByText('Residential'));

    await page.goto(url(`/projects/${'0'.repeat(26)}`));
    await visible(page.getByRole('heading', { name: 'Project not found' }));
    expect(await page.getByText("The project you're looking for doesn't exist.").isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('shares a read-only link that a signed-out visitor can open, until it is revoked', async () => {
    const project = await newProject(token(), {
      title: 'Lakeside Villa',
      description: 'Two storeys',
      tags: ['Residential'],
    });
    const { ticket } = await uploadFile(token(), project.id, 'plan.png', await pngFixture(), 'image/png');
    // The file's preview is made when its plan has been read: the visitor's page shows it from then on.
    await planRead(token(), project.id, ticket.file.id);
    const { page } = browser;
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Share Lakeside Villa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share "Lakeside Villa"' });
    const linkField = dialog.getByLabel('Project link');
    await visible(linkField);
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${url(`/projects/${project.id}/public`)}\\?k=[\\w-]{20,}$`));
    expect(await dialog.getByText('Read-only access').isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Email' }).getAttribute('href')).toContain(
      encodeURIComponent(link),
    );

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await visible(dialog.getByRole('button', { name: 'Copied' }));
    await expect.poll(() => toastTexts(page)).toContain('Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const visitor = await openBrowser();
    try {
      await visitor.page.goto(link);
      await visible(visitor.page.getByRole('heading', { name: 'Lakeside Villa', level: 1 }));
      expect(await visitor.page.getByText('Read-only access').isVisible()).toBe(true);
      expect(await visitor.page.getByText('Two storeys').isVisible()).toBe(true);
      // The file's card (the 3D section may still be saying it reads plan.png).
      expect(await visitor.page.getByRole('heading', { name: 'plan.png' }).isVisible()).toBe(true);
      expect(await visitor.page.getByRole('img', { name: 'Preview of plan.png' }).isVisible()).toBe(true);
      for (const name of ['Share', 'Settings', 'Delete', 'Download', 'Revoke link']) {
        expect(await visitor.page.getByRole('button', { name }).count(), name).toBe(0);
      }
      await visible(visitor.page.getByRole('link', { name: 'Sign In' }));

      await dialog.getByRole('button', { name: 'Revoke link' }).click();
      await expect.poll(() => toastTexts(page)).toContain('Link revoked');
      await visible(dialog.getByText('The link has been revoked'));
      await visible(dialog.getByRole('button', { name: 'Create new link' }));

      await visitor.page.reload();
      await visible(visitor.page.getByRole('heading', { name: 'This link is no longer available' }));
      expect(await visitor.page.getByText('Lakeside Villa').count()).toBe(0);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('deletes a project from the dashboard', async () => {
    const [project] = await Promise.all([
      newProject(token(), { title: 'Condemned Shed' }),
      newProject(token(), { title: 'Keeper Barn' }),
    ]);
    await uploadFile(token(), project.id, 'shed.png', await pngFixture(), 'image/png');
    const { page } = browser;
    await page.goto(url('/dashboard'));
    const card = page.getByRole('article', { name: 'Condemned Shed' });
    await visible(card);
    await card.getByRole('button', { name: 'Delete Condemned Shed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete "Condemned Shed"?' });
    await visible(dialog);
    expect(await dialog.textContent()).toContain('cannot be restored');
    await dialog.getByRole('button', { name: 'Delete Project' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Project deleted successfully');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.count()).toBe(0);
    await page.reload();
    await visible(page.getByRole('article', { name: 'Keeper Barn' }));
    expect(await card.count()).toBe(0);
    await page.goto(url(`/projects/${project.id}`));
    await visible(page.getByRole('heading', { name: 'Project not found' }));
  });
});
