import { PASSWORD_HINT } from '@shared/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, renderPage } from '@/test/render';
import { ResetPasswordPage } from './reset-password-page';

const amplify = vi.hoisted(() => ({ confirmResetPassword: vi.fn(), signIn: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const PATH = '/reset-password?email=ada%40example.com&code=123456';

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    amplify.confirmResetPassword.mockReset();
    amplify.signIn.mockReset();
  });

  it('prefills the e-mail and code from the link and shows the policy', () => {
    renderPage(<ResetPasswordPage />, { path: PATH });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Code')).toHaveValue('123456');
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
  });

  it('resets the password, signs in and goes to the dashboard', async () => {
    let resolve!: () => void;
    amplify.confirmResetPassword.mockReturnValue(new Promise<void>((r) => (resolve = r)));
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const auth = authState();
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { path: PATH, auth });

    await user.type(screen.getByLabelText('New Password'), 'N3w!Password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    resolve();

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
      username: 'ada@example.com',
      confirmationCode: '123456',
      newPassword: 'N3w!Password',
    });
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'N3w!Password',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(auth.refresh).toHaveBeenCalled();
    expect(await screen.findByText('Password Reset')).toBeInTheDocument();
  });

  it('checks the policy before sending', async () => {
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { path: PATH });
    await user.type(screen.getByLabelText('New Password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText(/^Password needs/)).toBeInTheDocument();
    expect(amplify.confirmResetPassword).not.toHaveBeenCalled();
  });

  it('shows "Reset Failed" with the server message', async () => {
    amplify.confirmResetPassword.mockRejectedValue(
      Object.assign(new Error('Invalid verification code provided, please try again.'), {
        name: 'CodeMismatchException',
      }),
    );
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { path: PATH });
    await user.type(screen.getByLabelText('New Password'), 'N3w!Password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Reset Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid verification code provided, please try again.')).toBeInTheDocument();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });
});
