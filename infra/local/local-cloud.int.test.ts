import { sign } from 'node:crypto';
import { request } from 'node:http';
import {
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../shared/schemas/config';
import { GENERATE_STATE_MACHINE, LOCAL_CREDENTIALS, LOCAL_REGION, stateMachineArn } from './names';
import {
  api,
  codeFromLink,
  cognitoClient,
  createUser,
  localCloud,
  STRONG_PASSWORD,
  signIn,
  uniqueEmail,
  waitForMail,
} from './testing';

/** Sends a path exactly as written (fetch would resolve its dot segments first). */
function rawRequest(
  method: string,
  path: string,
): Promise<{ status: number; allow?: string; body: unknown }> {
  const { hostname, port } = new URL(localCloud().url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: JSON.parse(text) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('local cloud', () => {
  it.each([
    ['GET', '/api/public/projects/.', 404, 'NOT_FOUND'],
    ['GET', '/api/public/projects/%2E', 404, 'NOT_FOUND'],
    ['GET', '/api/public/projects/./', 404, 'NOT_FOUND'],
    ['GET', '/api/projects/x/..', 404, 'NOT_FOUND'],
    ['GET', '/api/no-such-route', 404, 'NOT_FOUND'],
    ['DELETE', '/api/health', 405, 'METHOD_NOT_ALLOWED'],
    ['PUT', '/api/projects/abc', 405, 'METHOD_NOT_ALLOWED'],
  ])(
    'answers %s %s that no route matches with %i and the error shape',
    async (method, path, status, code) => {
      const response = await rawRequest(method, path);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error: { code, message: expect.any(String) } });
      if (status === 405) expect(response.allow).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
    },
  );

  it('is healthy and serves the runtime config the SPA reads', async () => {
    const health = await api('/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok' });
    const config = runtimeConfigSchema.parse((await api('/config.json')).json);
    expect(config).toMatchObject({
      userPoolId: localCloud().userPoolId,
      userPoolClientId: localCloud().clientId,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBaseUrl: '/api',
    });
    expect(config.cognitoEndpoint).toBe(`${localCloud().url}/_local/cognito`);
  });

  it('serves the SPA for app routes with security headers, and 404s for missing assets', async () => {
    for (const path of ['/', '/dashboard', '/auth/login', '/no/such/page']) {
      const response = await fetch(`${localCloud().url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await fetch(`${localCloud().url}/assets/missing.js`)).status).toBe(404);
    expect((await api('/api/no-such-route')).status).toBe(404);
  });

  it('sends the sign-up e-mail with a confirmation link to the site, visible in the mailbox', async () => {
    const email = uniqueEmail('mail');
    await cognitoClient().send(
      new SignUpCommand({
        ClientId: localCloud().clientId,
        Username: email,
        Password: STRONG_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const mail = await waitForMail(email, 'Confirm your Planform account');
    const link = mail.links.find((l) => l.startsWith(`${localCloud().url}/auth/confirm?`));
    expect(link).toBeDefined();
    expect(codeFromLink(link!)).toMatch(/^\d{6}$/);
    expect(new URL(link!).searchParams.get('email')).toBe(email);
    const page = await fetch(`${localCloud().url}/_local/mailbox`);
    expect(await page.text()).toContain(email);
  });

  it('rejects a weak password with the provider reason', async () => {
    const email = uniqueEmail('weak');
    await expect(
      cognitoClient().send(
        new SignUpCommand({
          ClientId: localCloud().clientId,
          Username: email,
          Password: 'alllowercase1!',
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
  });

  it('resets a password with the code from the e-mail', async () => {
    const { email } = await createUser('reset');
    const client = cognitoClient();
    await client.send(new ForgotPasswordCommand({ ClientId: localCloud().clientId, Username: email }));
    const mail = await waitForMail(email, 'Reset your Planform password');
    const link = mail.links.find((l) => l.includes('/reset-password'))!;
    const code = codeFromLink(link);
    expect(mail.text).toContain(code);
    const newPassword = 'Another-Plan-77?';
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: localCloud().clientId,
        Username: email,
        ConfirmationCode: code,
        Password: newPassword,
      }),
    );
    await expect(signIn(email, STRONG_PASSWORD)).rejects.toThrow();
    expect((await signIn(email, newPassword)).idToken).toBeTruthy();
  });

  it('refreshes tokens with GetTokensFromRefreshToken (what Amplify 6 calls)', async () => {
    const { tokens } = await createUser('refresh');
    const response = await fetch(`${localCloud().url}/_local/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: localCloud().clientId, RefreshToken: tokens.refreshToken }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { AuthenticationResult: { IdToken: string } };
    expect((await api('/api/me', { token: body.AuthenticationResult.IdToken })).status).toBe(200);
    // The standard refresh flow works as well.
    const refreshed = await cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: localCloud().clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('runs the generation state machine through the Step Functions API', async () => {
    const sfn = new SFNClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: `${localCloud().url}/_local/sfn`,
    });
    const name = `test-${Date.now()}`;
    const input = JSON.stringify({ generationId: name, projectId: 'none', userId: 'none' });
    const started = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: stateMachineArn(GENERATE_STATE_MACHINE), name, input }),
    );
    expect(started.executionArn).toContain(name);
    // The same name and input again is idempotent while it runs or is answered as a conflict after.
    let description = await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
    for (let i = 0; i < 100 && description.status === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      description = await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
    }
    // A generation that does not exist: Prepare fails, the Catch goes through FailAll to Finalize, and the
    // execution still ends cleanly.
    expect(description.status).toBe('SUCCEEDED');
    expect(JSON.parse(description.output!)).toEqual({ status: 'already-closed', succeeded: 0, failed: 0 });
    await expect(
      sfn.send(new DescribeExecutionCommand({ executionArn: `${started.executionArn}-missing` })),
    ).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
  });

  describe('hardening: only this machine, only this run', () => {
    /** A request with headers fetch will not send as given (Host). */
    function withHeaders(path: string, headers: Record<string, string>, method = 'GET') {
      const { hostname, port } = new URL(localCloud().url);
      return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
        (resolve, reject) => {
          const req = request({ hostname, port, path, method, headers }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          });
          req.on('error', reject);
          req.end();
        },
      );
    }

    it('answers only Host names of this machine (no DNS rebinding), and never echoes another into /config.json', async () => {
      const { port } = new URL(localCloud().url);
      for (const host of [
        'evil.example',
        `evil.example:${port}`,
        `localhost.evil.example:${port}`,
        '10.0.0.1',
      ]) {
        const response = await withHeaders('/config.json', { host });
        expect(response.status, host).toBe(421);
        expect(response.text).not.toContain('evil');
      }
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`])
        expect((await withHeaders('/api/health', { host })).status, host).toBe(200);
    });

    it('refuses a token signed with the key published in cognito-local', async () => {
      const me = await createUser('forged');
      const claims = JSON.parse(Buffer.from(me.tokens.idToken.split('.')[1]!, 'base64url').toString('utf8'));
      const bundled = (
        await import('cognito-local/lib/keys/cognitoLocal.private.json', { with: { type: 'json' } })
      ).default as { pem: string };
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode({ ...claims, 'cognito:groups': ['super_admin'] })}`;
      const forged = `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), bundled.pem).toString('base64url')}`;
      expect((await api('/api/me', { token: forged })).status).toBe(401);
      expect((await api('/api/me', { token: me.tokens.idToken })).status).toBe(200);
    });

    it('takes no administrator call from a browser: no CORS, unsigned Admin* calls refused', async () => {
      const cognito = `/_local/cognito/`;
      const preflight = await withHeaders(
        cognito,
        {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-amz-target,content-type',
        },
        'OPTIONS',
      );
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const { userPoolId } = localCloud();
      const unsigned = await fetch(`${localCloud().url}${cognito}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser',
          origin: 'https://evil.example',
        },
        body: JSON.stringify({ UserPoolId: userPoolId, Username: 'intruder@evil.example' }),
      });
      expect(unsigned.status).toBe(403);
      expect(unsigned.headers.get('access-control-allow-origin')).toBeNull();
      expect(((await unsigned.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
      // The SPA's own calls still work, without CORS headers (same origin).
      const tokens = await signIn(localCloud().admin.email, localCloud().admin.password);
      expect(tokens.idToken).toBeTruthy();
    });
  });
});
