import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { AuthLayout } from './auth-layout';
import { DevMailboxLink } from './dev-mailbox-link';
import { SignUpForm } from './sign-up-form';

const linkClass =
  'rounded font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function SignUpPage() {
  const [done, setDone] = useState<{ email: string; needsConfirmation: boolean } | null>(null);

  if (done) {
    return (
      <AuthLayout title={done.needsConfirmation ? 'Check your email' : 'Account ready'}>
        <div className="flex flex-col items-center gap-5 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-indigo-50">
            <MailCheck aria-hidden="true" className="size-6 text-indigo-600" />
          </div>
          {done.needsConfirmation ? (
            <p className="text-slate-700">
              We&apos;ve sent a verification link to <strong className="font-semibold">{done.email}</strong>.
              Open the link to verify your account, then sign in.
            </p>
          ) : (
            <p className="text-slate-700">
              Your account <strong className="font-semibold">{done.email}</strong> is ready. You can sign in
              now.
            </p>
          )}
          <Link to="/auth/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            Go to Sign In
          </Link>
          <DevMailboxLink />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      description="Start turning 2D drawings into 3D visualizations."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm onSuccess={setDone} />
    </AuthLayout>
  );
}
