import * as z from 'zod';
import { PASSWORD_POLICY } from '../constants';
import { emailSchema } from './common';

/** What the password policy (Cognito's, mirrored here) rejects, one reason per rule. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength)
    problems.push(`at least ${PASSWORD_POLICY.minLength} characters`);
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (!/[0-9]/.test(password)) problems.push('a number');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('a symbol');
  return problems;
}

export const passwordSchema = z.string().superRefine((value, ctx) => {
  const problems = passwordProblems(value);
  if (problems.length > 0) ctx.addIssue({ code: 'custom', message: `Password needs ${problems.join(', ')}` });
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});

export const signUpSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
  password: passwordSchema,
});

export const confirmSignUpQuerySchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

export { type Me, meSchema } from './boot';
