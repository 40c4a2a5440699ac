import { describe, expect, it } from 'vitest';
import { absoluteUrl, mayHaveStoredSession } from './amplify';

describe('mayHaveStoredSession', () => {
  it('is false for a first-time visitor, so the landing page never loads Amplify', () => {
    expect(mayHaveStoredSession()).toBe(false);
  });

  it("is true when Amplify keeps tokens for this app's client", () => {
    window.localStorage.setItem('CognitoIdentityServiceProvider.test-client.u1.idToken', 'x');
    expect(mayHaveStoredSession()).toBe(true);
  });

  it("ignores another app client's tokens", () => {
    window.localStorage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'u1');
    expect(mayHaveStoredSession()).toBe(false);
  });
});

describe('absoluteUrl', () => {
  it('resolves the local Cognito endpoint against the page origin', () => {
    expect(absoluteUrl('/_local/cognito', 'http://localhost:3000')).toBe(
      'http://localhost:3000/_local/cognito',
    );
  });
});
