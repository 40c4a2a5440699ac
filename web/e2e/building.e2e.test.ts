/**
 * A project of two levels as one building in Chromium (WebGL through SwiftShader): the 3D tab's "Whole building",
 * the choice of levels shown, a level nudged by dragging it over the one below, the levels saved from the form, a
 * render of the building's view opened again in 3D, and axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { newProject, uploadFile } from '../../functions/test/projects-client';
import { api, createUser, localCloud } from '../../infra/local/testing';
import type { ProjectBuilding } from '../../shared/building/schema';
import { type BrowserSession, openBrowser } from './browser';
import { signInThroughForm } from './journeys';

type User = Awaited<ReturnType<typeof createUser>>;

let browser: BrowserSession;
let user: User;
let projectId: string;
const url = (path: string) => `${localCloud().url}${path}`;

async function plansReady(token: string, fileIds: string[]) {
  const until = Date.now() + 30_000;
  for (const fileId of fileIds) {
    for (;;) {
      const res = await api(`/api/projects/${projectId}/files/${fileId}/plan`, { token });
      if ((res.json as { plan: { status: string } }).plan.status === 'ready') break;
      if (Date.now() > until) throw new Error('the plans were not read within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('a building of two levels, in Chromium', () => {
  beforeAll(async () => {
    [user, browser] = await Promise.all([createUser('e2e-building'), openBrowser({ webgl: true })]);
    const token = user.tokens.idToken;
    projectId = (await newProject(token, { title: 'Two storeys' })).id;
    const ground = await uploadFile(token, projectId, 'Grundriss EG.dxf', Buffer.from(planDxf()));
    const upper = await uploadFile(token, projectId, '1.OG.dxf', Buffer.from(planDxf()));
    await plansReady(token, [ground.ticket.file.id, upper.ticket.file.id]);
    await signInThroughForm(browser.page, user.email, user.password);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('shows the levels stacked as one building, cuts above a level, saves the levels, and passes axe', async () => {
    const { page } = browser;
    await page.goto(url(`/projects/${projectId}`));
    await page.getByRole('tab', { name: '3D Model' }).click();
    const canvas = page.getByTestId('model-canvas');
    await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await page.getByLabel('Drawing').selectOption({ label: 'Whole building (2 levels)' });
    await expect
      .poll(() => canvas.getAttribute('aria-label'), { timeout: 20_000 })
      .toBe('3D model of the building');
    await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await expect.poll(() => page.getByText('EG at 0.00 m').isVisible()).toBe(true);
    // The highest storey shown has its rooms labelled (the others lie under its floor); cut above the ground
    // floor, the roof goes and the ground floor's rooms are labelled.
    const labels = () => page.getByText(/ · \d+\.\d m²$/).count();
    const rooms = await labels();
    expect(rooms).toBeGreaterThan(0);
    await page.getByLabel('Show').selectOption({ label: 'Up to EG' });
    await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await expect.poll(labels).toBe(rooms);

    await page.getByLabel('Name of level 2').fill('First floor');
    // The upper level nudged by dragging it over the ground floor, then by a key: its shift follows.
    const placement = page.getByRole('application', { name: /^Placement of First floor from above/ });
    await placement.scrollIntoViewIfNeeded();
    const box = (await placement.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const east = page.getByLabel('Shift east of First floor in metres');
    await expect.poll(async () => Number(await east.inputValue())).toBeGreaterThan(0.5);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.getByLabel('Shift south of First floor in metres').inputValue())
      .toBe('0.05');
    const shifted = Number(await east.inputValue());
    await page.getByRole('button', { name: 'Save levels' }).click();
    await expect.poll(() => page.getByText('Levels saved').isVisible(), { timeout: 10_000 }).toBe(true);
    const saved = (await api(`/api/projects/${projectId}/building`, { token: user.tokens.idToken })).json as {
      building: ProjectBuilding;
    };
    expect(saved.building).toMatchObject({ proposed: false, revision: 1 });
    expect(saved.building.levels.map((l) => l.name)).toEqual(['EG', 'First floor']);
    expect(saved.building.levels[1]!.offsetM).toEqual([shifted, 0.05]);

    // The building's view is a render's camera: all its storeys rendered, and opened again in the building.
    await page.getByLabel('Show').selectOption({ label: 'All levels' });
    await page.getByLabel('Prompt for this view').fill('Brick house at dusk');
    await page.getByRole('button', { name: 'Render this view' }).click();
    await expect
      .poll(() => page.locator('[data-sonner-toast]').allInnerTexts(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('Rendering this view'));
    const detail = (await api(`/api/projects/${projectId}`, { token: user.tokens.idToken })).json as {
      renders: { building?: boolean; prompt: string }[];
    };
    const ofBuilding = detail.renders.filter((r) => r.prompt === 'Brick house at dusk');
    expect(ofBuilding.map((r) => r.building)).toEqual([true, true, true]);
    await page.getByRole('tab', { name: /^Renders/ }).click();
    const open = page.getByRole('button', { name: 'Open in 3D' });
    await expect.poll(() => open.count(), { timeout: 30_000 }).toBe(3);
    await open.first().click();
    await expect
      .poll(() => canvas.getAttribute('aria-label'), { timeout: 20_000 })
      .toBe('3D model of the building');
    await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');

    // Toasts and toggles fade in (CSS transitions): axe must see them settled, not half-way.
    await expect.poll(() => page.evaluate('document.getAnimations().length'), { timeout: 10_000 }).toBe(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
