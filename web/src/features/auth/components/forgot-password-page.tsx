import { forgotPasswordSchema } from '@shared/schemas/auth';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { fieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/utils';
import { requestPasswordReset } from '../api/auth';
import { AuthLayout } from './auth-layout';
import { DevMailboxLink } from './dev-mailbox-link';

function BackToSignIn() {
  return (
    <Link to="/auth/login" className={buttonVariants({ variant: 'ghost', className: 'w-full' })}>
      <ArrowLeft aria-hidden="true" />
      Back to Sign In
    </Link>
  );
}

export function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data.email);
      toast.success('Reset Email Sent', {
        description: 'Please check your email for password reset instructions.',
      });
      setSentTo(parsed.data.email);
    } catch (err) {
      toast.error('Reset Failed', { description: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  function tryDifferentEmail() {
    setSentTo(null);
    setEmail('');
    setError(undefined);
  }

  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email">
        <div className="flex flex-col items-center gap-5 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-indigo-50">
            <MailCheck aria-hidden="true" className="size-6 text-indigo-600" />
          </div>
          <p className="text-slate-700">We&apos;ve sent password reset instructions to {sentTo}</p>
          <p className="text-sm text-slate-600">
            Didn&apos;t receive the email? Check your spam folder or try again.
          </p>
          <div className="flex w-full flex-col gap-2">
            <Button variant="outline" className="w-full" onClick={tryDifferentEmail}>
              Try Different Email
            </Button>
            <Link
              to={`/reset-password?email=${encodeURIComponent(sentTo)}`}
              className={buttonVariants({ variant: 'link', className: 'w-full' })}
            >
              I have a reset code
            </Link>
            <BackToSignIn />
          </div>
          <DevMailboxLink />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email and we'll send you instructions to reset your password."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-email-error` : undefined}
          />
          {error ? <FieldError id={`${id}-email-error`}>{error}</FieldError> : null}
        </div>
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? <Spinner className="text-white" /> : null}
          Send Reset Link
        </Button>
        <BackToSignIn />
      </form>
    </AuthLayout>
  );
}
