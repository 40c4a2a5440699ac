import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeFromLink,
  cognitoClient,
  createUser,
  localCloud,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForMail,
} from '../../infra/local/testing';
import { type BrowserSession, openBrowser, toastTexts } from './browser';

let browser: BrowserSession;
const url = (path: string) => `${localCloud().url}${path}`;

async function signInThroughForm(email: string, password: string) {
  const { page } = browser;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('authentication in Chromium', () => {
  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => {
    expect(browser.errors).toEqual([]);
    await browser.close();
  });

  it('signs up, confirms from the mailbox link, signs in, keeps the session on reload, signs out', async () => {
    const { page } = browser;
    const email = uniqueEmail('e2e-signup');
    await page.goto(url('/auth/signup'));
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${STRONG_PASSWORD}x`);
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);
    await page.getByLabel('Confirm Password', { exact: true }).fill(STRONG_PASSWORD);
    await expect.poll(() => page.getByText('Passwords match').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Account Created!');
    expect(await toastTexts(page)).toContain('Please check your email to verify your account.');

    const mail = await waitForMail(email, 'Confirm');
    const link = mail.links.find((l) => l.includes('/auth/confirm'))!;
    await page.goto(link);
    await expect.poll(() => page.getByText('Email confirmed').isVisible(), { timeout: 10_000 }).toBe(true);

    await page.goto(url('/auth/login'));
    await signInThroughForm(email, STRONG_PASSWORD);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => toastTexts(page)).toContain('Welcome back!');
    await expect.poll(() => page.getByTestId('user-email').first().textContent()).toBe(email);
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByTestId('user-email').first().textContent()).toBe(email);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect.poll(() => toastTexts(page)).toContain('Signed Out');
    await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
    await page.goto(url('/dashboard'));
    await page.waitForURL('**/auth/login');
  });

  it('says "Sign In Failed" for a wrong password', async () => {
    const { email } = await createUser('e2e-wrong');
    const { page } = browser;
    await page.goto(url('/auth/login'));
    await signInThroughForm(email, 'Not-The-Password-1!');
    await expect.poll(() => toastTexts(page)).toContain('Sign In Failed');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('resets a forgotten password with the code from the mailbox, then signs in with the new one', async () => {
    const { email } = await createUser('e2e-forgot');
    const { page } = browser;
    await page.goto(url('/auth/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/auth/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
    expect(await page.getByText(`We've sent password reset instructions to ${email}`).isVisible()).toBe(true);
    expect(await toastTexts(page)).toContain('Reset Email Sent');

    const mail = await waitForMail(email, 'Reset');
    const link = mail.links.find((l) => l.includes('/reset-password'))!;
    await page.goto(url(`/reset-password?email=${encodeURIComponent(email)}`));
    await page.getByLabel('Code', { exact: true }).fill(codeFromLink(link));
    const newPassword = 'Fresh-Blueprint-9#';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('user-email').first().textContent()).toBe(email);

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.goto(url('/auth/login'));
    await signInThroughForm(email, newPassword);
    await page.waitForURL('**/dashboard');
  });

  it('sends a signed-out visitor of a guarded page to sign in, and back after', async () => {
    const { email, password } = await createUser('e2e-guard');
    const { page } = browser;
    await page.goto(url('/upload'));
    await page.waitForURL('**/auth/login');
    await signInThroughForm(email, password);
    await page.waitForURL('**/upload');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Upload Your Project' }).isVisible())
      .toBe(true);
    // A signed-in visitor of the auth pages goes to the dashboard.
    await page.goto(url('/auth/login'));
    await page.waitForURL('**/dashboard');
    await page.goto(url('/auth/signup'));
    await page.waitForURL('**/dashboard');
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page } = browser;
    await page.goto(url('/no/such/page'));
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('shows the Admin link to the seeded super admin, who can open the admin area', async () => {
    const { page } = browser;
    const { admin } = localCloud();
    await page.goto(url('/auth/login'));
    await signInThroughForm(admin.email, admin.password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('link', { name: 'Admin' }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.waitForURL('**/admin');
  });

  it('sends a plain user away from the admin area', async () => {
    const { email, password } = await createUser('e2e-plain');
    const { page } = browser;
    await page.goto(url('/auth/login'));
    await signInThroughForm(email, password);
    await page.waitForURL('**/dashboard');
    await page.goto(url('/admin'));
    await page.waitForURL('**/dashboard');
  });

  it('an account an administrator created signs in with its temporary password and chooses its own', async () => {
    const { page } = browser;
    const email = uniqueEmail('e2e-invited');
    await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: localCloud().userPoolId,
        Username: email,
        TemporaryPassword: 'Temp-Passw0rd!',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await page.goto(url('/auth/login'));
    await signInThroughForm(email, 'Temp-Passw0rd!');
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => toastTexts(page)).toContain('Welcome back!');
    await expect.poll(() => page.getByRole('banner').getByText(email).isVisible()).toBe(true);

    // The temporary password no longer works; the chosen one does.
    await browser.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(url('/auth/login'));
    await signInThroughForm(email, 'Temp-Passw0rd!');
    await expect.poll(() => toastTexts(page)).toContain('Sign In Failed');
    await page.reload();
    await signInThroughForm(email, STRONG_PASSWORD);
    await page.waitForURL('**/dashboard');
  });
});
