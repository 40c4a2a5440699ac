import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';

const amplify = vi.hoisted(() => ({ resetPassword: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

describe('ForgotPasswordPage', () => {
  beforeEach(() => {
    amplify.resetPassword.mockReset();
  });

  it('sends the reset e-mail, confirms, and lets the user try a different e-mail', async () => {
    amplify.resetPassword.mockResolvedValue({ isPasswordReset: false, nextStep: {} });
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { path: '/auth/forgot-password' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'ada@example.com' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText("We've sent password reset instructions to ada@example.com")).toBeInTheDocument();
    expect(
      screen.getByText("Didn't receive the email? Check your spam folder or try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Open dev mailbox' })).toBeInTheDocument();
    expect(await screen.findByText('Reset Email Sent')).toBeInTheDocument();
    expect(screen.getByText('Please check your email for password reset instructions.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('shows "Reset Failed" with the server message', async () => {
    amplify.resetPassword.mockRejectedValue(new Error('Attempt limit exceeded, please try after some time.'));
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { path: '/auth/forgot-password' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Reset Failed')).toBeInTheDocument();
    expect(screen.getByText('Attempt limit exceeded, please try after some time.')).toBeInTheDocument();
    expect(screen.queryByText('Check Your Email')).not.toBeInTheDocument();
  });

  it('requires an e-mail address', async () => {
    const user = userEvent.setup();
    renderPage(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(amplify.resetPassword).not.toHaveBeenCalled();
  });
});
