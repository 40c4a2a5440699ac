import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from './custom-message';

const event = (triggerSource: CustomMessageTriggerEvent['triggerSource']) =>
  ({
    triggerSource,
    userName: 'u-1',
    request: {
      userAttributes: { email: 'ada+plans@example.com' },
      codeParameter: '{####}',
      usernameParameter: '{username}',
    },
    response: { emailSubject: null, emailMessage: null, smsMessage: null },
  }) as unknown as CustomMessageTriggerEvent;

describe('CustomMessage trigger', () => {
  beforeEach(() => {
    process.env.SITE_URL = 'https://planform.example/';
  });
  afterEach(() => {
    delete process.env.SITE_URL;
  });

  it('links sign-up verification to /auth/confirm with the e-mail and the code placeholder', async () => {
    const result = await handler(event('CustomMessage_SignUp'));
    expect(result.response.emailSubject).toBe('Confirm your Planform account');
    expect(result.response.emailMessage).toContain(
      'https://planform.example/auth/confirm?email=ada%2Bplans%40example.com&code={####}',
    );
  });

  it('sends the reset code and a link to /reset-password', async () => {
    const result = await handler(event('CustomMessage_ForgotPassword'));
    expect(result.response.emailMessage).toContain('<strong>{####}</strong>');
    expect(result.response.emailMessage).toContain('https://planform.example/reset-password?email=');
  });

  it('keeps the user name and code placeholders for invitations', async () => {
    const result = await handler(event('CustomMessage_AdminCreateUser'));
    expect(result.response.emailMessage).toContain('{username}');
    expect(result.response.emailMessage).toContain('{####}');
  });
});
