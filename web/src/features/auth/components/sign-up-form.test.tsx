import { PASSWORD_HINT } from '@shared/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { SignUpPage } from './signup-page';

const amplify = vi.hoisted(() => ({ signUp: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const GOOD = 'Str0ng!Pass';

function setup() {
  const user = userEvent.setup();
  renderPage(<SignUpPage />, { path: '/auth/signup' });
  return {
    user,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm Password'),
    submit: screen.getByRole('button', { name: 'Create Account' }),
  };
}

describe('SignUpPage', () => {
  beforeEach(() => {
    amplify.signUp.mockReset();
  });

  it('shows the real password policy as the hint', () => {
    setup();
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
  });

  it('flags a mismatch, disables submit and sends nothing', async () => {
    const { user, email, password, confirm, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, GOOD);
    await user.type(confirm, 'Different1!');

    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toHaveClass('text-red-700');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveClass('border-red-600');
    expect(submit).toBeDisabled();

    await user.click(submit);
    await user.type(confirm, '{Enter}');
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('says nothing about matching until the confirmation is typed, then confirms a match', async () => {
    const { user, password, confirm, submit } = setup();
    await user.type(password, GOOD);
    expect(screen.queryByText('Passwords match')).not.toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();

    await user.type(confirm, GOOD);
    expect(screen.getByText('Passwords match')).toHaveClass('text-emerald-700');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    expect(submit).toBeEnabled();
  });

  it('checks the password policy before sending', async () => {
    const { user, email, password, confirm, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'short');
    await user.type(confirm, 'short');
    await user.click(submit);

    expect(
      screen.getByText('Password needs at least 8 characters, an upper-case letter, a number, a symbol'),
    ).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('signs up and shows the check-your-email state', async () => {
    let resolve!: (value: unknown) => void;
    amplify.signUp.mockReturnValue(new Promise((r) => (resolve = r)));
    const { user, email, password, confirm, submit } = setup();
    await user.type(email, 'Ada@Example.com');
    await user.type(password, GOOD);
    await user.type(confirm, GOOD);
    await user.click(submit);

    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    await waitFor(() =>
      expect(amplify.signUp).toHaveBeenCalledWith({
        username: 'ada@example.com',
        password: GOOD,
        options: { userAttributes: { email: 'ada@example.com' } },
      }),
    );

    resolve({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Open dev mailbox' })).toHaveAttribute('href', '/_local/mailbox');
    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    expect(screen.getByText('Please check your email to verify your account.')).toBeInTheDocument();
  });

  it('shows the server message when sign-up fails', async () => {
    amplify.signUp.mockRejectedValue(
      Object.assign(new Error('Password did not conform with policy: Password must have symbol characters'), {
        name: 'InvalidPasswordException',
      }),
    );
    const { user, email, password, confirm, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, GOOD);
    await user.type(confirm, GOOD);
    await user.click(submit);

    expect(await screen.findByText('Sign Up Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Password did not conform with policy: Password must have symbol characters'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled());
  });

  it('has separate show/hide toggles for both password fields', async () => {
    const { user, password, confirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm).toHaveAttribute('type', 'text');
    expect(password).toHaveAttribute('type', 'password');
  });
});
