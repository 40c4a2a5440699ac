import type { RuntimeConfig } from '@shared/schemas/config';
import { Amplify } from 'aws-amplify';

/** Makes a relative endpoint (`/_local/cognito`) absolute: Amplify needs a full URL. */
export function absoluteUrl(endpoint: string, origin = window.location.origin): string {
  return new URL(endpoint, origin).toString().replace(/\/$/, '');
}

/** Configures Amplify Auth (Cognito user pool) from the runtime configuration. Tokens live in localStorage. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
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
}
