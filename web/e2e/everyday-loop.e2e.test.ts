/**
 * The everyday loop in Chromium, on a desktop and on a phone: a project's status through a whole generation
 * (processing → completed, and all-fail → failed → Retry → completed), its thumbnail on the dashboard, the Renders
 * tab grouped by generation with named variations, Download and Retry, and the upload page bringing its results
 * into view when Generate is pressed.
 *
 * Two holds make the in-between states last long enough to see, with the real flow: a generation waits while its
 * drawing's plan is being read (so marking the plan "being read" holds it in processing), and a drawing whose
 * upload is missing fails every variation (putting the upload back lets Retry succeed).
 */
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDxf } from '../../engine/drawing/fixtures/plan';
import { drawingKeys } from '../../functions/lib/generation/drawing-store';
import { planKey } from '../../functions/lib/plan/plan-key';
import { localAws } from '../../functions/test/local-aws';
import { newProject, planRead, uploadFile } from '../../functions/test/projects-client';
import { api, createUser } from '../../infra/local/testing';
import type { Generation } from '../../shared/schemas/generations';
import type { ProjectDetail } from '../../shared/schemas/projects';
import { axeViolations, type BrowserSession } from './browser';
import {
  DESKTOP,
  expectNoHorizontalOverflow,
  failApi,
  MOBILE,
  openJourneyBrowser,
  signInThroughForm,
  url,
  visible,
} from './journeys';

type User = Awaited<ReturnType<typeof createUser>>;

/** Makes the file look as if its plan were being read: a generation started now waits in Prepare. */
async function holdPlanRead(projectId: string, fileId: string) {
  await localAws.doc().send(
    new UpdateCommand({
      TableName: localAws.table,
      Key: { PK: `PROJECT#${projectId}`, SK: `FILE#${fileId}` },
      UpdateExpression: 'SET planStatus = :processing, planUpdatedAt = :now',
      ExpressionAttributeValues: { ':processing': 'processing', ':now': new Date().toISOString() },
    }),
  );
  await localAws.s3().send(
    new DeleteObjectsCommand({
      Bucket: localAws.rendersBucket,
      Delete: { Objects: [...Object.values(drawingKeys(fileId)), planKey(fileId)].map((Key) => ({ Key })) },
    }),
  );
}

async function releasePlanRead(projectId: string, fileId: string) {
  await localAws.doc().send(
    new UpdateCommand({
      TableName: localAws.table,
      Key: { PK: `PROJECT#${projectId}`, SK: `FILE#${fileId}` },
      UpdateExpression: 'SET planStatus = :ready',
      ExpressionAttributeValues: { ':ready': 'ready' },
    }),
  );
}

/**
 * Removes the uploaded drawing and what was read from it: every variation then fails (a plan read of the file now
 * fails too, saying the upload is gone). Returns a restore that puts both back as they were.
 */
async function loseUpload(detail: ProjectDetail) {
  const file = detail.files[0]!;
  const read = async (Bucket: string, Key: string) =>
    Buffer.from(
      await (await localAws.s3().send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToByteArray(),
    );
  const bytes = await read(localAws.uploadsBucket, file.storagePath);
  const plan = await read(localAws.rendersBucket, planKey(file.id));
  await localAws.s3().send(
    new DeleteObjectsCommand({
      Bucket: localAws.uploadsBucket,
      Delete: { Objects: [{ Key: file.storagePath }] },
    }),
  );
  await localAws.s3().send(
    new DeleteObjectsCommand({
      Bucket: localAws.rendersBucket,
      Delete: { Objects: [...Object.values(drawingKeys(file.id)), planKey(file.id)].map((Key) => ({ Key })) },
    }),
  );
  return async () => {
    await localAws
      .s3()
      .send(new PutObjectCommand({ Bucket: localAws.uploadsBucket, Key: file.storagePath, Body: bytes }));
    await localAws
      .s3()
      .send(new PutObjectCommand({ Bucket: localAws.rendersBucket, Key: planKey(file.id), Body: plan }));
    await releasePlanRead(detail.id, file.id);
  };
}

async function projectWithPlan(user: User, title: string) {
  const token = user.tokens.idToken;
  const project = await newProject(token, { title });
  const { ticket } = await uploadFile(token, project.id, 'ground-floor.dxf', Buffer.from(planDxf()));
  await planRead(token, project.id, ticket.file.id);
  return { project, fileId: ticket.file.id };
}

async function generateAndSettle(user: User, projectId: string, prompt: string): Promise<Generation> {
  const token = user.tokens.idToken;
  const started = await api(`/api/projects/${projectId}/generations`, {
    token,
    method: 'POST',
    body: { prompt },
  });
  expect(started.status).toBe(202);
  const id = (started.json as { generation: Generation }).generation.id;
  for (let i = 0; i < 240; i++) {
    const { json } = await api(`/api/projects/${projectId}/generations/${id}`, { token });
    const generation = (json as { generation: Generation }).generation;
    if (generation.status !== 'running') return generation;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the generation did not settle');
}

const projectCard = (page: Page, title: string) => page.getByRole('article', { name: title });
const badgeOf = (card: Locator) => card.locator('[data-status]').first().getAttribute('data-status');

/** The natural width of the card's first image once it has loaded (0 until then). */
const thumbnailWidth = (card: Locator) =>
  card
    .locator('img')
    .first()
    .evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0))
    .catch(() => 0);

/** The top of `locator` lies near the top of the viewport, just below the sticky top bar (4rem). */
async function inView(_page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  return !!box && box.y >= 60 && box.y < 240;
}

/** Uploads a plan on the upload page, waits until it is read, holds its reading, and presses Generate. */
async function generateFromUploadPage(page: Page, user: User, title: string) {
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
  const token = user.tokens.idToken;
  const list = (await api(`/api/projects?q=${encodeURIComponent(title)}`, { token })).json as {
    items: { id: string }[];
  };
  const projectId = list.items[0]!.id;
  const detail = (await api(`/api/projects/${projectId}`, { token })).json as unknown as ProjectDetail;
  const fileId = detail.files[0]!.id;
  await planRead(token, projectId, fileId);
  await holdPlanRead(projectId, fileId);
  await page.getByRole('button', { name: 'Photorealistic exterior view', exact: true }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Generate 3D Visualization' }).click();
  // The three placeholders come into view without scrolling by hand.
  const results = page.getByTestId('generated-visualizations');
  await expect.poll(() => inView(page, results), { timeout: 5_000 }).toBe(true);
  expect(await page.locator('[data-testid="visualization"][data-status="generating"]').count()).toBe(3);
  return { projectId, fileId };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
] as const)('the everyday loop on a %s', (label, viewport) => {
  let browser: BrowserSession;
  let user: User;

  beforeAll(async () => {
    [user, browser] = await Promise.all([createUser(`loop-${label}`), openJourneyBrowser(viewport)]);
    await signInThroughForm(browser.page, user.email, user.password);
  });

  afterAll(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('Generate brings the results into view; the project goes processing → completed with its thumbnail; renders are grouped, named and download', async () => {
    const { page } = browser;
    const title = `Courtyard house with a long title that wraps on a phone (${label})`;
    const { projectId, fileId } = await generateFromUploadPage(page, user, title);

    // Held in Prepare: the dashboard says Processing.
    await page.goto(url('/dashboard'));
    const card = projectCard(page, title);
    await visible(card);
    expect(await badgeOf(card)).toBe('processing');
    await expectNoHorizontalOverflow(page);

    await releasePlanRead(projectId, fileId);
    await expect.poll(() => badgeOf(card), { timeout: 45_000 }).toBe('completed');
    // The dashboard reads again while a project is processing: the thumbnail (variation 1's preview) arrives.
    await expect.poll(() => thumbnailWidth(card), { timeout: 15_000 }).toBe(512);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect.poll(() => thumbnailWidth(projectCard(page, title)), { timeout: 10_000 }).toBe(512);
    await page.getByRole('button', { name: 'Grid view' }).click();

    await page.goto(url(`/projects/${projectId}?tab=renders`));
    await visible(page.getByRole('tabpanel', { name: 'Renders (3)' }));
    // The tab's name counts the renders, a refinement included: look in the panel whatever it is called.
    const panel = page.getByRole('tabpanel');
    const group = panel.getByRole('region');
    expect(await group.count()).toBe(1);
    expect(await group.getByRole('heading').textContent()).toBe('Photorealistic exterior view');
    const cards = panel.getByTestId('render-card');
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
      'Variation 1: Lighting & materials',
      'Variation 2: Alternative camera',
      'Variation 3: Time of day',
    ]);
    const download = page.waitForEvent('download');
    await cards.first().getByRole('button', { name: 'Download Lighting & materials as PNG' }).click();
    expect((await download).suggestedFilename()).toBe(`${title} - Lighting & materials.png`);
    await expectNoHorizontalOverflow(page);

    // Refine variation 1: the follow-up joins a thread under it, renders through the same flow, and says what it read.
    await cards.first().getByRole('button', { name: 'Refine Lighting & materials' }).click();
    await cards.first().getByLabel('What should change?').fill('white walls, add a flat roof, evening');
    await cards.first().getByRole('button', { name: 'Refine', exact: true }).click();
    const refinement = cards.first().getByTestId('refinement');
    await visible(refinement);
    expect(await refinement.textContent()).toContain('white walls, add a flat roof, evening');
    await expect.poll(() => refinement.getAttribute('data-status'), { timeout: 45_000 }).toBe('completed');
    await expect
      .poll(() => refinement.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await refinement.textContent()).toContain(
      'Understood: Walls: white · Roof: flat · Time of day: dusk',
    );

    // A high-resolution export: asked for, made in the background, then downloaded under its own name.
    await cards.first().getByRole('button', { name: 'Export Lighting & materials at 2048 px' }).click();
    const ready = cards.first().getByRole('button', { name: 'Download Lighting & materials at 2048 px' });
    await visible(ready, 45_000);
    const highRes = page.waitForEvent('download');
    await ready.click();
    expect((await highRes).suggestedFilename()).toBe(`${title} - Lighting & materials (2048 px).png`);

    // Two toasts at once stack one above the other; the sticky top bar hides what scrolls under it.
    const restore = await failApi(page, /\/renders\/[0-9a-z]+\/download$/, {
      status: 500,
      message: 'Something went wrong',
    });
    await cards
      .nth(1)
      .getByRole('button', { name: /^Download / })
      .click();
    await cards
      .nth(2)
      .getByRole('button', { name: /^Download / })
      .click();
    // The two failures' toasts (others, such as "Refinement started", may still be on screen).
    const toasts = page.locator('[data-sonner-toast]').filter({ hasText: 'Download failed' });
    await expect.poll(() => toasts.count()).toBe(2);
    await expect
      .poll(async () => {
        const [a, b] = await Promise.all([toasts.nth(0).boundingBox(), toasts.nth(1).boundingBox()]);
        return !!a && !!b && (a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5);
      })
      .toBe(true);
    await restore();
    expect(await page.getByRole('banner').evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
  }, 120_000);

  it('a generation that fails everywhere makes the project Failed, says why once, and Retry re-runs one variation', async () => {
    const { page } = browser;
    const title = `Lost drawing (${label})`;
    const { project } = await projectWithPlan(user, title);
    const detail = (await api(`/api/projects/${project.id}`, { token: user.tokens.idToken }))
      .json as unknown as ProjectDetail;
    const restore = await loseUpload(detail);
    const failed = await generateAndSettle(user, project.id, 'Night scene with ambient lighting');
    expect(failed.status).toBe('failed');

    await page.goto(url('/dashboard'));
    await page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: 'Failed' })
      .click();
    const card = projectCard(page, title);
    await visible(card);
    expect(await badgeOf(card)).toBe('failed');

    await page.goto(url(`/projects/${project.id}?tab=renders`));
    const panel = page.getByRole('tabpanel', { name: 'Renders (3)' });
    await visible(panel);
    const reason = failed.renders[0]!.error!;
    expect(await panel.getByText(reason, { exact: true }).count()).toBe(1);
    const retries = panel.getByRole('button', { name: /^Retry / });
    expect(await retries.count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);

    await restore();
    await panel.getByRole('button', { name: 'Retry Alternative camera' }).click();
    const second = panel.getByTestId('render-card').nth(1);
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 45_000 }).toBe('completed');
    expect(
      await panel.getByTestId('render-card').evaluateAll((els) => els.map((el) => el.dataset.status)),
    ).toEqual(['failed', 'completed', 'failed']);
    await visible(page.locator('main').getByText('Completed', { exact: true }).first());
    await page.goto(url('/dashboard'));
    await expect.poll(() => badgeOf(projectCard(page, title)), { timeout: 10_000 }).toBe('completed');
    await expect.poll(() => thumbnailWidth(projectCard(page, title)), { timeout: 10_000 }).toBe(512);
  }, 120_000);
});
