/** Helpers for tests that run against the local cloud started by test-global-setup.ts. */

import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { findRoute } from '../../shared/api';
import type { MailboxMessage } from './mailbox';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './names';

export interface LocalCloudInfo {
  url: string;
  userPoolId: string;
  clientId: string;
  admin: { email: string; password: string };
  dataDir: string;
  endpoints: { dynamodb: string; s3: string; cognito: string; sfn: string; lambda: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: LocalCloudInfo;
  }
}

export const localCloud = (): LocalCloudInfo => inject('localCloud');

export function cognitoClient(): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: `${localCloud().url}/_local/cognito`,
  });
}

let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;
export const STRONG_PASSWORD = 'Drafting-Table-42!';

export async function mailboxFor(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${localCloud().url}/_local/mailbox.json?to=${encodeURIComponent(email)}`);
  return (await response.json()) as MailboxMessage[];
}

/** Waits for an e-mail to arrive and returns the newest one. */
export async function waitForMail(
  email: string,
  subjectIncludes: string,
  timeoutMs = 10_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailboxFor(email)).find((m) => m.subject.includes(subjectIncludes));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No e-mail "${subjectIncludes}" for ${email}`);
}

export const codeFromLink = (link: string) => new URL(link).searchParams.get('code') ?? '';

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export async function signIn(email: string, password: string): Promise<Tokens> {
  const { clientId } = localCloud();
  const result = await cognitoClient().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const auth = result.AuthenticationResult!;
  return { idToken: auth.IdToken!, accessToken: auth.AccessToken!, refreshToken: auth.RefreshToken! };
}

/** A new confirmed user, signed up and confirmed the way the SPA does it (code from the mailbox link). */
export async function createUser(label = 'user', password = STRONG_PASSWORD) {
  const email = uniqueEmail(label);
  const { clientId } = localCloud();
  const client = cognitoClient();
  await client.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const mail = await waitForMail(email, 'Confirm');
  const link = mail.links.find((l) => l.includes('/auth/confirm'))!;
  await client.send(
    new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: codeFromLink(link) }),
  );
  const tokens = await signIn(email, password);
  return { email, password, tokens };
}

export async function api(
  path: string,
  options: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${localCloud().url}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  assertFitsContract(options.method ?? 'GET', path, response.status, json, text);
  return {
    status: response.status,
    headers: response.headers,
    json: json as Record<string, unknown> & { error?: { code: string; message: string } },
    text,
  };
}

/**
 * Every successful answer an integration test gets is held to the route's contract (shared/api): the body fits the
 * route's response schema, and a route without one answers with no body. So every test of the real handlers also
 * proves they answer the shape the web app validates.
 */
function assertFitsContract(method: string, path: string, status: number, json: unknown, text: string): void {
  if (status < 200 || status >= 300) return;
  const found = findRoute(method, new URL(path, 'http://local').pathname);
  if (!found) return;
  const { spec } = found.route;
  if (!spec.response) {
    if (text) throw new Error(`${method} ${path} answered ${status} with a body; its contract says none`);
    return;
  }
  const parsed = safeParse(spec.response, json);
  if (!parsed.success) {
    throw new Error(
      `${method} ${path} answered ${status} with a body its contract refuses: ${JSON.stringify(parsed.error.issues)}`,
    );
  }
}
