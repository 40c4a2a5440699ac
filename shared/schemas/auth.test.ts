import { describe, expect, it } from 'vitest';
import { meSchema, passwordProblems, resetPasswordSchema, signInSchema, signUpSchema } from './auth';
import { runtimeConfigSchema } from './config';

describe('auth schemas', () => {
  it('lists every rule a password breaks', () => {
    expect(passwordProblems('')).toEqual([
      'at least 8 characters',
      'an upper-case letter',
      'a lower-case letter',
      'a number',
      'a symbol',
    ]);
    expect(passwordProblems('Drafting-Table-42!')).toEqual([]);
    expect(passwordProblems('Short1!')).toEqual(['at least 8 characters']);
  });

  it('normalises the e-mail and requires a password to sign in', () => {
    expect(signInSchema.parse({ email: '  Ada@Example.COM ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
    expect(signInSchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
  });

  it('rejects a sign-up whose confirmation differs, on the confirmation field', () => {
    const result = signUpSchema.safeParse({
      email: 'a@b.co',
      password: 'Drafting-Table-42!',
      confirmPassword: 'Drafting-Table-43!',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    });
  });

  it('rejects a weak sign-up password with the reasons', () => {
    const result = signUpSchema.safeParse({ email: 'a@b.co', password: 'weak', confirmPassword: 'weak' });
    expect(result.error?.issues[0]?.message).toBe(
      'Password needs at least 8 characters, an upper-case letter, a number, a symbol',
    );
  });

  it('wants a six-digit reset code', () => {
    const base = { email: 'a@b.co', password: 'Drafting-Table-42!' };
    expect(resetPasswordSchema.safeParse({ ...base, code: '123456' }).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ ...base, code: '12345' }).success).toBe(false);
  });

  it('accepts only known roles in /api/me and the runtime config shape', () => {
    expect(meSchema.safeParse({ id: '1', email: 'a@b.co', role: 'owner' }).success).toBe(false);
    expect(
      runtimeConfigSchema.safeParse({
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_abc',
        userPoolClientId: 'c',
        authFlowType: 'USER_SRP_AUTH',
        apiBaseUrl: '/api',
      }).success,
    ).toBe(true);
  });
});
