/**
 * The product spec's screens (§2) walked in Chromium on a desktop viewport, as a signed-out visitor, a user, an
 * admin and a super admin, with the spec's texts, toasts (§8) and redirects (§6), and the failures a user meets: a
 * network error on load, a wrong file, a generation that fails, an expired session. What the other browser suites
 * already cover (the happy paths of sign-up, upload, generation, sharing, the admin CRUD) is not repeated here.
 */

import { MARKETING, QUICK_PROMPTS, TAG_SUGGESTIONS } from '@shared/constants';
import { UPLOAD_FORMATS_LABEL, VARIATIONS_PER_GENERATION } from '@shared/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject, uploadFile } from '../../functions/test/projects-client';
import { pdfFixture, pngFixture } from '../../functions/test/upload-fixtures';
import { createUser, localCloud, STRONG_PASSWORD, uniqueEmail } from '../../infra/local/testing';
import { formatDate, formatDateTime } from '../src/lib/format';
import { axeViolations, type BrowserSession } from './browser';
import {
  columnHeaders,
  DESKTOP,
  expectToast,
  expireSession,
  failApi,
  forgetToasts,
  freshToastTexts,
  hidden,
  holdApi,
  openJourneyBrowser,
  optionTexts,
  pathOf,
  serverError,
  signInThroughForm,
  url,
  userWithRole,
  visible,
} from './journeys';

/**
 * Holds the browser's calls to the auth service (Cognito) until `release()`, then fails them (and any retry) as a
 * lost connection; `hold()` holds the next ones again; `stop()` lets calls through.
 */
async function holdAuthService(page: Page) {
  let open: () => void = () => {};
  let gate: Promise<void> | null = null;
  const hold = () => {
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
  };
  hold();
  const matcher = (u: URL) => u.pathname.startsWith('/_local/cognito');
  await page.route(matcher, async (route) => {
    if (gate) await gate;
    await route.abort('internetdisconnected');
  });
  return {
    hold,
    release: () => {
      gate = null;
      open();
    },
    stop: () => page.unroute(matcher),
  };
}

/** A DXF that passes the upload check (its structure is right) but has nothing to draw: Prepare cannot read it. */
const EMPTY_DXF = Buffer.from('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n');

describe('journeys on a desktop: signed out', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openJourneyBrowser(DESKTOP);
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('landing page: hero, how it works, use cases, formats, claims, the call to action and the top bar', async () => {
    const { page } = browser;
    await page.goto(url('/'));
    await visible(page.getByRole('heading', { level: 1, name: 'Turn 2D drawings into 3D visualizations' }));
    const main = page.getByRole('main');
    expect(await main.textContent()).toContain(UPLOAD_FORMATS_LABEL);
    expect(
      await main.getByText(`Rated ${MARKETING.rating} by ${MARKETING.architects} architects`).count(),
    ).toBe(1);
    expect(await main.getByText('No credit card required', { exact: true }).isVisible()).toBe(true);

    const steps = page.locator('#how-it-works ol > li');
    expect(await steps.count()).toBe(3);
    expect(await steps.allInnerTexts()).toEqual([
      expect.stringContaining('Upload your drawings'),
      expect.stringContaining('Describe your vision'),
      expect.stringContaining(`Get ${VARIATIONS_PER_GENERATION} visualizations`),
    ]);
    for (const useCase of ['Residential', 'Commercial', 'Urban Planning'])
      expect(await main.getByRole('heading', { level: 3, name: useCase, exact: true }).isVisible()).toBe(
        true,
      );
    // The calls to action (the hero's and the closing one) lead to /upload.
    const ctas = main.locator('a[href="/upload"]');
    expect(await ctas.count()).toBeGreaterThanOrEqual(2);

    // Top bar, signed out: Home, Dashboard, Upload; Sign In and Start Free; no Admin, no Sign Out.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Home', 'Dashboard', 'Upload']);
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/login');
    expect(await header.getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/auth/signup');
    expect(await header.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    // The mobile menu button is not shown on a desktop.
    expect(await page.getByRole('button', { name: 'Toggle menu' }).isVisible()).toBe(false);

    // The call to action asks a visitor to sign in first.
    await ctas.first().click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
  });

  it('sign in, sign up and forgot password: their texts, toggles, links and form checks', async () => {
    const { page } = browser;
    await page.goto(url('/auth/login'));
    await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await page.getByText('AI-powered 3D rendering', { exact: true }).isVisible()).toBe(true);
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    // Nothing is sent without an email and a password.
    let cognitoCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/_local/cognito')) cognitoCalls++;
    });
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByText('Enter a valid email address'));
    await visible(page.getByText('Password is required'));
    expect(cognitoCalls).toBe(0);
    expect(pathOf(page)).toBe('/auth/login');

    // While the auth service answers, "Signing In..."; when it cannot be reached, "Sign In Failed".
    const stalled = await holdAuthService(page);
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('e2e-journey-nobody'));
    await password.fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Signing In...' }));
    expect(await page.getByRole('button', { name: 'Signing In...' }).isDisabled()).toBe(true);
    stalled.release();
    await expectToast(page, 'Sign In Failed');
    await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(pathOf(page)).toBe('/auth/login');
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();

    await page.waitForURL((u) => u.pathname === '/auth/signup');
    await visible(page.getByRole('button', { name: 'Create Account' }));
    expect(await page.getByText('AI-powered 3D rendering', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/^Password must be at least \d+ characters long/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Show / }).count()).toBe(2);
    // "Creating Account..." while busy; "Sign Up Failed" when the auth service cannot be reached.
    stalled.hold();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('e2e-journey-signup'));
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByRole('button', { name: 'Creating Account...' }));
    stalled.release();
    await expectToast(page, 'Sign Up Failed');
    await visible(page.getByRole('button', { name: 'Create Account' }));
    await stalled.stop();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();

    await page.waitForURL((u) => u.pathname === '/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/forgot-password');
    const { email } = await createUser('e2e-journey-forgot');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(page.getByRole('heading', { name: 'Check Your Email' }));
    expect(await page.getByText(`We've sent password reset instructions to ${email}`).isVisible()).toBe(true);
    expect(
      await page.getByText("Didn't receive the email? Check your spam folder or try again.").isVisible(),
    ).toBe(true);
    // Try Different Email: back to an empty form.
    await page.getByRole('button', { name: 'Try Different Email' }).click();
    await visible(page.getByRole('button', { name: 'Send Reset Link' }));
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');

    // The target of the reset e-mail is public.
    await page.goto(url('/reset-password'));
    await visible(page.getByRole('heading', { name: 'Choose a new password' }));
  });

  it('sends a signed-out visitor of every guarded page to sign in', async () => {
    const { page } = browser;
    for (const path of [
      '/dashboard',
      '/upload',
      `/projects/${'0'.repeat(26)}`,
      '/admin',
      '/admin/users',
      '/admin/prompts',
      '/admin/settings',
    ]) {
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === '/auth/login');
      await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    }
  });
});

describe('journeys on a desktop: a user', () => {
  let browser: BrowserSession;
  let user: Awaited<ReturnType<typeof createUser>>;
  const token = () => user.tokens.idToken;

  beforeAll(async () => {
    [user, browser] = await Promise.all([createUser('e2e-journey-user'), openJourneyBrowser(DESKTOP)]);
    await signInThroughForm(browser.page, user.email, user.password);
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('dashboard: the top bar, the header and the empty state of a new account', async () => {
    const { page } = browser;
    await page.goto(url('/dashboard'));
    await visible(page.getByRole('heading', { level: 1, name: 'Project Dashboard' }));
    expect(await page.getByText('Manage your architectural visualizations').isVisible()).toBe(true);
    const header = page.getByRole('banner');
    expect(await header.getByTestId('user-email').textContent()).toBe(user.email);
    expect(await header.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).toEqual([
      'Home',
      'Dashboard',
      'Upload',
    ]);
    expect(await page.getByRole('link', { name: 'New Project', exact: true }).getAttribute('href')).toBe(
      '/upload',
    );
    expect(await page.getByPlaceholder('Search projects, tags...').isVisible()).toBe(true);
    for (const filter of ['All', 'Draft', 'Processing', 'Completed', 'Failed'])
      expect(await page.getByRole('button', { name: filter, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Grid view' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'List view' }).isVisible()).toBe(true);

    await visible(page.getByRole('heading', { name: 'No projects found' }));
    expect(await page.getByText('Create your first project to get started').isVisible()).toBe(true);
    const create = page.getByRole('link', { name: 'Create New Project' });
    expect(await create.getAttribute('href')).toBe('/upload');
    await create.click();
    await page.waitForURL((u) => u.pathname === '/upload');
  });

  it('dashboard: a network error on load says so, and Try again loads the projects', async () => {
    const project = await newProject(token(), {
      title: 'Offline Pavilion',
      description: 'A summer pavilion',
      tags: ['Exterior', 'Timber'],
    });
    await uploadFile(token(), project.id, 'pavilion.png', await pngFixture(), 'image/png');
    const { page } = browser;
    const restore = await failApi(page, /^\/api\/projects\?/, 'abort');
    await page.goto(url('/dashboard'));
    await visible(page.getByText('Loading projects...'));
    await expectToast(page, 'Error', 'Failed to load projects. Please try again.');
    await visible(page.getByText('Your projects could not be loaded.'));
    expect(await page.getByRole('article').count()).toBe(0);

    await restore();
    const held = await holdApi(page, /^\/api\/projects\?/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByText('Loading projects...'));
    held.release();
    const card = page.getByRole('article', { name: 'Offline Pavilion' });
    await visible(card);
    await held.stop();

    // The card: status icon and badge, title, description, counts, US date, tags, and its three buttons.
    expect(await card.locator('[data-status]').textContent()).toBe('Draft');
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('A summer pavilion');
    expect(text).toContain('1 file');
    expect(text).toContain('0 renders');
    expect(await card.locator('time').textContent()).toBe(formatDate(project.createdAt));
    expect(await card.locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await card.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Exterior',
      'Timber',
    ]);
    expect(await card.getByRole('link', { name: 'Open Offline Pavilion' }).getAttribute('href')).toBe(
      `/projects/${project.id}`,
    );
    expect(await card.getByRole('button', { name: 'Share Offline Pavilion' }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Delete Offline Pavilion' }).isVisible()).toBe(true);
  });

  it('delete: "Deleting..." holds the dialog open; a failure keeps it open with the message; Cancel closes', async () => {
    await newProject(token(), { title: 'Stubborn Shed' });
    const { page } = browser;
    await page.goto(url('/dashboard'));
    const card = page.getByRole('article', { name: 'Stubborn Shed' });
    await visible(card);
    await card.getByRole('button', { name: 'Delete Stubborn Shed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete "Stubborn Shed"?' });
    await visible(dialog);
    expect(await dialog.textContent()).toContain(
      'This permanently deletes the project and all of its files and renders. They cannot be restored.',
    );

    const held = await holdApi(
      page,
      /^\/api\/projects\/[0-9a-z]+$/,
      'DELETE',
      serverError('Storage is unavailable'),
    );
    await dialog.getByRole('button', { name: 'Delete Project' }).click();
    await visible(dialog.getByRole('button', { name: 'Deleting...' }));
    expect(await dialog.getByRole('button', { name: 'Deleting...' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    held.release();
    await expectToast(page, 'Storage is unavailable');
    await visible(dialog.getByRole('button', { name: 'Delete Project' }));
    expect(await dialog.isVisible()).toBe(true);
    await held.stop();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    expect(await card.isVisible()).toBe(true);
  });

  it('project detail: the header, summary strip and tabs; a failed load says so and goes back to the dashboard', async () => {
    const project = await newProject(token(), { title: 'Summary House', tags: ['Modern'] });
    const bytes = await pngFixture();
    await uploadFile(token(), project.id, 'plan.png', bytes, 'image/png');
    const { page } = browser;
    // A spinner while the project loads.
    const held = await holdApi(page, /^\/api\/projects\/[0-9a-z]+$/);
    await page.goto(url(`/projects/${project.id}`));
    await visible(page.getByRole('status', { name: 'Loading project' }));
    held.release();
    await visible(page.getByRole('heading', { level: 1, name: 'Summary House' }));
    await held.stop();
    expect(await page.getByRole('status', { name: 'Loading project' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Settings' }).isVisible()).toBe(true);

    const summary = page.getByRole('region', { name: 'Project summary' });
    const cells = await summary.locator('dt').allInnerTexts();
    expect(cells).toEqual(['Status', 'Files', 'Renders', 'Created']);
    expect(await summary.locator('dd').allInnerTexts()).toEqual([
      'Draft',
      '1',
      '0',
      formatDateTime(project.createdAt),
    ]);
    expect(formatDateTime(project.createdAt)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Overview',
      'Files (1)',
      'Renders (0)',
      '3D Model',
    ]);
    const panel = page.getByRole('tabpanel');
    expect(await panel.getByRole('heading', { name: 'Project Details' }).isVisible()).toBe(true);
    expect(await panel.getByRole('heading', { name: 'Recent Activity' }).isVisible()).toBe(true);
    expect(await panel.getByText('Last Updated').isVisible()).toBe(true);
    expect(await panel.getByRole('list', { name: 'Tags' }).textContent()).toBe('Modern');

    await page.getByRole('tab', { name: 'Files (1)' }).click();
    const file = page.getByRole('tabpanel').getByRole('listitem');
    await visible(file.getByText('plan.png'));
    expect(await file.textContent()).toContain('Image');
    expect(await file.getByRole('button', { name: 'Download plan.png' }).isVisible()).toBe(true);

    // A project without files has the empty Files tab.
    const empty = await newProject(token(), { title: 'Empty Lot' });
    await page.goto(url(`/projects/${empty.id}?tab=files`));
    await visible(page.getByRole('heading', { name: 'No files uploaded' }));
    expect(await page.getByText('Upload files to get started with rendering.').isVisible()).toBe(true);

    // The detail cannot be read: "Error" / "Failed to load project details", then the dashboard.
    const restore = await failApi(page, /^\/api\/projects\/[0-9a-z]+$/, 'abort');
    await page.goto(url(`/projects/${project.id}`));
    await expectToast(page, 'Error', 'Failed to load project details');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await restore();
  });

  it('upload page: the sections, tag suggestions and side cards; a wrong file is refused with its reason', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await visible(page.getByRole('heading', { level: 1, name: 'Upload Your Project' }));
    for (const heading of ['Project Information', 'Upload Files', 'Pro Tips', 'Example Styles', 'Need Help?'])
      expect(await page.getByRole('heading', { name: heading, exact: true }).isVisible(), heading).toBe(true);
    expect(await page.getByLabel('Project Title').isVisible()).toBe(true);
    expect(await page.getByLabel('Description (Optional)').isVisible()).toBe(true);
    expect(await page.getByLabel('Tags').isVisible()).toBe(true);
    for (const tag of TAG_SUGGESTIONS)
      expect(await page.getByRole('button', { name: tag, exact: true }).isEnabled(), tag).toBe(true);
    const examples = page.getByRole('complementary', { name: 'Help and examples' });
    for (const style of ['Photorealistic', 'Isometric', 'Artistic'])
      expect(await examples.getByText(style, { exact: true }).count(), style).toBe(1);
    expect(await page.getByRole('button', { name: 'View Guide' }).isVisible()).toBe(true);
    expect(await page.getByText(`Supported formats: ${UPLOAD_FORMATS_LABEL}`).isVisible()).toBe(true);
    // No prompt section until a file has uploaded.
    expect(await page.getByRole('heading', { name: 'AI Generation Prompt' }).count()).toBe(0);

    await page.getByLabel('Project Title').fill('Mislabelled Drawings');
    await page.getByRole('button', { name: 'Interior', exact: true }).click();
    // Text saved as .png, and a PDF saved as .png: the extension passes, the content check after upload does not.
    await page.getByTestId('file-input').setInputFiles([
      {
        name: 'floor-plan.png',
        mimeType: 'image/png',
        buffer: Buffer.from('These are meeting notes, not a drawing.\n'),
      },
      { name: 'section.png', mimeType: 'image/png', buffer: await pdfFixture() },
    ]);
    await expectToast(page, 'Project created successfully');
    const items = page.getByTestId('upload-item');
    await expect
      .poll(() => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))), {
        timeout: 15_000,
      })
      .toEqual(['error', 'error']);
    expect(await items.allInnerTexts()).toEqual([
      expect.stringContaining('floor-plan.png is not a valid PNG file'),
      expect.stringContaining('section.png looks like a PDF file, not PNG'),
    ]);
    await expectToast(page, 'Failed to upload floor-plan.png', 'floor-plan.png is not a valid PNG file');
    await expectToast(page, 'Failed to upload section.png', 'section.png looks like a PDF file, not PNG');
    expect(await page.getByRole('heading', { name: 'AI Generation Prompt' }).count()).toBe(0);
    // No file could be used: the project made for them is deleted again, and the page says so.
    await expectToast(page, 'No project was created');
    await hidden(page.getByTestId('project-created'));
    // A refused file can be taken off the list.
    await page.getByRole('button', { name: 'Remove section.png' }).click();
    await expect.poll(() => items.count()).toBe(1);
  });

  it('a drawing with no plan in it: the plan check says so, and Generate asks first and offers no generation', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await visible(page.getByRole('heading', { level: 1, name: 'Upload Your Project' }));
    await page.getByLabel('Project Title').fill('Blank Sheet');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'blank.dxf', mimeType: '', buffer: EMPTY_DXF });
    // Read once the button to see what was read appears.
    const read = page.getByRole('button', { name: 'What Planform read in blank.dxf' });
    await visible(read);
    await read.click();
    const plan = page.getByRole('dialog', { name: 'What Planform read' });
    await visible(plan.getByTestId('plan-check'));
    expect(await plan.getByTestId('plan-check').getAttribute('data-verdict')).toBe('unreadable');
    await visible(plan.getByRole('heading', { name: 'Could not read this drawing' }));
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await hidden(plan);

    await visible(page.getByRole('heading', { name: 'AI Generation Prompt' }));
    for (const quick of QUICK_PROMPTS)
      expect(await page.getByRole('button', { name: quick, exact: true }).isVisible(), quick).toBe(true);
    const generate = page.getByRole('button', { name: 'Generate 3D Visualization' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Artistic watercolor style', exact: true }).click();
    await generate.click();
    const ask = page.getByRole('dialog', { name: 'Planform could not read this drawing' });
    await visible(ask);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    expect(await ask.getByRole('button', { name: 'Generate anyway' }).count()).toBe(0);
    await ask.getByRole('button', { name: 'Check what was read' }).click();
    await visible(page.getByRole('dialog', { name: 'What Planform read' }));
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('visualization').count()).toBe(0);
  }, 90_000);

  it('expired session: the next action sends the user to sign in, and signing in returns to the page', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await visible(page.getByRole('heading', { level: 1, name: 'Upload Your Project' }));
    await expireSession(page);
    await forgetToasts(page);
    await page.getByLabel('Project Title').fill('After the break');
    await page.getByTestId('file-input').setInputFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: await pngFixture(),
    });
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await expectToast(page, 'Your session has expired. Please sign in again.');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('Token')))).toEqual(
      [],
    );

    await signInThroughForm(page, user.email, user.password, '/upload');
    await expectToast(page, 'Welcome back!');
    await visible(page.getByRole('heading', { level: 1, name: 'Upload Your Project' }));

    // The same after a long absence: the stored session has run out when the page loads.
    const project = await newProject(token(), { title: 'Return Trip' });
    await expireSession(page);
    await page.goto(url(`/projects/${project.id}?tab=renders`));
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await signInThroughForm(page, user.email, user.password, `/projects/${project.id}`);
    expect(new URL(page.url()).search).toBe('?tab=renders');
    await visible(page.getByRole('heading', { level: 1, name: 'Return Trip' }));
  });
});

describe('journeys on a desktop: an admin', () => {
  let browser: BrowserSession;
  let admin: Awaited<ReturnType<typeof userWithRole>>;

  beforeAll(async () => {
    [admin, browser] = await Promise.all([
      userWithRole('e2e-journey-admin', 'admin'),
      openJourneyBrowser(DESKTOP),
    ]);
    await signInThroughForm(browser.page, admin.email, admin.password);
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('admin dashboard: reached from the top bar, with its cards, health and quick actions', async () => {
    const { page } = browser;
    const nav = page.getByRole('navigation', { name: 'Main' });
    await visible(nav.getByRole('link', { name: 'Admin' }));
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Home', 'Dashboard', 'Upload', 'Admin']);
    await nav.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await visible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
    expect(await page.getByRole('button', { name: 'Refresh Data' }).isVisible()).toBe(true);
    await visible(page.getByTestId('stat-users'));
    for (const [id, title] of [
      ['stat-users', 'Total Users'],
      ['stat-projects', 'Total Projects'],
      ['stat-renders', 'Total Renders'],
      ['stat-jobs', 'AI Jobs Queue'],
    ] as const)
      expect(await page.getByTestId(id).textContent(), id).toContain(title);
    expect(await page.getByTestId('stat-jobs').textContent()).toMatch(/pending of \d+ total(Normal|High)/);
    expect(await page.getByRole('heading', { name: 'System Health' }).isVisible()).toBe(true);
    for (const name of ['Database', 'AI Services', 'Storage'])
      expect(await page.getByTestId(`health-${name}`).isVisible(), name).toBe(true);
    expect(await page.getByTestId('quick-actions').getByRole('link').allInnerTexts()).toEqual([
      'Manage Users',
      'View AI Queue',
      'System Logs',
      'Database Health',
    ]);
  });

  it('user management: stat cards, search, role filter, columns, and the role dialog of an admin', async () => {
    const target = await createUser('e2e-journey-target');
    const { page } = browser;
    await page.goto(url('/admin/users'));
    await visible(page.getByRole('heading', { level: 1, name: 'User Management' }));
    for (const [id, title] of [
      ['users-total', 'Total Users'],
      ['users-admins', 'Admins'],
      ['users-active', 'Active (7d)'],
      ['users-new', 'New (30d)'],
    ] as const)
      expect(await page.getByTestId(id).textContent(), id).toContain(title);
    expect(await optionTexts(page.getByLabel('Filter by role'))).toEqual([
      'All Roles',
      'Users',
      'Admins',
      'Super Admins',
    ]);
    const table = page.getByRole('table', { name: 'Users' });
    expect(await columnHeaders(table)).toEqual([
      'Email',
      'Role',
      'Projects',
      'Renders',
      'Last Activity',
      'Joined',
      'Actions',
    ]);
    await page.getByPlaceholder('Search by email...').fill(target.email);
    const row = page.getByTestId('user-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Never');

    await row.getByRole('button', { name: `Edit role of ${target.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User Role' });
    await visible(dialog);
    const role = dialog.getByLabel('Role');
    expect(await optionTexts(role)).toEqual(['User', 'Admin', 'Super Admin']);
    // An admin cannot hand out super admin (only a super admin can, architecture's departure from the spec).
    expect(await role.locator('option[value="super_admin"]').isDisabled()).toBe(true);
    expect(await dialog.getByText('Only a super admin can grant or revoke Super Admin.').isVisible()).toBe(
      true,
    );

    // The role cannot be saved: "Error" / "Failed to update user role", the dialog stays.
    const restore = await failApi(
      page,
      /^\/api\/admin\/users\//,
      { status: 500, message: 'Try later' },
      'PATCH',
    );
    await role.selectOption('admin');
    await dialog.getByRole('button', { name: 'Save Role' }).click();
    await expectToast(page, 'Error', 'Failed to update user role');
    expect(await dialog.isVisible()).toBe(true);
    await restore();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    expect(await row.locator('td').nth(1).textContent()).toBe('User');
  });

  it('prompt templates: stat cards, search and category filter, columns, and the create dialog', async () => {
    const { page } = browser;
    await page.goto(url('/admin/prompts'));
    await visible(page.getByRole('heading', { level: 1, name: 'Prompt Templates' }));
    await visible(page.getByTestId('template-row').first());
    for (const [id, title] of [
      ['templates-total', 'Total Templates'],
      ['templates-active', 'Active'],
      ['templates-usage', 'Avg Usage'],
      ['templates-success', 'Avg Success'],
    ] as const)
      expect(await page.getByTestId(id).textContent(), id).toContain(title);
    expect(await page.getByTestId('templates-success').textContent()).toMatch(/%/);
    expect(await columnHeaders(page.getByRole('table', { name: 'Prompt templates' }))).toEqual([
      'Name',
      'Category',
      'Variables',
      'Usage',
      'Success Rate',
      'Status',
      'Updated',
      'Actions',
    ]);
    // The category filter offers the categories the templates have.
    const categories = (await optionTexts(page.getByLabel('Filter by category'))).slice(1);
    expect(categories.length).toBeGreaterThan(0);
    const shown = await page.getByTestId('template-row').locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(shown.map((c) => c.trim().toLowerCase()))).toEqual(
      new Set(categories.map((c) => c.toLowerCase())),
    );
    await page.getByPlaceholder('Search templates...').fill('no such template at all');
    await visible(page.getByText('No templates found'));

    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await visible(dialog);
    for (const field of ['Name', 'Category', 'Template', 'Variables'])
      expect(await dialog.getByLabel(field, { exact: true }).isVisible(), field).toBe(true);
    expect(await optionTexts(dialog.getByLabel('Category'))).toEqual([
      expect.stringMatching(/^analysis$/i),
      expect.stringMatching(/^visualization$/i),
      expect.stringMatching(/^rendering$/i),
      expect.stringMatching(/^technical$/i),
    ]);
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });

  it('network errors on load: each admin page says which data failed', async () => {
    const { page } = browser;
    for (const [path, pattern, description] of [
      ['/admin', /^\/api\/admin\/stats/, 'Failed to load dashboard statistics'],
      ['/admin/users', /^\/api\/admin\/users/, 'Failed to load users'],
      ['/admin/prompts', /^\/api\/admin\/templates/, 'Failed to load prompt templates'],
    ] as const) {
      const restore = await failApi(page, pattern, 'abort');
      await page.goto(url(path));
      await expectToast(page, 'Error', description);
      await restore();
    }
    // Once the network is back, the dashboard loads.
    await page.goto(url('/admin'));
    await visible(page.getByTestId('stat-users'));
  });
});

describe('journeys on a desktop: the super admin', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openJourneyBrowser(DESKTOP);
    const { admin } = localCloud();
    await signInThroughForm(browser.page, admin.email, admin.password);
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('system settings: caution, counts per category, search, filter, columns; failures to load and save', async () => {
    const { page } = browser;
    await page.goto(url('/admin/settings'));
    await visible(page.getByRole('heading', { level: 1, name: 'System Settings' }));
    expect(await page.getByRole('note').textContent()).toContain('Caution');
    await visible(page.getByTestId('setting-row').first());
    const counts = (await page.getByTestId('settings-counts').textContent()) ?? '';
    const rows = await page.getByTestId('setting-row').count();
    expect(counts).toContain(`${rows} total settings`);
    const categories = ['general', 'system', 'ai', 'security', 'files', 'rendering', 'limits'];
    expect((await optionTexts(page.getByLabel('Filter by category'))).map((c) => c.toLowerCase())).toEqual([
      'all categories',
      ...categories,
    ]);
    expect(await columnHeaders(page.getByRole('table', { name: 'System settings' }))).toEqual([
      'Key',
      'Value',
      'Category',
      'Description',
      'Updated',
      'Actions',
    ]);
    await page.getByPlaceholder('Search settings...').fill('maintenance_mode');
    await expect.poll(() => page.getByTestId('setting-row').count()).toBe(1);
    const row = page.getByTestId('setting-row');

    // Saving fails: "Error" / "Failed to save setting", and the dialog stays for another try.
    await row.getByRole('button', { name: 'Edit maintenance_mode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Setting' });
    await visible(dialog);
    const restore = await failApi(
      page,
      /^\/api\/admin\/settings\//,
      { status: 500, message: 'Try later' },
      'PATCH',
    );
    await dialog.getByRole('button', { name: 'Update Setting' }).click();
    await expectToast(page, 'Error', 'Failed to save setting');
    expect(await dialog.isVisible()).toBe(true);
    expect(await freshToastTexts(page)).not.toContain('may require an application restart');
    await restore();
    await page.keyboard.press('Escape');
    await hidden(dialog);

    const restoreLoad = await failApi(page, /^\/api\/admin\/settings/, 'abort');
    await page.reload();
    await expectToast(page, 'Error', 'Failed to load system settings');
    await restoreLoad();
  });

  it('the role dialog of a super admin offers every role', async () => {
    const target = await createUser('e2e-journey-root-target');
    const { page } = browser;
    await page.goto(url('/admin/users'));
    await page.getByPlaceholder('Search by email...').fill(target.email);
    const row = page.getByTestId('user-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: `Edit role of ${target.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User Role' });
    await visible(dialog);
    const role = dialog.getByLabel('Role');
    for (const value of ['user', 'admin', 'super_admin'])
      expect(await role.locator(`option[value="${value}"]`).isEnabled(), value).toBe(true);
    expect(await dialog.getByText('Only a super admin can grant or revoke Super Admin.').count()).toBe(0);
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });
});
