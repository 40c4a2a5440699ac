import { PASSWORD_HINT } from '@shared/constants';
import { passwordProblems } from '@shared/schemas/auth';
import { emailSchema } from '@shared/schemas/common';
import { Check, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError, FieldHint } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { cn, errorMessage } from '@/lib/utils';
import { signUpWithEmail } from '../api/auth';

export interface SignUpFormProps {
  onSuccess: (result: { email: string; needsConfirmation: boolean }) => void;
}

export function SignUpForm({ onSuccess }: SignUpFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirmTouched = confirmPassword.length > 0;
  const matches = confirmTouched && confirmPassword === password;
  const mismatch = confirmTouched && !matches;
  const problems = passwordProblems(password);
  const passwordError =
    submitted && problems.length > 0 ? `Password needs ${problems.join(', ')}` : undefined;
  const confirmError = submitted && !confirmTouched ? 'Please confirm your password' : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || mismatch) return;
    setSubmitted(true);
    const parsedEmail = emailSchema.safeParse(email);
    setEmailError(parsedEmail.success ? undefined : parsedEmail.error.issues[0]?.message);
    if (!parsedEmail.success || problems.length > 0 || !matches) return;

    setBusy(true);
    try {
      const result = await signUpWithEmail(parsedEmail.data, password);
      toast.success('Account Created!', { description: 'Please check your email to verify your account.' });
      onSuccess({ email: parsedEmail.data, needsConfirmation: result.needsConfirmation });
    } catch (error) {
      toast.error('Sign Up Failed', { description: errorMessage(error) });
      setBusy(false);
    }
  }

  const describe = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

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
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
        />
        {emailError ? <FieldError id={`${id}-email-error`}>{emailError}</FieldError> : null}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describe(`${id}-password-hint`, passwordError && `${id}-password-error`)}
        />
        <FieldHint id={`${id}-password-hint`}>{PASSWORD_HINT}</FieldHint>
        {passwordError ? <FieldError id={`${id}-password-error`}>{passwordError}</FieldError> : null}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-confirm`}>Confirm Password</Label>
        <PasswordInput
          id={`${id}-confirm`}
          name="confirmPassword"
          autoComplete="new-password"
          required
          showLabel="Show confirm password"
          hideLabel="Hide confirm password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          className={cn(mismatch && 'border-red-600 focus-visible:border-red-600')}
          aria-invalid={mismatch || confirmError ? true : undefined}
          aria-describedby={describe(
            confirmTouched && `${id}-confirm-status`,
            confirmError && `${id}-confirm-error`,
          )}
        />
        <div aria-live="polite">
          {confirmTouched ? (
            <p
              id={`${id}-confirm-status`}
              className={cn(
                'flex items-center gap-1.5 text-sm font-medium',
                matches ? 'text-emerald-700' : 'text-red-700',
              )}
            >
              {matches ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <X aria-hidden="true" className="size-4" />
              )}
              {matches ? 'Passwords match' : 'Passwords do not match'}
            </p>
          ) : null}
        </div>
        {confirmError ? <FieldError id={`${id}-confirm-error`}>{confirmError}</FieldError> : null}
      </div>

      <Button type="submit" size="lg" disabled={busy || mismatch} className="w-full">
        {busy ? <Spinner className="text-white" /> : null}
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
