import type { SignInOutput } from 'aws-amplify/auth';
import { amplifyAuth } from '@/lib/amplify';
import { getConfig } from '@/lib/config';

/** Thrown when Cognito needs a step the app does not offer (or the account is not confirmed yet). */
export class SignInStepError extends Error {
  readonly step: string;
  constructor(step: string, message: string) {
    super(message);
    this.name = 'SignInStepError';
    this.step = step;
  }
}

export const NOT_CONFIRMED_MESSAGE =
  'Your email address has not been verified yet. Open the verification link we sent you, then sign in.';

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/** What a sign-in needs next: nothing (signed in), or a new password for an account an administrator created. */
export type SignInNext = 'DONE' | 'NEW_PASSWORD_REQUIRED';

function nextStepOf(result: SignInOutput): SignInNext {
  if (result.isSignedIn) return 'DONE';
  const step = result.nextStep.signInStep;
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return 'NEW_PASSWORD_REQUIRED';
  if (step === 'CONFIRM_SIGN_UP') throw new SignInStepError(step, NOT_CONFIRMED_MESSAGE);
  if (step === 'RESET_PASSWORD') {
    throw new SignInStepError(
      step,
      'You need to reset your password. Use "Forgot password?" to choose a new one.',
    );
  }
  throw new SignInStepError(
    step,
    `This account needs an extra sign-in step (${step}) that Planform does not support.`,
  );
}

/** Signs in with email and password, using the flow the runtime config names (SRP in AWS, plain locally). */
export async function signInWithEmail(email: string, password: string): Promise<SignInNext> {
  let result: SignInOutput;
  try {
    result = await (await amplifyAuth()).signIn({
      username: email,
      password,
      options: { authFlowType: getConfig().authFlowType },
    });
  } catch (error) {
    if (errorName(error) === 'UserNotConfirmedException') {
      throw new SignInStepError('CONFIRM_SIGN_UP', NOT_CONFIRMED_MESSAGE);
    }
    throw error;
  }
  return nextStepOf(result);
}

/**
 * Answers Cognito's NEW_PASSWORD_REQUIRED challenge (an account created by an administrator, such as the first
 * super admin of a deployment, signs in with a temporary password first).
 */
export async function completeNewPassword(newPassword: string): Promise<void> {
  const result = await (await amplifyAuth()).confirmSignIn({ challengeResponse: newPassword });
  const next = nextStepOf(result);
  if (next !== 'DONE') throw new SignInStepError(next, 'Cognito asked for a new password again.');
}

export interface SignUpResult {
  /** False when the pool confirmed the account right away. */
  needsConfirmation: boolean;
}

export async function signUpWithEmail(email: string, password: string): Promise<SignUpResult> {
  const result = await (await amplifyAuth()).signUp({
    username: email,
    password,
    options: { userAttributes: { email } },
  });
  return { needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}

/** True when Cognito says the user is already confirmed (confirming twice is not a failure). */
export function isAlreadyConfirmedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /current status is confirmed/i.test(error.message) ||
    /already confirmed/i.test(error.message) ||
    (error.name === 'NotAuthorizedException' && /confirmed/i.test(error.message))
  );
}

export async function confirmEmail(email: string, code: string): Promise<void> {
  try {
    await (await amplifyAuth()).confirmSignUp({ username: email, confirmationCode: code });
  } catch (error) {
    if (isAlreadyConfirmedError(error)) return;
    throw error;
  }
}

export async function resendConfirmation(email: string): Promise<void> {
  await (await amplifyAuth()).resendSignUpCode({ username: email });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await (await amplifyAuth()).resetPassword({ username: email });
}

export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await (await amplifyAuth()).confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function signOutUser(): Promise<void> {
  await (await amplifyAuth()).signOut();
}
