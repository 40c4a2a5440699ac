import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { env } from '../lib/env';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<html><body style="font-family:sans-serif;color:#1f2937"><h2>${escapeHtml(title)}</h2>${body}<p style="color:#6b7280">Planform, AI-powered 3D rendering</p></body></html>`;
}

/**
 * Builds the e-mails Cognito sends. Sign-up verification is a link to the site's /auth/confirm page, which
 * confirms with the code; password reset sends the code and a link to /reset-password.
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const site = env.siteUrl.replace(/\/$/, '');
  const email = event.request.userAttributes.email ?? event.userName;
  // Cognito replaces {####} with the code; the parameter is that placeholder.
  const code = event.request.codeParameter;
  const emailParam = encodeURIComponent(email);
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link = `${site}/auth/confirm?email=${emailParam}&code=${code}`;
      event.response.emailSubject = 'Confirm your Planform account';
      event.response.emailMessage = layout(
        'Welcome to Planform',
        `<p>Confirm your e-mail address to finish creating your account:</p><p><a href="${link}">${link}</a></p>`,
      );
      break;
    }
    case 'CustomMessage_ForgotPassword': {
      const link = `${site}/reset-password?email=${emailParam}&code=${code}`;
      event.response.emailSubject = 'Reset your Planform password';
      event.response.emailMessage = layout(
        'Reset your password',
        `<p>Your password reset code is <strong>${code}</strong>.</p><p>Choose a new password here: <a href="${link}">${link}</a></p>`,
      );
      break;
    }
    case 'CustomMessage_AdminCreateUser': {
      event.response.emailSubject = 'Your Planform account';
      event.response.emailMessage = layout(
        'Your Planform account',
        `<p>Your user name is ${event.request.usernameParameter ?? escapeHtml(email)} and your temporary password is ${code}.</p><p>Sign in at <a href="${site}/auth/login">${site}/auth/login</a>.</p>`,
      );
      break;
    }
    default:
      break;
  }
  return event;
}
