import { PASSWORD_HINT } from '@shared/constants';
import { FieldError, FieldHint } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';

export interface NewPasswordFieldProps {
  /** Prefix of the field's element ids (from useId). */
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** "New Password" with the password policy as its hint and the field's error, for the reset and first-sign-in forms. */
export function NewPasswordField({ id, name, value, onChange, error }: NewPasswordFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-password`}>New Password</Label>
      <PasswordInput
        id={`${id}-password`}
        name={name}
        autoComplete="new-password"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-password-hint`, error && `${id}-password-error`].filter(Boolean).join(' ')}
      />
      <FieldHint id={`${id}-password-hint`}>{PASSWORD_HINT}</FieldHint>
      {error ? <FieldError id={`${id}-password-error`}>{error}</FieldError> : null}
    </div>
  );
}
