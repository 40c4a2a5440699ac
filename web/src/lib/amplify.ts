import { getConfig } from './config';

type AmplifyClient = typeof import('./amplify-client');
export type AuthHubListener = Parameters<AmplifyClient['Hub']['listen']>[1];

/** Amplify's token storage prefix (`CognitoIdentityServiceProvider.<clientId>.<user>.idToken`, …). */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider';

const hubListeners = new Set<AuthHubListener>();
let hub: AmplifyClient['Hub'] | undefined;
let loading: Promise<AmplifyClient> | undefined;

/** Makes a relative endpoint (`/_local/cognito`) absolute: Amplify needs a full URL. */
export function absoluteUrl(endpoint: string, origin = window.location.origin): string {
  return new URL(endpoint, origin).toString().replace(/\/$/, '');
}

/**
 * Amplify Auth, loaded and configured on first use. A first-time visitor on the landing page never downloads it
 * (≈ 37 KB gzipped): only a stored session, a sign-in form or an authenticated API call asks for it.
 */
export function amplifyAuth(): Promise<AmplifyClient> {
  if (loading) return loading;
  const pending = import('./amplify-client').then((client) => {
    const config = getConfig();
    client.Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.cognitoEndpoint ? { userPoolEndpoint: absoluteUrl(config.cognitoEndpoint) } : {}),
          loginWith: { email: true },
          signUpVerificationMethod: 'code',
        },
      },
    });
    hub = client.Hub;
    for (const listener of hubListeners) hub.listen('auth', listener);
    return client;
  });
  pending.catch(() => {
    loading = undefined; // a failed chunk download (offline) is retried on the next call
  });
  loading = pending;
  return pending;
}

/**
 * Listens to Amplify's `auth` Hub channel from the moment Amplify is loaded (or now, when it already is). Returns
 * the unsubscribe function.
 */
export function listenToAuthEvents(listener: AuthHubListener): () => void {
  hubListeners.add(listener);
  const stopHub = hub?.listen('auth', listener);
  return () => {
    hubListeners.delete(listener);
    stopHub?.();
  };
}

/** Whether Amplify may hold tokens for this app (signed in now or before), without loading Amplify. */
export function mayHaveStoredSession(
  storage: Pick<Storage, 'length' | 'key'> = window.localStorage,
): boolean {
  const prefix = `${TOKEN_KEY_PREFIX}.${getConfig().userPoolClientId}.`;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(prefix)) return true;
  return false;
}
