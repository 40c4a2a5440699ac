/** Helpers for benches that drive a spawned local cloud over HTTP as a client would. */
import type { SpawnedCloud } from '../../infra/local/spawn';

/** What the helpers need of a local cloud: a spawnLocalCloud() result or a bench/lib/cloud-process one. */
export type CloudTarget = Pick<SpawnedCloud, 'url' | 'clientId'>;

async function cognito<T>(cloud: CloudTarget, action: string, body: unknown): Promise<T> {
  const response = await fetch(`${cloud.url}/_local/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`Cognito ${action} failed (${response.status}): ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/**
 * A new confirmed user, the way the SPA makes one: SignUp, the confirmation code from the link in the dev
 * mailbox, ConfirmSignUp. Returns the user's ID token.
 */
export async function signUpUser(cloud: CloudTarget, email: string, password: string): Promise<string> {
  await cognito(cloud, 'SignUp', {
    ClientId: cloud.clientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const deadline = Date.now() + 15_000;
  let code: string | null = null;
  while (!code) {
    if (Date.now() > deadline) throw new Error(`No confirmation e-mail for ${email}`);
    const response = await fetch(`${cloud.url}/_local/mailbox.json?to=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as { subject: string; links: string[] }[];
    const link = messages
      .find((m) => m.subject.includes('Confirm'))
      ?.links.find((l) => l.includes('/auth/confirm'));
    code = link ? new URL(link).searchParams.get('code') : null;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  await cognito(cloud, 'ConfirmSignUp', {
    ClientId: cloud.clientId,
    Username: email,
    ConfirmationCode: code,
  });
  return signInWithPassword(cloud, email, password);
}

export async function signInWithPassword(
  cloud: CloudTarget,
  email: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${cloud.url}/_local/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cloud.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await response.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.AuthenticationResult.IdToken;
}

export function apiClient(cloud: CloudTarget, token: string) {
  return async <T = Record<string, unknown>>(
    path: string,
    init: { method?: string; body?: unknown } = {},
  ) => {
    const response = await fetch(`${cloud.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/** Creates a file through the API, posts the bytes to the presigned POST, and completes it. */
export async function upload(
  cloud: CloudTarget,
  token: string,
  projectId: string,
  name: string,
  bytes: Buffer,
): Promise<string> {
  const call = apiClient(cloud, token);
  const created = await call<{
    file: { id: string };
    upload: { url: string; fields: Record<string, string> };
  }>(`/api/projects/${projectId}/files`, { method: 'POST', body: { name, size: bytes.length } });
  const form = new FormData();
  for (const [k, v] of Object.entries(created.body.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]));
  await fetch(created.body.upload.url, { method: 'POST', body: form });
  const completed = await call(`/api/projects/${projectId}/files/${created.body.file.id}/complete`, {
    method: 'POST',
  });
  if (completed.status !== 200) throw new Error(`upload failed: ${JSON.stringify(completed.body)}`);
  return created.body.file.id;
}

/** DynamoDB calls the local cloud has served so far (it counts them when started with PLANFORM_DYNAMODB_METRICS=1). */
export async function dynamoCalls(url: string): Promise<number> {
  const metrics = (await (await fetch(`${url}/_local/metrics`)).json()) as {
    dynamodb: Record<string, number>;
  };
  return Object.values(metrics.dynamodb).reduce((s, v) => s + v, 0);
}
