/**
 * The product spec's screens (§2) on a 375 px phone: the top bar's collapsible menu signed out, as a user and as an
 * admin; the admin sidebar as an 18rem sheet below 768 px; no page scrolls sideways; the main pages stay usable
 * (dashboard, upload, project detail, dialogs); an expired session and signing out from the menu.
 */
import { QUICK_PROMPTS } from '@shared/constants';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { newProject, planRead, uploadFile } from '../../functions/test/projects-client';
import { pngFixture } from '../../functions/test/upload-fixtures';
import { createUser, localCloud } from '../../infra/local/testing';
import type { BrowserSession } from './browser';
import {
  expectNoHorizontalOverflow,
  expectToast,
  expireSession,
  forgetToasts,
  hidden,
  MOBILE,
  openJourneyBrowser,
  pathOf,
  signInThroughForm,
  url,
  userWithRole,
  visible,
} from './journeys';

const menuButton = (page: Page) => page.getByRole('button', { name: 'Toggle menu' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

async function openMenu(page: Page) {
  // A prerendered page's static button does nothing until the app has mounted: press again while it says closed.
  await expect
    .poll(
      async () => {
        if ((await menuButton(page).getAttribute('aria-expanded')) !== 'true') await menuButton(page).click();
        return mobileNav(page).isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
  return page.locator(`[id="${await menuButton(page).getAttribute('aria-controls')}"]`);
}

/** The element lies inside the viewport's width. */
async function expectWithinViewport(locator: Locator, label: string) {
  const box = await locator.boundingBox();
  expect(box, label).not.toBeNull();
  expect(box!.x, label).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, label).toBeLessThanOrEqual(MOBILE.width + 0.5);
}

describe('journeys on a phone: signed out', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openJourneyBrowser(MOBILE);
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('the top bar collapses into a menu with the pages and Sign In / Start Free', async () => {
    const { page } = browser;
    await page.goto(url('/'));
    await visible(page.getByRole('heading', { level: 1, name: 'Turn 2D drawings into 3D visualizations' }));
    await expectNoHorizontalOverflow(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).isVisible()).toBe(false);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await mobileNav(page).count()).toBe(0);

    const menu = await openMenu(page);
    expect(await mobileNav(page).getByRole('link').allInnerTexts()).toEqual(['Home', 'Dashboard', 'Upload']);
    expect(await menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/login');
    expect(await menu.getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/auth/signup');
    expect(await menu.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    await expectNoHorizontalOverflow(page, '/ with the menu open');
    // The button closes it again.
    await menuButton(page).click();
    await hidden(mobileNav(page));
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    // Following a link closes the menu.
    await openMenu(page);
    await page.getByRole('link', { name: 'Start Free' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/signup');
    await hidden(mobileNav(page));
    await visible(page.getByRole('button', { name: 'Create Account' }));
    await expectNoHorizontalOverflow(page);

    // A guarded page from the menu: to sign in.
    await openMenu(page);
    await mobileNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await hidden(mobileNav(page));
  });

  it('no public page scrolls sideways', async () => {
    const { page } = browser;
    for (const [path, ready] of [
      ['/auth/login', 'Forgot password?'],
      ['/auth/forgot-password', 'Send Reset Link'],
      ['/reset-password', 'Choose a new password'],
      ['/no/such/page', 'Oops! Page not found'],
    ]) {
      await page.goto(url(path!));
      await visible(page.getByText(ready!, { exact: true }).first());
      await expectNoHorizontalOverflow(page, path);
    }
    // The landing page's call to action, at the bottom, is reachable.
    // The prerendered landing page is replaced by the client render once its script runs: wait for that, and
    // retry the scroll if the node it found was replaced meanwhile.
    await page.goto(url('/'), { waitUntil: 'networkidle' });
    const cta = page.getByRole('main').locator('a[href="/upload"]').last();
    await expect
      .poll(
        async () => {
          try {
            await cta.scrollIntoViewIfNeeded({ timeout: 2_000 });
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expectWithinViewport(cta, 'call to action');
  });
});

describe('journeys on a phone: a user', () => {
  let browser: BrowserSession;
  let user: Awaited<ReturnType<typeof createUser>>;
  let projectId: string;
  const LONG_TITLE = 'Riverside Mixed-Use Development Phase Two With Underground Parking and Rooftop Gardens';

  beforeAll(async () => {
    [user, browser] = await Promise.all([createUser('e2e-journey-phone'), openJourneyBrowser(MOBILE)]);
    const token = user.tokens.idToken;
    const project = await newProject(token, {
      title: LONG_TITLE,
      description:
        'A long description that should wrap on a narrow screen rather than push the page sideways.',
      tags: ['Residential', 'Commercial', 'Exterior', 'Sustainability-Certified'],
    });
    projectId = project.id;
    await uploadFile(
      token,
      project.id,
      'a-very-long-file-name-for-the-ground-floor-plan.png',
      await pngFixture(),
    );
    await signInThroughForm(browser.page, user.email, user.password);
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('a project of two drawings with long names: the 3D tab and What Planform read fit the phone', async () => {
    const { page } = browser;
    const token = user.tokens.idToken;
    const project = await newProject(token, { title: 'Two drawings' });
    const names = [
      'ground-floor-plan-revision-C-issued-for-planning-approval-2026.dxf',
      'first-floor-plan-revision-C-issued-for-planning-approval-2026.dxf',
    ];
    for (const name of names) {
      const { ticket } = await uploadFile(token, project.id, name, Buffer.from(planDxf()));
      await planRead(token, project.id, ticket.file.id);
    }
    await page.goto(url(`/projects/${project.id}?tab=model`));
    await visible(page.getByLabel('Drawing'));
    await expectNoHorizontalOverflow(page, '3D tab with two long file names');

    await page.goto(url(`/projects/${project.id}?tab=files`));
    await page.getByRole('button', { name: `What Planform read in ${names[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: 'What Planform read' });
    await visible(dialog.getByTestId('plan-overlay'));
    await expectWithinViewport(dialog.getByTestId('plan-box'), 'the drawing in What Planform read');
    await expectWithinViewport(dialog.getByTestId('plan-check'), 'the plan check');
    await expectNoHorizontalOverflow(page, 'What Planform read');
    await page.keyboard.press('Escape');
  });

  it('the menu shows the account: e-mail, Sign Out, the pages without Admin', async () => {
    const { page } = browser;
    await page.goto(url('/dashboard'));
    await visible(page.getByRole('heading', { level: 1, name: 'Project Dashboard' }));
    expect(await page.getByTestId('user-email').isVisible()).toBe(false);
    const menu = await openMenu(page);
    expect(await menu.getByTestId('user-email-mobile').textContent()).toBe(user.email);
    expect(await menu.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    expect(await mobileNav(page).getByRole('link').allInnerTexts()).toEqual(['Home', 'Dashboard', 'Upload']);
    expect(await menu.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await mobileNav(page).getByRole('link', { name: 'Upload' }).click();
    await page.waitForURL((u) => u.pathname === '/upload');
    await hidden(mobileNav(page));
  });

  it('dashboard: fits the phone in grid and list view; search and the share and delete dialogs work', async () => {
    const { page } = browser;
    await page.goto(url('/dashboard'));
    const card = page.getByRole('article', { name: LONG_TITLE });
    await visible(card);
    await expectNoHorizontalOverflow(page, '/dashboard (grid)');
    await expectWithinViewport(card, 'project card');
    for (const button of ['Open', 'Share', 'Delete'])
      await expectWithinViewport(card.getByText(button, { exact: true }), button);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect.poll(() => page.locator('ul[data-view]').getAttribute('data-view')).toBe('list');
    await expectNoHorizontalOverflow(page, '/dashboard (list)');
    await page.getByRole('button', { name: 'Grid view' }).click();

    await page.getByPlaceholder('Search projects, tags...').fill('sustainability');
    await visible(card);
    await page.getByPlaceholder('Search projects, tags...').fill('no-such-thing');
    await visible(page.getByText('Try adjusting your search terms'));
    await page.getByPlaceholder('Search projects, tags...').fill('');
    await visible(card);

    await card.getByRole('button', { name: `Share ${LONG_TITLE}` }).click();
    const share = page.getByRole('dialog', { name: `Share "${LONG_TITLE}"` });
    await visible(share.getByText('Read-only access'));
    await expectWithinViewport(share, 'share dialog');
    await expectWithinViewport(share.getByRole('button', { name: 'Copy' }), 'copy button');
    await expectNoHorizontalOverflow(page, 'share dialog');
    await page.keyboard.press('Escape');
    await hidden(share);

    await card.getByRole('button', { name: `Delete ${LONG_TITLE}` }).click();
    const remove = page.getByRole('dialog', { name: `Delete "${LONG_TITLE}"?` });
    await visible(remove);
    await expectWithinViewport(remove, 'delete dialog');
    await expectWithinViewport(remove.getByRole('button', { name: 'Delete Project' }), 'Delete Project');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await hidden(remove);
  });

  it('project detail: fits the phone, the tabs switch, the settings dialog fits', async () => {
    const { page } = browser;
    await page.goto(url(`/projects/${projectId}`));
    await visible(page.getByRole('heading', { level: 1, name: LONG_TITLE }));
    await expectNoHorizontalOverflow(page, 'project overview');
    await page.getByRole('tab', { name: 'Files (1)' }).click();
    await visible(
      page.getByRole('tabpanel').getByText('a-very-long-file-name-for-the-ground-floor-plan.png'),
    );
    await expectNoHorizontalOverflow(page, 'project files');
    await expectWithinViewport(
      page.getByRole('tabpanel').getByRole('button', { name: /^Download / }),
      'download button',
    );
    await page.getByRole('tab', { name: 'Renders (0)' }).click();
    await visible(page.getByText('No renders yet'));
    await expectNoHorizontalOverflow(page, 'project renders');
    await page.getByRole('tab', { name: '3D Model' }).click();
    // The viewer, or what stands in its place (a drawing still being read, no WebGL): either way it fits.
    await visible(
      page
        .getByRole('tabpanel')
        .locator('[data-testid="model-canvas"], [role="alert"], p[role="status"]')
        .first(),
    );
    await expectNoHorizontalOverflow(page, 'project 3D model');

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project Settings' });
    await visible(settings);
    await expectWithinViewport(settings, 'settings dialog');
    await page.keyboard.press('Escape');
    await hidden(settings);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('upload page: fits the phone, uploads a drawing, and shows the prompt section with its quick prompts', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await visible(page.getByRole('heading', { level: 1, name: 'Upload Your Project' }));
    await expectNoHorizontalOverflow(page);
    await page.getByLabel('Project Title').fill('Pocket Plan');
    await page.getByRole('button', { name: 'Residential', exact: true }).click();
    await page.getByTestId('file-input').setInputFiles({
      name: 'pocket-plan-ground-floor-with-the-long-name-architects-give-their-exports-v2-final.png',
      mimeType: 'image/png',
      buffer: await pngFixture(),
    });
    await expectToast(page, 'Project created successfully');
    await expect
      .poll(() => page.locator('[data-testid="upload-item"][data-status="uploaded"]').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await visible(page.getByRole('heading', { name: 'AI Generation Prompt' }));
    for (const quick of QUICK_PROMPTS)
      await expectWithinViewport(page.getByRole('button', { name: quick, exact: true }), quick);
    await page.getByRole('button', { name: QUICK_PROMPTS[0], exact: true }).click();
    const generate = page.getByRole('button', { name: 'Generate 3D Visualization' });
    expect(await generate.isEnabled()).toBe(true);
    await expectWithinViewport(generate, 'Generate 3D Visualization');
    await expectNoHorizontalOverflow(page, '/upload with a file');
    // The side cards follow the form on a phone.
    await expectWithinViewport(page.getByRole('button', { name: 'View Guide' }), 'View Guide');
  });

  it('an expired session sends the user to sign in from the menu, and back; Sign Out from the menu', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await visible(page.getByRole('heading', { level: 1, name: 'Upload Your Project' }));
    await expireSession(page);
    await openMenu(page);
    await mobileNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await expectNoHorizontalOverflow(page);
    await forgetToasts(page);
    await signInThroughForm(page, user.email, user.password, '/dashboard');
    await expectToast(page, 'Welcome back!', 'You have been successfully signed in.');
    await visible(page.getByRole('article', { name: LONG_TITLE }));

    const menu = await openMenu(page);
    await forgetToasts(page);
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expectToast(page, 'Signed Out', 'You have been successfully signed out.');
    // To the landing page, not to sign in: the guarded page is left before the session ends, so it is not
    // remembered as the place the next person to sign in on this browser returns to.
    await page.waitForURL((u) => u.pathname === '/');
    const reopened = await openMenu(page);
    await visible(reopened.getByRole('link', { name: 'Sign In' }));
    expect(await reopened.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
  });
});

describe('journeys on a phone: admins', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openJourneyBrowser(MOBILE);
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('the super admin: Admin in the menu, the sidebar as an 18rem sheet, every admin page fits', async () => {
    const { page } = browser;
    const { admin } = localCloud();
    await signInThroughForm(page, admin.email, admin.password);
    await openMenu(page);
    expect(await mobileNav(page).getByRole('link').allInnerTexts()).toEqual([
      'Home',
      'Dashboard',
      'Upload',
      'Admin',
    ]);
    await mobileNav(page).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await visible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
    await visible(page.getByTestId('stat-users'));
    await expectNoHorizontalOverflow(page);
    // Below 768 px the sidebar is not in the page; its toggle opens a sheet.
    expect(await page.getByTestId('admin-sidebar').count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const sheet = page.getByRole('dialog', { name: 'Admin' });
    await visible(sheet);
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBe(18 * 16);
    expect(box.x).toBe(0);
    // The super admin sections are in it.
    for (const path of [
      '/admin/users',
      '/admin/prompts',
      '/admin/settings',
      '/admin/security',
      '/admin/database',
    ])
      expect(await sheet.locator(`a[href="${path}"]`).count(), path).toBe(1);
    // Escape closes it.
    await page.keyboard.press('Escape');
    await hidden(sheet);

    for (const [link, path, ready] of [
      ['User Management', '/admin/users', 'user-row'],
      ['Prompt Templates', '/admin/prompts', 'template-row'],
      ['System Settings', '/admin/settings', 'setting-row'],
    ] as const) {
      await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      await visible(sheet);
      await sheet.locator(`a[href="${path}"]`).click();
      await page.waitForURL((u) => u.pathname === path);
      await hidden(sheet);
      await visible(page.getByRole('heading', { level: 1, name: link }));
      await visible(page.getByTestId(ready).first());
      await expectNoHorizontalOverflow(page);
    }

    // The other admin pages behind the sidebar (not screens of the spec, but reachable) fit as well.
    for (const [path, ready] of [
      ['/admin/health', 'probe-AI Services'],
      ['/admin/jobs', 'job-row'],
      ['/admin/storage', 'storage-row'],
    ] as const) {
      await page.goto(url(path));
      await visible(page.getByTestId(ready).first());
      await expectNoHorizontalOverflow(page);
    }

    // A dialog of the admin console fits too.
    await page.goto(url('/admin/settings'));
    await page.getByRole('button', { name: 'Add Setting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Setting' });
    await visible(dialog);
    await expectWithinViewport(dialog, 'Add Setting dialog');
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });

  it('an admin: the same sheet without the super admin sections', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    const admin = await userWithRole('e2e-journey-phone-admin', 'admin');
    await signInThroughForm(page, admin.email, admin.password);
    await page.goto(url('/admin/users'));
    await visible(page.getByTestId('user-row').first());
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Admin' });
    await visible(sheet);
    expect(await sheet.locator('a[href="/admin/prompts"]').count()).toBe(1);
    for (const path of ['/admin/settings', '/admin/security', '/admin/database'])
      expect(await sheet.locator(`a[href="${path}"]`).count(), path).toBe(0);
    // The overlay closes it.
    await page.mouse.click(MOBILE.width - 10, MOBILE.height / 2);
    await hidden(sheet);
    expect(pathOf(page)).toBe('/admin/users');
  });
});
