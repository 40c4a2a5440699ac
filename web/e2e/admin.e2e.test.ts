import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newProject } from '../../functions/test/projects-client';
import { api, signIn as apiSignIn, createUser, localCloud } from '../../infra/local/testing';
import { type BrowserSession, openBrowser, toastTexts } from './browser';

const url = (path: string) => `${localCloud().url}${path}`;

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

const visible = (locator: { isVisible(): Promise<boolean> }) =>
  expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);

const text = async (locator: { textContent(): Promise<string | null> }) =>
  (await locator.textContent()) ?? '';

const sidebarState = (page: Page) => page.getByTestId('admin-sidebar').getAttribute('data-state');

describe('admin console in Chromium (super admin)', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
    const { admin } = localCloud();
    await signIn(browser.page, admin.email, admin.password);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('shows the dashboard: measured cards, health probes, Refresh Data and the quick actions', async () => {
    const { page } = browser;
    // Something to count.
    const owner = await createUser('e2e-admin-owner');
    await newProject(owner.tokens.idToken, { title: 'Counted by the dashboard' });
    await page.goto(url('/admin'));
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    const users = page.getByTestId('stat-users');
    await visible(users.getByText(/active in last 7 days/));
    const total = Number((await text(page.getByTestId('stat-users-value'))).replace(/,/g, ''));
    expect(total).toBeGreaterThanOrEqual(2);
    expect(await text(users.getByTestId('stat-users-change'))).toMatch(/from last week|this week/);
    expect(await text(page.getByTestId('stat-renders'))).toMatch(/\d+ successful, \d+ failed/);
    expect(await text(page.getByTestId('stat-jobs'))).toMatch(/pending of \d+ total/);
    for (const name of ['Database', 'Storage'])
      await visible(page.getByTestId(`health-${name}`).getByText('Healthy'));
    // The AI probe judges recent job outcomes, which other test files make fail on purpose.
    await visible(page.getByTestId('health-AI Services').getByText(/^(Healthy|Warning)$/));

    const projectsBefore = Number((await text(page.getByTestId('stat-projects-value'))).replace(/,/g, ''));
    await newProject(owner.tokens.idToken, { title: 'Counted after refresh' });
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect
      .poll(async () => Number((await text(page.getByTestId('stat-projects-value'))).replace(/,/g, '')))
      .toBe(projectsBefore + 1);

    for (const [name, path] of [
      ['Manage Users', '/admin/users'],
      ['View AI Queue', '/admin/jobs'],
      ['System Logs', '/admin/logs'],
      ['Database Health', '/admin/health'],
    ] as const) {
      await page.getByTestId('quick-actions').getByRole('link', { name, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
      // Back through the sidebar (client-side; the dashboard shows its cached numbers at once).
      if (path !== '/admin/health') {
        await page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('link', { name: 'Dashboard', exact: true })
          .click();
        await visible(page.getByTestId('quick-actions'));
      }
    }
    await visible(page.getByTestId('probe-Database').getByText('Healthy'));
  });

  it('collapses the sidebar with Ctrl+B and Cmd+B, keeps the state in a 7-day cookie across reloads', async () => {
    const { page, context } = browser;
    await context.clearCookies({ name: 'sidebar_state' });
    await page.goto(url('/admin'));
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(await sidebarState(page)).toBe('expanded');
    expect((await page.getByTestId('admin-sidebar').boundingBox())?.width).toBe(256);

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('collapsed');
    await expect.poll(async () => (await page.getByTestId('admin-sidebar').boundingBox())?.width).toBe(48);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(await sidebarState(page)).toBe('collapsed');
    // Icon mode: the links are still there, named by their title.
    await page.getByRole('link', { name: 'Prompt Templates' }).click();
    await page.waitForURL('**/admin/prompts');

    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebarState(page)).toBe('expanded');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect.poll(() => sidebarState(page)).toBe('collapsed');
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
  });

  it('lists every section; those without a screen say so inside the layout', async () => {
    const { page } = browser;
    await page.goto(url('/admin'));
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await visible(nav);
    for (const path of [
      '/admin/analytics',
      '/admin/analytics/users',
      '/admin/analytics/performance',
      '/admin/analytics/revenue',
      '/admin/users/activity',
      '/admin/users/support',
      '/admin/styles',
      '/admin/gallery',
      '/admin/jobs',
      '/admin/health',
      '/admin/logs',
      '/admin/storage',
      '/admin/features',
      '/admin/api',
      '/admin/notifications',
      '/admin/security',
      '/admin/access',
      '/admin/backups',
      '/admin/database',
      '/admin/migrations',
      '/admin/export',
      '/admin/settings',
    ]) {
      expect(await nav.locator(`a[href="${path}"]`).count(), path).toBe(1);
    }
    await nav.locator('a[href="/admin/analytics/revenue"]').click();
    await visible(page.getByText('This section is not available yet.'));
    expect(await page.getByRole('heading', { name: 'Revenue' }).isVisible()).toBe(true);
    await page.goto(url('/admin/migrations'));
    await visible(page.getByText('This section is not available yet.'));
    expect(await page.getByTestId('admin-sidebar').isVisible()).toBe(true);
  });

  it('shows the AI queue, the health probes and the storage with real data', async () => {
    const { page } = browser;
    await page.goto(url('/admin/jobs'));
    await visible(page.getByRole('heading', { name: 'AI Queue' }));
    await visible(page.getByRole('table', { name: 'AI jobs' }));
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Failed', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');

    await page.goto(url('/admin/health'));
    for (const name of ['Database', 'Storage'])
      await visible(page.getByTestId(`probe-${name}`).getByText('Healthy'));
    await visible(page.getByTestId('probe-AI Services').getByText(/^(Healthy|Warning)$/));

    const stats = (
      await api('/api/admin/storage?limit=1', {
        token: (await apiSignIn(localCloud().admin.email, localCloud().admin.password)).idToken,
      })
    ).json as { totalFiles: number };
    await page.goto(url('/admin/storage'));
    await visible(page.getByTestId('storage-total'));
    expect(await text(page.getByTestId('storage-total'))).toContain(`${stats.totalFiles} files`);
    await visible(page.getByTestId('storage-row').first());
  });

  it('changes a user role from the users table', async () => {
    const { page } = browser;
    const target = await createUser('e2e-role');
    await page.goto(url('/admin/users'));
    await visible(page.getByTestId('users-total'));
    await page.getByPlaceholder('Search by email...').fill(target.email);
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    const row = page.getByTestId('user-row');
    expect(await text(row)).toContain('Never');
    await row.getByRole('button', { name: `Edit role of ${target.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User Role' });
    await dialog.getByLabel('Role').selectOption('admin');
    await dialog.getByRole('button', { name: 'Save Role' }).click();
    await expect.poll(() => toastTexts(page)).toContain('User role updated successfully');
    await expect.poll(() => text(row)).toContain('Admin');
    // The role applies on the user's next request, with their existing token.
    expect((await api('/api/admin/stats', { token: target.tokens.idToken })).status).toBe(200);

    await page.getByLabel('Filter by role').selectOption('admin');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
  });

  it('creates, edits, toggles and deletes a prompt template', async () => {
    const { page } = browser;
    const name = `E2E template ${Date.now()}`;
    await page.goto(url('/admin/prompts'));
    await visible(page.getByRole('heading', { name: 'Prompt Templates' }));
    await visible(page.getByText('Architectural visualization'));
    await page.getByRole('button', { name: 'Create Template' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Category').selectOption('rendering');
    await dialog.getByLabel('Template').fill('A {style} render of {prompt} at {time}');
    await dialog.getByLabel('Variables').fill('style, prompt, time, lens');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Template created successfully');
    const row = page.getByTestId('template-row').filter({ hasText: name });
    await visible(row);
    expect(await text(row)).toContain('+1');
    expect(await text(row)).toContain('Active');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Template' });
    await dialog.getByLabel('Name').fill(`${name} v2`);
    await dialog.getByRole('button', { name: 'Update Template' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Template updated successfully');
    const edited = page.getByTestId('template-row').filter({ hasText: `${name} v2` });
    await visible(edited);

    await edited.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Template deactivated');
    await expect.poll(() => text(edited)).toContain('Inactive');
    await edited.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Template activated');

    await edited.getByRole('button', { name: `Delete ${name} v2` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Template' });
    await visible(confirm.getByText('Are you sure you want to delete this template?'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Template deleted successfully');
    await expect.poll(() => edited.count()).toBe(0);
  });

  it('creates, edits and deletes a setting; the restart note follows saving ai_model_primary', async () => {
    const { page } = browser;
    const key = `e2e.setting_${Date.now().toString(36)}`;
    await page.goto(url('/admin/settings'));
    await visible(page.getByRole('heading', { name: 'System Settings' }));
    await visible(page.getByRole('note'));
    await page.getByRole('button', { name: 'Add Setting' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Setting' });
    await dialog.getByLabel('Key').fill(key);
    await dialog.getByLabel('Value').fill('{"max": 3}');
    await dialog.getByLabel('Category').selectOption('files');
    await dialog.getByRole('button', { name: 'Create Setting' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Setting created successfully');
    const row = page.getByTestId('setting-row').filter({ hasText: key });
    await visible(row);
    expect(await text(row)).toContain('{"max":3}');
    expect(await text(row)).toContain('No description');

    await row.getByRole('button', { name: `Edit ${key}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Setting' });
    expect(await dialog.getByLabel('Key').isDisabled()).toBe(true);
    await dialog.getByLabel('Value').fill('plain words');
    await dialog.getByLabel('Description').fill('Written by the browser test');
    await dialog.getByRole('button', { name: 'Update Setting' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Setting updated successfully');
    await expect.poll(() => text(row)).toContain('plain words');
    expect(await text(row)).toContain('Written by the browser test');

    await row.getByRole('button', { name: `Delete ${key}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Setting' });
    await visible(confirm.getByText(`Are you sure you want to delete the setting "${key}"?`));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Setting deleted successfully');
    await expect.poll(() => row.count()).toBe(0);

    // Another test file may have removed the stored key (its default then applies): store it first.
    const root = (await apiSignIn(localCloud().admin.email, localCloud().admin.password)).idToken;
    await api('/api/admin/settings', {
      token: root,
      method: 'POST',
      body: { key: 'ai_model_primary', value: 'local', category: 'ai' },
    });
    await page.reload();
    const ai = page.getByTestId('setting-row').filter({ hasText: 'ai_model_primary' });
    await ai.getByRole('button', { name: 'Edit ai_model_primary' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Setting' });
    await dialog.getByRole('button', { name: 'Update Setting' }).click();
    await expect
      .poll(() => toastTexts(page))
      .toContain('Changes to this setting may require an application restart to take effect.');
  });
});

describe('admin console in Chromium (admins and users)', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => {
    await browser.context.clearCookies();
    await browser.page.goto(url('/'));
    await browser.page.evaluate(() => localStorage.clear());
  });
  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('bounces a plain user from every admin page to /dashboard', async () => {
    const { page } = browser;
    const user = await createUser('e2e-admin-plain');
    await signIn(page, user.email, user.password);
    for (const path of ['/admin', '/admin/users', '/admin/prompts', '/admin/settings', '/admin/jobs']) {
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === '/dashboard');
    }
  });

  it('hides and guards the super-admin sections from an admin', async () => {
    const { page } = browser;
    const user = await createUser('e2e-admin-admin');
    const root = (await apiSignIn(localCloud().admin.email, localCloud().admin.password)).idToken;
    const me = (await api('/api/me', { token: user.tokens.idToken })).json as { id: string };
    expect(
      (await api(`/api/admin/users/${me.id}`, { token: root, method: 'PATCH', body: { role: 'admin' } }))
        .status,
    ).toBe(200);
    await signIn(page, user.email, user.password);
    await page.goto(url('/admin'));
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.locator('a[href="/admin/users"]').count()).toBe(1);
    for (const path of ['/admin/settings', '/admin/security', '/admin/database', '/admin/export'])
      expect(await nav.locator(`a[href="${path}"]`).count(), path).toBe(0);
    await page.goto(url('/admin/settings'));
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goto(url('/admin/security'));
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('is an 18rem sheet on a phone', async () => {
    const phone = await openBrowser({ viewport: { width: 390, height: 800 } });
    try {
      const { page } = phone;
      const { admin } = localCloud();
      await signIn(page, admin.email, admin.password);
      await page.goto(url('/admin'));
      await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
      expect(await page.getByTestId('admin-sidebar').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      const sheet = page.getByRole('dialog', { name: 'Admin' });
      await visible(sheet);
      expect((await sheet.boundingBox())?.width).toBe(288);
      await sheet.getByRole('link', { name: 'Storage' }).click();
      await page.waitForURL('**/admin/storage');
      await expect.poll(() => sheet.count()).toBe(0);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
