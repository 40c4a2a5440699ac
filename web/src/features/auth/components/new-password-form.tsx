import { passwordProblems } from '@shared/schemas/auth';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/utils';
import { completeNewPassword } from '../api/auth';
import { SIGN_IN_TOAST } from '../lib/sign-in-toast';
import { NewPasswordField } from './new-password-field';

export interface NewPasswordFormProps {
  email: string;
  onSignedIn: () => Promise<void>;
}

/**
 * The second step of signing in to an account an administrator created (the first super admin of a deployment):
 * Cognito accepted the temporary password and asks for the user's own.
 */
export function NewPasswordForm({ email, onSignedIn }: NewPasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems = passwordProblems(password);
    const next = {
      password: problems.length > 0 ? `Password needs ${problems.join(', ')}` : undefined,
      confirmPassword: confirmPassword === password ? undefined : 'Passwords do not match',
    };
    setErrors(next);
    if (next.password || next.confirmPassword) return;
    setBusy(true);
    try {
      await completeNewPassword(password);
      await onSignedIn();
    } catch (error) {
      toast.error('Sign In Failed', { id: SIGN_IN_TOAST, description: errorMessage(error) });
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-labelledby={`${id}-title`}>
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Choose your password
        </h2>
        <p className="text-sm text-slate-600">
          {email} was created with a temporary password. Choose your own to finish signing in.
        </p>
      </div>
      <NewPasswordField
        id={id}
        name="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-confirm`}>Confirm Password</Label>
        <PasswordInput
          id={`${id}-confirm`}
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? `${id}-confirm-error` : undefined}
        />
        {errors.confirmPassword ? (
          <FieldError id={`${id}-confirm-error`}>{errors.confirmPassword}</FieldError>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Spinner className="text-white" /> : null}
        {busy ? 'Signing In...' : 'Set Password and Sign In'}
      </Button>
    </form>
  );
}
