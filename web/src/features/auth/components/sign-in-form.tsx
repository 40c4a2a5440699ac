import { signInSchema } from '@shared/schemas/auth';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { fieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/utils';
import { signInWithEmail } from '../api/auth';
import { useAuth } from '../hooks/use-auth';
import { redirectTarget } from '../lib/redirect';
import { SIGN_IN_TOAST } from '../lib/sign-in-toast';
import { NewPasswordForm } from './new-password-form';

export function SignInForm() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [needsNewPassword, setNeedsNewPassword] = useState(false);

  async function finishSignIn() {
    await refresh();
    toast.success('Welcome back!', {
      id: SIGN_IN_TOAST,
      description: 'You have been successfully signed in.',
    });
    navigate(redirectTarget(location.state), { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const next = await signInWithEmail(parsed.data.email, parsed.data.password);
      if (next === 'NEW_PASSWORD_REQUIRED') {
        setNeedsNewPassword(true);
        return;
      }
      await finishSignIn();
    } catch (error) {
      toast.error('Sign In Failed', { id: SIGN_IN_TOAST, description: errorMessage(error) });
      setBusy(false);
    }
  }

  if (needsNewPassword) return <NewPasswordForm email={email.trim()} onSignedIn={finishSignIn} />;

  return (
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
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        {errors.email ? <FieldError id={`${id}-email-error`}>{errors.email}</FieldError> : null}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Link
            to="/auth/forgot-password"
            className="rounded text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Forgot password?
          </Link>
        </div>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
        />
        {errors.password ? <FieldError id={`${id}-password-error`}>{errors.password}</FieldError> : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Spinner className="text-white" /> : null}
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
