/**
 * "What Planform read" in Chromium: the plan drawn over the drawing, its scale, and corrections (units, a known
 * length) that are kept.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { newProject, planRead, uploadFile } from '../../functions/test/projects-client';
import { api, createUser, localCloud } from '../../infra/local/testing';
import { type BrowserSession, openBrowser } from './browser';

type User = Awaited<ReturnType<typeof createUser>>;

let browser: BrowserSession;
let user: User;
let projectId: string;
let fileId: string;
const url = (path: string) => `${localCloud().url}${path}`;

const visible = (locator: { isVisible(): Promise<boolean> }) =>
  expect.poll(() => locator.isVisible(), { timeout: 15_000 }).toBe(true);

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

async function openPlan(page: Page) {
  await page.goto(url(`/projects/${projectId}?tab=files`));
  await page.getByRole('button', { name: 'What Planform read in house.dxf' }).click();
  const dialog = page.getByRole('dialog', { name: 'What Planform read' });
  await visible(dialog.getByTestId('plan-overlay'));
  return dialog;
}

/** A plan of two rooms in black walls 12 px thick, filling a white image of the given size. */
function roomsPng(width: number, height: number): Promise<Buffer> {
  const m = 40;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="white"/>
    <rect x="${m}" y="${m}" width="${width - 2 * m}" height="${height - 2 * m}" fill="none" stroke="black" stroke-width="12"/>
    <line x1="${width / 2}" y1="${m}" x2="${width / 2}" y2="${height - m}" stroke="black" stroke-width="12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function expectSameBox(a: Locator, b: Locator, what: string) {
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(boxA[key] - boxB[key]), `${what}: picture and overlay ${key}`).toBeLessThanOrEqual(1.5);
}

describe('what Planform read, in Chromium', () => {
  beforeAll(async () => {
    [user, browser] = await Promise.all([createUser('e2e-plan'), openBrowser()]);
    const project = await newProject(user.tokens.idToken, { title: 'Plan overlay' });
    projectId = project.id;
    const { ticket } = await uploadFile(user.tokens.idToken, projectId, 'house.dxf', Buffer.from(planDxf()));
    fileId = ticket.file.id;
    await signIn(browser.page, user.email, user.password);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('draws the walls, openings and rooms over the drawing with the scale it assumed, and passes axe', async () => {
    const { page } = browser;
    const dialog = await openPlan(page);
    expect(await dialog.getByTestId('plan-scale').textContent()).toBe(
      'Drawing units: millimetres (from the file)',
    );
    expect(await dialog.getByTestId('how-it-was-read').textContent()).toBe(
      'Walls: single lines, built 0.15 m thick, on layer A-WALL.',
    );
    // The files tab shows the plan check's verdict beside the button.
    expect(await page.getByTestId('plan-verdict').getAttribute('data-verdict')).toBe('looks-right');
    expect(await dialog.getByTestId('plan-check').getAttribute('data-verdict')).toBe('looks-right');
    expect(await dialog.getByRole('heading', { name: 'Looks right' }).isVisible()).toBe(true);
    const overlay = dialog.getByTestId('plan-overlay');
    expect(await overlay.getAttribute('aria-label')).toMatch(/^\d+ walls, \d+ openings and [1-9]\d* rooms/);
    expect(await overlay.locator('polygon').count()).toBeGreaterThan(4);
    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('takes other drawing units, keeps them, and shows room areas that follow', async () => {
    const { page } = browser;
    const dialog = await openPlan(page);
    const areaBefore = await dialog.getByText(/^\d+ \([\d.]+ m²\)$/).textContent();
    await dialog.getByLabel('Drawing units').selectOption({ label: 'Centimetres' });
    await expect
      .poll(() => dialog.getByTestId('plan-scale').textContent())
      .toBe('Drawing units: centimetres (set by you)');
    const areaAfter = await dialog.getByText(/^\d+ \([\d.]+ m²\)$/).textContent();
    const total = (text: string | null) => Number(/\(([\d.]+) m²\)/.exec(text ?? '')?.[1]);
    expect(total(areaAfter)).toBeCloseTo(total(areaBefore) * 100, -1);

    // Kept: the API and a fresh page say the same.
    const stored = await api(`/api/projects/${projectId}/files/${fileId}/plan`, {
      token: user.tokens.idToken,
    });
    expect((stored.json as { plan: { space: { metresPerUnit: number } } }).plan.space.metresPerUnit).toBe(
      0.01,
    );
    await page.keyboard.press('Escape');
    const again = await openPlan(page);
    expect(await again.getByTestId('plan-scale').textContent()).toBe(
      'Drawing units: centimetres (set by you)',
    );
    await page.keyboard.press('Escape');
  });

  it('sets the scale from a length measured between two clicked points', async () => {
    const { page } = browser;
    const dialog = await openPlan(page);
    const before = await dialog.getByTestId('plan-scale').textContent();
    await dialog.getByRole('button', { name: 'Set the scale from a known length' }).click();
    const box = (await dialog.getByTestId('plan-overlay').boundingBox())!;
    // Two points a known fraction of the overlay apart, horizontally.
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.5);
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.5);
    expect(await dialog.getByTestId('measure-point').count()).toBe(2);
    await dialog.getByLabel('Length in metres').fill('12');
    await dialog.getByRole('button', { name: 'Apply scale' }).click();
    await expect.poll(() => dialog.getByTestId('plan-scale').textContent()).not.toBe(before);
    expect(await dialog.getByTestId('plan-scale').textContent()).toMatch(/^1 unit = .+ \(set by you\)$/);
    const stored = await api(`/api/projects/${projectId}/files/${fileId}/plan`, {
      token: user.tokens.idToken,
    });
    const { plan } = stored.json as { plan: { space: { metresPerUnit: number }; corrections: unknown } };
    expect(plan.space.metresPerUnit).not.toBe(0.01);
    expect(plan.corrections).toMatchObject({ metresPerUnit: plan.space.metresPerUnit });
  });

  it('keeps the overlay on the picture for tall, wide and square drawings, zoomed and with the scale tool open', async () => {
    const { page } = browser;
    const project = await newProject(user.tokens.idToken, { title: 'Shapes' });
    const shapes = { tall: [600, 1800], wide: [1800, 600], square: [1000, 1000] } as const;
    for (const [name, [width, height]] of Object.entries(shapes)) {
      const { ticket } = await uploadFile(
        user.tokens.idToken,
        project.id,
        `${name}.png`,
        await roomsPng(width, height),
        'image/png',
      );
      await planRead(user.tokens.idToken, project.id, ticket.file.id);
    }
    for (const name of Object.keys(shapes)) {
      await page.goto(url(`/projects/${project.id}?tab=files`));
      await page.getByRole('button', { name: `What Planform read in ${name}.png` }).click();
      const dialog = page.getByRole('dialog', { name: 'What Planform read' });
      const picture = dialog.getByTestId('plan-picture');
      await visible(dialog.getByTestId('plan-overlay'));
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expectSameBox(picture, dialog.getByTestId('plan-overlay'), name);
      const fitted = (await dialog.getByTestId('plan-box').boundingBox())!;
      expect(fitted.height, `${name}: fitted within the window`).toBeLessThanOrEqual(
        page.viewportSize()!.height * 0.6 + 1,
      );
      await dialog.getByRole('button', { name: 'Zoom in' }).click();
      await expectSameBox(picture, dialog.getByTestId('plan-overlay'), `${name} zoomed`);
      expect((await picture.boundingBox())!.width).toBeGreaterThan(fitted.width * 1.4);
      await dialog.getByRole('button', { name: 'Fit the drawing' }).click();
      await dialog.getByRole('button', { name: 'Set the scale from a known length' }).click();
      await expectSameBox(picture, dialog.getByTestId('plan-overlay'), `${name} measuring`);
      await page.keyboard.press('Escape');
    }
  });

  it('shows what was read on the upload page as soon as the file is read', async () => {
    const { page } = browser;
    await page.goto(url('/upload'));
    await page.getByLabel('Project Title').fill('Plan on upload');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'ground.dxf', mimeType: 'application/dxf', buffer: Buffer.from(planDxf()) });
    const open = page.getByRole('button', { name: 'What Planform read in ground.dxf' });
    await visible(open);
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'What Planform read' });
    await visible(dialog.getByTestId('plan-overlay'));
    expect(await dialog.getByTestId('plan-scale').textContent()).toBe(
      'Drawing units: millimetres (from the file)',
    );
    await page.keyboard.press('Escape');
  });
});
