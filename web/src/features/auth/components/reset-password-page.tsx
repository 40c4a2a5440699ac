import { resetPasswordSchema } from '@shared/schemas/auth';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { fieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/utils';
import { completePasswordReset, signInWithEmail } from '../api/auth';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './auth-layout';
import { NewPasswordField } from './new-password-field';

const linkClass =
  'rounded font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/** Target of the password-reset e-mail's link: `/reset-password?email=..&code=..`. */
export function ResetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = resetPasswordSchema.safeParse({ email, code, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await completePasswordReset(parsed.data.email, parsed.data.code, parsed.data.password);
    } catch (error) {
      toast.error('Reset Failed', { description: errorMessage(error) });
      setBusy(false);
      return;
    }
    try {
      if (auth.status === 'signedIn') await auth.signOut();
      await signInWithEmail(parsed.data.email, parsed.data.password);
      await auth.refresh();
      toast.success('Password Reset', { description: 'Your password has been changed.' });
      navigate('/dashboard', { replace: true });
    } catch {
      toast.success('Password Reset', { description: 'Your password has been changed. Please sign in.' });
      navigate('/auth/login', { replace: true });
    }
  }

  const err = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <AuthLayout
      title="Choose a new password"
      description="Enter the code from the email and your new password."
      footer={
        <Link to="/auth/login" className={linkClass}>
          Back to Sign In
        </Link>
      }
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
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...err('email')}
          />
          {errors.email ? <FieldError id={`${id}-email-error`}>{errors.email}</FieldError> : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-code`}>Code</Label>
          <Input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            {...err('code')}
          />
          {errors.code ? <FieldError id={`${id}-code-error`}>{errors.code}</FieldError> : null}
        </div>
        <NewPasswordField
          id={id}
          name="password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? <Spinner className="text-white" /> : null}
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
