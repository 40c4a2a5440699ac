import { describe, expect, it } from 'vitest';
import { enforcePasswordPolicy } from './cognito';
import { flattenClaims, toResponse } from './gateway';
import { extractLinks, htmlToText, Mailbox } from './mailbox';

describe('local gateway', () => {
  it('flattens claims like the HTTP API JWT authorizer', () => {
    expect(
      flattenClaims({
        sub: 'abc',
        'cognito:groups': ['admin', 'super_admin'],
        exp: 123,
        email_verified: true,
      }),
    ).toEqual({
      sub: 'abc',
      'cognito:groups': '[admin super_admin]',
      exp: '123',
      email_verified: 'true',
    });
  });

  it('maps handler results like payload format 2.0', () => {
    expect(toResponse({ ok: true }).status).toBe(200);
    const r = toResponse({
      statusCode: 201,
      headers: { a: 'b' },
      body: Buffer.from('hi').toString('base64'),
      isBase64Encoded: true,
    });
    expect(r).toMatchObject({ status: 201, headers: { a: 'b' } });
    expect(r.body.toString()).toBe('hi');
  });
});

describe('local cognito gaps', () => {
  it('enforces the pool password policy with Cognito wording', () => {
    expect(enforcePasswordPolicy('SignUp', { Password: 'short' })).toBe(
      'Password did not conform with policy: Password not long enough',
    );
    expect(enforcePasswordPolicy('ConfirmForgotPassword', { Password: 'lowercase-only-1' })).toBe(
      'Password did not conform with policy: Password must have uppercase characters',
    );
    expect(enforcePasswordPolicy('SignUp', { Password: 'Drafting-Table-42!' })).toBeNull();
    expect(enforcePasswordPolicy('InitiateAuth', { Password: 'x' })).toBeNull();
  });
});

describe('dev mailbox', () => {
  it('turns HTML e-mails into text and links, newest first', () => {
    const html =
      '<p>Confirm:</p><p><a href="http://localhost:3000/auth/confirm?email=a%40b.co&amp;code=123456">link</a></p>';
    expect(extractLinks(html)).toContain('http://localhost:3000/auth/confirm?email=a%40b.co&code=123456');
    expect(htmlToText(html)).toContain(
      'link (http://localhost:3000/auth/confirm?email=a%40b.co&amp;code=123456)'.replace('&amp;', '&'),
    );
    const mailbox = new Mailbox();
    mailbox.deliver('A@B.co', 'first', 'one');
    mailbox.deliver('a@b.co', 'second', 'two');
    expect(mailbox.list('a@b.co').map((m) => m.subject)).toEqual(['second', 'first']);
    expect(mailbox.renderPage()).toContain('second');
  });
});
