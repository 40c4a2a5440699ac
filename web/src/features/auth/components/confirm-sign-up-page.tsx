import { confirmSignUpQuerySchema } from '@shared/schemas/auth';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/utils';
import { confirmEmail, resendConfirmation } from '../api/auth';
import { AuthLayout } from './auth-layout';
import { DevMailboxLink } from './dev-mailbox-link';

type State =
  | { kind: 'confirming' }
  | { kind: 'confirmed' }
  | { kind: 'failed'; message: string; canResend: boolean };

function failureMessage(error: unknown): { message: string; canResend: boolean } {
  const name = error instanceof Error ? error.name : '';
  if (name === 'ExpiredCodeException') {
    return {
      // A link used once before is "expired" too (its code is spent): the account may well be confirmed.
      message:
        'This confirmation link has expired or has already been used. If you confirmed your account, sign in; otherwise request a new link.',
      canResend: true,
    };
  }
  if (name === 'CodeMismatchException') {
    return {
      message: 'This confirmation link is invalid. Request a new one or sign up again.',
      canResend: true,
    };
  }
  if (name === 'UserNotFoundException' || name === 'NotAuthorizedException') {
    return { message: 'We could not find an account for this link. Please sign up again.', canResend: false };
  }
  return { message: errorMessage(error, 'We could not confirm your email address.'), canResend: true };
}

/** Target of the sign-up e-mail's link: `/auth/confirm?email=..&code=..`; confirms the account once. */
export function ConfirmSignUpPage() {
  const [params] = useSearchParams();
  const parsed = confirmSignUpQuerySchema.safeParse({
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
  });
  const email = parsed.success ? parsed.data.email : '';
  const code = parsed.success ? parsed.data.code : '';
  const [state, setState] = useState<State>(() =>
    parsed.success
      ? { kind: 'confirming' }
      : { kind: 'failed', message: 'This confirmation link is incomplete or malformed.', canResend: false },
  );
  const [resending, setResending] = useState(false);
  // StrictMode runs effects twice in development; a code can only be used once.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!email || !code) return;
    const key = `${email}:${code}`;
    if (started.current === key) return;
    started.current = key;
    setState({ kind: 'confirming' });
    confirmEmail(email, code).then(
      () => setState({ kind: 'confirmed' }),
      (error: unknown) => setState({ kind: 'failed', ...failureMessage(error) }),
    );
  }, [email, code]);

  async function resend() {
    setResending(true);
    try {
      await resendConfirmation(email);
      toast.success('Verification Email Sent', {
        description: `We've sent a new verification link to ${email}.`,
      });
    } catch (error) {
      toast.error('Resend Failed', { description: errorMessage(error) });
    } finally {
      setResending(false);
    }
  }

  if (state.kind === 'confirming') {
    return (
      <AuthLayout title="Confirming your email">
        <LoadingScreen label="Confirming your email" className="min-h-24" />
      </AuthLayout>
    );
  }

  if (state.kind === 'confirmed') {
    return (
      <AuthLayout title="Email confirmed">
        <div className="flex flex-col items-center gap-5 text-center">
          <CircleCheck aria-hidden="true" className="size-12 text-emerald-600" />
          <p className="text-slate-700">Your account has been verified. You can now sign in.</p>
          <Link to="/auth/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            Sign In
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Confirmation failed">
      <div className="flex flex-col items-center gap-5 text-center">
        <CircleAlert aria-hidden="true" className="size-12 text-red-600" />
        <p role="alert" className="text-slate-700">
          {state.message}
        </p>
        <div className="flex w-full flex-col gap-2">
          {state.canResend && email ? (
            <Button variant="outline" className="w-full" disabled={resending} onClick={resend}>
              {resending ? 'Sending...' : 'Send a new link'}
            </Button>
          ) : null}
          <Link to="/auth/signup" className={buttonVariants({ className: 'w-full' })}>
            Sign up again
          </Link>
          <Link to="/auth/login" className={buttonVariants({ variant: 'ghost', className: 'w-full' })}>
            Go to Sign In
          </Link>
        </div>
        <DevMailboxLink />
      </div>
    </AuthLayout>
  );
}
