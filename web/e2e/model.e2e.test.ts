/**
 * The 3D Model tab in Chromium (WebGL through SwiftShader): the model of what Planform read, orbit / top / walk,
 * the cut and roof, measuring a known length (the 12 m front wall of the fixture house), the glb export, axe, and
 * the message where WebGL is unavailable.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { newProject, uploadFile } from '../../functions/test/projects-client';
import { api, createUser, localCloud } from '../../infra/local/testing';
import { type BrowserSession, openBrowser } from './browser';
import { signInThroughForm } from './journeys';

type User = Awaited<ReturnType<typeof createUser>>;

let browser: BrowserSession;
let user: User;
let projectId: string;
let fileId: string;
const url = (path: string) => `${localCloud().url}${path}`;

async function planReady(token: string) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const res = await api(`/api/projects/${projectId}/files/${fileId}/plan`, { token });
    if ((res.json as { plan: { status: string } }).plan.status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the plan was not read within 30 s');
}

async function openModelTab(page: Page) {
  await page.goto(url(`/projects/${projectId}`));
  await page.getByRole('tab', { name: '3D Model' }).click();
  const canvas = page.getByTestId('model-canvas');
  await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
  return canvas;
}

describe('the 3D model, in Chromium', () => {
  beforeAll(async () => {
    [user, browser] = await Promise.all([createUser('e2e-model'), openBrowser({ webgl: true })]);
    const project = await newProject(user.tokens.idToken, { title: 'Model viewer' });
    projectId = project.id;
    const { ticket } = await uploadFile(user.tokens.idToken, projectId, 'house.dxf', Buffer.from(planDxf()));
    fileId = ticket.file.id;
    await planReady(user.tokens.idToken);
    await signInThroughForm(browser.page, user.email, user.password);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('opens the 3D Model tab on the model with its room labels, and passes axe', async () => {
    const { page } = browser;
    const canvas = await openModelTab(page);
    expect(await canvas.getAttribute('aria-label')).toBe('3D model of house.dxf');
    expect(await page.locator('canvas').count()).toBe(1);
    // Room labels with their areas, one per room of the plan.
    const stored = await api(`/api/projects/${projectId}/files/${fileId}/plan`, {
      token: user.tokens.idToken,
    });
    const rooms = (stored.json as { plan: { rooms: unknown[] } }).plan.rooms.length;
    expect(rooms).toBeGreaterThan(0);
    expect(await page.getByText(/ · \d+\.\d m²$/).count()).toBe(rooms);
    await page.getByRole('button', { name: 'Room labels' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/ · \d+\.\d m²$/)
          .first()
          .isVisible(),
      )
      .toBe(false);
    await page.getByRole('button', { name: 'Room labels' }).click();
    // The toggle's colours fade (a CSS transition): axe must see them settled, not half-way (a 1-in-n failure).
    await expect.poll(() => page.evaluate('document.getAnimations().length')).toBe(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('measures the 12 m front wall in the top view by clicking its two ends', async () => {
    const { page } = browser;
    const canvas = await openModelTab(page);
    await page.getByRole('button', { name: 'Top view' }).click();
    expect(await page.getByRole('button', { name: 'Roof' }).getAttribute('aria-pressed')).toBe('false');
    const bar = page.getByTestId('scale-bar');
    const pxPerM = Number(await bar.getAttribute('data-pixels-per-metre'));
    expect(pxPerM).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Measure' }).click();
    // The top view is centred on the 12 × 9 m house; its front (south) wall runs along the bottom edge.
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.click(cx - 6 * pxPerM + 2, cy + 4.5 * pxPerM - 2);
    await expect
      .poll(() => page.getByTestId('measure-result').textContent())
      .toBe('Measure: click the second point.');
    await page.mouse.click(cx + 6 * pxPerM - 2, cy + 4.5 * pxPerM + 2);
    await expect.poll(() => page.getByTestId('measure-result').textContent()).toBe('Distance: 12.00 m');
  });

  it('is operable by keyboard: views, walking, the cut, and a measuring point at the crosshair', async () => {
    const { page } = browser;
    const canvas = await openModelTab(page);
    await page.getByRole('button', { name: 'Walk' }).click();
    expect(await canvas.getAttribute('data-mode')).toBe('walk');
    await canvas.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.getByRole('button', { name: 'Orbit' }).click();
    expect(await canvas.getAttribute('data-mode')).toBe('orbit');
    const section = page.getByLabel('Section height');
    await section.focus();
    await page.keyboard.press('Home');
    expect(await section.getAttribute('aria-valuetext')).toBe('Cut at 0.30 m');
    await page.keyboard.press('End');
    expect(await section.getAttribute('aria-valuetext')).toBe('No cut');
    await page.getByRole('button', { name: 'Reset view' }).click();
    await page.getByRole('button', { name: 'Measure' }).click();
    await canvas.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('measure-result').textContent())
      .toBe('Measure: click the second point.');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('measure-result').textContent()).toMatch(/^Distance: /);
    expect(browser.errors).toEqual([]);
  });

  it('exports the model as glb and IFC from the tab', async () => {
    const { page } = browser;
    await openModelTab(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .glb' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('house-model.glb');
    const ifc = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .ifc' }).click();
    const ifcFile = await ifc;
    expect(ifcFile.suggestedFilename()).toBe('house-model.ifc');
    const text = (await readFile((await ifcFile.path())!)).toString('utf8');
    expect(text).toMatch(/^ISO-10303-21;/);
    expect(text).toContain("FILE_SCHEMA(('IFC4'));");
  });

  it('renders the view the user chose, and opens such a render in 3D at its camera', async () => {
    const { page } = browser;
    const canvas = await openModelTab(page);
    await canvas.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.getByLabel('Prompt for this view').fill('White stucco walls, evening light');
    await page.getByRole('button', { name: 'Render this view' }).click();
    await expect
      .poll(() => page.locator('[data-sonner-toast]').allInnerTexts(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('Rendering this view'));
    const detail = async () =>
      (await api(`/api/projects/${projectId}`, { token: user.tokens.idToken })).json as {
        renders: { camera?: { fovDeg: number } | null; prompt: string }[];
      };
    const placed = (await detail()).renders.filter((r) => r.prompt === 'White stucco walls, evening light');
    // 1 and 3 from the placed camera at once; 2 from the model's opposite corner once rendered.
    expect(placed.filter((r) => r.camera).length).toBeGreaterThanOrEqual(2);
    await page.getByRole('tab', { name: /^Renders/ }).click();
    const open = page.getByRole('button', { name: 'Open in 3D' });
    await expect.poll(() => open.count(), { timeout: 20_000 }).toBe(3);
    await open.first().click();
    await expect
      .poll(() => page.getByRole('tab', { name: '3D Model' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await canvas.getAttribute('data-mode')).toBe('orbit');
  });

  it('shows the model read-only on the share page, without signing in', async () => {
    const shared = await api(`/api/projects/${projectId}/share`, {
      token: user.tokens.idToken,
      method: 'POST',
    });
    const link = new URL(String(shared.json.url));
    const visitor = await openBrowser({ webgl: true });
    try {
      await visitor.page.goto(url(`${link.pathname}${link.search}`));
      await expect
        .poll(() => visitor.page.getByRole('heading', { name: '3D Model' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      const canvas = visitor.page.getByTestId('model-canvas');
      await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      expect(await canvas.getAttribute('aria-label')).toBe('3D model of house.dxf');
      expect(await visitor.page.getByRole('button', { name: 'Export .glb' }).count()).toBe(0);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('says so in words where WebGL is unavailable', async () => {
    const session = await openBrowser({ webgl: false });
    try {
      await signInThroughForm(session.page, user.email, user.password);
      await session.page.goto(url(`/projects/${projectId}?tab=model`));
      const alert = session.page.getByRole('alert').filter({ hasText: 'The 3D view needs WebGL' });
      await expect.poll(() => alert.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await session.page.locator('canvas').count()).toBe(0);
      // What the message points to is there: the exports.
      expect(await session.page.getByRole('button', { name: 'Export .glb' }).isVisible()).toBe(true);
    } finally {
      await session.close();
    }
  });
});
