import { describe, expect, it } from 'vitest';
import { api, createUser, localCloud, signIn } from '../../infra/local/testing';

describe('GET /api/me (local cloud)', () => {
  it('answers 401 without a token, with a malformed token and with a tampered one', async () => {
    expect((await api('/api/me')).status).toBe(401);
    expect((await api('/api/me', { token: 'not-a-jwt' })).status).toBe(401);
    const { tokens } = await createUser('tamper');
    const [header, payload, signature] = tokens.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['super_admin'] })).toString(
      'base64url',
    );
    const response = await api('/api/me', { token: `${header}.${forged}.${signature}` });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ message: 'Unauthorized' });
  });

  it('returns the profile the PostConfirmation trigger wrote for a new user, role user', async () => {
    const { email, tokens } = await createUser('me');
    const response = await api('/api/me', { token: tokens.idToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ id: expect.any(String), email, role: 'user' });
  });

  it('accepts the access token too (client_id instead of aud), as the HTTP API authorizer does', async () => {
    const { tokens } = await createUser('access');
    expect((await api('/api/me', { token: tokens.accessToken })).status).toBe(200);
  });

  it('returns super_admin for the seeded administrator', async () => {
    const { admin } = localCloud();
    const tokens = await signIn(admin.email, admin.password);
    const response = await api('/api/me', { token: tokens.idToken });
    expect(response.json).toMatchObject({ email: admin.email, role: 'super_admin' });
  });
});
