import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject, uploadFile } from '../../functions/test/projects-client';
import { pngFixture } from '../../functions/test/upload-fixtures';
import { api, localCloud, signIn } from '../../infra/local/testing';
import { axeViolations, type BrowserSession, openBrowser } from './browser';

/** With a dialog open the page behind is inert (and was checked on its own): axe looks at the dialog. */
const DIALOG = '[role="dialog"]';
let browser: BrowserSession;
const url = (path: string) => `${localCloud().url}${path}`;
/** Waiting on the app and the local cloud (debounced searches, API round trips) on a busy machine. */
const WAIT = { timeout: 10_000 };
const unique = Date.now().toString(36);

/** POSTs through the API and insists on success (test data). */
async function created(path: string, options: Parameters<typeof api>[1]) {
  const response = await api(path, options);
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response;
}

let token: Promise<string> | undefined;
const adminToken = () => {
  const { admin } = localCloud();
  token ??= signIn(admin.email, admin.password).then((t) => t.idToken);
  return token;
};

/** The labels (exact) that name no form field under `scope`: each must name an input, select or textarea. */
async function unlabelled(scope: Page | Locator, labels: string[]) {
  const missing: string[] = [];
  for (const label of labels) {
    const fields = scope.getByLabel(label, { exact: true });
    const tags = await fields.evaluateAll((els) => els.map((el) => el.tagName.toLowerCase()));
    if (!tags.some((tag) => ['input', 'select', 'textarea'].includes(tag)))
      missing.push(`${label} [${tags}]`);
  }
  return missing;
}

/** The image viewer is open and its image has loaded. */
async function viewerLoaded(dialog: Locator) {
  await dialog.waitFor();
  await expect
    .poll(() => dialog.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), WAIT)
    .toBeGreaterThan(0);
}

async function violations(path: string, ready: string | null) {
  const { page } = browser;
  await page.goto(url(path));
  if (ready) await page.getByText(ready, { exact: false }).first().waitFor();
  // Loaded: the heading is there and no spinner or busy table is left.
  else
    await page.waitForFunction(
      () =>
        document.querySelector('main h1') &&
        !document.querySelector('main .animate-spin, main [aria-busy="true"]'),
    );
  return axe(page);
}

describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([
    ['/', 'Turn 2D drawings', []],
    ['/auth/login', 'Forgot password?', ['Email', 'Password']],
    ['/auth/signup', 'Create Account', ['Email', 'Password', 'Confirm Password']],
    ['/auth/forgot-password', 'Send Reset Link', ['Email']],
    ['/no/such/page', 'Oops! Page not found', []],
  ])('signed out: %s', async (path, ready, fields) => {
    expect(await violations(path, ready)).toEqual([]);
    expect(await unlabelled(browser.page, fields)).toEqual([]);
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
    expect(await unlabelled(page, ['Search projects'])).toEqual([]);
    expect(await violations('/upload', 'Upload Your Project')).toEqual([]);
    expect(
      await unlabelled(page, ['Project Title', 'Description (Optional)', 'Tags', 'Choose files to upload']),
    ).toEqual([]);
    expect(await violations('/admin', 'Total Users')).toEqual([]);
    const fields: Record<string, string[]> = {
      '/admin/users': ['Search by email', 'Filter by role'],
      '/admin/prompts': ['Search templates', 'Filter by category'],
      '/admin/settings': ['Search settings', 'Filter by category'],
    };
    for (const path of [
      '/admin/users',
      '/admin/prompts',
      '/admin/settings',
      '/admin/jobs',
      '/admin/health',
      '/admin/storage',
    ]) {
      expect(await violations(path, null), path).toEqual([]);
      expect(await unlabelled(page, fields[path] ?? []), path).toEqual([]);
    }
  });

  it('project detail with its tabs and dialogs, and the public view', async () => {
    const { page } = browser;
    const token = await adminToken();
    const project = await newProject(token, { title: 'Accessible House', tags: ['Residential'] });
    await uploadFile(token, project.id, 'plan.png', await pngFixture());
    expect(await violations(`/projects/${project.id}`, 'Project Details')).toEqual([]);
    await page.getByRole('tab', { name: /Files/ }).click();
    expect(await axe()).toEqual([]);
    await page.getByRole('button', { name: 'Share' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.getByText('Read-only access').first().waitFor();
    expect(await axe(page, DIALOG)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Settings' }).first().click();
    await page.getByRole('dialog').waitFor();
    expect(await axe(page, DIALOG)).toEqual([]);
    expect(
      await unlabelled(page.getByRole('dialog'), ['Project Title', 'Description (Optional)', 'Tags']),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    const shared = await api(`/api/projects/${project.id}/share`, { token, method: 'POST' });
    const link = new URL(String(shared.json.url));
    expect(await violations(`${link.pathname}${link.search}`, 'Read-only access')).toEqual([]);
  });

  it('the delete confirmation on the dashboard, also while it deletes', async () => {
    const { page } = browser;
    const title = `Accessible Shed ${unique}`;
    await newProject(await adminToken(), { title });
    await page.goto(url('/dashboard'));
    await page.getByRole('searchbox', { name: 'Search projects' }).fill(unique);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete "${title}"?` });
    await dialog.waitFor();
    // Once with the whole page: behind the dialog everything is inert.
    expect(await axe()).toEqual([]);

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/projects/*', async (route) => {
      if (route.request().method() === 'DELETE') await held;
      await route.fallback();
    });
    try {
      await dialog.getByRole('button', { name: 'Delete Project' }).click();
      await dialog.getByRole('button', { name: 'Deleting...' }).waitFor();
      expect(await axe(page, DIALOG)).toEqual([]);
    } finally {
      release();
      await page.unroute('**/api/projects/*');
    }
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    // The success toast, settled, in its final colours.
    await page.locator('[data-sonner-toast]').getByText('Project deleted successfully').waitFor();
    expect(await axe()).toEqual([]);
  });

  it('generation: the prompt section, the results, View Full, View Guide; the renders on the project and public pages', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await page.getByLabel('Project Title').fill(`Accessible Upload ${unique}`);
    await page.getByTestId('file-input').setInputFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: await pngFixture(),
    });
    await expect
      .poll(() => page.locator('[data-testid="upload-item"][data-status="uploaded"]').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await page.getByRole('heading', { name: 'AI Generation Prompt' }).waitFor();
    expect(await unlabelled(page, ['Prompt', 'Fidelity'])).toEqual([]);
    await page.getByRole('button', { name: 'Photorealistic exterior view', exact: true }).click();
    await page.getByRole('button', { name: 'Generate 3D Visualization' }).click();
    // The placeholders while the variations render (whatever state they are in when axe looks).
    await page.getByTestId('visualization').first().waitFor();
    expect(await axe()).toEqual([]);
    const completed = page.locator('[data-testid="visualization"][data-status="completed"]');
    await expect.poll(() => completed.count(), { timeout: 60_000 }).toBe(3);
    expect(await axe()).toEqual([]);

    await completed.first().getByRole('button', { name: 'View Full' }).click();
    await viewerLoaded(page.getByRole('dialog', { name: /^Render/ }));
    expect(await axe(page, DIALOG)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);

    await page.getByRole('button', { name: 'View Guide' }).click();
    await page.getByRole('dialog', { name: 'Getting great visualizations' }).waitFor();
    expect(await axe(page, DIALOG)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);

    // The same renders on the project page (Renders tab, full size) ...
    await page.getByRole('link', { name: 'Open Project' }).click();
    await page.waitForURL(/\/projects\/[0-9a-z]+$/);
    const projectId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('tab', { name: 'Renders (3)' }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByTestId('render-card').count(), WAIT).toBe(3);
    expect(await axe()).toEqual([]);
    await page.getByRole('tabpanel').getByRole('button', { name: 'View Full Size' }).first().click();
    await viewerLoaded(page.getByRole('dialog', { name: /^Render/ }));
    expect(await axe(page, DIALOG)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);

    // ... and on the read-only public page.
    const shared = await api(`/api/projects/${projectId}/share`, {
      token: await adminToken(),
      method: 'POST',
    });
    const link = new URL(String(shared.json.url));
    await page.goto(url(`${link.pathname}${link.search}`));
    const view = page.getByRole('button', { name: 'View Full Size' });
    await expect.poll(() => view.count(), WAIT).toBe(3);
    expect(await axe()).toEqual([]);
    await view.first().click();
    await viewerLoaded(page.getByRole('dialog', { name: /^Render/ }));
    expect(await axe(page, DIALOG)).toEqual([]);
    await page.keyboard.press('Escape');
  }, 90_000);

  it('admin dialogs: user role, prompt template create/edit/delete, setting add/edit/delete, the phone sidebar', async () => {
    const { page } = browser;
    const token = await adminToken();
    const template = `Accessible template ${unique}`;
    const key = `accessible.test_${unique}`;
    await Promise.all([
      created('/api/admin/templates', {
        token,
        method: 'POST',
        body: { name: template, category: 'technical', template: 'A {style} view', variables: ['style'] },
      }),
      created('/api/admin/settings', {
        token,
        method: 'POST',
        body: { key, value: true, category: 'files' },
      }),
    ]);

    const checkDialog = async (opener: Locator, name: string, fields: string[] = []) => {
      await opener.click();
      const dialog = page.getByRole('dialog', { name, exact: true });
      await dialog.waitFor();
      expect(await axe(page, DIALOG), name).toEqual([]);
      expect(await unlabelled(dialog, fields), name).toEqual([]);
      return dialog;
    };
    const close = async () => {
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
    };

    await page.goto(url('/admin/users'));
    await checkDialog(page.getByRole('button', { name: /^Edit role of / }).first(), 'Edit User Role', [
      'Role',
    ]);
    await close();

    await page.goto(url('/admin/prompts'));
    const templateFields = ['Name', 'Category', 'Template', 'Variables', 'Active'];
    await checkDialog(
      page.getByRole('button', { name: 'Create Template' }),
      'Create Template',
      templateFields,
    );
    await close();
    await checkDialog(
      page.getByRole('button', { name: `Edit ${template}` }),
      'Edit Template',
      templateFields,
    );
    await close();
    await checkDialog(page.getByRole('button', { name: `Delete ${template}` }), 'Delete Template');
    await close();

    await page.goto(url('/admin/settings'));
    const settingFields = ['Key', 'Value', 'Description', 'Category'];
    const add = await checkDialog(
      page.getByRole('button', { name: 'Add Setting' }),
      'Add Setting',
      settingFields,
    );
    // A key the platform reads shows its hint.
    await add.getByLabel('Key').fill('maintenance_mode');
    await add.getByText('Read by the platform').waitFor();
    expect(await axe(page, DIALOG)).toEqual([]);
    await close();
    await checkDialog(page.getByRole('button', { name: `Edit ${key}` }), 'Edit Setting', settingFields);
    await close();
    await checkDialog(page.getByRole('button', { name: `Delete ${key}` }), 'Delete Setting');
    await close();

    // Below 768 px the sidebar is a sheet over the page.
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      await page.getByRole('dialog', { name: 'Admin' }).waitFor();
      expect(await axe(page, DIALOG)).toEqual([]);
      await close();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('a 375 px mobile viewport with the menu open', async () => {
    const mobile = await openBrowser({ viewport: { width: 375, height: 740 } });
    try {
      await mobile.page.goto(url('/'));
      await openMobileMenu(mobile.page);
      expect(await axe(mobile.page)).toEqual([]);
    } finally {
      await mobile.close();
    }
  });
});

/**
 * Opens the phone menu. The landing page is prerendered: a click on its static button before the app has mounted
 * does nothing, so the button is pressed again (only while the menu says it is closed) until the menu shows.
 */
async function openMobileMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await expect
    .poll(
      async () => {
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        return page.getByRole('navigation', { name: 'Mobile' }).isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * The WCAG 2.1 A/AA violations on the page (or under `include`), once transitions have run (a toast or dialog fading in is not yet its
 * final colours); endless animations such as spinners are left running.
 */
const axe = (page: Page = browser.page, include?: string) => axeViolations(page, include);
