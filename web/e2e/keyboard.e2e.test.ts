/**
 * Keyboard only, in Chromium: every dialog takes focus when it opens, keeps Tab and Shift+Tab inside, closes with
 * Escape (except while it deletes) and gives focus back to its opener; the pages work with Tab, Enter, Space and the
 * arrow keys; the skip link and the admin sidebar's Ctrl/Cmd+B shortcut work.
 */
import type { FileChooser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject, uploadFile } from '../../functions/test/projects-client';
import { pngFixture } from '../../functions/test/upload-fixtures';
import { api, localCloud, signIn } from '../../infra/local/testing';
import { type BrowserSession, openBrowser, toastTexts } from './browser';

const url = (path: string) => `${localCloud().url}${path}`;
/** Waiting on the app and the local cloud (debounced searches, API round trips) on a busy machine. */
const WAIT = { timeout: 10_000 };

/** POSTs through the API and insists on success (test data). */
async function created(path: string, options: Parameters<typeof api>[1]) {
  const response = await api(path, options);
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response;
}
const unique = Date.now().toString(36);

/** A stable id and a readable name for the focused element ("body" when nothing has focus). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { kbIds?: WeakMap<Element, number>; kbNext?: number };
    w.kbIds ??= new WeakMap();
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    if (!w.kbIds.has(el)) {
      w.kbNext = (w.kbNext ?? 0) + 1;
      w.kbIds.set(el, w.kbNext);
    }
    const name =
      el.getAttribute('aria-label') ??
      (el.textContent || el.getAttribute('placeholder') || el.id || '').trim();
    return `#${w.kbIds.get(el)} <${el.tagName.toLowerCase()}> ${name.slice(0, 40)}`;
  });

const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const holdsFocus = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));

/**
 * About how many Tab presses lead from the focused element forward to `el` (the focusable elements in document
 * order): only used to press quickly; tabTo checks where the focus really is.
 */
const tabsAhead = (target: Locator) =>
  target.evaluate((el) => {
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]',
    );
    const order = Array.from(candidates).filter(
      (e) =>
        e.tabIndex >= 0 &&
        !e.matches(':disabled, [type="hidden"]') &&
        !e.closest('[inert]') &&
        e.checkVisibility({ visibilityProperty: true }),
    );
    // With nothing focused the browser starts from where the focus was last (unknown here): no estimate.
    const from = order.indexOf(document.activeElement as HTMLElement);
    const to = order.indexOf(el as HTMLElement);
    return from >= 0 && to > from ? to - from : 0;
  });

/** Loads a page; the first Tab lands on the skip link, where tabTo starts counting. */
async function openPage(page: Page, path: string) {
  await page.goto(url(path));
  await page.locator('main h1').first().waitFor();
  await page.keyboard.press('Tab');
  expect(await hasFocus(page.getByRole('link', { name: 'Skip to content' }))).toBe(true);
}

/** Presses Tab until `target` has focus: it is reachable from the keyboard. */
async function tabTo(page: Page, target: Locator, max = 150) {
  await target.waitFor();
  // Most of the way without looking, then one press at a time.
  const ahead = await tabsAhead(target);
  for (let i = 1; i < ahead; i++) await page.keyboard.press('Tab');
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}; stuck at ${await focused(page)}`);
}

/**
 * Tabs to a file input and opens its picker with Space. Headless Chromium now and then drops the first Space on a
 * freshly focused file input (no picker, no error), so the press is repeated, by keyboard, up to three times.
 */
async function chooserFromKeyboard(page: Page, input: Locator): Promise<FileChooser> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await tabTo(page, input);
    const opened = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
    await page.keyboard.press('Space');
    const chooser = await opened;
    if (chooser) return chooser;
  }
  throw new Error('Space on the focused file input never opened the file picker');
}

/** Focus is inside the dialog; Tab walks a ring of its controls and wraps, Shift+Tab walks it back. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect.poll(() => holdsFocus(dialog), { ...WAIT, message: 'focus moves into the dialog' }).toBe(true);
  const ring: string[] = [];
  for (let i = 0; ; i++) {
    if (i > 30) throw new Error(`Tab does not wrap inside the dialog: ${ring.join(' | ')}`);
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(await holdsFocus(dialog), `Tab left the dialog for ${now}`).toBe(true);
    if (ring[0] === now) break;
    ring.push(now);
  }
  const back: string[] = [];
  for (let i = 0; i < ring.length; i++) {
    await page.keyboard.press('Shift+Tab');
    const now = await focused(page);
    expect(await holdsFocus(dialog), `Shift+Tab left the dialog for ${now}`).toBe(true);
    back.push(now);
  }
  expect(back).toEqual([...ring].reverse());
  return ring;
}

/** Escape closes the dialog and focus goes back to the control that opened it. */
async function escapeReturnsFocus(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count(), WAIT).toBe(0);
  await expect
    .poll(() => hasFocus(opener), WAIT)
    .toBe(true)
    .catch(async () => {
      throw new Error(`focus did not go back to ${opener}: it is on ${await focused(page)}`);
    });
}

/** Opens a dialog from `opener` with the keyboard, checks the focus trap, closes it with Escape. */
async function checkDialog(
  page: Page,
  opener: Locator,
  name: string | RegExp,
  options: { key?: 'Enter' | 'Space'; ready?: (dialog: Locator) => Promise<unknown> } = {},
) {
  await tabTo(page, opener);
  await page.keyboard.press(options.key ?? 'Enter');
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await options.ready?.(dialog);
  const ring = await expectFocusTrapped(page, dialog);
  await escapeReturnsFocus(page, dialog, opener);
  return ring;
}

/** Holds the matching requests until `release()` (to see a dialog's in-progress state). */
async function holdRequests(page: Page, pattern: string, method: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = 0;
  await page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    seen++;
    await gate;
    await route.fallback();
  });
  return {
    seen: () => seen,
    release: async () => {
      release();
      await page.unroute(pattern);
    },
  };
}

/** While the deletion runs: Escape does nothing, every button is disabled, Tab stays in the dialog. */
async function expectLockedWhileDeleting(page: Page, dialog: Locator, busyLabel: string) {
  await dialog.getByRole('button', { name: busyLabel }).waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  expect(await dialog.isVisible()).toBe(true);
  expect(await dialog.getAttribute('aria-busy')).toBe('true');
  expect(await dialog.getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);
  await page.keyboard.press('Tab');
  expect(await holdsFocus(dialog), `Tab left the busy dialog for ${await focused(page)}`).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await holdsFocus(dialog), `Shift+Tab left the busy dialog for ${await focused(page)}`).toBe(true);
}

async function settled(token: string, projectId: string, generationId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await api(`/api/projects/${projectId}/generations/${generationId}`, { token });
    const { status } = (response.json as { generation: { status: string } }).generation;
    if (status !== 'running') return status;
    if (Date.now() > deadline) throw new Error('generation still running');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('keyboard only in Chromium', () => {
  let browser: BrowserSession;
  let token: string;
  const houseTitle = `Keyboard House ${unique}`;
  const doomedTitle = `Keyboard Shed ${unique}`;
  const templateName = `Keyboard template ${unique}`;
  const settingKey = `keyboard.test_${unique}`;
  let house: { id: string };
  let renders: Promise<string>;

  beforeAll(async () => {
    const { admin } = localCloud();
    const [session, tokens, png] = await Promise.all([
      openBrowser(),
      signIn(admin.email, admin.password),
      pngFixture(),
    ]);
    browser = session;
    token = tokens.idToken;
    [house] = await Promise.all([
      newProject(token, { title: houseTitle, tags: ['Residential'] }),
      newProject(token, { title: doomedTitle }),
      created('/api/admin/templates', {
        token,
        method: 'POST',
        body: { name: templateName, category: 'rendering', template: 'A {style} view', variables: ['style'] },
      }),
      created('/api/admin/settings', {
        token,
        method: 'POST',
        body: { key: settingKey, value: 3, category: 'limits', description: 'Made by the keyboard test' },
      }),
    ]);
    // Renders for the image viewer on the project page, made while the first tests run.
    renders = (async () => {
      await uploadFile(token, house.id, 'plan.png', png, 'image/png');
      const started = await api(`/api/projects/${house.id}/generations`, {
        token,
        method: 'POST',
        body: { prompt: 'Photorealistic exterior view', fidelity: 0.7 },
      });
      const generation = (started.json as { generation: { id: string } }).generation;
      return settled(token, house.id, generation.id);
    })();
    renders.catch(() => undefined);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('signs in with the keyboard alone, after the skip link to the main content', async () => {
    const { page } = browser;
    const { admin } = localCloud();
    await page.goto(url('/auth/login'));
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();

    // The first Tab lands on the skip link, which shows itself and jumps past the top bar.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await hasFocus(skip)).toBe(true);
    const box = await skip.boundingBox();
    expect(box?.width).toBeGreaterThan(20);
    expect(box?.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await holdsFocus(page.getByRole('main')), `after the skip link: ${await focused(page)}`).toBe(
      true,
    );

    await tabTo(page, email);
    await page.keyboard.type(admin.email);
    const password = page.getByLabel('Password', { exact: true });
    await tabTo(page, password);
    await page.keyboard.type(admin.password);
    // The show/hide toggle works from the keyboard too.
    const toggle = page.getByRole('button', { name: /show password/i });
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    expect(await password.getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    expect(await password.getAttribute('type')).toBe('password');
    await tabTo(page, password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
  });

  it('dashboard: share and delete dialogs; the delete dialog cannot be closed while deleting', async () => {
    const { page } = browser;
    await page.getByRole('heading', { name: 'Project Dashboard' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    await tabTo(page, search);
    await page.keyboard.type(unique);
    const cards = page.getByTestId('project-card');
    await expect.poll(() => cards.count(), WAIT).toBe(2);

    // The view toggle and the status filter answer to the keyboard.
    await tabTo(page, page.getByRole('button', { name: 'List view' }));
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true');

    const share = page.getByRole('button', { name: `Share ${doomedTitle}` });
    await checkDialog(page, share, `Share "${doomedTitle}"`, {
      ready: (dialog) => dialog.getByLabel('Project link').waitFor(),
    });

    const remove = page.getByRole('button', { name: `Delete ${doomedTitle}` });
    const ring = await checkDialog(page, remove, `Delete "${doomedTitle}"?`);
    expect(ring.map((r) => r.replace(/^#\d+ /, ''))).toEqual([
      '<button> Delete Project',
      '<button> Close',
      '<button> Cancel',
    ]);

    // Delete, with the request held: nothing closes the dialog until it answers.
    const held = await holdRequests(page, '**/api/projects/*', 'DELETE');
    try {
      await tabTo(page, remove);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Delete "${doomedTitle}"?` });
      await tabTo(page, dialog.getByRole('button', { name: 'Delete Project' }));
      await page.keyboard.press('Enter');
      await expectLockedWhileDeleting(page, dialog, 'Deleting...');
      expect(held.seen()).toBe(1);
    } finally {
      await held.release();
    }
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
    await expect.poll(() => toastTexts(page), WAIT).toContain('Project deleted successfully');
    await expect.poll(() => cards.count(), WAIT).toBe(1);
  });

  it('project page: Share, Settings, the tabs by arrow keys and the image viewer', async () => {
    const { page } = browser;
    await tabTo(page, page.getByRole('link', { name: `Open ${houseTitle}` }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/projects/${house.id}`);
    await page.getByRole('heading', { name: houseTitle, level: 1 }).waitFor();

    await checkDialog(
      page,
      page.getByRole('button', { name: 'Share', exact: true }),
      `Share "${houseTitle}"`,
      {
        ready: (dialog) => dialog.getByLabel('Project link').waitFor(),
      },
    );
    const ring = await checkDialog(
      page,
      page.getByRole('button', { name: 'Settings', exact: true }),
      'Project Settings',
    );
    // The first field has focus on open; every field is in the ring.
    expect(ring.some((r) => r.includes('<input>'))).toBe(true);
    expect(ring.some((r) => r.includes('<textarea>'))).toBe(true);

    // Settings edits by keyboard: the title field, then Enter submits.
    await tabTo(page, page.getByRole('button', { name: 'Settings', exact: true }));
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: 'Project Settings' });
    const title = settings.getByLabel('Project Title');
    expect(await hasFocus(title)).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.type(' II');
    await page.keyboard.press('Enter');
    await expect.poll(() => settings.count(), WAIT).toBe(0);
    await page.getByRole('heading', { name: `${houseTitle} II`, level: 1 }).waitFor();

    expect(await renders).toBe('completed');
    await page.reload();
    const overview = page.getByRole('tab', { name: 'Overview' });
    await tabTo(page, overview);
    await page.keyboard.press('ArrowRight');
    const filesTab = page.getByRole('tab', { name: /^Files/ });
    await expect.poll(() => filesTab.getAttribute('aria-selected'), WAIT).toBe('true');
    expect(await hasFocus(filesTab)).toBe(true);
    await page.keyboard.press('ArrowRight');
    const rendersTab = page.getByRole('tab', { name: 'Renders (3)' });
    await expect.poll(() => rendersTab.getAttribute('aria-selected'), WAIT).toBe('true');
    expect(await hasFocus(rendersTab)).toBe(true);
    await page.keyboard.press('Home');
    expect(await hasFocus(overview)).toBe(true);
    await expect.poll(() => overview.getAttribute('aria-selected'), WAIT).toBe('true');
    await page.keyboard.press('End');
    const modelTab = page.getByRole('tab', { name: '3D Model' });
    expect(await hasFocus(modelTab)).toBe(true);
    await expect.poll(() => modelTab.getAttribute('aria-selected'), WAIT).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await hasFocus(rendersTab)).toBe(true);
    await expect.poll(() => rendersTab.getAttribute('aria-selected'), WAIT).toBe('true');

    const view = page.getByRole('tabpanel').getByRole('button', { name: 'View Full Size' }).first();
    await checkDialog(page, view, /^Render/, { key: 'Space' });
  });

  it('upload page: title, file picker, quick prompt, generate, View Full and View Guide', async () => {
    const { page } = browser;
    await openPage(page, '/upload');
    const title = page.getByLabel('Project Title');
    await tabTo(page, title);
    await page.keyboard.type(`Keyboard Upload ${unique}`);
    // A picked suggestion turns disabled; the focus goes to the tag field, not to the page.
    await tabTo(page, page.getByRole('button', { name: 'Residential' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove tag Residential' }).waitFor();
    expect(await hasFocus(page.getByLabel('Tags', { exact: true }))).toBe(true);
    await page.keyboard.type('Courtyard');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Remove tag Courtyard' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Remove tag Courtyard' }).count(), WAIT).toBe(0);
    expect(await hasFocus(page.getByLabel('Tags', { exact: true }))).toBe(true);

    // The file field opens the picker from the keyboard.
    const input = page.getByLabel('Choose files to upload');
    const chooser = await chooserFromKeyboard(page, input);
    await chooser.setFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await pngFixture() });
    await expect
      .poll(() => page.locator('[data-testid="upload-item"][data-status="uploaded"]').count(), {
        timeout: 20_000,
      })
      .toBe(1);

    await tabTo(page, page.getByRole('button', { name: 'Isometric architectural rendering', exact: true }));
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe(
      'Isometric architectural rendering',
    );
    const slider = page.getByRole('slider', { name: 'Fidelity' });
    await tabTo(page, slider);
    await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).not.toBe('0.7');
    await tabTo(page, page.getByRole('button', { name: 'Generate 3D Visualization' }));
    await page.keyboard.press('Enter');
    // While it generates, the focus stays on the button (busy, not disabled), not on the page.
    expect(await focused(page)).toMatch(/<button> (Generating\.\.\.|Generate 3D Visualization)/);
    await expect
      .poll(() => page.locator('[data-testid="visualization"][data-status="completed"]').count(), {
        timeout: 60_000,
      })
      .toBe(3);

    const viewFull = page.getByTestId('visualization').first().getByRole('button', { name: 'View Full' });
    await checkDialog(page, viewFull, /^Render/);

    const ring = await checkDialog(
      page,
      page.getByRole('button', { name: 'View Guide' }),
      'Getting great visualizations',
    );
    expect(ring.map((r) => r.replace(/^#\d+ /, ''))).toEqual(['<button> Got it', '<button> Close']);
  }, 90_000);

  it('admin: Ctrl+B and Cmd+B toggle the sidebar; the role, template and setting dialogs', async () => {
    const { page } = browser;
    const { admin } = localCloud();
    await openPage(page, '/admin/users');
    const sidebar = page.getByTestId('admin-sidebar');
    await sidebar.waitFor();
    const before = await sidebar.getAttribute('data-state');
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebar.getAttribute('data-state'), WAIT).not.toBe(before);
    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebar.getAttribute('data-state'), WAIT).toBe(before);
    // The trigger button too.
    const trigger = page.getByRole('button', { name: 'Toggle Sidebar' });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await expect.poll(() => sidebar.getAttribute('data-state'), WAIT).not.toBe(before);
    await page.keyboard.press('Space');
    await expect.poll(() => sidebar.getAttribute('data-state'), WAIT).toBe(before);

    await tabTo(page, page.getByLabel('Search by email'));
    await page.keyboard.type(admin.email);
    const edit = page.getByRole('button', { name: `Edit role of ${admin.email}` });
    await expect.poll(() => page.getByRole('button', { name: /^Edit role of / }).count(), WAIT).toBe(1);
    await checkDialog(page, edit, 'Edit User Role');

    await openPage(page, '/admin/prompts');
    await checkDialog(page, page.getByRole('button', { name: 'Create Template' }), 'Create Template');
    await checkDialog(page, page.getByRole('button', { name: `Edit ${templateName}` }), 'Edit Template');
    const deleteTemplate = page.getByRole('button', { name: `Delete ${templateName}` });
    await checkDialog(page, deleteTemplate, 'Delete Template');
    let held = await holdRequests(page, '**/api/admin/templates/*', 'DELETE');
    try {
      await tabTo(page, deleteTemplate);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete Template' });
      await tabTo(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
      await page.keyboard.press('Enter');
      await expectLockedWhileDeleting(page, dialog, 'Deleting...');
    } finally {
      await held.release();
    }
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
    await expect.poll(() => deleteTemplate.count(), WAIT).toBe(0);

    await openPage(page, '/admin/settings');
    await checkDialog(page, page.getByRole('button', { name: 'Add Setting' }), 'Add Setting');
    await checkDialog(page, page.getByRole('button', { name: `Edit ${settingKey}` }), 'Edit Setting');
    const deleteSetting = page.getByRole('button', { name: `Delete ${settingKey}` });
    await checkDialog(page, deleteSetting, 'Delete Setting');
    held = await holdRequests(page, '**/api/admin/settings/*', 'DELETE');
    try {
      await tabTo(page, deleteSetting);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete Setting' });
      await tabTo(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
      await page.keyboard.press('Enter');
      await expectLockedWhileDeleting(page, dialog, 'Deleting...');
    } finally {
      await held.release();
    }
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
    await expect.poll(() => deleteSetting.count(), WAIT).toBe(0);
  });

  it('admin on a phone: the sidebar sheet takes focus, keeps it and closes with Escape', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await openPage(page, '/admin');
      const trigger = page.getByRole('button', { name: 'Toggle Sidebar' });
      await checkDialog(page, trigger, 'Admin');
      // Ctrl+B opens it as well, and a link followed by Enter closes it.
      await page.keyboard.press('Control+b');
      const sheet = page.getByRole('dialog', { name: 'Admin' });
      await sheet.waitFor();
      await tabTo(page, sheet.getByRole('link', { name: 'Prompt Templates' }));
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/prompts');
      await expect.poll(() => sheet.count(), WAIT).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
