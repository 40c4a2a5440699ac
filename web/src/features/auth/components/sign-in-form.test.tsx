import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, renderPage } from '@/test/render';
import { LoginPage } from './login-page';

const amplify = vi.hoisted(() => ({ signIn: vi.fn(), confirmSignIn: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

function setup(state?: unknown) {
  const user = userEvent.setup();
  const auth = authState();
  const view = renderPage(<LoginPage />, { path: '/auth/login', auth, state });
  return {
    user,
    auth,
    view,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
  };
}

describe('LoginPage', () => {
  beforeEach(() => {
    amplify.signIn.mockReset();
    amplify.confirmSignIn.mockReset();
  });

  it('shows the tagline, the forgot-password link and the sign-up link', () => {
    setup();
    expect(screen.getByText('AI-powered 3D rendering')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');
  });

  it('toggles the password visibility', async () => {
    const { user, password } = setup();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('validates the fields before calling Cognito', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('shows "Signing In..." while busy, then goes to the page originally requested', async () => {
    let resolve!: (value: unknown) => void;
    amplify.signIn.mockReturnValue(new Promise((r) => (resolve = r)));
    const { user, auth, email, password } = setup({
      from: { pathname: '/projects/p1', search: '?tab=renders' },
    });
    await user.type(email, 'ada@example.com');
    await user.type(password, 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    await waitFor(() =>
      expect(amplify.signIn).toHaveBeenCalledWith({
        username: 'ada@example.com',
        password: 'Secret1!',
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      }),
    );

    await act(async () => resolve({ isSignedIn: true, nextStep: { signInStep: 'DONE' } }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/p1?tab=renders');
    expect(auth.refresh).toHaveBeenCalled();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully signed in.')).toBeInTheDocument();
  });

  it('goes to /dashboard when nothing was requested', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { user, email, password } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows the server message when sign-in fails', async () => {
    amplify.signIn.mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    const { user, email, password } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Sign In Failed')).toBeInTheDocument();
    expect(screen.getByText('Incorrect username or password.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('replaces an earlier "Sign In Failed" with "Welcome back!" when the next try succeeds', async () => {
    amplify.signIn
      .mockRejectedValueOnce(
        Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
      )
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { user, email, password } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign In Failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sign In Failed')).toBeNull());
  });

  it('says when the account is not confirmed yet', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const { user, email, password } = setup();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Sign In Failed')).toBeInTheDocument();
    expect(screen.getByText(/has not been verified yet/)).toBeInTheDocument();
  });

  it('asks an account created with a temporary password for its own password, then signs in', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { user, auth, email, password } = setup();
    await user.type(email, 'first-admin@example.com');
    await user.type(password, 'Temp0rary!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(
      screen.getByText(/first-admin@example.com was created with a temporary password/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'weak');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(screen.getByText(/^Password needs/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Drafting-Table-42!');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Drafting-Table-42!');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    await waitFor(() =>
      expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'Drafting-Table-42!' }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(auth.refresh).toHaveBeenCalled();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });
});
